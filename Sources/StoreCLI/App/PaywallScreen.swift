import Foundation
import SportsTimePro

/// The paywall sheet as the terminal shows it, and as `--json` gives it: every word and state of
/// a ``PaywallModel``.
struct PaywallScreen: Encodable {
  /// Where the paywall was opened from: `onboarding`, `settings`, or `feature:NAME`.
  let placement: String
  let hero: PaywallModel.Hero
  let plans: [PaywallModel.PlanCard]
  let restoreMessage: String?
  /// The sheet, boxed.
  let lines: [String]
  /// The `--json` form: every word and state of the model.
  private let json: JSONObject

  /// The screen of `model` now.
  @MainActor
  init(_ model: PaywallModel) {
    placement = Self.describe(model.placement)
    hero = model.hero
    plans = model.plans
    restoreMessage = model.restoreMessage
    lines = Self.render(model)
    json = JSONObject([
      "placement": placement, "hero": hero, "features": model.features, "plans": plans,
      "selectedProductID": model.selectedProductID, "productsMessage": model.productsMessage,
      "canRetryLoadingProducts": model.canRetryLoadingProducts,
      "retryButtonTitle": model.retryButtonTitle, "errorMessage": model.errorMessage,
      "pendingMessage": model.pendingMessage, "restoreMessage": restoreMessage,
      "subscribeButtonTitle": PaywallModel.subscribeButtonTitle,
      "subscribeButtonDetail": model.subscribeButtonDetail,
      "isSubscribeEnabled": model.isSubscribeEnabled, "isPurchasing": model.isPurchasing,
      "restoreButtonTitle": PaywallModel.restoreButtonTitle, "legalText": PaywallModel.legalText,
      "links": model.links,
      "closeButtonAccessibilityLabel": model.closeButtonAccessibilityLabel,
      "isDismissed": model.isDismissed,
    ])
  }

  func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }

  /// A placement in words for the JSON: `feature:progressTracking`.
  static func describe(_ placement: PaywallPlacement) -> String {
    switch placement {
    case .onboarding: "onboarding"
    case .settings: "settings"
    case .feature(let feature): "feature:\(feature.rawValue)"
    }
  }

  /// The sheet of `model`, boxed.
  @MainActor
  private static func render(_ model: PaywallModel) -> [String] {
    var box = TextBox("Paywall", trailer: "[× \(model.closeButtonAccessibilityLabel)]")
    box.blank()
    box.centered("★ " + model.hero.title)
    box.centered(model.hero.subtitle)
    box.blank()
    for row in model.features {
      box.text("✓ " + row.title, indent: 1)
      box.text(row.description, indent: 3)
    }
    box.blank()
    if let productsMessage = model.productsMessage {
      box.text(productsMessage, indent: 1)
      if model.canRetryLoadingProducts { box.text("[ \(model.retryButtonTitle) ]", indent: 1) }
    } else {
      let titleWidth = model.plans.map(\.title.count).max() ?? 0
      let priceWidth = model.plans.map(\.billedPrice.count).max() ?? 0
      for plan in model.plans {
        var left = (plan.isSelected ? "(●) " : "( ) ") + plan.title.paddedRight(to: titleWidth)
        left += "  " + plan.billedPrice.paddedLeft(to: priceWidth) + " " + plan.billingPeriod
        if let perMonth = plan.pricePerMonth { left += " · " + perMonth }
        box.columns(left, plan.savingsBadge.map { "[\($0)]" } ?? "", indent: 1)
        if let terms = plan.offerTerms { box.text(terms, indent: 5) }
      }
    }
    for message in [
      model.errorMessage.map { "! " + $0 }, model.pendingMessage, model.restoreMessage,
    ] {
      if let message {
        box.blank()
        box.text(message, indent: 1)
      }
    }
    box.blank()
    var subscribe = "[ \(model.isPurchasing ? "… " : "")\(PaywallModel.subscribeButtonTitle) ]"
    if !model.isSubscribeEnabled && !model.isPurchasing { subscribe += " (unavailable)" }
    box.text(subscribe, indent: 1)
    if let detail = model.subscribeButtonDetail { box.text(detail, indent: 3) }
    box.text("[ \(PaywallModel.restoreButtonTitle) ]", indent: 1)
    box.blank()
    box.text(PaywallModel.legalText, indent: 1)
    for link in model.links {
      box.text("\(link.title): \(link.url.absoluteString)", indent: 1)
    }
    return box.rendered()
  }
}
