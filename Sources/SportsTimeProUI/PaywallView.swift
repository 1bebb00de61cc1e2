#if canImport(SwiftUI)
  public import SportsTimePro
  public import SwiftUI

  /// The paywall: the full-screen `PaywallView` of SportsTime Pro's plan (SportsTimePro's
  /// `ThePlan` article), a rendering of `PaywallModel`.
  ///
  /// From top to bottom: the hero, one row per Pro feature, the pricing cards side by side (each
  /// card's billed price its most prominent figure), the error, pending and restore lines,
  /// Subscribe Now (a spinner while the purchase runs), Restore Purchases, and the legal line
  /// with its Terms and Privacy links; a close button sits in the corner. Every word comes from
  /// the model.
  ///
  /// The view closes itself when the model says so: after a purchase, after a restore that
  /// finds Pro, or when the customer closes it. Present it with `paywall(placement:)`, which
  /// shows it full screen; it reads the `StoreManager` from the environment.
  public struct PaywallView: View {
    @Environment(StoreManager.self) private var store
    @Environment(\.paywallTheme) private var theme
    private let placement: PaywallPlacement
    private let model: PaywallModel?
    /// The model this view made, once, for a paywall opened from a placement: `@State` keeps
    /// it across redraws of the parent (an initializer cannot read the environment's store).
    @State private var ownModel: PaywallModel?

    /// Creates the paywall opened from `placement`, selling through the environment's store.
    public init(placement: PaywallPlacement) {
      self.placement = placement
      model = nil
    }

    /// Creates the paywall that renders `model`.
    package init(model: PaywallModel) {
      placement = model.placement
      self.model = model
    }

    public var body: some View {
      if let shown = model ?? ownModel {
        PaywallScreen(model: shown)
      } else {
        // The environment's store is read only when no model was given, on the first frame.
        theme.background.onAppear {
          ownModel = PaywallModel(store: store, placement: placement)
        }
      }
    }
  }

  /// The paywall's content; it owns its model for as long as it is shown.
  private struct PaywallScreen: View {
    @State private var model: PaywallModel
    @Environment(\.paywallTheme) private var theme
    @Environment(\.dismiss) private var dismiss

    init(model: PaywallModel) {
      _model = State(initialValue: model)
    }

    var body: some View {
      ScrollView {
        VStack(spacing: theme.sectionSpacing) {
          hero
          features
          plans
          messages
          buttons
          legal
        }
        .padding(.horizontal, theme.padding)
        .padding(.top, theme.sectionSpacing)
        .padding(.bottom, theme.padding)
      }
      .overlay(alignment: .topTrailing) { closeButton }
      .background(theme.background)
      .tint(theme.accent)
      .onAppear { model.onAppear() }
      .onDisappear { model.close() }
      .onChange(of: model.isDismissed, initial: true) { _, isDismissed in
        if isDismissed { dismiss() }
      }
    }

    private var hero: some View {
      VStack(spacing: theme.smallSpacing) {
        Image(systemName: model.hero.icon)
          .font(.system(size: theme.heroIconSize))
          .foregroundStyle(theme.accent)
          .accessibilityHidden(true)
        Text(model.hero.title)
          .font(theme.largeTitleFont)
          .multilineTextAlignment(.center)
          .accessibilityAddTraits(.isHeader)
        Text(model.hero.subtitle)
          .font(theme.bodyFont)
          .foregroundStyle(theme.secondaryText)
          .multilineTextAlignment(.center)
      }
    }

    private var features: some View {
      VStack(spacing: theme.smallSpacing) {
        ForEach(model.features) { row in
          PaywallFeatureRow(row: row)
        }
      }
    }

    @ViewBuilder private var plans: some View {
      if let message = model.productsMessage {
        ProductsUnavailableView(
          message: message, canRetry: model.canRetryLoadingProducts,
          retryTitle: model.retryButtonTitle, retry: { model.retryLoadingProducts() })
      } else {
        HStack(alignment: .top, spacing: theme.spacing) {
          ForEach(model.plans) { card in
            PaywallPlanCard(card: card, select: { model.select(card.productID) })
          }
        }
      }
    }

    @ViewBuilder private var messages: some View {
      if let error = model.errorMessage {
        MessageLine(error, color: theme.error)
      }
      if let pending = model.pendingMessage {
        MessageLine(pending, color: theme.secondaryText)
      }
      if let restore = model.restoreMessage {
        MessageLine(restore, color: theme.secondaryText)
      }
    }

    private var buttons: some View {
      VStack(spacing: theme.smallSpacing) {
        SubscribeButton(
          title: PaywallModel.subscribeButtonTitle, detail: model.subscribeButtonDetail,
          isSpinning: model.isPurchasing,
          isEnabled: model.isSubscribeEnabled
        ) { await model.subscribe() }

        Button {
          Task { await model.restore() }
        } label: {
          SpinnerLabel(PaywallModel.restoreButtonTitle, isSpinning: model.isRestoring)
            .padding(.vertical, theme.smallSpacing)
        }
        .font(theme.bodyFont)
        .disabled(model.isRestoring)
      }
    }

    private var legal: some View {
      VStack(spacing: theme.smallSpacing) {
        Text(PaywallModel.legalText)
          .foregroundStyle(theme.secondaryText)
          .multilineTextAlignment(.center)
        HStack(spacing: theme.spacing) {
          ForEach(model.links, id: \.url) { link in
            Link(link.title, destination: link.url)
          }
        }
      }
      .font(theme.captionFont)
    }

    private var closeButton: some View {
      Button {
        model.close()
      } label: {
        Image(systemName: PaywallModel.closeButtonIcon)
          .font(theme.headlineFont)
          .foregroundStyle(theme.secondaryText)
          .padding(theme.smallSpacing)
          .background(theme.cardBackground, in: Circle())
      }
      .buttonStyle(.plain)
      .accessibilityLabel(model.closeButtonAccessibilityLabel)
      .keyboardShortcut(.cancelAction)
      .padding(theme.spacing)
    }
  }

  #if DEBUG
    #Preview("Free") {
      StorePreview { _ in
        PaywallView(placement: .feature(.progressTracking))
      }
    }

    #Preview("Dark, themed") {
      StorePreview { _ in
        PaywallView(placement: .settings)
          .paywallTheme(PaywallTheme(accent: .purple))
          .preferredColorScheme(.dark)
      }
    }
  #endif
#endif
