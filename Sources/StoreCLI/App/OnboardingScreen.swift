import SportsTimePro

/// The onboarding paywall as the terminal shows it, and as `--json` gives it: the current page
/// of an ``OnboardingPaywallModel``.
struct OnboardingScreen: Encodable {
  /// The current page, from 0.
  var pageIndex: Int
  var pageCount: Int
  /// "Page 1 of 4": the page dots' accessibility label.
  var pageLabel: String
  /// The feature page, unless this is the pricing page.
  var featurePage: OnboardingPaywallModel.FeaturePage?
  var isPricingPage: Bool
  /// The page's title: the feature page's, or "Choose Your Plan".
  var title: String
  var pageDots: [Bool]
  var planRows: [OnboardingPaywallModel.PlanRow]
  var selectedProductID: String?
  var productsMessage: String?
  var canRetryLoadingProducts: Bool
  var retryButtonTitle: String
  var errorMessage: String?
  var pendingMessage: String?
  var primaryButtonTitle: String
  var isPrimaryButtonEnabled: Bool
  /// Whether "Subscribe" can be tapped: plans loaded, one selected, no purchase running.
  var isSubscribeEnabled: Bool
  var isPurchasing: Bool
  var continueWithFreeTitle: String
  var allowsSwipeToDismiss: Bool
  var isDismissed: Bool

  /// The screen of `model` now.
  @MainActor
  init(_ model: OnboardingPaywallModel) {
    pageIndex = model.pageIndex
    pageCount = model.pages.count
    pageLabel = model.pageDotsAccessibilityLabel
    switch model.currentPage {
    case .feature(let feature):
      featurePage = feature
      isPricingPage = false
      title = feature.title
    case .pricing:
      isPricingPage = true
      title = OnboardingPaywallModel.pricingTitle
    }
    pageDots = model.pageDots
    planRows = model.planRows
    selectedProductID = model.selectedProductID
    productsMessage = model.productsMessage
    canRetryLoadingProducts = model.canRetryLoadingProducts
    retryButtonTitle = model.retryButtonTitle
    errorMessage = model.errorMessage
    pendingMessage = model.pendingMessage
    primaryButtonTitle = model.primaryButtonTitle
    isPrimaryButtonEnabled = model.isPrimaryButtonEnabled
    isSubscribeEnabled = model.isSubscribeEnabled
    isPurchasing = model.isPurchasing
    continueWithFreeTitle = model.continueWithFreeTitle
    allowsSwipeToDismiss = OnboardingPaywallModel.allowsSwipeToDismiss
    isDismissed = model.isDismissed
  }

  /// The page, boxed.
  var lines: [String] {
    var box = TextBox("Welcome to SportsTime", trailer: pageLabel)
    box.blank()
    box.centered(title)
    if let featurePage {
      box.centered(featurePage.message)
    } else {
      box.blank()
      if let productsMessage {
        box.text(productsMessage, indent: 1)
        if canRetryLoadingProducts { box.text("[ \(retryButtonTitle) ]", indent: 1) }
      }
      let titleWidth = planRows.map(\.title.count).max() ?? 0
      let priceWidth = planRows.map(\.billedPrice.count).max() ?? 0
      for row in planRows {
        var left = (row.isSelected ? "(●) " : "( ) ") + row.title.paddedRight(to: titleWidth)
        left += "  " + row.billedPrice.paddedLeft(to: priceWidth) + " " + row.billingPeriod
        box.columns(left, row.tag.map { "[\($0)]" } ?? "", indent: 1)
        box.text(row.caption, indent: 5)
      }
    }
    for message in [errorMessage.map { "! " + $0 }, pendingMessage] {
      if let message {
        box.blank()
        box.text(message, indent: 1)
      }
    }
    box.blank()
    box.centered(pageDots.map { $0 ? "●" : "○" }.joined(separator: " "))
    box.blank()
    var primary = "[ \(isPricingPage && isPurchasing ? "… " : "")\(primaryButtonTitle) ]"
    if !isPrimaryButtonEnabled && !isPurchasing { primary += " (unavailable)" }
    box.text(primary, indent: 1)
    box.text("[ \(continueWithFreeTitle) ]", indent: 1)
    return box.rendered()
  }
}
