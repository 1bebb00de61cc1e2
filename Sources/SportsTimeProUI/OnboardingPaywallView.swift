#if canImport(SwiftUI)
  package import SportsTimePro
  package import SwiftUI

  /// The first-launch upsell: the `OnboardingPaywallView` of SportsTime Pro's plan
  /// (SportsTimePro's `ThePlan` article), a rendering of `OnboardingPaywallModel`.
  ///
  /// Three feature pages and the pricing page ("Choose Your Plan", Annual first with its BEST
  /// tag), page dots, the primary button (Next, then Subscribe with a spinner while the purchase
  /// runs) and Continue with Free on every page. A swipe cannot dismiss it; it closes itself
  /// when the model says so (Continue with Free, a purchase, Pro by other means).
  ///
  /// `AppLaunch` decides whether it shows and owns its model: present it over the home screen
  /// with `onboardingPaywall(for:)`.
  package struct OnboardingPaywallView: View {
    @Environment(\.paywallTheme) private var theme
    @Environment(\.dismiss) private var dismiss
    #if os(iOS)
      @State private var selectedPage = 0
    #endif
    private let model: OnboardingPaywallModel

    /// Creates the view of `model` (`AppLaunch`'s onboarding model).
    package init(model: OnboardingPaywallModel) {
      self.model = model
    }

    package var body: some View {
      VStack(spacing: theme.spacing) {
        pages
        dots
        messages
        SubscribeButton(
          title: model.primaryButtonTitle, detail: model.primaryButtonDetail,
          isSpinning: model.isPurchasing,
          isEnabled: model.isPrimaryButtonEnabled
        ) { await model.primaryAction() }
        Button(model.continueWithFreeTitle) { model.continueWithFree() }
          .font(theme.bodyFont)
          .foregroundStyle(theme.secondaryText)
          .buttonStyle(.plain)
          .padding(.vertical, theme.smallSpacing)
      }
      .padding(theme.padding)
      .background(theme.background)
      .tint(theme.accent)
      .interactiveDismissDisabled(!OnboardingPaywallModel.allowsSwipeToDismiss)
      .onAppear { model.onAppear() }
      .onChange(of: model.isDismissed, initial: true) { _, isDismissed in
        if isDismissed { dismiss() }
      }
    }

    @ViewBuilder private var pages: some View {
      #if os(iOS)
        TabView(selection: $selectedPage) {
          ForEach(Array(model.pages.indices), id: \.self) { index in
            page(model.pages[index]).tag(index)
          }
        }
        .tabViewStyle(.page(indexDisplayMode: .never))
        .onChange(of: selectedPage) { _, index in
          model.show(page: index)
        }
        .onChange(of: model.pageIndex, initial: true) { _, index in
          withAnimation { selectedPage = index }
        }
      #else
        page(model.currentPage)
          .frame(maxHeight: .infinity)
      #endif
    }

    @ViewBuilder private func page(_ page: OnboardingPaywallModel.Page) -> some View {
      switch page {
      case .feature(let feature):
        featurePage(feature)
      case .pricing:
        pricingPage
      }
    }

    private func featurePage(_ feature: OnboardingPaywallModel.FeaturePage) -> some View {
      VStack(spacing: theme.spacing) {
        Spacer(minLength: 0)
        Image(systemName: feature.icon)
          .font(.system(size: theme.heroIconSize))
          .foregroundStyle(theme.accent)
          .padding(theme.sectionSpacing)
          .background(theme.accent.opacity(0.12), in: Circle())
          .accessibilityHidden(true)
        Text(feature.title)
          .font(theme.largeTitleFont)
          .multilineTextAlignment(.center)
          .accessibilityAddTraits(.isHeader)
        Text(feature.message)
          .font(theme.bodyFont)
          .foregroundStyle(theme.secondaryText)
          .multilineTextAlignment(.center)
          .fixedSize(horizontal: false, vertical: true)
        Spacer(minLength: 0)
      }
      .padding(.horizontal, theme.padding)
    }

    private var pricingPage: some View {
      VStack(spacing: theme.spacing) {
        Spacer(minLength: 0)
        Text(OnboardingPaywallModel.pricingTitle)
          .font(theme.titleFont)
          .accessibilityAddTraits(.isHeader)
        if let message = model.productsMessage {
          ProductsUnavailableView(
            message: message, canRetry: model.canRetryLoadingProducts,
            retryTitle: model.retryButtonTitle, retry: { model.retryLoadingProducts() })
        } else {
          ForEach(model.planRows) { row in
            OnboardingPlanRow(row: row, select: { model.select(row.productID) })
          }
        }
        Spacer(minLength: 0)
      }
    }

    private var dots: some View {
      HStack(spacing: theme.smallSpacing) {
        ForEach(Array(model.pageDots.indices), id: \.self) { index in
          Circle()
            .fill(model.pageDots[index] ? theme.accent : theme.secondaryText.opacity(0.3))
            .frame(width: 8, height: 8)
            .onTapGesture { model.show(page: index) }
        }
      }
      .accessibilityElement(children: .ignore)
      .accessibilityLabel(model.pageDotsAccessibilityLabel)
    }

    @ViewBuilder private var messages: some View {
      if let error = model.errorMessage {
        MessageLine(error, color: theme.error)
      }
      if let pending = model.pendingMessage {
        MessageLine(pending, color: theme.secondaryText)
      }
    }
  }

  #if DEBUG
    #Preview("Onboarding") {
      StorePreview { store in
        OnboardingPaywallView(model: OnboardingPaywallModel(store: store))
      }
    }
  #endif
#endif
