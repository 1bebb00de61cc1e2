package import Foundation
import Observation
import StoreModel

/// The "Subscription" section of the settings, as <doc:ThePlan> has it, without the view.
///
/// Pro: "SportsTime Pro", "Active subscription", a check mark, lines about the renewal, the
/// expiry, a billing problem or family sharing, and "Manage Subscription". Free: "Upgrade to
/// Pro" with "Unlimited trips, PDF export, progress tracking" (opens the paywall) and "Restore
/// Purchases". Dates are formatted in the injected locale and time zone.
@Observable
@MainActor
package final class SubscriptionSettingsModel {
  /// What the section shows: a Pro customer's rows or a free customer's.
  package enum Section: Sendable, Hashable, Codable {
    /// The section of a Pro customer.
    case pro(ProSection)
    /// The section of a free customer.
    case free(FreeSection)
  }

  /// The rows a Pro customer sees.
  package struct ProSection: Sendable, Hashable, Codable {
    /// "SportsTime Pro".
    package let title: String
    /// "Active subscription".
    package let subtitle: String
    /// The SF Symbol of the check mark.
    package let checkmark: String
    /// The plan's name, when the products are loaded: "Pro Annual".
    package let planName: String?
    /// What to know about the subscription: "Renews on March 1, 2026", "Expires on …",
    /// a billing problem, family sharing.
    package let details: [String]
    /// "Manage Subscription": opens the App Store's subscription management.
    package let manageButtonTitle: String
  }

  /// The rows a free customer sees.
  package struct FreeSection: Sendable, Hashable, Codable {
    /// "Upgrade to Pro": opens the paywall.
    package let upgradeTitle: String
    /// "Unlimited trips, PDF export, progress tracking".
    package let upgradeSubtitle: String
    /// "Restore Purchases".
    package let restoreButtonTitle: String
    /// Whether a restore runs.
    package let isRestoring: Bool
    /// The restore's result line when it found nothing, or why it failed.
    package let restoreMessage: String?
  }

  package static let header = "Subscription"
  /// The App Store's subscription management page: where "Manage Subscription" leads on
  /// platforms without StoreKit's manage-subscriptions sheet.
  package static let manageSubscriptionsURL = fixedURL(
    "https://apps.apple.com/account/subscriptions")

  /// The store the section describes.
  package let store: StoreManager
  /// The locale the renewal and expiry dates are written in: "March 1, 2026" in `en_US`.
  package let locale: Locale
  /// The time zone the dates are shown in: a renewal at midnight UTC is the day before in New York.
  package let timeZone: TimeZone
  private let restoreRun = RestoreRun()

  /// Creates the section, formatting dates for `locale` in `timeZone`.
  package init(store: StoreManager, locale: Locale, timeZone: TimeZone) {
    self.store = store
    self.locale = locale
    self.timeZone = timeZone
  }

  /// The section's header: "Subscription".
  package var header: String { Self.header }

  /// Where "Manage Subscription" leads without the manage-subscriptions sheet.
  package var manageSubscriptionsURL: URL { Self.manageSubscriptionsURL }

  /// Where the paywall that "Upgrade to Pro" opens comes from.
  package var upgradePlacement: PaywallPlacement { .settings }

  /// What the section shows now.
  package var section: Section {
    guard store.isPro else {
      return .free(
        FreeSection(
          upgradeTitle: "Upgrade to Pro",
          upgradeSubtitle: "Unlimited trips, PDF export, progress tracking",
          restoreButtonTitle: "Restore Purchases", isRestoring: restoreRun.isRunning,
          restoreMessage: restoreRun.foundNothing
            ? PaywallModel.nothingToRestoreMessage : restoreRun.failure))
    }
    let entitlement = store.entitlement
    return .pro(
      ProSection(
        title: "SportsTime Pro", subtitle: "Active subscription",
        checkmark: "checkmark.circle.fill",
        planName: entitlement.flatMap { store.product(id: $0.productID)?.displayName },
        details: entitlement.map(detailLines) ?? [],
        manageButtonTitle: "Manage Subscription"))
  }

  /// Restores purchases from the free section; the section turns Pro when it finds Pro, else
  /// says "No active subscription found." or why the restore failed.
  package func restore() async {
    await restoreRun.run(on: store)
  }

  private func detailLines(_ entitlement: EntitlementDetails) -> [String] {
    var lines: [String] = []
    if entitlement.isInGracePeriod, let end = entitlement.gracePeriodExpirationDate {
      lines.append(
        "There's a billing problem with your subscription. Update your payment method by \(format(end)) to keep Pro."
      )
    } else if let expiration = entitlement.expirationDate {
      switch entitlement.willAutoRenew {
      case true?:
        if let next = entitlement.nextRenewalProductID {
          let name = store.product(id: next)?.planTitle ?? next
          lines.append("Switches to \(name) on \(format(expiration))")
        } else {
          lines.append("Renews on \(format(expiration))")
        }
      case false?:
        lines.append("Expires on \(format(expiration))")
      case nil:
        lines.append("Active until \(format(expiration))")
      }
    }
    if entitlement.isFamilyShared {
      lines.append("Shared with you through Family Sharing")
    }
    return lines
  }

  private func format(_ date: Date) -> String {
    date.formatted(
      Date.FormatStyle(date: .long, time: .omitted, locale: locale, timeZone: timeZone))
  }
}
