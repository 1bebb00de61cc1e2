import Foundation
import SportsTimePro

/// The paywall sheet as the terminal shows it, and as `--json` gives it: every word and state of
/// a ``PaywallModel``.
struct PaywallScreen: Encodable {
  /// Where the paywall was opened from: `onboarding`, `settings`, or `feature:NAME`.
  var placement: String
  var hero: PaywallModel.Hero
  var features: [PaywallModel.FeatureRow]
  var plans: [PaywallModel.PlanCard]
  var selectedProductID: String?
  var productsMessage: String?
  var canRetryLoadingProducts: Bool
  var retryButtonTitle: String
  var errorMessage: String?
  var pendingMessage: String?
  var restoreMessage: String?
  var subscribeButtonTitle: String
  var isSubscribeEnabled: Bool
  var isPurchasing: Bool
  var restoreButtonTitle: String
  var legalText: String
  var links: [PaywallModel.Link]
  var closeButtonAccessibilityLabel: String
  var isDismissed: Bool

  /// The screen of `model` now.
  @MainActor
  init(_ model: PaywallModel) {
    placement = Self.describe(model.placement)
    hero = model.hero
    features = model.features
    plans = model.plans
    selectedProductID = model.selectedProductID
    productsMessage = model.productsMessage
    canRetryLoadingProducts = model.canRetryLoadingProducts
    retryButtonTitle = model.retryButtonTitle
    errorMessage = model.errorMessage
    pendingMessage = model.pendingMessage
    restoreMessage = model.restoreMessage
    subscribeButtonTitle = PaywallModel.subscribeButtonTitle
    isSubscribeEnabled = model.isSubscribeEnabled
    isPurchasing = model.isPurchasing
    restoreButtonTitle = PaywallModel.restoreButtonTitle
    legalText = PaywallModel.legalText
    links = model.links
    closeButtonAccessibilityLabel = model.closeButtonAccessibilityLabel
    isDismissed = model.isDismissed
  }

  /// A placement in words for the JSON: `feature:progressTracking`.
  static func describe(_ placement: PaywallPlacement) -> String {
    switch placement {
    case .onboarding: "onboarding"
    case .settings: "settings"
    case .feature(let feature): "feature:\(feature.rawValue)"
    }
  }

  /// The sheet, boxed.
  var lines: [String] {
    var box = TextBox("Paywall", trailer: "[× \(closeButtonAccessibilityLabel)]")
    box.blank()
    box.centered("★ " + hero.title)
    box.centered(hero.subtitle)
    box.blank()
    for row in features {
      box.text("✓ " + row.title, indent: 1)
      box.text(row.description, indent: 3)
    }
    box.blank()
    if let productsMessage {
      box.text(productsMessage, indent: 1)
      if canRetryLoadingProducts { box.text("[ \(retryButtonTitle) ]", indent: 1) }
    } else {
      let titleWidth = plans.map(\.title.count).max() ?? 0
      let priceWidth = plans.map(\.billedPrice.count).max() ?? 0
      for plan in plans {
        var left = (plan.isSelected ? "(●) " : "( ) ") + plan.title.paddedRight(to: titleWidth)
        left += "  " + plan.billedPrice.paddedLeft(to: priceWidth) + " " + plan.billingPeriod
        if let perMonth = plan.pricePerMonth { left += " · " + perMonth }
        box.columns(left, plan.savingsBadge.map { "[\($0)]" } ?? "", indent: 1)
      }
    }
    for message in [errorMessage.map { "! " + $0 }, pendingMessage, restoreMessage] {
      if let message {
        box.blank()
        box.text(message, indent: 1)
      }
    }
    box.blank()
    var subscribe = "[ \(isPurchasing ? "… " : "")\(subscribeButtonTitle) ]"
    if !isSubscribeEnabled && !isPurchasing { subscribe += " (unavailable)" }
    box.text(subscribe, indent: 1)
    box.text("[ \(restoreButtonTitle) ]", indent: 1)
    box.blank()
    box.text(legalText, indent: 1)
    for link in links {
      box.text("\(link.title): \(link.url.absoluteString)", indent: 1)
    }
    return box.rendered()
  }
}
