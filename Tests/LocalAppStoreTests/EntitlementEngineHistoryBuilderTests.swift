import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

private typealias B = HistoryBuilder

/// The test helpers the engine's tests stand on: `HistoryBuilder` and `PurchaseLedger.record`.
@Suite(.recordsQuietFailures) struct EntitlementEngineHistoryBuilderTests {
  @Test("the calendar is fixed: Gregorian, UTC, from 2026-01-01")
  func calendar() {
    #expect(B.start == Date(timeIntervalSince1970: 1_767_225_600))
    #expect(B.day(1, hour: 2) == B.start.addingTimeInterval(93_600))
    #expect(B.month(1) == B.date(2026, 2, 1))
    #expect(B.month(14, day: 2) == B.date(2027, 3, 3))
    #expect(B.date(2028, 2, 29, hour: 12).timeIntervalSince(B.date(2028, 2, 29)) == 43_200)
  }

  @Test("a subscription starts with a purchase and renewal info that renews")
  func subscribe() throws {
    var history = B(firstTransactionID: 10)
    let t = history.subscribe(to: B.annualProductID, at: B.day(3))
    #expect(t.id == 10)
    #expect(t.originalID == 10)
    #expect(t.productType == .autoRenewable)
    #expect(t.subscriptionGroupID == B.defaultGroupID)
    #expect(t.reason == .purchase)
    #expect(t.expirationDate == B.date(2027, 1, 4))
    #expect(t.environment == .localTesting)
    let info = try #require(history.renewalInfo(of: 10))
    #expect(info.willAutoRenew)
    #expect(info.currentProductID == B.annualProductID)
    #expect(info.renewalDate == t.expirationDate)
    #expect(history.ledger.renewalInfos.count == 1)
  }

  @Test("renewals start at the previous expiry with reason renewal and the same originalID")
  func renew() throws {
    var history = B(firstTransactionID: 1)
    let first = history.subscribe(at: B.date(2026, 1, 31))
    let renewals = history.renew(first.originalID, times: 3)
    #expect(renewals.map(\.id) == [2, 3, 4])
    #expect(renewals.allSatisfy { $0.originalID == 1 && $0.reason == .renewal })
    #expect(renewals[0].purchaseDate == first.expirationDate)
    #expect(renewals[1].purchaseDate == renewals[0].expirationDate)
    #expect(renewals[2].originalPurchaseDate == first.purchaseDate)
    #expect(history.latestTransaction(of: 1) == renewals[2])
    #expect(try #require(history.renewalInfo(of: 1)).renewalDate == renewals[2].expirationDate)
  }

