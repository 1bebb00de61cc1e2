import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// States the command-line tool of older commits wrote (`TestData/OlderStates/README.md`),
/// opened by the current code: read-write they migrate, by name and once; read-only they are
/// read as they are and left byte for byte.
@Suite(.recordsQuietFailures) struct OlderStateFixtureTests {
  static let folder = PackageFolders.root.appendingPathComponent(
    "Tests/LocalAppStoreTests/TestData/OlderStates")
  /// 2c7931a: before the App Store Server API; 0876967: after it and the Transaction Manager.
  static let commits = ["2c7931a", "0876967"]

  @Test(
    "an older state opens for writing, migrates once by name, and reads as it was written",
    arguments: commits)
  func migrates(commit: String) async throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let path = temporary.path("state.sqlite")
    try FileManager.default.copyItem(
      atPath: Self.folder.appendingPathComponent("state-\(commit).sqlite").path, toPath: path)
    let before = try SQLiteDatabase(path: path, create: false)
    #expect(try before.scalar("PRAGMA user_version")?.integer == 5)

    let store = try LocalAppStore(openingStateAt: path)
    #expect(store.now == utc(2026, 2, 1))
    for account in ["purchaser", "partner"] {
      let expected = try Self.history(account, commit)
      let read = try await store.history(account: account).map(Row.init)
      #expect(read == expected, "\(account)'s history in the state of \(commit)")
    }
    #expect(try await store.history(account: "kid").isEmpty)
    #expect(try await store.askToBuyRequests(account: "kid").map(\.productID) == [monthlyID])

    let raw = try SQLiteDatabase(path: path, create: false)
    #expect(try raw.scalar("PRAGMA user_version")?.integer == LedgerStore.schemaVersion)
    let names = try raw.query("SELECT name FROM migrations ORDER BY name").compactMap { $0[0].text }
    #expect(names == LedgerStore.migrations.map(\.name).sorted())
    #expect(try raw.scalar("PRAGMA integrity_check")?.text == "ok")

