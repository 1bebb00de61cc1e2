import Foundation
import SportsTimePro
import StoreModel
import StoreTesting
import TestSupport
import Testing

@MainActor
@Suite("SubscriptionSettingsModel", .hangGuard)
struct SubscriptionSettingsModelTests {
  private func settings(
    _ world: AppWorld, locale: Locale = Fixtures.usLocale, timeZone: TimeZone = Fixtures.utc
  ) -> SubscriptionSettingsModel {
    SubscriptionSettingsModel(store: world.store, locale: locale, timeZone: timeZone)
  }

  @Test("a free customer sees Upgrade to Pro and Restore Purchases")
  func free() async throws {
    let world = try AppWorld()
    await world.launch()
    let model = settings(world)
    #expect(model.header == "Subscription")
    #expect(model.upgradePlacement == .settings)
    #expect(
      model.manageSubscriptionsURL.absoluteString == "https://apps.apple.com/account/subscriptions")
    #expect(SubscriptionSettingsModel.manageSubscriptionsURL == model.manageSubscriptionsURL)
    guard case .free(let section) = model.section else {
      Issue.record("expected the free section, got \(model.section)")
      return
    }
    #expect(section.upgradeTitle == "Upgrade to Pro")
    #expect(section.upgradeSubtitle == "Unlimited trips, PDF export, progress tracking")
    #expect(section.restoreButtonTitle == "Restore Purchases")
    #expect(section.restoreMessage == nil)
  }

  @Test(
    "a Pro customer sees the plan, its renewal or expiry, and Manage Subscription",
    arguments: [(true, "Renews on February 1, 2026"), (false, "Expires on February 1, 2026")])
  func pro(autoRenew: Bool, line: String) async throws {
    let world = try AppWorld()
    let transaction = try await world.appStore.seedPurchase(Fixtures.monthlyID)
    try await world.appStore.setAutoRenew(autoRenew, originalID: transaction.originalID)
    await world.launch()
    guard case .pro(let section) = settings(world).section else {
      Issue.record("expected the Pro section")
      return
    }
    #expect(section.title == "SportsTime Pro")
    #expect(section.subtitle == "Active subscription")
    #expect(section.checkmark == "checkmark.circle.fill")
    #expect(section.planName == "Pro Monthly")
    #expect(section.details == [line])
    #expect(section.manageButtonTitle == "Manage Subscription")
  }

  @Test("dates follow the injected locale and time zone")
  func germanDates() async throws {
    let world = try AppWorld()
    try await world.appStore.seedPurchase(Fixtures.annualID)
    await world.launch()
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
    guard
      case .pro(let german) = settings(world, locale: Fixtures.germanLocale, timeZone: berlin)
        .section,
      case .pro(let pacific) = settings(world, timeZone: losAngeles).section
    else {
      Issue.record("expected the Pro section")
      return
    }
    #expect(german.details == ["Renews on 1. Januar 2027"])
    // Midnight UTC on January 1 is still December 31 in California.
    #expect(pacific.details == ["Renews on December 31, 2026"])
  }

  @Test("a billing problem in the grace period says what to do and until when")
  func gracePeriod() async throws {
    let world = try AppWorld()
    let transaction = try await world.appStore.seedPurchase(Fixtures.monthlyID)
    let expiration = try #require(transaction.expirationDate)
    try await world.appStore.failRenewalsWithGracePeriod()
    await world.launch()
    world.clock.set(to: expiration)
    await waitUntil { world.store.entitlement?.isInGracePeriod == true }
    guard case .pro(let section) = settings(world).section else {
      Issue.record("expected the Pro section")
      return
    }
    #expect(
      section.details == [
        "There's a billing problem with your subscription. Update your payment method by February 17, 2026 to keep Pro."
      ])
  }

  @Test("a family-shared subscription says so")
  func familyShared() async throws {
    let world = try AppWorld()
    try await world.appStore.seedPurchase(Fixtures.annualID, ownership: .familyShared)
    await world.launch()
    guard case .pro(let section) = settings(world).section else {
      Issue.record("expected the Pro section")
      return
    }
    #expect(
      section.details == [
        "Renews on January 1, 2027", "Shared with you through Family Sharing",
      ])
  }

  @Test("offline, the section shows the end of the period without guessing the renewal")
  func offline() async throws {
    let world = try AppWorld()
    try await world.appStore.seedPurchase(Fixtures.monthlyID)
    try await world.appStore.setStatusFailure(.networkError("offline"))
    await world.launch()
    guard case .pro(let section) = settings(world).section else {
      Issue.record("expected the Pro section")
      return
    }
    #expect(section.details == ["Active until February 1, 2026"])
  }

  @Test("Restore Purchases turns the section Pro, or says nothing was found")
  func restore() async throws {
    let world = try AppWorld()
    await world.launch()
    let model = settings(world)
    await model.restore()
    guard case .free(let free) = model.section else {
      Issue.record("expected the free section")
      return
    }
    #expect(free.restoreMessage == "No active subscription found.")
    #expect(free.isRestoring == false)
    try await world.appStore.seedPurchase(Fixtures.annualID)
    await model.restore()
    guard case .pro = model.section else {
      Issue.record("expected the Pro section after the restore")
      return
    }
  }
}
