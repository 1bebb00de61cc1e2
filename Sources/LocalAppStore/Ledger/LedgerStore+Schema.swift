import AppStoreJWS
import Foundation
import StoreModel

/// A named change of the ledger's schema: applied once, in the SQLite transaction that opens
/// the state for writing, and recorded by name in the state's `migrations` table, as GRDB's
/// `DatabaseMigrator` records its own in `grdb_migrations` (GRDB's "Migrations" guide: "Each
/// migration runs in a separate transaction … migrations are applied in order, and only
/// once").
package struct LedgerMigration: Sendable {
  /// The name the state records: never changed once released.
  package let name: String
  /// The `user_version` a state has once this migration is applied.
  let version: Int64
  /// Makes the change, in the caller's transaction. Safe on a state that has part of it
  /// already (a state a test downgraded by hand).
  let apply: @Sendable (LedgerStore) throws(LocalAppStoreError) -> Void
}

extension LedgerStore {
  /// Every change of the schema since the first, in order. A new state gets the latest schema
  /// at once (``createSchema()``) and records every name; an older one runs those it lacks.
  package static let migrations: [LedgerMigration] = [
    LedgerMigration(name: "app-data", version: 2) { ledger throws(LocalAppStoreError) in
      try ledger.database.execute(appDataTable)
    },
    LedgerMigration(name: "server-notifications", version: 3) { ledger throws(LocalAppStoreError) in
      try ledger.database.execute(notificationTables)
    },
    LedgerMigration(name: "notification-environments", version: 4) {
      ledger throws(LocalAppStoreError) in
      let settings = try? ledger.read(.settings)
      try ledger.addNotificationEnvironments(fallback: settings?.environment ?? .xcode)
    },
    LedgerMigration(name: "due-dates", version: 5) { ledger throws(LocalAppStoreError) in
      try ledger.addDueDates()
    },
    LedgerMigration(name: "migration-log", version: 6) { ledger throws(LocalAppStoreError) in
      try ledger.database.execute(migrationsTable)
    },
    LedgerMigration(name: "billing-retry-index", version: 7) { ledger throws(LocalAppStoreError) in
      try ledger.database.execute(retryIndex)
    },
    LedgerMigration(name: "grace-due-dates", version: 8) { ledger throws(LocalAppStoreError) in
      try ledger.addGraceDueDates()
    },
    LedgerMigration(name: "state-tables", version: 9) { ledger throws(LocalAppStoreError) in
      try ledger.addTermsTables()
    },
    LedgerMigration(name: "one-failure-table", version: 10) { ledger throws(LocalAppStoreError) in
      try ledger.mergeFailures()
    },
  ]

  /// The names of the migrations applied (schema 6): before it, what `user_version` implies.
  private static let migrationsTable = """
    CREATE TABLE IF NOT EXISTS migrations(name TEXT PRIMARY KEY) WITHOUT ROWID;
    """

  /// The app's own data, per account and key (schema 2).
  private static let appDataTable = """
    CREATE TABLE IF NOT EXISTS app_data(
      account TEXT NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL,
      PRIMARY KEY(account, key)) WITHOUT ROWID;
    """

  /// Reads subscriptions by due date (schema 5).
  private static let dueIndex = """
    CREATE INDEX subscriptions_due ON subscriptions(due_ms) WHERE source_original_id IS NULL;
    """

  /// Found the subscriptions in billing retry (schema 7), which every operation then read for
  /// the grace periods that ended; schema 8 drops it, a grace period's end being a due event
  /// of its own (``addGraceDueDates()``).
  private static let retryIndex = """
    CREATE INDEX IF NOT EXISTS subscriptions_retrying ON subscriptions(original_id)
      WHERE json_extract(record, '$.phase') = 'billingRetry';
    """

