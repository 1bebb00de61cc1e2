import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// The store's time and its certificate authority's validity: every date the store keeps signs
/// tokens that verify, and the stored time never leaves those dates.
@Suite(.recordsQuietFailures) struct TimeRangeTests {
  @Test(
    "a state started at any supported date signs purchases that verify",
    arguments: [
      utc(1970, 1, 1), utc(1990, 1, 1), utc(2019, 12, 31), utc(2051, 6, 1), utc(9998, 12, 1),
    ])
  func signsAcrossTheRange(start: Date) async throws {
    let store = try LocalAppStore.create(
      atPath: ":memory:", products: SportsTimeFixtures.products, startDate: start)
    let transaction = try await store.buyVerified(monthlyID)
    #expect(transaction.purchaseDate == start)
    #expect(await store.allTransactions().allSatisfy { $0.isVerified })
  }

  @Test("a century of renewals later every token still verifies")
  func century() async throws {
    let store = try LocalAppStore.create(
      atPath: ":memory:", products: SportsTimeFixtures.products, settings: .polite,
      startDate: utc(2026, 1, 1))
    try await store.buyVerified(annualID)
    try await store.advanceTime(by: try #require(EmulatorDuration("100y")))
    let all = await store.allTransactions()
    #expect(all.count == 101)
    #expect(all.allSatisfy { $0.isVerified })
    #expect(await store.entitledProductIDs() == [annualID])
  }

  @Test(
    "a start outside the supported dates is refused and no file is made",
    arguments: [utc(1969, 12, 31), utc(1960, 1, 1)])
  func startRefused(start: Date) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    #expect(throws: LocalAppStoreError(.invalidArgument, "")) {
      _ = try LocalAppStore.create(
        atPath: path, products: SportsTimeFixtures.products, startDate: start)
    }
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test(
    "moving the time beyond the supported dates is refused and changes nothing",
    arguments: ["1y", "8000y", "999999y"])
  func advanceRefused(duration: String) async throws {
    let start = duration == "1y" ? utc(9999, 6, 1) : utc(2026, 1, 1)
    let store = try LocalAppStore.create(
      atPath: ":memory:", products: SportsTimeFixtures.products, startDate: start)
    try await store.buyVerified(monthlyID)
    await #expect(throws: LocalAppStoreError(.invalidArgument, "")) {
      try await store.advanceTime(by: try #require(EmulatorDuration(duration)))
    }
    #expect(store.now == start)
    #expect(try await store.history().count == 1)
  }

  @Test(
    "a move that would renew a subscription more than the cap allows is refused; the cap itself is not"
  )
  func renewalCap() async throws {
    let start = utc(2026, 1, 1)
    let store = try LocalAppStore.create(
      atPath: ":memory:", products: SportsTimeFixtures.products, settings: .polite,
      startDate: start)
    try await store.buyVerified(monthlyID)
    let cap = LocalAppStore.maximumPeriodsPerAdvance
    let refused = await #expect(throws: LocalAppStoreError(.invalidArgument, "")) {
      try await store.advanceTime(by: try #require(EmulatorDuration("\(cap + 1)m")))
    }
    #expect(refused?.reason.contains("more than \(cap) times") == true)
    #expect(store.now == start)
    try await store.advanceTime(by: try #require(EmulatorDuration("\(cap)m")))
    #expect(try await store.history().count == cap + 1)
  }

  @Test("the cap counts the shorter of the two periods: a downgrade to monthly caps an annual")
  func renewalCapOfTheNextProduct() async throws {
    let start = utc(2026, 1, 1)
    let store = try LocalAppStore.create(
      atPath: ":memory:", products: SportsTimeFixtures.products, settings: .polite,
      startDate: start)
    try await store.buyVerified(annualID)
    _ = try await store.buy(monthlyID)  // a downgrade: monthly from the next renewal on
    let cap = LocalAppStore.maximumPeriodsPerAdvance
    await #expect(throws: LocalAppStoreError(.invalidArgument, "")) {
      try await store.advanceTime(by: try #require(EmulatorDuration("\(cap + 1)m")))
    }
    #expect(store.now == start)
  }

  @Test("a purchase whose token does not verify is refused and not recorded")
  func unsignablePurchase() async throws {
    let store = try LocalAppStore.sportsTime(clock: ManualClock(now: utc(1960, 1, 1)))
    #expect(await backendErrorKind { try await store.buy(monthlyID) } == "systemError")
    #expect(try await store.history().isEmpty)
    #expect(try await store.status().subscriptions.isEmpty)
  }
}
