import AppStoreJWS
import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// Where the local App Store used to be kinder or simpler than StoreKit (issue 13), each rule
/// with the source it follows.
@Suite(.recordsQuietFailures) struct StoreKitSemanticsTests {
  /// A family member with their own monthly, and the purchaser's annual shared with them.
  private static func memberWithOwnMonthlyAndSharedAnnual(clock: ManualClock) async throws
    -> (LocalAppStore, AccountBackend)
  {
    // Polite: these tests are about what is listed, not when (device timing has its own).
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    let member = store.backend(for: "alex")
    let monthly = try #require(store.allProducts.first { $0.id == monthlyID })
    _ = try verified(try await member.purchase(monthly, options: []))
    clock.advance(by: day)
    try await store.buyVerified(annualID)
    try await store.startFamilySharing(with: "alex")
    return (store, member)
  }

  // MARK: 1. Own and family-shared at once

  /// `Transaction.currentEntitlements` emits "the latest transaction for each auto-renewable
  /// subscription" that is `subscribed` or `inGracePeriod` (Apple's currentEntitlements page);
  /// access both purchased and family shared shows as several entries (Apple staff, developer
  /// https://developer.apple.com/forums/thread/731683).
  @Test("a member's own monthly and the purchaser's shared annual are both entitlements")
  func ownAndFamilySharedSideBySide() async throws {
    let clock = ManualClock()
    let (_, member) = try await Self.memberWithOwnMonthlyAndSharedAnnual(clock: clock)
    let entitled = await member.currentEntitlements().map(\.unsafePayloadValue)
    #expect(entitled.map(\.productID) == [monthlyID, annualID])
    #expect(entitled.map(\.ownershipType) == [.purchased, .familyShared])
  }

  // MARK: 2. No promised order for status(for:)

  /// StoreKit documents no order for `Product.SubscriptionInfo.status(for:)`; Apple's sample
  /// code reads `status.first`, the classic family-sharing bug. The store lists the statuses in
  /// the order the subscriptions began, so such code fails here as on a device.
  @Test("statuses come in the order the subscriptions began, so first can be the lapsed one")
  func statusesAreNotBestFirst() async throws {
    let clock = ManualClock()
    let (_, member) = try await Self.memberWithOwnMonthlyAndSharedAnnual(clock: clock)
    try await member.store.setWillAutoRenew(false, account: "alex")
    clock.set(to: utc(2026, 3, 1))
    let statuses = try await member.subscriptionStatuses(forGroup: groupID)
    #expect(statuses.map(\.state) == [.expired, .subscribed])
    #expect(statuses.first?.state.isEntitled == false, "naive `first` says not subscribed")
    #expect(statuses.contains { $0.state.isEntitled })
  }

  // MARK: 3. Billing retry's expiration reason

