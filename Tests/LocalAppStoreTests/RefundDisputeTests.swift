import AppStoreJWS
import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// A refund request the App Store declines (`REFUND_DECLINED`), and a refund it reverses after
/// the customer's dispute (`REFUND_REVERSED`).
@Suite(.recordsQuietFailures) struct RefundDisputeTests {
  @Test("a declined refund request: REFUND_DECLINED with the transaction, nothing else changes")
  func declined() async throws {
    let store = try LocalAppStore.sportsTime(settings: .polite)
    let bought = try await store.buyVerified(SportsTimeFixtures.monthlyID)
    let history = try await store.history()
    try await store.declineRefund(transactionID: bought.id)
    #expect(try await events(store) == ["SUBSCRIBED/INITIAL_BUY", "REFUND_DECLINED"])
    #expect(try await store.history() == history)
    let notification = try #require(await store.serverNotifications().last)
    let root = try Certificate(derEncoded: store.rootCertificateDER)
    let verifier = try SignedDataVerifier(
      rootCertificates: [root], bundleID: "com.sportstime.app", environment: .xcode)
    let payload = try verifier.verifyNotification(notification.signedPayload).payloadValue
    let signed = try #require(payload.data?.signedTransactionInfo)
    #expect(try verifier.verifyTransaction(signed).payloadValue.id == bought.id)
    #expect(payload.data?.status == .subscribed)

    try await store.refund(transactionID: bought.id)
    await #expect(throws: LocalAppStoreError.self) {
      try await store.declineRefund(transactionID: bought.id)
    }
    #expect(try await events(store).last == "REFUND")
  }

  /// Apple staff (forum thread 757986): an earlier transaction of a subscription can be
  /// refunded; the subscription stays active on its latest, and the server hears REFUND (and
  /// REFUND_REVERSED when the refund is reversed).
  @Test("refunding an earlier transaction of a subscription: REFUND, still active; reversed, told")
  func earlierTransactionRefunded() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    let first = try await store.buyVerified(SportsTimeFixtures.monthlyID)
    clock.set(to: utc(2026, 2, 10))
    #expect(try await store.history().count == 2)
    try await store.refund(transactionID: first.id)
    #expect(try await events(store).last == "REFUND")
    #expect(try await store.proState() == .subscribed)
    let notification = try #require(await store.serverNotifications().last)
    #expect(notification.originalTransactionID == first.originalID)
    try await store.reverseRefund(transactionID: first.id)
    #expect(try await events(store).last == "REFUND_REVERSED")
    #expect(try await store.proState() == .subscribed)
  }

  /// App Store Server API 1.19: `revocationType` REFUND_PRORATED, "The transaction has a
  /// prorated refund", with the `revocationPercentage` granted. Revoked all the same; a
  /// percentage out of range changes nothing.
  @Test("a prorated refund: REFUND_PRORATED with its percentage, revoked; out of range refused")
  func proratedRefund() async throws {
    let store = try LocalAppStore.sportsTime(settings: .polite)
    let bought = try await store.buyVerified(SportsTimeFixtures.monthlyID)
    let history = try await store.history()
    for bad in [0, -5, 100_001] {
      await #expect(throws: LocalAppStoreError.self) {
        try await store.refund(transactionID: bought.id, percentage: bad)
      }
    }
    #expect(try await store.history() == history, "a refused refund changes nothing")
    let refunded = try await store.refund(transactionID: bought.id, percentage: 37_500)
    #expect(refunded.revocationType == .refundProrated)
    #expect(refunded.revocationPercentage == 37_500)
    #expect(refunded.revocationDate != nil)
    #expect(await store.currentEntitlements().isEmpty)
    #expect(try await events(store).last == "REFUND")
    let full = try await store.buyVerified(SportsTimeFixtures.annualID)
    let whole = try await store.refund(transactionID: full.id, percentage: 100_000)
    #expect(whole.revocationType == .refundFull)
  }

  @Test(
    "a reversed refund of a subscription: REFUND_REVERSED, active again, renewal date unchanged")
  func reversedSubscription() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    let bought = try await store.buyVerified(SportsTimeFixtures.monthlyID)
    try await store.startFamilySharing(with: "alex")
    try await store.refund(transactionID: bought.id)
    #expect(await store.currentEntitlements().isEmpty)
    // `revocationPercentage`: "The percentage, in milliunits, of the transaction that the App
    // Store has refunded or revoked. This field is present in the JWSTransactionDecodedPayload
    // for refunded transactions. This field doesn't appear if the refund is reversed." (Before:
    // never set; watched.)
    let refunded = try #require(await store.allTransactions().last?.unsafePayloadValue)
    #expect(refunded.revocationPercentage == 100_000)
    await #expect(throws: LocalAppStoreError.self) {
      try await store.reverseRefund(transactionID: 999)
    }
    let reinstated = try await store.reverseRefund(transactionID: bought.id)
    #expect(reinstated.revocationDate == nil)
    #expect(reinstated.revocationPercentage == nil)
    #expect(await store.allTransactions().last?.unsafePayloadValue.revocationPercentage == nil)
    #expect(reinstated.expirationDate == bought.expirationDate)
    #expect(await store.currentEntitlements().count == 1)
    #expect(
      try await events(store, account: LocalAppStore.purchaser) == [
        "SUBSCRIBED/INITIAL_BUY", "REFUND", "REFUND_REVERSED",
      ])
    #expect(
      try await events(store, account: "alex") == [
        "SUBSCRIBED/INITIAL_BUY", "REVOKE", "REFUND_REVERSED",
      ])
    #expect(try await store.history(account: "alex").last?.revocationDate == nil)
    // Reversing twice is refused.
    await #expect(throws: LocalAppStoreError.self) {
      try await store.reverseRefund(transactionID: bought.id)
    }
    // It renews at its renewal date, as before the refund.
    clock.set(to: try #require(bought.expirationDate))
    #expect(try await events(store, account: LocalAppStore.purchaser).last == "DID_RENEW")
  }

  @Test("a reversed refund of a non-consumable: REFUND_REVERSED, owned again")
  func reversedNonConsumable() async throws {
    let pass = product("com.sportstime.pass", .nonConsumable)
    let store = try LocalAppStore.sportsTime(settings: .polite, products: [pass])
    let bought = try await store.buyVerified(pass.id)
    try await store.refund(transactionID: bought.id)
    try await store.reverseRefund(transactionID: bought.id)
    #expect(try await events(store) == ["ONE_TIME_CHARGE", "REFUND", "REFUND_REVERSED"])
    #expect(try await store.currentEntitlements().map { try $0.payloadValue.id } == [bought.id])
  }

  @Test("a reversed refund of a subscription whose renewal date passed: it renews at once")
  func reversedAfterTheRenewalDate() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    let bought = try await store.buyVerified(SportsTimeFixtures.monthlyID)
    try await store.refund(transactionID: bought.id)
    clock.set(to: utc(2026, 2, 10))
    try await store.reverseRefund(transactionID: bought.id)
    #expect(try await events(store).suffix(2) == ["REFUND_REVERSED", "DID_RENEW"])
    #expect(await store.currentEntitlements().count == 1)
  }
}
