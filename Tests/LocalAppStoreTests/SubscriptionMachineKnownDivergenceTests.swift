import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// Histories where the App Store's record of a subscription and what it signed for it parted
/// ways, found by the random histories of ``SubscriptionMachinePropertyTests`` and kept as known
/// issues until the semantics pass fixed them: each test failed before its fix (it was a
/// `withKnownIssue`), and now holds the two readings equal.
@Suite(.recordsQuietFailures) struct SubscriptionMachineKnownDivergenceTests {
  /// The engine's state and the machine's state of `account`'s subscriptions.
  static func states(of account: String, on store: LocalAppStore) async throws -> (
    engine: [RenewalState], machine: [RenewalState]
  ) {
    let decided = try await store.decidedStates(of: [account])
    let account = try #require(decided.accounts.first)
    let engine = EntitlementEngine()
    let read = account.states.compactMap { state in
      engine.statuses(ofGroup: state.groupID, in: account.signed, at: decided.date).first {
        $0.transaction.originalID == state.originalTransactionID
      }?.state
    }
    return (read, account.states.map(\.state))
  }

  @Test("a refund reversed after sharing stopped leaves the member's copy and record revoked")
  func reversalAfterSharingStopped() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    let bought = try await store.buyVerified(monthlyID)
    try await store.startFamilySharing(with: "kid")
    try await store.refund(transactionID: bought.id)
    try await store.stopFamilySharing(with: "kid")
    try await store.reverseRefund(transactionID: bought.id)
    let kid = try await Self.states(of: "kid", on: store)
    #expect(kid.machine == [.revoked])
    // Fixed: a member who stopped sharing keeps the copy revoked.
    #expect(kid.engine == kid.machine)
  }

  @Test("deleting a refunded latest transaction leaves the subscription as the one before")
  func deletingARefundedRenewal() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    try await store.buyVerified(monthlyID)
    clock.advance(by: 40 * day)
    let renewal = try #require(try await store.history().last)
    try await store.refund(transactionID: renewal.id)
    try await store.deleteTransaction(renewal.id)
    let purchaser = try await Self.states(of: LocalAppStore.purchaser, on: store)
    #expect(purchaser.machine == [.expired])
    // Fixed: the record follows the transaction left, which was not refunded and has expired.
    #expect(purchaser.engine == purchaser.machine)
  }

  @Test("deleting an upgrade leaves the subscription active on the transaction it replaced")
  func deletingAnUpgrade() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    try await store.buyVerified(monthlyID)
    let upgrade = try await store.buyVerified(annualID)
    try await store.deleteTransaction(upgrade.id)
    let purchaser = try await Self.states(of: LocalAppStore.purchaser, on: store)
    #expect(purchaser.machine == [.subscribed])
    // Fixed: the transaction the upgrade replaced is no longer marked upgraded.
    #expect(purchaser.engine == purchaser.machine)
    #expect(await store.entitledProductIDs() == [monthlyID])
  }
}