  /// The latest schema, in a new state, with every migration recorded as applied.
  func createSchema() throws(LocalAppStoreError) {
    try database.execute(
      """
      CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE products(id TEXT PRIMARY KEY, position INTEGER NOT NULL, record TEXT NOT NULL);
      CREATE TABLE accounts(name TEXT PRIMARY KEY, sharing INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE transactions(
        id INTEGER PRIMARY KEY, account TEXT NOT NULL, original_id INTEGER NOT NULL,
        source_id INTEGER, revision INTEGER NOT NULL, finished INTEGER NOT NULL,
        payload TEXT NOT NULL);
      CREATE INDEX transactions_account ON transactions(account, id);
      CREATE INDEX transactions_source ON transactions(source_id);
      CREATE TABLE subscriptions(
        original_id INTEGER PRIMARY KEY, account TEXT NOT NULL, group_id TEXT NOT NULL,
        source_original_id INTEGER, record TEXT NOT NULL, due_ms INTEGER);
      CREATE INDEX subscriptions_account ON subscriptions(account, group_id);
      \(Self.dueIndex)
      CREATE TABLE requests(
        id INTEGER PRIMARY KEY, account TEXT NOT NULL, product_id TEXT NOT NULL,
        requested_ms INTEGER NOT NULL, status TEXT NOT NULL, options TEXT NOT NULL);
      \(Self.failuresTable)
      CREATE TABLE updates(
        seq INTEGER PRIMARY KEY AUTOINCREMENT, account TEXT NOT NULL,
        transaction_id INTEGER NOT NULL, revision INTEGER NOT NULL);
      \(Self.appDataTable)
      \(Self.notificationTables)
      \(Self.migrationsTable)
      \(Self.termsTables)
      PRAGMA application_id = \(Self.applicationID);
      PRAGMA user_version = \(Self.schemaVersion);
      """)
    for migration in Self.migrations { try record(migration) }
  }

  /// Applies the migrations the state lacks, in order, in the caller's transaction.
  func migrate() throws(LocalAppStoreError) {
    let applied = try appliedMigrations()
    for migration in Self.migrations where !applied.contains(migration.name) {
      try migration.apply(self)
    }
    // Recorded once the table exists: the names a state older than it implied too.
    for migration in Self.migrations { try record(migration) }
    try database.execute("PRAGMA user_version = \(Self.schemaVersion)")
  }

