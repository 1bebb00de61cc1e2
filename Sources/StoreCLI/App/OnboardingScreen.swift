import SportsTimePro

/// The onboarding paywall as the terminal shows it, and as `--json` gives it: the current page
/// of an ``OnboardingPaywallModel``.
struct OnboardingScreen: Encodable {
  /// The current page, from 0.
  let pageIndex: Int
  /// "Page 1 of 4": the page dots' accessibility label.
  let pageLabel: String
  /// The page's title: the feature page's, or "Choose Your Plan".
  let title: String
  let continueWithFreeTitle: String
  /// The page, boxed.
  let lines: [String]
  /// The `--json` form: every word and state of the page.
  private let json: JSONObject

  /// The screen of `model` now.
  @MainActor
  init(_ model: OnboardingPaywallModel) {
    pageIndex = model.pageIndex
    pageLabel = model.pageDotsAccessibilityLabel
    continueWithFreeTitle = model.continueWithFreeTitle
    var featurePage: OnboardingPaywallModel.FeaturePage?
    switch model.currentPage {
    case .feature(let feature):
      featurePage = feature
      title = feature.title
    case .pricing:
      title = OnboardingPaywallModel.pricingTitle
    }
    lines = Self.render(model, title: title)
    json = JSONObject([
      "pageIndex": pageIndex, "pageCount": model.pages.count, "pageLabel": pageLabel,
      "featurePage": featurePage, "isPricingPage": featurePage == nil, "title": title,
      "pageDots": model.pageDots, "planRows": model.planRows,
      "selectedProductID": model.selectedProductID, "productsMessage": model.productsMessage,
      "canRetryLoadingProducts": model.canRetryLoadingProducts,
      "retryButtonTitle": model.retryButtonTitle, "errorMessage": model.errorMessage,
      "pendingMessage": model.pendingMessage, "primaryButtonTitle": model.primaryButtonTitle,
      "primaryButtonDetail": model.primaryButtonDetail,
      "isPrimaryButtonEnabled": model.isPrimaryButtonEnabled,
      "isSubscribeEnabled": model.isSubscribeEnabled, "isPurchasing": model.isPurchasing,
      "continueWithFreeTitle": continueWithFreeTitle,
      "allowsSwipeToDismiss": OnboardingPaywallModel.allowsSwipeToDismiss,
      "isDismissed": model.isDismissed,
    ])
  }

  func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }

  /// The page of `model`, boxed.
  @MainActor
  private static func render(_ model: OnboardingPaywallModel, title: String) -> [String] {
    var box = TextBox("Welcome to SportsTime", trailer: model.pageDotsAccessibilityLabel)
    box.blank()
    box.centered(title)
    if case .feature(let featurePage) = model.currentPage {
      box.centered(featurePage.message)
    } else {
      box.blank()
      if let productsMessage = model.productsMessage {
        box.text(productsMessage, indent: 1)
        if model.canRetryLoadingProducts { box.text("[ \(model.retryButtonTitle) ]", indent: 1) }
      }
      let titleWidth = model.planRows.map(\.title.count).max() ?? 0
      let priceWidth = model.planRows.map(\.billedPrice.count).max() ?? 0
      for row in model.planRows {
        var left = (row.isSelected ? "(●) " : "( ) ") + row.title.paddedRight(to: titleWidth)
        left += "  " + row.billedPrice.paddedLeft(to: priceWidth) + " " + row.billingPeriod
        box.columns(left, row.tag.map { "[\($0)]" } ?? "", indent: 1)
        box.text(row.caption, indent: 5)
        if let terms = row.offerTerms { box.text(terms, indent: 5) }
      }
    }
    for message in [model.errorMessage.map { "! " + $0 }, model.pendingMessage] {
      if let message {
        box.blank()
        box.text(message, indent: 1)
      }
    }
    box.blank()
    box.centered(model.pageDots.map { $0 ? "●" : "○" }.joined(separator: " "))
    box.blank()
    var primary =
      "[ \(model.currentPage == .pricing && model.isPurchasing ? "… " : "")\(model.primaryButtonTitle) ]"
    if !model.isPrimaryButtonEnabled && !model.isPurchasing { primary += " (unavailable)" }
    box.text(primary, indent: 1)
    if let detail = model.primaryButtonDetail { box.text(detail, indent: 3) }
    box.text("[ \(model.continueWithFreeTitle) ]", indent: 1)
    return box.rendered()
  }
}
