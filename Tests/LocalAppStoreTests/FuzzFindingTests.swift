import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import Testing

/// What the fuzzers found in the local App Store, each fixed, each kept here.
@Suite(.timeLimit(.minutes(1))) struct FuzzFindingTests {
  /// `fuzz-cli` found `advance 824601H` (94 years) taking 22 s with a family member sharing:
  /// each renewal read the subscription's whole history to find its latest transaction.
  @Test("two centuries of renewals shared with the family catch up in linear time")
  func sharedRenewalsCatchUpLinearly() async throws {
    let store = try LocalAppStore.create(
      atPath: ":memory:", products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    _ = try await store.purchase(SportsTimeFixtures.monthly, options: [])
    try await store.startFamilySharing(with: "kid")
    try await store.advanceTime(by: try #require(EmulatorDuration("200y")))
    let purchased = try await store.history()
    let shared = try await store.history(account: "kid")
    #expect(purchased.count == 1 + 200 * 12)
    #expect(shared.count == purchased.count)
    #expect(shared.allSatisfy { $0.ownershipType == .familyShared })
    #expect(purchased.last?.purchaseDate == utc(2226, 1, 1))
  }
}