    // Opened again, nothing is migrated twice: the due dates schema 5 filled stay as they are.
    let dueBefore = try raw.query("SELECT original_id, due_ms FROM subscriptions ORDER BY 1")
    _ = try LocalAppStore(openingStateAt: path)
    #expect(try raw.query("SELECT original_id, due_ms FROM subscriptions ORDER BY 1") == dueBefore)
  }

  @Test(
    "an older state opened read-only is read as it is and left byte for byte",
    arguments: commits)
  func readOnly(commit: String) async throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let path = temporary.path("state.sqlite")
    try FileManager.default.copyItem(
      atPath: Self.folder.appendingPathComponent("state-\(commit).sqlite").path, toPath: path)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))

    let store = try LocalAppStore(openingStateAt: path, access: .readOnly)
    #expect(try await store.history().map(Row.init) == Self.history("purchaser", commit))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
  }

  /// 7fc72d4 (schema 8) kept the terms beyond the catalog as JSON values of `meta`: a price
  /// set while running, a pending price increase, a renewal extension, a spent nonce, an
  /// interrupted purchase (`TestData/OlderStates/README.md`). Schema 9 moves them to tables.
  @Test("a schema 8 state's terms move from meta values to tables, and read as they were")
  func termsMoveToTables() async throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let path = temporary.path("state.sqlite")
    try FileManager.default.copyItem(
      atPath: Self.folder.appendingPathComponent("state-7fc72d4.sqlite").path, toPath: path)
    #expect(
      try SQLiteDatabase(path: path, create: false).scalar("PRAGMA user_version")?.integer == 8)

    let store = try LocalAppStore(openingStateAt: path)
    let raw = try SQLiteDatabase(path: path, create: false)
    #expect(try raw.scalar("PRAGMA user_version")?.integer == LedgerStore.schemaVersion)
    let legacy = try raw.query(
      """
      SELECT key FROM meta WHERE key IN ('priceOverrides', 'priceIncreases', 'renewalExtensions',
        'offerNonces', 'interruptedRequests')
      """)
    #expect(legacy.isEmpty)
    #expect(try raw.scalar("SELECT count(*) FROM offer_nonces")?.integer == 1)

    // The price set while running, and the increase pending for subscription #1.
    let monthly = try #require(try await store.products(for: [monthlyID]).first)
    #expect(monthly.price == Decimal(string: "5.99"))
    let info = try #require(try await store.renewalInfos().first)
    #expect(info.priceIncreaseStatus == .pending)
    #expect(info.renewalPriceMilliunits == 5_990)
    // One extension recorded: one more within the year, then Apple's limit.
    try await store.extendRenewalDate(transactionID: 1, days: 1)
    await #expect(throws: LocalAppStoreError.self) {
      try await store.extendRenewalDate(transactionID: 1, days: 1)
    }
    // The kid's purchase is still interrupted.
    #expect(try await store.isInterruptedPurchase(2))
  }

  /// Schema 9 kept failures three ways: the `faults` table, and `meta` values for the simulated
  /// errors and the Server API's faults. A state downgraded to that by hand migrates to the one
  /// `failures` table with each failure as it was armed.
  @Test("a schema 9 state's faults, simulated errors and Server API faults move to one table")
  func failuresMerge() async throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let (path, raw) = try Self.newState(in: temporary)
    try raw.execute(
      """
      DROP TABLE failures;
      CREATE TABLE faults(kind TEXT PRIMARY KEY, sticky INTEGER NOT NULL);
      INSERT INTO faults(kind, sticky) VALUES('network', 0), ('tamper', 1);
      INSERT INTO meta(key, value) VALUES('simulatedErrors',
        '{"Purchase":{"caseName":"notEntitled","reason":"no"}}');
      INSERT INTO meta(key, value) VALUES('serverFaults', '{"getTransactionInfo":true}');
      DELETE FROM migrations WHERE name = 'one-failure-table';
      PRAGMA user_version = 9;
      """)

    let store = try LocalAppStore(openingStateAt: path)
    #expect(try raw.scalar("PRAGMA user_version")?.integer == LedgerStore.schemaVersion)
    #expect(try raw.scalar("SELECT 1 FROM sqlite_master WHERE name = 'faults'") == nil)
    #expect(
      try raw.query("SELECT key FROM meta WHERE key IN ('simulatedErrors', 'serverFaults')")
        .isEmpty)
    #expect(try await store.status().faults == ["network": false, "tamper": true])
    #expect(try await store.simulatedError(forAPI: .purchase) == .notEntitled("no"))
    #expect(try await store.serverFaults() == ["getTransactionInfo": true])
  }

  @Test("a state that records a migration this build does not know is refused, untouched")
  func newerMigration() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let (path, raw) = try Self.newState(in: temporary)
    try raw.execute("INSERT INTO migrations(name) VALUES('from-the-future')")
    try raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(throws: LocalAppStoreError.self) { try LocalAppStore(openingStateAt: path) }
    do {
      _ = try LocalAppStore(openingStateAt: path)
    } catch {
      #expect(error.code == .newerSchema)
      #expect(error.reason.contains("from-the-future"))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
  }

  /// A new state file of the current schema in `temporary`, and a raw connection to it.
  static func newState(in temporary: TemporaryFolder) throws -> (String, SQLiteDatabase) {
    let path = temporary.path("state.sqlite")
    _ = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    return (path, try SQLiteDatabase(path: path, create: false))
  }

  /// What a history row is compared by: the fields every commit's `history --json` printed.
  struct Row: Equatable, CustomStringConvertible {
    var id: UInt64
    var originalID: UInt64
    var productID: String
    var ownership: String
    var isUpgraded: Bool
    var purchaseDate: Date
    var expirationDate: Date?

    init(_ transaction: Transaction) {
      id = transaction.id
      originalID = transaction.originalID
      productID = transaction.productID
      ownership = transaction.ownershipType.rawValue
      isUpgraded = transaction.isUpgraded
      purchaseDate = transaction.purchaseDate
      expirationDate = transaction.expirationDate
    }

    init(json: [String: Any]) throws {
      let dates = ISO8601DateFormatter()
      id = try #require((json["id"] as? NSNumber)?.uint64Value)
      originalID = try #require((json["originalID"] as? NSNumber)?.uint64Value)
      productID = try #require(json["productID"] as? String)
      ownership = try #require(json["ownershipType"] as? String)
      isUpgraded = try #require(json["isUpgraded"] as? Bool)
      let purchased = try #require(json["purchaseDate"] as? String)
      purchaseDate = try #require(dates.date(from: purchased))
      expirationDate = (json["expirationDate"] as? String).flatMap(dates.date(from:))
    }

    var description: String { "#\(id) \(productID) \(ownership)" }
  }

  /// The history that commit's tool printed for `account`.
  static func history(_ account: String, _ commit: String) throws -> [Row] {
    let data = try Data(
      contentsOf: folder.appendingPathComponent("history-\(account)-\(commit).json"))
    let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    return try entries.map { entry in
      let transaction = try #require(entry["transaction"] as? [String: Any])
      return try Row(json: transaction)
    }
  }
}
