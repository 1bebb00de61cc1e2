import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

@Suite(.recordsQuietFailures) struct RenewalTests {
  @Test("time passing renews: same original id, reason renewal, purchase date = previous expiry")
  func renewals() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    let first = try verified(try await store.buy(monthlyID))
    clock.set(to: utc(2026, 4, 15))
    let history = try await store.history()
    #expect(history.count == 4)
    #expect(history.map(\.originalID) == Array(repeating: first.id, count: 4))
    #expect(history.dropFirst().allSatisfy { $0.reason == .renewal })
    for (previous, next) in zip(history, history.dropFirst()) {
      #expect(next.purchaseDate == previous.expirationDate)
      #expect(next.originalPurchaseDate == first.purchaseDate)
    }
    #expect(history.last?.expirationDate == utc(2026, 5, 1))
    #expect(await store.currentEntitlements().map(\.unsafePayloadValue.id) == [history[3].id])
  }

  @Test("renewals are caught up on the next operation, whichever it is")
  func catchUpOnAnyOperation() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock)
    try await store.buyVerified(annualID)
    clock.set(to: utc(2031, 1, 2))
    _ = try await store.products(for: [])
    #expect(try await store.history().count == 6)
  }

  @Test("auto-renew off: the subscription expires at the end of its period")
  func autoRenewOff() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock)
    try await store.buyVerified(monthlyID)
    #expect(try await store.setWillAutoRenew(false).count == 1)
    let info = try #require(try await store.renewalInfos().first)
    #expect(info.willAutoRenew == false)
    clock.set(to: utc(2026, 1, 31))
    #expect(try await store.proState() == .subscribed)
    clock.set(to: utc(2026, 2, 1))
    #expect(try await store.proState() == .expired)
    #expect(await store.entitledProductIDs() == [])
    #expect(try await store.history().count == 1)
    #expect(try await store.renewalInfos().first?.expirationReason == .autoRenewDisabled)
  }

  @Test("buying the same product after cancelling turns auto-renew back on, at no charge")
  func resubscribeBeforeExpiry() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock)
    let first = try await store.buyVerified(monthlyID)
    try await store.setWillAutoRenew(false)
    let again = try verified(try await store.buy(monthlyID))
    #expect(again.id == first.id)
    #expect(try await store.renewalInfos().first?.willAutoRenew == true)
    clock.set(to: utc(2026, 2, 2))
    #expect(try await store.history().count == 2)
  }

  @Test("a resubscription after a lapse keeps the original id; 60 days restart the run")
  func resubscribeAfterLapse() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock)
    let first = try await store.buyVerified(monthlyID)
    try await store.setWillAutoRenew(false)
    clock.set(to: utc(2026, 2, 20))
    let soon = try await store.buyVerified(monthlyID)
    #expect(soon.originalID == first.id)
    #expect(try await store.renewalInfos().first?.recentSubscriptionStartDate == utc(2026, 1, 1))
    try await store.setWillAutoRenew(false)
    clock.set(to: utc(2026, 6, 1))
    let late = try await store.buyVerified(monthlyID)
    #expect(late.originalID == first.id)
    #expect(try await store.renewalInfos().first?.recentSubscriptionStartDate == utc(2026, 6, 1))
  }

  /// `recentSubscriptionStartDate` (App Store Server API page): "the most recent auto-renewable
  /// subscription purchase that's preceded by a gap in paid service of more than 60 days". A gap
  /// of exactly 60 days reset it before (`>=`; watched: the first case fails there); the 60 days
  /// follow the time rate (at `monthlyRenewalEveryHour`, two hours).
  @Test(
    "recentSubscriptionStartDate: a lapse of 60 days keeps it, more than 60 resets it, at any rate",
    arguments: [
      (TimeRate.realTime, 0.0, false), (.realTime, 1, true),
      (.monthlyRenewalEveryHour, 0, false), (.monthlyRenewalEveryHour, 1, true),
    ])
  func recentStartAfterLapse(rate: TimeRate, beyond: TimeInterval, resets: Bool) async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(
      clock: clock, settings: EmulatorSettings(timeRate: rate))
    let first = try await store.buyVerified(monthlyID)
    try await store.setWillAutoRenew(false)
    let expiry = try #require(first.expirationDate)
    clock.set(to: expiry.addingTimeInterval(rate.sixtyDays + beyond))
    let again = try await store.buyVerified(monthlyID)
    #expect(again.originalID == first.id)
    let start = try #require(try await store.renewalInfos().first?.recentSubscriptionStartDate)
    #expect(start == (resets ? clock.now : first.purchaseDate))
  }

  /// "In the sandbox environment, subscription renewals happen at an accelerated rate, and
  /// auto-renewable subscriptions renew up to 12 times after the initial purchase" (Apple,
  /// "Testing an auto-renewable subscription"); App Store Connect Help: "before auto-renewal
  /// turns off on the thirteenth renewal attempt". Xcode has no cap. Before, the Sandbox renewed
  /// forever (watched: the Sandbox case fails there).
  @Test(
    "in the Sandbox a subscription renews 12 times, then auto-renew turns off; Xcode renews on",
    arguments: [AppStoreEnvironment.sandbox, .xcode])
  func sandboxRenewalCap(environment: AppStoreEnvironment) async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(
      clock: clock, settings: EmulatorSettings(timeRate: .monthlyRenewalEveryFiveMinutes))
    try await store.setSigningEnvironment(environment, appAppleID: 42)
    try await store.buyVerified(monthlyID)
    clock.advance(by: 20 * 5 * 60)
    let history = try await store.history()
    let info = try #require(try await store.renewalInfos().first)
    if environment == .sandbox {
      #expect(history.count == 13)
      #expect(info.willAutoRenew == false)
      #expect(info.expirationReason == .autoRenewDisabled)
      #expect(try await store.proState() == .expired)
      // A new purchase starts a new run of 12.
      try await store.buyVerified(monthlyID)
      clock.advance(by: 5 * 60)
      #expect(try await store.history().count == 15)
    } else {
      #expect(history.count == 21)
      #expect(info.willAutoRenew == true)
    }
  }

  @Test("billing issue without grace: billing retry, no access; recovery renews from that day")
  func billingRetry() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock)
    try await store.buyVerified(monthlyID)
    try await store.setBillingIssuesEnabled(true)
    clock.set(to: utc(2026, 2, 5))
    #expect(try await store.proState() == .inBillingRetryPeriod)
    #expect(await store.entitledProductIDs() == [])
    let info = try #require(try await store.renewalInfos().first)
    #expect(info.isInBillingRetry)
    #expect(info.gracePeriodExpirationDate == nil)
    try await store.setBillingIssuesEnabled(false)
    #expect(try await store.proState() == .inBillingRetryPeriod, "off alone resolves nothing")
    let renewed = try #require(try await store.resolveIssue(transactionID: 1))
    let renewal = try #require(try await store.history().last)
    #expect(renewed == renewal)
    #expect(renewal.reason == .renewal)
    #expect(renewal.purchaseDate == utc(2026, 2, 5))
    #expect(renewal.expirationDate == utc(2026, 3, 5))
    #expect(try await store.proState() == .subscribed)
  }

  @Test(
    "billing issue with grace: access for 16 days (6 for weekly), then retry until 60 days",
    arguments: [(SubscriptionPeriod.monthly, 16.0), (.weekly, 6.0)])
  func gracePeriod(period: SubscriptionPeriod, graceDays: Double) async throws {
    let clock = ManualClock()
    let plan = product("plan", .autoRenewable, group: "g", period: period)
    let store = try LocalAppStore.sportsTime(
      clock: clock,
      settings: EmulatorSettings(
        billingIssuesEnabled: true, gracePeriodEnabled: true, deviceTiming: .polite),
      products: [plan])
    let first = try verified(try await store.buy(plan.id))
    let expiry = try #require(first.expirationDate)
    clock.set(to: expiry.addingTimeInterval((graceDays - 1) * day))
    #expect(try await store.subscriptionStatuses(forGroup: "g").first?.state == .inGracePeriod)
    #expect(await store.entitledProductIDs() == ["plan"])
    let info = try #require(try await store.renewalInfos().first)
    #expect(info.gracePeriodExpirationDate == expiry.addingTimeInterval(graceDays * day))
    clock.set(to: expiry.addingTimeInterval((graceDays + 1) * day))
    #expect(
      try await store.subscriptionStatuses(forGroup: "g").first?.state == .inBillingRetryPeriod)
    #expect(await store.entitledProductIDs() == [])
    // RenewalInfo `gracePeriodExpirationDate`'s page: "This value is nil if the subscription is
    // not in a billing grace period." Before, it stayed for the whole retry (watched).
    let retrying = try #require(try await store.renewalInfos().first)
    #expect(retrying.isInBillingRetry)
    #expect(retrying.gracePeriodExpirationDate == nil)
    clock.set(to: expiry.addingTimeInterval(60 * day))
    #expect(try await store.subscriptionStatuses(forGroup: "g").first?.state == .expired)
    let ended = try #require(try await store.renewalInfos().first)
    #expect(ended.expirationReason == .billingError)
    #expect(ended.isInBillingRetry == false)
  }

  @Test("recovery within the grace period keeps the renewal date")
  func recoveryInGrace() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(
      clock: clock, settings: EmulatorSettings(billingIssuesEnabled: true, gracePeriodEnabled: true)
    )
    try await store.buyVerified(monthlyID)
    clock.set(to: utc(2026, 2, 10))
    try await store.resolveIssue(transactionID: 1)
    let renewal = try #require(try await store.history().last)
    #expect(renewal.purchaseDate == utc(2026, 2, 1))
    #expect(renewal.expirationDate == utc(2026, 3, 1))
  }

  @Test("a time rate compresses periods: a month lasts 30 seconds")
  func timeRate() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(
      clock: clock, settings: EmulatorSettings(timeRate: .monthlyRenewalEveryThirtySeconds))
    let first = try verified(try await store.buy(monthlyID))
    #expect(first.expirationDate == clock.now.addingTimeInterval(30))
    clock.advance(by: 95)
    #expect(try await store.history().count == 4)
  }
}
