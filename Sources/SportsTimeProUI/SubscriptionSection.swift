#if canImport(SwiftUI)
  import SportsTimePro
  public import SwiftUI
  import Foundation
  #if os(iOS) || os(visionOS)
    // `manageSubscriptionsSheet(isPresented:)` lives in StoreKit's SwiftUI overlay, which a
    // Swift package does not load from `import StoreKit` alone: import it by name.
    import _StoreKit_SwiftUI
  #endif

  /// The "Subscription" section of the settings screen, as SportsTime Pro's plan has it
  /// (SportsTimePro's `ThePlan` article), a rendering of `SubscriptionSettingsModel`.
  ///
  /// For a Pro customer: "SportsTime Pro", "Active subscription", a check mark, the plan, lines
  /// about the renewal, the expiry, a billing problem or family sharing, and "Manage
  /// Subscription", which opens the App Store's subscription management in a sheet. For a free
  /// customer: "Upgrade to Pro" with its subtitle, which opens the paywall, and "Restore
  /// Purchases". Until the store knows the customer's entitlements
  /// (`StoreManager/hasLoadedEntitlements`) it shows a spinner under its header: not known yet
  /// is neither Pro nor free. Put it in a `Form` or `List`; it reads the `StoreManager`, the
  /// locale and the time zone from the environment.
  public struct SubscriptionSection: View {
    @Environment(StoreManager.self) private var store
    @Environment(\.locale) private var locale
    @Environment(\.timeZone) private var timeZone

    /// Creates the section.
    public init() {}

    public var body: some View {
      SubscriptionSectionContent(store: store, locale: locale, timeZone: timeZone)
        .id(DateFormatting(locale: locale, timeZone: timeZone))
    }
  }

  /// What the section's dates depend on: a new locale or time zone makes a new model.
  private struct DateFormatting: Hashable {
    let locale: Locale
    let timeZone: TimeZone
  }

  /// The section's content; it owns its model (and the state of a running restore), made once
  /// when the section first appears: `@State` keeps it across redraws of the parent, and a new
  /// locale or time zone makes a new content view (`id`), hence a new model.
  private struct SubscriptionSectionContent: View {
    @Environment(\.paywallTheme) private var theme
    @State private var model: SubscriptionSettingsModel?
    @State private var paywallPlacement: PaywallPlacement?
    @State private var isManagingSubscriptions = false
    #if !os(iOS) && !os(visionOS)
      @Environment(\.openURL) private var openURL
    #endif

    private let store: StoreManager
    private let locale: Locale
    private let timeZone: TimeZone

    init(store: StoreManager, locale: Locale, timeZone: TimeZone) {
      self.store = store
      self.locale = locale
      self.timeZone = timeZone
    }

    var body: some View {
      Section {
        if let model, store.hasLoadedEntitlements {
          switch model.section {
          case .pro(let pro):
            proRows(pro, model: model)
          case .free(let free):
            freeRows(free, model: model)
          }
        } else {
          // Entitlements not known yet: neither the Pro rows nor the free ones.
          ProgressView()
            .frame(maxWidth: .infinity)
        }
      } header: {
        Text(SubscriptionSettingsModel.header)
      }
      .onAppear {
        if model == nil {
          model = SubscriptionSettingsModel(store: store, locale: locale, timeZone: timeZone)
        }
      }
    }

    @ViewBuilder private func proRows(
      _ pro: SubscriptionSettingsModel.ProSection, model: SubscriptionSettingsModel
    ) -> some View {
      HStack(alignment: .top, spacing: theme.spacing) {
        VStack(alignment: .leading, spacing: 2) {
          Text(pro.title).font(theme.headlineFont)
          Text(pro.subtitle)
            .secondaryCaption()
          if let planName = pro.planName {
            Text(planName).font(theme.captionFont)
          }
          ForEach(pro.details, id: \.self) { line in
            Text(line)
              .secondaryCaption()
              .fixedSize(horizontal: false, vertical: true)
          }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        Image(systemName: pro.checkmark)
          .font(theme.iconFont)
          .foregroundStyle(theme.success)
          .accessibilityHidden(true)
      }
      .accessibilityElement(children: .combine)
      Button(pro.manageButtonTitle) { manageSubscriptions(model) }
        #if os(iOS) || os(visionOS)
          .manageSubscriptionsSheet(isPresented: $isManagingSubscriptions)
        #endif
    }

    @ViewBuilder private func freeRows(
      _ free: SubscriptionSettingsModel.FreeSection, model: SubscriptionSettingsModel
    ) -> some View {
      Button {
        paywallPlacement = model.upgradePlacement
      } label: {
        VStack(alignment: .leading, spacing: 2) {
          Text(free.upgradeTitle)
            .font(theme.headlineFont)
            .foregroundStyle(theme.accent)
          Text(free.upgradeSubtitle)
            .secondaryCaption()
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .contentShape(Rectangle())
      }
      .buttonStyle(.plain)
      .paywall(placement: $paywallPlacement)
      Button {
        Task { await model.restore() }
      } label: {
        HStack(spacing: theme.smallSpacing) {
          Text(free.restoreButtonTitle)
          if free.isRestoring {
            Spacer(minLength: 0)
            ProgressView()
          }
        }
      }
      .disabled(free.isRestoring)
      if let message = free.restoreMessage {
        Text(message)
          .secondaryCaption()
      }
    }

    private func manageSubscriptions(_ model: SubscriptionSettingsModel) {
      #if os(iOS) || os(visionOS)
        isManagingSubscriptions = true
      #else
        // macOS has no subscription sheet for SwiftUI: the App Store's account page manages
        // subscriptions there.
        openURL(model.manageSubscriptionsURL)
      #endif
    }
  }

  #if DEBUG
    #Preview("Free") {
      StorePreview { _ in
        Form { SubscriptionSection() }
      }
    }

    #Preview("Pro") {
      StorePreview(isPro: true) { _ in
        Form { SubscriptionSection() }
      }
    }
  #endif
#endif