  /// The names of the migrations the state has: those its `migrations` table records, or,
  /// in a state older than that table, those its `user_version` implies.
  func appliedMigrations() throws(LocalAppStoreError) -> Set<String> {
    let table = try database.scalar(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'migrations'")
    guard table != nil else {
      let version = try database.scalar("PRAGMA user_version")?.integer ?? 0
      return Set(Self.migrations.filter { $0.version <= version }.map(\.name))
    }
    return Set(try database.query("SELECT name FROM migrations").compactMap { $0[0].text })
  }

  /// Refuses a state a newer build migrated: one that records a migration this build lacks.
  func checkMigrationNames() throws(LocalAppStoreError) {
    let unknown = try appliedMigrations().subtracting(Self.migrations.map(\.name)).sorted()
    guard unknown.isEmpty else {
      throw LocalAppStoreError(
        .newerSchema,
        "\(database.path) was migrated by a newer build (\(unknown.joined(separator: ", "))); "
          + "it was left untouched")
    }
  }

  private func record(_ migration: LedgerMigration) throws(LocalAppStoreError) {
    let table = try database.scalar(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'migrations'")
    guard table != nil else { return }
    try database.query(
      "INSERT OR IGNORE INTO migrations(name) VALUES(?)", [.text(migration.name)])
  }

  /// Makes the end of each grace period a due event (schema 8): a subscription in billing
  /// retry is due when its grace period ends (``SubscriptionMachine/nextDue(of:)``), where it
  /// was due when its retry ends and every operation scanned the retrying ones for grace periods
  /// that had ended; the index of that scan goes. A grace period whose end that scan told (its
  /// `GRACE_PERIOD_EXPIRED` carries the event key ``graceExpiredKey(_:_:)``) is marked ended
  /// (``SubscriptionRecord/gracePeriodEnded``), so that it is not told again.
  private func addGraceDueDates() throws(LocalAppStoreError) {
    try database.execute("DROP INDEX IF EXISTS subscriptions_retrying")
    let retrying = try subscriptions(
      where: "json_extract(record, '$.phase') = 'billingRetry'", [])
    for var record in retrying {
      if let grace = record.gracePeriodEndDate,
        try hasNotification(eventKey: Self.graceExpiredKey(record, grace))
      {
        record.gracePeriodEnded = true
      }
      try database.query(
        "UPDATE subscriptions SET record = ?, due_ms = ? WHERE original_id = ?",
        [
          .text(payload(of: record)),
          Self.dueMilliseconds(of: record).map { .integer($0) } ?? .null,
          .integer(Int64(bitPattern: record.originalID)),
        ])
    }
  }

  /// The event key a state written before schema 8 gave the `GRACE_PERIOD_EXPIRED` of
  /// `record`'s grace period ending at `grace`.
  static func graceExpiredKey(_ record: SubscriptionRecord, _ grace: Date) -> String {
    "grace-expired:\(record.account):\(record.originalID):\(AppStoreJSON.milliseconds(grace))"
  }

  /// Adds `due_ms` (schema 5) and fills it from each record. A state a test downgraded by
  /// hand may have the column already.
  private func addDueDates() throws(LocalAppStoreError) {
    let columns = try database.query("PRAGMA table_info(subscriptions)").compactMap { $0[1].text }
    if !columns.contains("due_ms") {
      try database.execute("ALTER TABLE subscriptions ADD COLUMN due_ms INTEGER")
    }
    try database.execute("DROP INDEX IF EXISTS subscriptions_due")
    try database.execute(Self.dueIndex)
    for record in try subscriptions(where: "1", []) {
      try database.query(
        "UPDATE subscriptions SET due_ms = ? WHERE original_id = ?",
        [
          Self.dueMilliseconds(of: record).map { .integer($0) } ?? .null,
          .integer(Int64(bitPattern: record.originalID)),
        ])
    }
  }

  /// Every failure a test armed, one row each (schema 10): StoreKit's simulated errors, the
  /// faults StoreKit has no word for, and the App Store Server API's.
  private static let failuresTable = """
    CREATE TABLE IF NOT EXISTS failures(
      target TEXT PRIMARY KEY, error TEXT NOT NULL, reason TEXT NOT NULL,
      sticky INTEGER NOT NULL) WITHOUT ROWID;
    """

  /// Moves the three ways a failure was kept into the one `failures` table (schema 10): the
  /// `faults` table, and the simulated errors and the Server API's faults that `meta` values
  /// held.
  private func mergeFailures() throws(LocalAppStoreError) {
    try database.execute(Self.failuresTable)
    let faultsTable = try database.scalar(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'faults'")
    if faultsTable != nil {
      try database.execute(
        """
        INSERT OR REPLACE INTO failures(target, error, reason, sticky)
          SELECT 'fault:' || kind, '', '', sticky FROM faults;
        DROP TABLE faults;
        """)
    }
    for (api, error) in try readIfPresent(.legacySimulatedErrors) ?? [:] {
      try arm(
        ArmedFailure(
          target: "storekit:" + api, error: error.caseName, reason: error.reason, sticky: true))
    }
    for (endpoint, sticky) in try readIfPresent(.legacyServerFaults) ?? [:] {
      try arm(ArmedFailure(target: "server:" + endpoint, sticky: sticky))
    }
    try database.execute("DELETE FROM meta WHERE key IN ('simulatedErrors', 'serverFaults')")
  }
}

/// The `meta` values schema 10 moved into the `failures` table, read once by its migration.
/// A simulated error as schema 9 and older kept it in `meta`: a `StoreBackendError` case's
/// name and its reason.
private struct LegacySimulatedError: Codable {
  var caseName: String
  var reason: String
}

extension MetaKey where Value == [String: LegacySimulatedError] {
  fileprivate static var legacySimulatedErrors: Self {
    Self(name: "simulatedErrors", absent: [:])
  }
}

extension MetaKey where Value == [String: Bool] {
  fileprivate static var legacyServerFaults: Self { Self(name: "serverFaults", absent: [:]) }
}