  @Test("a scheduled change takes effect at the next renewal with the new product's period")
  func scheduledChange() throws {
    var history = B()
    let t = history.subscribe(to: B.monthlyProductID, at: B.day(0))
    history.scheduleChange(of: t.originalID, to: B.annualProductID)
    #expect(
      try #require(history.renewalInfo(of: t.originalID)).autoRenewPreference
        == B.annualProductID)
    #expect(
      try #require(history.renewalInfo(of: t.originalID)).currentProductID
        == B.monthlyProductID)
    let renewal = history.renew(t.originalID)[0]
    #expect(renewal.productID == B.annualProductID)
    #expect(renewal.expirationDate == B.month(13))
    #expect(
      try #require(history.renewalInfo(of: t.originalID)).currentProductID
        == B.annualProductID)
  }

  @Test("an upgrade re-signs the old transaction as upgraded and starts the new one at once")
  func upgrade() throws {
    var history = B()
    let t = history.subscribe(at: B.day(0))
    let new = history.upgrade(t.originalID, to: B.annualProductID, at: B.day(10))
    let old = try #require(history.transaction(t.id))
    #expect(old.isUpgraded)
    #expect(old.signedDate == B.day(10))
    #expect(new.originalID == t.originalID)
    #expect(new.purchaseDate == B.day(10))
    #expect(new.expirationDate == B.date(2027, 1, 11))
    #expect(history.transactions.count == 2)
  }

  @Test("a refund re-signs the transaction with its revocation; stopping sharing revokes")
  func refund() throws {
    var history = B()
    let bought = history.buy("lifetime", at: B.day(0))
    let refunded = history.refund(bought.id, at: B.day(4), reason: .developerIssue)
    #expect(refunded.revocationDate == B.day(4))
    #expect(refunded.revocationReason == .developerIssue)
    #expect(refunded.revocationType == .refundFull)
    #expect(refunded.signedDate == B.day(4))
    #expect(history.transactions == [refunded])
    let shared = history.subscribe(at: B.day(1), ownership: .familyShared)
    let revoked = history.stopFamilySharing(shared.originalID, at: B.day(2))
    #expect(revoked.ownershipType == .familyShared)
    #expect(revoked.revocationType == .familyRevoke)
  }

  @Test("billing retry sets the flag, the reason and the grace-period end after the expiry")
  func billingRetry() throws {
    var history = B()
    let t = history.subscribe(at: B.day(0))
    history.enterBillingRetry(t.originalID, gracePeriodDays: 16)
    var info = try #require(history.renewalInfo(of: t.originalID))
    #expect(info.isInBillingRetry)
    #expect(info.expirationReason == .billingError)
    #expect(info.gracePeriodExpirationDate == B.month(1, day: 16))
    history.renewAfterBillingRetry(t.originalID, at: B.month(1, day: 3))
    info = try #require(history.renewalInfo(of: t.originalID))
    #expect(!info.isInBillingRetry)
    #expect(info.gracePeriodExpirationDate == nil)
    #expect(info.expirationReason == nil)
  }

  @Test("synthetic histories are reproducible and have the size asked for")
  func synthetic() {
    let one = B.synthetic(transactionCount: 1_000, seed: 1)
    #expect(one == B.synthetic(transactionCount: 1_000, seed: 1))
    #expect(one != B.synthetic(transactionCount: 1_000, seed: 2))
    #expect(one.transactions.count == 1_000)
    #expect(Set(one.transactions.map(\.id)).count == 1_000)
    #expect(one.transactions.contains { $0.revocationDate != nil })
    #expect(one.transactions.contains { $0.isUpgraded })
    #expect(one.transactions.contains { $0.ownershipType == .familyShared })
    #expect(one.renewalInfos.contains { $0.gracePeriodExpirationDate != nil })
  }

  @Test("recording a transaction keeps one copy per identifier, the one signed last")
  func recordTransaction() {
    var history = B()
    let t = history.subscribe(at: B.day(0))
    var ledger = PurchaseLedger()
    #expect(record(&ledger, t) == true)
    #expect(record(&ledger, t) == false)
    var refunded = t
    refunded.revocationDate = B.day(3)
    refunded.signedDate = B.day(3)
    #expect(record(&ledger, refunded) == true)
    #expect(record(&ledger, t) == false)
    #expect(ledger.transactions == [refunded])
  }

  @Test("recording renewal info keeps one per subscription, the one signed last")
  func recordRenewalInfo() throws {
    var history = B()
    let t = history.subscribe(at: B.day(0))
    let first = try #require(history.renewalInfo(of: t.originalID))
    history.turnOffAutoRenew(t.originalID, at: B.day(5))
    let second = try #require(history.renewalInfo(of: t.originalID))
    var ledger = PurchaseLedger()
    #expect(record(&ledger, second) == true)
    #expect(record(&ledger, first) == false)
    #expect(record(&ledger, second) == false)
    #expect(ledger.renewalInfos == [second])
    #expect(ledger.renewalInfo(for: t.originalID) == second)
    #expect(ledger.renewalInfo(for: 1) == nil)
  }

  /// Records `value` in `ledger` outside `#expect`, which cannot call a mutating method.
  private func record(_ ledger: inout PurchaseLedger, _ value: Transaction) -> Bool {
    ledger.record(value)
  }

  private func record(_ ledger: inout PurchaseLedger, _ value: RenewalInfo) -> Bool {
    ledger.record(value)
  }
}
