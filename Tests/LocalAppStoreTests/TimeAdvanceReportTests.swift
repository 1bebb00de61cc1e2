import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// `advance` reports what its operation made, from the transitions, and that report is what
/// the history gained.
@Suite(.recordsQuietFailures) struct TimeAdvanceReportTests {
  @Test(
    "a move of the time reports the renewals and family copies it made, as the history has them")
  func reportMatchesHistory() async throws {
    let store = try LocalAppStore.create(
      atPath: ":memory:", products: SportsTimeFixtures.products, settings: .polite,
      startDate: utc(2026, 1, 1))
    _ = try await store.purchase(SportsTimeFixtures.monthly, options: [])
    try await store.startFamilySharing(with: "kid")
    let accounts = [LocalAppStore.purchaser, "kid"]
    var before: [String: Int] = [:]
    for account in accounts { before[account] = try await store.history(account: account).count }
    let advance = try await store.advanceTimeReporting(by: try #require(EmulatorDuration("3m")))
    #expect(advance.date == utc(2026, 4, 1))
    for account in accounts {
      let history = try await store.history(account: account)
      let reported = advance.newTransactions(of: account)
      #expect(reported == Array(history.dropFirst(before[account] ?? 0)), "\(account)")
      #expect(reported.count == 3, "\(account)")
      #expect(reported.allSatisfy { $0.reason == .renewal })
    }
    #expect(advance.newTransactions(of: "kid").allSatisfy { $0.ownershipType == .familyShared })
  }

  @Test("a move that renews nothing reports nothing")
  func quietMove() async throws {
    let store = try LocalAppStore.create(
      atPath: ":memory:", products: SportsTimeFixtures.products, settings: .polite,
      startDate: utc(2026, 1, 1))
    _ = try await store.purchase(SportsTimeFixtures.annual, options: [])
    let advance = try await store.advanceTimeReporting(by: try #require(EmulatorDuration("1m")))
    #expect(advance.newTransactions.isEmpty)
    #expect(advance.date == utc(2026, 2, 1))
  }
}
