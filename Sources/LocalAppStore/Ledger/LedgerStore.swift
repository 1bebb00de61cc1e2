import Foundation
import StoreInternals
package import StoreModel

/// The local App Store's durable state: a versioned SQLite schema and typed reads and writes.
///
/// Every method runs inside the caller's transaction (``SQLiteDatabase/immediateTransaction(_:)``):
/// one store operation is one SQLite transaction.
///
/// Identifiers (`UInt64`) are stored as SQLite integers with the same 64 bits, so that every
/// identifier round-trips and none traps on the way in or out, whatever a caller asks for or
/// a state file holds.
package final class LedgerStore: @unchecked Sendable {
  // Sendable: the connection is not thread-safe, so once the store is made every use of it runs
  // inside `exclusively(_:)`, under `lock`: the store's operations on its actor and the app-data
  // calls from any thread alike. Before that, only the initializer that made it touches it.

  /// The schema this code writes (`PRAGMA user_version`): the version of the last of
  /// ``migrations``.
  package static var schemaVersion: Int64 { migrations.last?.version ?? 1 }
  /// Marks a database as a local App Store state (`PRAGMA application_id`, "STLS").
  package static let applicationID: Int64 = 0x5354_4C53

  /// How a state is opened.
  package enum Access {
    /// Made when missing (or empty), for a reset.
    case create
    /// An existing state, to read and write; an older schema is upgraded in place.
    case readWrite
    /// An existing state, read-only: nothing is ever written, not even an upgrade.
    case readOnly
  }

  let database: SQLiteDatabase
  /// The schema version of the file when it was opened (an older one when read-only).
  private(set) var version: Int64 = 0
  private let lock = Locked()
  private let encoder = AppStoreJSON.encoder()
  private let decoder = AppStoreJSON.decoder()
  /// What the rows' JSON decoded to (``DecodedRows``): every operation reads the settings, and
  /// a catch-up the same records and transactions, which decoding again cost a third of a
  /// renewal.
  let decodedMeta = DecodedRows<String, any Sendable>(capacity: 64)
  /// The `meta` rows the current SQLite transaction read or wrote, by key (`nil` for a row it
  /// found absent or removed); `nil` outside ``transaction(_:)``. Inside one, nothing else can
  /// change them: an immediate transaction holds the write lock, and a read-only one reads one
  /// snapshot. An operation read the settings, the stored time and the identifiers' state a
  /// dozen times, each an SQLite query. Every write of the table in this connection goes
  /// through ``setRow(_:_:)``, ``wipe()`` or ``clearPurchases()``, which keep it true.
  var metaRows: [String: String?]?
  /// The transactions the current SQLite transaction inserted, as ``transaction(_:)`` reads
  /// them, by identifier; `nil` outside ``transaction(_:)``. A notification reads the
  /// transaction its step just made, which was a SELECT of the row just written. Every other
  /// write of the `transactions` table in this connection forgets what it touched: ``update(_:)``
  /// and ``setFinished(_:)`` their row, the deletions, ``wipe()``, ``clearPurchases()`` and
  /// ``replaceContents(with:)`` them all.
  var insertedTransactions: [UInt64: StoredTransaction]?
  let decodedRecords = DecodedRows<UInt64, SubscriptionRecord>(capacity: 4096)
  let decodedTransactions = DecodedRows<UInt64, Transaction>(capacity: 4096)

  /// Opens the state at `path`, creating an empty schema when the file is new (`create`) and
  /// upgrading an older schema in place (`create`, `readWrite`).
  ///
  /// A file that is not SQLite, another application's database, a newer schema or (unless
  /// creating) an empty file is refused before anything is written to it.
  package init(path: String, access: Access) throws(LocalAppStoreError) {
    if access != .create, path != ":memory:", !FileManager.default.fileExists(atPath: path) {
      throw LocalAppStoreError(
        .notFound, "no local App Store state at \(path) (run `sportstime-store reset` first)")
    }
    database = try SQLiteDatabase(
      path: path, create: access == .create, readOnly: access == .readOnly && path != ":memory:")
    let pageCount = try database.scalar("PRAGMA page_count")?.integer ?? 0
    if pageCount > 0 {
      try checkIdentity()
    } else if access != .create {
      throw LocalAppStoreError(
        .notFound,
        "\(path) is empty: it holds no local App Store state (run `sportstime-store reset` first); "
          + "it was left untouched")
    }
    version = try database.scalar("PRAGMA user_version")?.integer ?? 0
    if database.isReadOnly { return }
    if path != ":memory:" {
      try database.execute("PRAGMA journal_mode=WAL")
    }
    try database.execute("PRAGMA synchronous=FULL")
    // A state of this schema is opened without a transaction: nothing is written to it (the
    // migrations it records are this build's, ``checkMigrationNames()``). Another one is made
    // or upgraded in one, which reads the version again: another process may have upgraded it.
    guard version != Self.schemaVersion else { return }
    try database.immediateTransaction { () throws(LocalAppStoreError) in
      let version = try database.scalar("PRAGMA user_version")?.integer ?? 0
      if version == 0 {
        try createSchema()
      } else if version < Self.schemaVersion {
        try migrate()
      }
    }
    version = Self.schemaVersion
  }

  /// Runs `body` with the connection to itself: the only way in once the store is shared.
  package func exclusively<T>(_ body: () throws(LocalAppStoreError) -> T) throws(LocalAppStoreError)
    -> T
  {
    try lock.withLock { () throws(LocalAppStoreError) in try body() }
  }

  /// Runs `body` as one SQLite transaction (`BEGIN IMMEDIATE`; `BEGIN` on a read-only state):
  /// committed when it returns, rolled back when it throws.
  package func transaction<T>(_ body: () throws(LocalAppStoreError) -> T) throws(LocalAppStoreError)
    -> T
  {
    metaRows = [:]
    insertedTransactions = [:]
    defer {
      metaRows = nil
      insertedTransactions = nil
    }
    return try database.immediateTransaction(body)
  }

  /// Whether the state was opened read-only: nothing is ever written to it.
  var isReadOnly: Bool { database.isReadOnly }
  /// The state's path (`:memory:` for a private one).
  var path: String { database.path }
  /// The SQLite transactions begun on this connection (``OperationCosts``).
  var transactionCount: Int { database.transactionCount }

  /// SQLite's `data_version`: it changes when another connection commits a change to the file.
  func dataVersion() throws(LocalAppStoreError) -> Int64 {
    try database.scalar("PRAGMA data_version")?.integer ?? 0
  }

  /// Writes a consistent copy of the state to `path` (`VACUUM INTO`).
  func snapshot(to path: String) throws(LocalAppStoreError) {
    try database.snapshot(to: path)
  }

  /// Replaces every page of this state with `source`'s (SQLite's online backup).
  func replaceContents(with source: LedgerStore) throws(LocalAppStoreError) {
    if insertedTransactions != nil { insertedTransactions = [:] }
    try database.replaceContents(with: source.database)
  }

  private func checkIdentity() throws(LocalAppStoreError) {
    let path = database.path
    let application = try database.scalar("PRAGMA application_id")?.integer ?? 0
    let version = try database.scalar("PRAGMA user_version")?.integer ?? 0
    guard application == Self.applicationID else {
      throw LocalAppStoreError(
        .foreignState,
        "\(path) is an SQLite database of another application (application_id \(application)), "
          + "not a local App Store state; it was left untouched")
    }
    guard version <= Self.schemaVersion else {
      throw LocalAppStoreError(
        .newerSchema,
        "\(path) has schema version \(version); this build reads up to \(Self.schemaVersion); "
          + "it was left untouched")
    }
    try checkMigrationNames()
    if path != ":memory:" {
      let check = try database.scalar("PRAGMA quick_check")?.text ?? ""
      guard check == "ok" else {
        throw LocalAppStoreError(.stateUnreadable, "\(path) is damaged: \(check)")
      }
    }
  }

  /// Whether `reset` has configured this state (it has products and settings).
  var isConfigured: Bool {
    get throws(LocalAppStoreError) { try readIfPresent(.settings) != nil }
  }

  /// Removes every row: the first half of a reset.
  package func wipe() throws(LocalAppStoreError) {
    if metaRows != nil { metaRows = [:] }
    if insertedTransactions != nil { insertedTransactions = [:] }
    try database.execute(
      """
      DELETE FROM meta; DELETE FROM products; DELETE FROM accounts; DELETE FROM transactions;
      DELETE FROM subscriptions; DELETE FROM requests; DELETE FROM failures; DELETE FROM updates;
      DELETE FROM app_data; DELETE FROM notifications; DELETE FROM notification_attempts;
      \(Self.wipeTerms)
      """)
  }

  /// The next identifier of a transaction or a request: 1, 2, 3, …
  func nextIdentifier() throws(LocalAppStoreError) -> UInt64 {
    let current = UInt64(try text(.nextID) ?? "1") ?? 1
    guard current < UInt64.max else {
      throw LocalAppStoreError(
        .invalidState, "\(database.path): no identifier is left after \(current)")
    }
    try setText(String(current + 1), for: .nextID)
    return current
  }

  // MARK: - Products

  func replaceProducts(_ products: [Product]) throws(LocalAppStoreError) {
    try database.execute("DELETE FROM products")
    for (position, product) in products.enumerated() {
      try database.query(
        "INSERT INTO products(id, position, record) VALUES(?, ?, ?)",
        [.text(product.id), .integer(Int64(position)), .text(try encode(ProductRecord(product)))])
    }
  }

  func products() throws(LocalAppStoreError) -> [Product] {
    var products: [Product] = []
    for row in try database.query("SELECT id, record FROM products ORDER BY position") {
      let id = row[0].text ?? "?"
      let record = try decode(ProductRecord.self, row[1].text ?? "", what: "product \(id)")
      guard let product = record.product else {
        throw LocalAppStoreError(.invalidState, "\(database.path): product \(id) does not decode")
      }
      products.append(product)
    }
    return products
  }

  // MARK: - Accounts

  func ensureAccount(_ name: String) throws(LocalAppStoreError) {
    try database.query("INSERT OR IGNORE INTO accounts(name) VALUES(?)", [.text(name)])
  }

  func accounts() throws(LocalAppStoreError) -> [(name: String, sharing: Bool)] {
    try database.query("SELECT name, sharing FROM accounts ORDER BY name").map {
      ($0[0].text ?? "", $0[1].integer == 1)
    }
  }

  package func setSharing(_ account: String, _ sharing: Bool) throws(LocalAppStoreError) {
    try ensureAccount(account)
    try database.query(
      "UPDATE accounts SET sharing = ? WHERE name = ?", [.integer(sharing ? 1 : 0), .text(account)])
  }

  func sharingMembers() throws(LocalAppStoreError) -> [String] {
    try database.query("SELECT name FROM accounts WHERE sharing = 1 ORDER BY name").compactMap {
      $0[0].text
    }
  }

  // MARK: - Ask to Buy

  package func insert(_ request: AskToBuyRequest, options: String) throws(LocalAppStoreError) {
    try database.query(
      "INSERT INTO requests(id, account, product_id, requested_ms, status, options) VALUES(?, ?, ?, ?, ?, ?)",
      [
        .integer(Int64(bitPattern: request.id)), .text(request.account), .text(request.productID),
        .integer(AppStoreJSON.milliseconds(request.requestDate)), .text(request.status.rawValue),
        .text(options),
      ])
  }

  func request(_ id: UInt64) throws(LocalAppStoreError) -> (AskToBuyRequest, options: String)? {
    try requests(where: "id = ?", [.integer(Int64(bitPattern: id))]).first
  }

  func requests(of account: String?) throws(LocalAppStoreError) -> [AskToBuyRequest] {
    if let account {
      return try requests(where: "account = ?", [.text(account)]).map(\.0)
    }
    return try requests(where: "1", []).map(\.0)
  }

  func setStatus(_ status: AskToBuyRequest.Status, ofRequest id: UInt64) throws(LocalAppStoreError)
  {
    try database.query(
      "UPDATE requests SET status = ? WHERE id = ?",
      [.text(status.rawValue), .integer(Int64(bitPattern: id))])
  }

  private func requests(where condition: String, _ parameters: [SQLiteDatabase.Value])
    throws(LocalAppStoreError) -> [(AskToBuyRequest, options: String)]
  {
    try database.query(
      """
      SELECT id, account, product_id, requested_ms, status, options FROM requests
      WHERE \(condition) ORDER BY id
      """, parameters
    ).map { row in
      (
        AskToBuyRequest(
          id: UInt64(bitPattern: row[0].integer ?? 0), account: row[1].text ?? "",
          productID: row[2].text ?? "",
          requestDate: AppStoreJSON.date(milliseconds: row[3].integer ?? 0),
          status: AskToBuyRequest.Status(rawValue: row[4].text ?? "") ?? .declined),
        options: row[5].text ?? ""
      )
    }
  }

  // MARK: - Injected failures

  /// A failure a test armed, as the ledger keeps it (schema 10's `failures` table): what it
  /// fails (`target`), the error it fails with (a `StoreBackendError` case's name and a reason;
  /// empty for a fault, whose kind says it), and whether it stays armed after it fails a call.
  package struct ArmedFailure: Equatable, Sendable {
    /// What the failure fails: `storekit:` and a StoreKit API, `fault:` and a ``Fault``'s
    /// kind, or `server:` and an App Store Server API endpoint.
    package var target: String
    /// The error's case name; empty when the target says it.
    package var error: String
    /// The error's reason; empty for the default.
    package var reason: String
    /// Whether it fails every call until disarmed, rather than the next one.
    package var sticky: Bool

    /// A failure of `target` with `error` and `reason`, `sticky` or for one call.
    package init(target: String, error: String = "", reason: String = "", sticky: Bool) {
      self.target = target
      self.error = error
      self.reason = reason
      self.sticky = sticky
    }
  }

  /// The armed failures whose target starts with `prefix`, by target.
  package func armedFailures(prefix: String) throws(LocalAppStoreError) -> [ArmedFailure] {
    try database.query(
      """
      SELECT target, error, reason, sticky FROM failures
      WHERE substr(target, 1, length(?1)) = ?1 ORDER BY target
      """, [.text(prefix)]
    ).map(Self.failure)
  }

  /// The failure armed for `target`, if any.
  package func armedFailure(_ target: String) throws(LocalAppStoreError) -> ArmedFailure? {
    try database.query(
      "SELECT target, error, reason, sticky FROM failures WHERE target = ?", [.text(target)]
    ).first.map(Self.failure)
  }

  /// Arms `failure`, in place of what its target had.
  package func arm(_ failure: ArmedFailure) throws(LocalAppStoreError) {
    try database.query(
      """
      INSERT INTO failures(target, error, reason, sticky) VALUES(?, ?, ?, ?)
      ON CONFLICT(target) DO UPDATE
        SET error = excluded.error, reason = excluded.reason, sticky = excluded.sticky
      """,
      [
        .text(failure.target), .text(failure.error), .text(failure.reason),
        .integer(failure.sticky ? 1 : 0),
      ])
  }

  /// Disarms the failure of `target`.
  package func disarm(_ target: String) throws(LocalAppStoreError) {
    try database.query("DELETE FROM failures WHERE target = ?", [.text(target)])
  }

  /// Disarms every failure whose target starts with `prefix`.
  package func disarmAll(prefix: String) throws(LocalAppStoreError) {
    try database.query(
      "DELETE FROM failures WHERE substr(target, 1, length(?1)) = ?1", [.text(prefix)])
  }

  private static func failure(_ row: [SQLiteDatabase.Value]) -> ArmedFailure {
    ArmedFailure(
      target: row[0].text ?? "", error: row[1].text ?? "", reason: row[2].text ?? "",
      sticky: row[3].integer == 1)
  }

  // MARK: - App data

  func appData(account: String, key: String) throws(LocalAppStoreError) -> Data? {
    if version < 2 {
      // Read-only on a schema 1 state, which another process may have upgraded since.
      let table = try database.scalar(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'app_data'")
      guard table != nil else { return nil }
    }
    let value = try database.scalar(
      "SELECT value FROM app_data WHERE account = ? AND key = ?", [.text(account), .text(key)])
    guard case .blob(let bytes)? = value else { return nil }
    return Data(bytes)
  }

  func setAppData(_ value: Data?, account: String, key: String) throws(LocalAppStoreError) {
    guard let value else {
      try database.query(
        "DELETE FROM app_data WHERE account = ? AND key = ?", [.text(account), .text(key)])
      return
    }
    try database.query(
      """
      INSERT INTO app_data(account, key, value) VALUES(?, ?, ?)
      ON CONFLICT(account, key) DO UPDATE SET value = excluded.value
      """, [.text(account), .text(key), .blob(Array(value))])
  }

  // MARK: - Updates outbox

  func appendUpdate(account: String, transactionID: UInt64, revision: Int)
    throws(LocalAppStoreError)
  {
    try database.query(
      "INSERT INTO updates(account, transaction_id, revision) VALUES(?, ?, ?)",
      [.text(account), .integer(Int64(bitPattern: transactionID)), .integer(Int64(revision))])
  }

  func lastUpdateSequence() throws(LocalAppStoreError) -> Int64 {
    try database.scalar("SELECT COALESCE(MAX(seq), 0) FROM updates")?.integer ?? 0
  }

  package func updates(after sequence: Int64) throws(LocalAppStoreError) -> [(
    sequence: Int64, account: String, transactionID: UInt64
  )] {
    try database.query(
      "SELECT seq, account, transaction_id FROM updates WHERE seq > ? ORDER BY seq",
      [.integer(sequence)]
    ).map { (($0[0].integer ?? 0), $0[1].text ?? "", UInt64(bitPattern: $0[2].integer ?? 0)) }
  }

  // MARK: - Coding

  /// A transaction's row: its App Store JSON, written by ``PayloadWriter`` (the encoder's bytes,
  /// at a fraction of its cost). What the row will decode to is known already
  /// (``asStored(_:)-swift.type.method``): it is kept for the next read, which then decodes
  /// nothing.
  func payload(of transaction: Transaction) -> String {
    let text = String(decoding: PayloadWriter.json(of: transaction), as: UTF8.self)
    decodedTransactions.keep(Self.asStored(transaction), key: transaction.id, text: text)
    return text
  }

  /// A subscription record's row, as ``payload(of:)-(Transaction)`` writes a transaction's.
  func payload(of record: SubscriptionRecord) -> String {
    let text = String(decoding: PayloadWriter.json(of: record), as: UTF8.self)
    decodedRecords.keep(Self.asStored(record), key: record.originalID, text: text)
    return text
  }

  /// `transaction` as its row decodes: dates in whole milliseconds (``AppStoreJSON``), no JWS.
  /// A test holds it to the decoder's result.
  package static func asStored(_ transaction: Transaction) -> Transaction {
    var stored = transaction
    stored.purchaseDate = wholeMilliseconds(transaction.purchaseDate)
    stored.originalPurchaseDate = transaction.originalPurchaseDate.map(wholeMilliseconds)
    stored.expirationDate = transaction.expirationDate.map(wholeMilliseconds)
    stored.signedDate = wholeMilliseconds(transaction.signedDate)
    stored.revocationDate = transaction.revocationDate.map(wholeMilliseconds)
    stored.jwsRepresentation = ""
    return stored
  }

  /// `record` as its row decodes: dates in whole milliseconds. A test holds it to the decoder's
  /// result.
  package static func asStored(_ record: SubscriptionRecord) -> SubscriptionRecord {
    var stored = record
    stored.expirationDate = wholeMilliseconds(record.expirationDate)
    stored.retryEndDate = record.retryEndDate.map(wholeMilliseconds)
    stored.gracePeriodEndDate = record.gracePeriodEndDate.map(wholeMilliseconds)
    stored.recentStartDate = wholeMilliseconds(record.recentStartDate)
    stored.originalPurchaseDate = wholeMilliseconds(record.originalPurchaseDate)
    return stored
  }

  private static func wholeMilliseconds(_ date: Date) -> Date {
    AppStoreJSON.date(milliseconds: AppStoreJSON.milliseconds(date))
  }

  func encode(_ value: some Encodable) throws(LocalAppStoreError) -> String {
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
      throw LocalAppStoreError(.invalidState, "cannot encode \(type(of: value)): \(error)")
    }
  }

  /// `text`, the JSON of `row`, decoded, through `cache`.
  func decode<T: Decodable & Sendable>(
    _ type: T.Type, _ text: String, what: @autoclosure () -> String, row: UInt64,
    cache: DecodedRows<UInt64, T>
  ) throws(LocalAppStoreError) -> T {
    if let value = cache[row, text] { return value }
    let value = try decode(type, text, what: what())
    cache.keep(value, key: row, text: text)
    return value
  }

  func decode<T: Decodable>(_ type: T.Type, _ text: String, what: String)
    throws(LocalAppStoreError) -> T
  {
    do {
      return try decoder.decode(type, from: Data(text.utf8))
    } catch {
      throw LocalAppStoreError(.invalidState, "\(database.path): \(what) does not decode: \(error)")
    }
  }
}
