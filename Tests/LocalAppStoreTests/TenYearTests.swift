import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

@Suite(.recordsQuietFailures) struct TenYearTests {
  @Test("ten years of monthly renewals, a refund, then a re-purchase: the exact history")
  func tenYears() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    let first = try await store.buyVerified(monthlyID)
    clock.set(to: utc(2036, 1, 1).addingTimeInterval(3600))
    let history = try await store.history()
    // The purchase and 120 renewals: Jan 2026 … Jan 2036.
    #expect(history.count == 121)
    for (index, transaction) in history.enumerated() {
      #expect(transaction.originalID == first.id)
      #expect(transaction.purchaseDate == utc(2026 + index / 12, 1 + index % 12, 1))
      #expect(transaction.expirationDate == utc(2026 + (index + 1) / 12, 1 + (index + 1) % 12, 1))
      #expect(transaction.reason == (index == 0 ? .purchase : .renewal))
    }
    let latest = try #require(history.last)
    #expect(await store.currentEntitlements().map(\.unsafePayloadValue.id) == [latest.id])

    clock.advance(by: day)
    try await store.refund(transactionID: latest.id)
    #expect(await store.entitledProductIDs() == [])
    #expect(try await store.proState() == .revoked)
    clock.set(to: utc(2036, 3, 1))
    #expect(try await store.history().count == 121)

    let again = try await store.buyVerified(monthlyID)
    #expect(again.originalID == first.id)
    #expect(again.reason == .purchase)
    #expect(again.purchaseDate == utc(2036, 3, 1))
    #expect(again.originalPurchaseDate == first.purchaseDate)
    #expect(try await store.proState() == .subscribed)
    let info = try #require(try await store.renewalInfos().first)
    // Paid service ended on 1 Feb 2036 (the refunded period's end): a gap of 29 days, not more
    // than 60, and a refund is no gap of its own (the `recentSubscriptionStartDate` page).
    #expect(info.recentSubscriptionStartDate == utc(2026, 1, 1))
    #expect(await store.entitledProductIDs() == [monthlyID])
    let all = await store.allTransactions()
    #expect(all.count == 122)
    #expect(all.allSatisfy { $0.isVerified })
    #expect(
      all.filter { $0.unsafePayloadValue.revocationDate != nil }.map(\.unsafePayloadValue.id) == [
        latest.id
      ])
  }
}
