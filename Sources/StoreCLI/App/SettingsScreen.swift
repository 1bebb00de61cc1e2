import Foundation
import SportsTimePro

/// The Settings tab's "Subscription" section as the terminal shows it, and as `--json` gives it
/// (a ``SubscriptionSettingsModel``).
struct SettingsScreen: Encodable {
  var header: String
  /// The rows a Pro customer sees; `nil` for a free customer.
  var pro: SubscriptionSettingsModel.ProSection?
  /// The rows a free customer sees; `nil` for Pro.
  var free: SubscriptionSettingsModel.FreeSection?
  /// Where "Manage Subscription" leads without StoreKit's manage-subscriptions sheet.
  var manageSubscriptionsURL: URL

  /// The section of `model` now.
  @MainActor
  init(_ model: SubscriptionSettingsModel) {
    header = model.header
    switch model.section {
    case .pro(let section): pro = section
    case .free(let section): free = section
    }
    manageSubscriptionsURL = model.manageSubscriptionsURL
  }

  /// The tab, boxed.
  var lines: [String] {
    var box = TextBox("SportsTime · Settings", trailer: pro == nil ? "Free" : "Pro")
    box.blank()
    box.text(header.uppercased(), indent: 1)
    if let free {
      box.text("[ \(free.upgradeTitle) ]", indent: 1)
      box.text(free.upgradeSubtitle, indent: 3)
      box.text("[ \(free.restoreButtonTitle) ]", indent: 1)
      if let message = free.restoreMessage {
        box.text(message, indent: 3)
      }
    }
    if let pro {
      box.text("✓ " + pro.title, indent: 1)
      box.text(
        ([pro.subtitle] + (pro.planName.map { [$0] } ?? [])).joined(separator: " · "), indent: 3)
      for line in pro.details { box.text(line, indent: 3) }
      box.text("[ \(pro.manageButtonTitle) ]", indent: 1)
    }
    box.blank()
    box.rule()
    box.centered(AppData.Tab.settings.bar)
    return box.rendered()
  }
}
