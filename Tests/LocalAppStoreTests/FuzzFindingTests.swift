import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// What the fuzzers found in the local App Store, each fixed, each kept here.
@Suite(.hangGuard, .recordsQuietFailures) struct FuzzFindingTests {
  /// `fuzz-cli` found `advance 824601H` (94 years) taking 22 s with a family member sharing:
  /// each renewal read the subscription's whole history to find its latest transaction.
  @Test("two centuries of renewals shared with the family catch up in linear time")
  func sharedRenewalsCatchUpLinearly() async throws {
    let store = try LocalAppStore.create(
      atPath: ":memory:", products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    _ = try await store.purchase(SportsTimeFixtures.monthly, options: [])
    try await store.startFamilySharing(with: "kid")
    let fiftyYears = try #require(EmulatorDuration("50y"))
    for _ in 0..<4 { try await store.advanceTime(by: fiftyYears) }
    let purchased = try await store.history()
    let shared = try await store.history(account: "kid")
    #expect(purchased.count == 1 + 200 * 12)
    #expect(shared.count == purchased.count)
    #expect(shared.allSatisfy { $0.ownershipType == .familyShared })
    #expect(purchased.last?.purchaseDate == utc(2226, 1, 1))
  }

  /// `fuzz-cli` would have found `advance 999999y`: twelve million renewals in one operation.
  @Test("one move of the time spans at most 1,000 periods of a live subscription")
  func advanceIsBounded() async throws {
    let store = try LocalAppStore.create(
      atPath: ":memory:", products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    _ = try await store.purchase(SportsTimeFixtures.monthly, options: [])
    let before = try await store.history()
    await #expect(throws: LocalAppStoreError(.invalidArgument, "")) {
      try await store.advanceTime(by: try #require(EmulatorDuration("999999y")))
    }
    await #expect(throws: LocalAppStoreError(.invalidArgument, "")) {
      try await store.advanceTime(bySeconds: 84 * 365 * 86_400)
    }
    #expect(store.now == utc(2026, 1, 1))
    #expect(try await store.history() == before)
    #expect(
      try await store.advanceTime(by: try #require(EmulatorDuration("83y"))) == utc(2109, 1, 1))
    #expect(try await store.history().count == 1 + 83 * 12)
  }

  @Test("the bound follows the time rate, and does not apply when nothing renews")
  func advanceBoundFollowsTheTimeRate() async throws {
    let store = try LocalAppStore.create(
      atPath: ":memory:", products: SportsTimeFixtures.products,
      settings: EmulatorSettings(timeRate: .oneRenewalEveryTwoSeconds), startDate: utc(2026, 1, 1))
    try await store.advanceTime(by: try #require(EmulatorDuration("1y")))
    #expect(store.now == utc(2027, 1, 1))
    _ = try await store.purchase(SportsTimeFixtures.monthly, options: [])
    await #expect(throws: LocalAppStoreError(.invalidArgument, "")) {
      try await store.advanceTime(by: try #require(EmulatorDuration("1d")))
    }
    try await store.advanceTime(bySeconds: 2_000)
    #expect(store.now == utc(2027, 1, 1).addingTimeInterval(2_000))
    #expect(try await store.history().count == 1 + 1_000)
  }

  /// `fuzz-cli` found `refund 18446744073709551615` trapping: an identifier above `Int64.max`
  /// was converted to SQLite's integer with a trapping conversion.
  @Test("an identifier no row has is not found, however large", arguments: [UInt64.max, 1 << 63])
  func hugeIdentifiersAreNotFound(_ id: UInt64) async throws {
    let store = try LocalAppStore.create(
      atPath: ":memory:", products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    var bought = try await store.buyVerified(monthlyID)
    await #expect(throws: LocalAppStoreError(.notFound, "")) {
      try await store.refund(transactionID: id)
    }
    await #expect(throws: LocalAppStoreError(.notFound, "")) {
      try await store.approveAskToBuy(id)
    }
    await #expect(throws: LocalAppStoreError(.notFound, "")) {
      try await store.declineAskToBuy(id)
    }
    bought.id = id
    await store.finish(bought)
    #expect(try await store.history().map(\.id) == [1])
  }

  /// What a state file holds may be anything: identifiers that do not fit `Int64` come back as
  /// they went in, and an exhausted identifier counter is an error, not a trap.
  @Test("a state's identifiers round-trip all 64 bits; an exhausted counter is refused")
  func stateIdentifiersNeverTrap() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    do {
      let store = try LocalAppStore.create(
        atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
      _ = try await store.buyVerified(monthlyID)
      try await store.startFamilySharing(with: "kid")
    }
    let database = try SQLiteDatabase(path: path, create: false)
    try database.execute("UPDATE transactions SET source_id = -1 WHERE source_id IS NOT NULL")
    try database.execute("UPDATE meta SET value = '18446744073709551615' WHERE key = 'next_id'")

    let store = try LocalAppStore(openingStateAt: path)
    #expect(try await store.history(account: "kid").count == 1)
    await #expect(throws: StoreBackendError.self) {
      try await store.purchase(SportsTimeFixtures.annual, options: [])
    }
    #expect(try await store.history().count == 1)
  }

  /// `fuzz-state` found a state whose subscription ended in 2002 while its time was 2026, at a
  /// rate where a day lasts 30 s: 69,000 renewals to make, 38 s under ASan, for every
  /// operation. The stored time never moves more than 1,000 periods at once, so a state that
  /// far behind is damaged: refused, quickly, and left as it was.
  @Test(
    "a state more than 1,000 periods behind its time is refused and left as it was",
    arguments: [(999, true), (1_001, false)])
  func farBehindStateIsRefused(monthsBehind: Int, catchesUp: Bool) async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    do {
      let store = try LocalAppStore.create(
        atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
      _ = try await store.buyVerified(monthlyID)  // ends 2026-02-01
    }
    let now = try #require(
      Calendar(identifier: .gregorian).date(
        byAdding: .day, value: 1, to: utc(2026, 2 + monthsBehind, 1)))
    let database = try SQLiteDatabase(path: path, create: false)
    try database.query(
      "UPDATE meta SET value = ? WHERE key = 'now'",
      [.text(String(AppStoreJSON.milliseconds(now)))])
    let before = try #require(try FileHandle(forReadingAtPath: path)?.readToEnd())

    let store = try LocalAppStore(openingStateAt: path)
    if catchesUp {
      // The purchase, and a renewal on 2026-02-01 and on the first of each month after it.
      #expect(try await store.history().count == 1 + 1 + monthsBehind)
      return
    }
    let error = await #expect(throws: LocalAppStoreError.self) { try await store.history() }
    #expect(error?.code == .invalidState)
    #expect(error?.reason.contains("would renew it more than 1000 times at once") == true)
    await #expect(throws: StoreBackendError.self) {
      try await store.purchase(SportsTimeFixtures.annual, options: [])
    }
    #expect(try FileHandle(forReadingAtPath: path)?.readToEnd() == before)
  }
}
