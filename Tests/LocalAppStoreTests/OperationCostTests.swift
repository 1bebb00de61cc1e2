import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// What the store's work costs, counted (``OperationCosts``), not timed: the figures the
/// benchmark prints per purchase and per renewal, held here so that a change that adds work
/// fails a test.
@Suite(.recordsQuietFailures) struct OperationCostTests {
  @Test("opening a state of the current schema begins no SQLite transaction, read-write or not")
  func openingCostsNothing() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    _ = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    for access in [LocalAppStore.Access.readWrite, .readOnly] {
      let store = try LocalAppStore(openingStateAt: path, access: access)
      #expect(await store.operationCosts.sqliteTransactions == 0, "opened \(access)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
  }

  @Test("a purchase costs 3 signatures, 1 verification and 1 SQLite transaction; a renewal 3/0/1")
  func purchaseAndRenewal() async throws {
    let store = try LocalAppStore.create(
      atPath: ":memory:", products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    var before = await store.operationCosts
    _ = try await store.purchaseWithOutcome(SportsTimeFixtures.monthly)
    var cost = await store.operationCosts - before
    #expect(cost.signatures == 3)
    #expect(cost.verifications == 1)
    #expect(cost.sqliteTransactions == 1)

    before = await store.operationCosts
    try await store.advanceTime(by: try #require(EmulatorDuration("P1M")))
    cost = await store.operationCosts - before
    #expect(cost.signatures == 3)
    #expect(cost.verifications == 0)
    #expect(cost.sqliteTransactions == 1)
  }

  /// Issue 32: the machine ran twice for a renewal with a pending price increase (once without
  /// it, once with) and twice for an offer purchase by a subscriber (once to ask, once to
  /// record).
  @Test("the subscription machine runs once per event: a purchase, an upgrade, a due renewal")
  func machineRunsOncePerEvent() async throws {
    let store = try LocalAppStore.create(
      atPath: ":memory:", products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    var before = await store.operationCosts
    let bought = try await store.buyVerified(monthlyID)
    #expect((await store.operationCosts - before).machineRuns == 1)

    try await store.setPrice(5.99, forProduct: monthlyID)
    try await store.requestPriceIncreaseConsent(transactionID: bought.id)
    before = await store.operationCosts
    try await store.advanceTime(by: try #require(EmulatorDuration("P1M")))
    #expect((await store.operationCosts - before).machineRuns == 1)

    before = await store.operationCosts
    _ = try await store.buyVerified(annualID)
    #expect((await store.operationCosts - before).machineRuns == 1)
  }

  @Test("the tool's `advance 1m` with no notification URL is one SQLite transaction in all")
  func advanceAsTheToolRunsIt() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    let made = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    _ = try await made.buyVerified(monthlyID)
    // As `sportstime-store advance 1m` does: open, advance; then open again and post what is
    // due (StoreCLI.run after every command that changes the state).
    let store = try LocalAppStore(openingStateAt: path)
    let advance = try await store.advanceTimeReporting(by: try #require(EmulatorDuration("1m")))
    #expect(advance.newTransactions.count == 1)
    let poster = try LocalAppStore(openingStateAt: path)
    #expect(try await poster.deliverDueNotifications(using: ScriptedTransport([])).isEmpty)
    let total =
      await store.operationCosts.sqliteTransactions + poster.operationCosts.sqliteTransactions
    #expect(total == 1)
  }

  /// A grace period's end is a due date (schema 8): no operation reads the subscriptions in
  /// billing retry to find ended grace periods, and the index that reading used is gone.
  @Test("no operation scans billing retry: the index of that scan is gone")
  func noBillingRetryScan() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    _ = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    let raw = try SQLiteDatabase(path: path, create: false)
    let indexes = try raw.query("SELECT name FROM sqlite_master WHERE type = 'index'").compactMap {
      $0[0].text
    }
    #expect(indexes.contains("subscriptions_due"))
    #expect(!indexes.contains("subscriptions_retrying"))
  }
}