  /// The RenewalInfo `isInBillingRetry` page: during billing retry, and during the grace period
  /// that starts it, `isInBillingRetry` is true and `expirationReason` is `billingError`.
  @Test("in billing retry and in its grace period the expiration reason is billingError")
  func billingErrorDuringRetry() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(
      clock: clock, settings: EmulatorSettings(billingIssuesEnabled: true, gracePeriodEnabled: true)
    )
    try await store.buyVerified(monthlyID)
    clock.set(to: utc(2026, 2, 5))
    let inGrace = try #require(try await store.renewalInfos().first)
    #expect(inGrace.gracePeriodExpirationDate != nil)
    #expect(inGrace.isInBillingRetry && inGrace.expirationReason == .billingError)
    clock.set(to: utc(2026, 3, 1))
    #expect(try await store.proState() == .inBillingRetryPeriod)
    let inRetry = try #require(try await store.renewalInfos().first)
    #expect(inRetry.isInBillingRetry && inRetry.expirationReason == .billingError)
    let signed = try #require(try await store.subscriptionStatuses(forGroup: groupID).first)
    #expect(signed.renewalInfo.unsafePayloadValue.expirationReason == .billingError)
  }

  // MARK: 4. Grace and retry lengths from Apple's tables

  /// `SKTestSession.TimeRate.oneRenewalEveryTwoSeconds`: grace period 2 s and billing retry 4 s
  /// for subscriptions of every period (not an annual plan's compressed 0.09 s and 0.33 s).
  @Test("at two-second renewals an annual plan gets 2 s of grace and 4 s of retry")
  func fixedRateGraceForAnnual() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(
      clock: clock,
      settings: EmulatorSettings(
        billingIssuesEnabled: true, gracePeriodEnabled: true,
        timeRate: .oneRenewalEveryTwoSeconds, deviceTiming: .polite))
    let first = try await store.buyVerified(annualID)
    let expiry = try #require(first.expirationDate)
    #expect(expiry.timeIntervalSince(first.purchaseDate) == 2)
    clock.set(to: expiry.addingTimeInterval(1.5))
    #expect(await store.entitledProductIDs() == [annualID], "in grace")
    let info = try #require(try await store.renewalInfos().first)
    #expect(info.gracePeriodExpirationDate == expiry.addingTimeInterval(2))
    clock.set(to: expiry.addingTimeInterval(3))
    #expect(try await store.proState() == .inBillingRetryPeriod)
    clock.set(to: expiry.addingTimeInterval(4))
    #expect(try await store.proState() == .expired)
  }

  // MARK: 5. Billing issues off stops new failures

  /// `SKTestSession.shouldEnterBillingRetryOnRenewal`: while on, renewals fail; "to resolve the
  /// simulated billing issue, call `resolveIssueForTransaction(identifier:)`". Our reading:
  /// turning it off stops new failures and leaves a subscription in retry until resolved.
  @Test("turning billing issues off leaves a retry in place; resolving the issue renews")
  func offStopsNewFailuresOnly() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(
      clock: clock, settings: EmulatorSettings(billingIssuesEnabled: true))
    let bought = try await store.buyVerified(monthlyID)
    clock.set(to: utc(2026, 2, 5))
    try await store.setBillingIssuesEnabled(false)
    #expect(try await store.proState() == .inBillingRetryPeriod)
    #expect(try await store.history().count == 1)
    let renewal = try #require(try await store.resolveIssue(transactionID: bought.id))
    #expect(renewal.reason == .renewal && renewal.purchaseDate == utc(2026, 2, 5))
    #expect(try await store.proState() == .subscribed)
    // Off, the next renewal succeeds.
    clock.set(to: utc(2026, 3, 6))
    #expect(try await store.history().count == 3)
  }

  /// The App Store retries "for 60 days, or until the user resolves their billing issue or
  /// cancels their subscription, whichever comes first" (Apple, "Reducing involuntary
  /// subscriber churn"): turning auto-renew off in billing retry ends the retry. The
  /// subscription expires then, for the customer's cancellation, and nothing is left to resolve.
  @Test(
    "turning auto-renew off in billing retry ends the retry: expired, voluntarily, as told",
    arguments: [false, true])
  func autoRenewOffDuringRetryExpires(grace: Bool) async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(
      clock: clock,
      settings: EmulatorSettings(billingIssuesEnabled: true, gracePeriodEnabled: grace))
    let bought = try await store.buyVerified(monthlyID)
    clock.set(to: utc(2026, 2, 5))
    #expect(try await store.renewalInfos().first?.isInBillingRetry == true)
    try await store.setWillAutoRenew(false)
    let info = try #require(try await store.renewalInfos().first)
    #expect(info.isInBillingRetry == false)
    #expect(info.expirationReason == .autoRenewDisabled)
    #expect(info.gracePeriodExpirationDate == nil)
    #expect(try await store.proState() == .expired)
    #expect(try await store.history().count == 1)
    let told = try await store.serverNotifications().map {
      $0.notificationType.rawValue + ($0.subtype.map { "/\($0.rawValue)" } ?? "")
    }
    #expect(
      told.suffix(2) == ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY"])
    await #expect(throws: LocalAppStoreError.self) {
      try await store.resolveIssue(transactionID: bought.id)
    }
  }

  // MARK: 6. Environment

  /// StoreKit Testing in Xcode signs `"environment":"Xcode"` (the corpus's real Xcode tokens,
  /// jws/app-store-server-library/xcode/); `AppStore.Environment` has production, sandbox and
  /// xcode. The store keeps its three-certificate chain with Apple's OIDs (Xcode's tokens carry
  /// one self-signed certificate), so a server verifies the whole chain against its root.
  @Test("transactions and renewal infos are signed for the Xcode environment, a chain of three")
  func xcodeEnvironment() async throws {
    let history = try await SignedHistory.make { store, clock in
      try await store.buy(monthlyID)
      clock.advance(by: 40 * day)
    }
    let root = try Certificate(derEncoded: history.rootCertificateDER)
    let verifier = try SignedDataVerifier(
      rootCertificates: [root], bundleID: "com.sportstime.app", environment: .xcode)
    for token in history.tokens {
      let transaction = try verifier.verifyTransaction(token)
      #expect(transaction.unsafePayloadValue.environment == .xcode)
      #expect(transaction.isVerified)
      let header = try UnverifiedJWS(parsing: token)
      #expect(try header.certificateChain().count == 3)
    }
    for token in history.renewalInfos {
      #expect(try verifier.verifyRenewalInfo(token).unsafePayloadValue.environment == .xcode)
    }
  }

  // MARK: 9. Intro-offer eligibility

  /// Apple's article on introductory offers: eligible if the customer has not "previously
  /// received an introductory offer" in the group. Apple staff on
  /// https://developer.apple.com/forums/thread/758078: only customers who never subscribed to the
  /// group. Default: the staff's answer; the switch `intro-offer-after-lapse` follows the article.
  @Test(
    "a lapsed subscriber who never had the intro offer: eligible only under the article's rule",
    arguments: [false, true])
  func introOfferEligibility(articleRule: Bool) async throws {
    let clock = ManualClock()
    let trial = SubscriptionOffer(
      id: nil, type: .introductory, paymentMode: .freeTrial, price: 0, displayPrice: "Free",
      period: .weekly, periodCount: 1)
    let plan = product("plan", .autoRenewable, group: "g", period: .monthly)
    let withTrial = product("plan.trial", .autoRenewable, group: "g", level: 2, intro: trial)
    var settings = EmulatorSettings()
    settings[.introOfferAfterLapse] = articleRule
    let store = try LocalAppStore.sportsTime(
      clock: clock, settings: settings, products: [plan, withTrial])
    #expect(try await store.isEligibleForIntroOffer(group: "g"))
    try await store.buy(plan.id)
    try await store.setWillAutoRenew(false)
    clock.set(to: utc(2026, 3, 1))
    #expect(try await store.isEligibleForIntroOffer(group: "g") == articleRule)
    let again = try verified(try await store.buy(withTrial.id))
    #expect((again.offerType == .introductory) == articleRule)
    #expect(try await store.isEligibleForIntroOffer(group: "g") == false)
  }
}
