internal import CSQLite
import Foundation

/// A connection to one SQLite database: the only place that talks to libsqlite3.
///
/// Not thread-safe: the actor that owns it serializes every call. Errors carry
/// `sqlite3_errmsg` and the statement that failed.
package final class SQLiteDatabase {
  /// The value of a column or a parameter.
  package enum Value: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
  }

  private let handle: OpaquePointer
  /// Statements prepared once and kept for the next `query` of the same SQL text: preparing
  /// (parsing and planning) was a fifth of the time of a renewal catch-up, which runs the same
  /// few statements for each renewal. Each is reset and its parameters cleared after use, so a
  /// kept statement holds no lock and no data between queries.
  private var statements: [String: OpaquePointer] = [:]
  /// How many statements are kept; past it, the kept ones are finalized and the count starts
  /// again (the store runs a few dozen distinct statements).
  package static let statementLimit = 64
  /// The path given to `open`, for error messages.
  let path: String

  /// Whether the connection was opened read-only: SQLite refuses every write on it.
  let isReadOnly: Bool
  /// How many transactions ``immediateTransaction(_:)`` began on this connection (the
  /// benchmark's per-operation cost).
  private(set) var transactionCount = 0

  /// Opens (and creates when missing) the database at `path`; `:memory:` for a private one.
  ///
  /// - Parameters:
  ///   - create: Whether a missing file may be created (never when `readOnly`).
  ///   - readOnly: Whether to open the file read-only (`SQLITE_OPEN_READONLY`).
  ///   - busyTimeout: How long a statement waits for another connection's lock.
  package init(
    path: String, create: Bool = true, readOnly: Bool = false,
    busyTimeout: Duration = .seconds(10)
  ) throws(LocalAppStoreError) {
    var pointer: OpaquePointer?
    var flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX
    if create, !readOnly { flags |= SQLITE_OPEN_CREATE }
    let status = sqlite3_open_v2(path, &pointer, flags, nil)
    guard status == SQLITE_OK, let pointer else {
      let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(pointer)
      throw LocalAppStoreError(.stateUnreadable, "cannot open \(path): \(message)")
    }
    handle = pointer
    self.path = path
    isReadOnly = readOnly
    let milliseconds = busyTimeout.components.seconds * 1000
    sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
    sqlite3_extended_result_codes(handle, 1)
  }

  deinit {
    for statement in statements.values { sqlite3_finalize(statement) }
    sqlite3_close_v2(handle)
  }

  /// Writes a copy of the whole database to a new file at `path` (`VACUUM INTO`): a consistent
  /// snapshot, the write-ahead log's committed pages included, that takes only a read lock. The
  /// file must not exist yet.
  func snapshot(to path: String) throws(LocalAppStoreError) {
    _ = try query("VACUUM INTO ?", [.text(path)])
  }

  /// Replaces this database's whole content with `source`'s, through SQLite's online backup:
  /// one step under this database's write lock, so another connection sees either the old
  /// content or the new, and notices the change (its `data_version` moves).
  func replaceContents(with source: SQLiteDatabase) throws(LocalAppStoreError) {
    guard let backup = sqlite3_backup_init(handle, "main", source.handle, "main") else {
      throw LocalAppStoreError(
        .stateUnreadable, "cannot copy \(source.path) into \(path): \(errorMessage)")
    }
    let status = sqlite3_backup_step(backup, -1)
    let finished = sqlite3_backup_finish(backup)
    guard status == SQLITE_DONE, finished == SQLITE_OK else {
      throw LocalAppStoreError(
        .stateUnreadable,
        "cannot copy \(source.path) into \(path): \(errorMessage) (SQLite \(status))")
    }
  }

  /// Runs one or more statements that take no parameters and return no rows of interest.
  package func execute(_ sql: String) throws(LocalAppStoreError) {
    var message: UnsafeMutablePointer<CChar>?
    let status = sqlite3_exec(handle, sql, nil, nil, &message)
    if status != SQLITE_OK {
      let text = message.map { String(cString: $0) } ?? errorMessage
      sqlite3_free(message)
      throw error(status: status, text, sql: sql)
    }
  }

  /// Runs `sql` with `parameters` and returns every row.
  @discardableResult
  package func query(_ sql: String, _ parameters: [Value] = []) throws(LocalAppStoreError)
    -> [[Value]]
  {
    try withStatement(sql, parameters) { (statement) throws(LocalAppStoreError) in
      var rows: [[Value]] = []
      while true {
        let status = sqlite3_step(statement)
        if status == SQLITE_DONE { break }
        guard status == SQLITE_ROW else { throw error(status: status, errorMessage, sql: sql) }
        let count = sqlite3_column_count(statement)
        rows.append((0..<count).map { column(at: $0, in: statement) })
      }
      return rows
    }
  }

  /// Runs `body` on the kept statement of `sql` with `parameters` bound, and resets it after.
  private func withStatement<T>(
    _ sql: String, _ parameters: [Value],
    _ body: (OpaquePointer) throws(LocalAppStoreError) -> T
  ) throws(LocalAppStoreError) -> T {
    let statement = try preparedStatement(sql)
    defer {
      sqlite3_reset(statement)
      sqlite3_clear_bindings(statement)
    }
    for (index, parameter) in parameters.enumerated() {
      try bind(parameter, at: Int32(index + 1), in: statement, sql: sql)
    }
    return try body(statement)
  }

  /// The first column of the first row of `sql`, or `nil` when there is no row; the rows after
  /// the first are not read (nor made into values).
  package func scalar(_ sql: String, _ parameters: [Value] = []) throws(LocalAppStoreError)
    -> Value?
  {
    try withStatement(sql, parameters) { (statement) throws(LocalAppStoreError) -> Value? in
      let status = sqlite3_step(statement)
      if status == SQLITE_DONE { return nil }
      guard status == SQLITE_ROW else { throw error(status: status, errorMessage, sql: sql) }
      guard sqlite3_column_count(statement) > 0 else { return nil }
      return column(at: 0, in: statement)
    }
  }

  /// The number of rows the last statement changed.
  var changes: Int { Int(sqlite3_changes(handle)) }

  /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back when it throws; on a
  /// read-only connection, inside `BEGIN … COMMIT` (one consistent snapshot).
  ///
  /// `IMMEDIATE` takes the write lock at once (waiting up to the busy timeout), so that two
  /// processes sharing a file never interleave a read and a write.
  ///
  /// `BEGIN`, `COMMIT` and `ROLLBACK` are statements kept like any other (``query(_:_:)``):
  /// `sqlite3_exec` parsed and planned each of them again in every operation.
  package func immediateTransaction<T>(_ body: () throws(LocalAppStoreError) -> T)
    throws(LocalAppStoreError) -> T
  {
    try query(isReadOnly ? "BEGIN" : "BEGIN IMMEDIATE")
    transactionCount += 1
    let changesBefore = sqlite3_total_changes(handle)
    do {
      let result = try body()
      let wrote = sqlite3_total_changes(handle) != changesBefore
      if wrote { CrashPoint.willCommit() }
      try query("COMMIT")
      if wrote { CrashPoint.didCommit() }
      return result
    } catch {
      _ = try? query("ROLLBACK")
      throw error
    }
  }

  // MARK: - Internals

  private var errorMessage: String { String(cString: sqlite3_errmsg(handle)) }

  private func error(status: Int32, _ message: String, sql: String) -> LocalAppStoreError {
    let primary = status & 0xFF
    let code: LocalAppStoreError.Code =
      switch primary {
      case SQLITE_BUSY, SQLITE_LOCKED: .stateBusy
      case SQLITE_NOTADB, SQLITE_CORRUPT: .stateUnreadable
      default: .database
      }
    let statement = sql.count > 80 ? String(sql.prefix(77)) + "..." : sql
    return LocalAppStoreError(code, "\(path): \(message) (SQLite \(status), in `\(statement)`)")
  }

  /// The kept statement of `sql`, else a newly prepared one, kept.
  private func preparedStatement(_ sql: String) throws(LocalAppStoreError) -> OpaquePointer {
    if let kept = statements[sql] { return kept }
    let statement = try prepare(sql)
    if statements.count >= Self.statementLimit {
      for kept in statements.values { sqlite3_finalize(kept) }
      statements.removeAll(keepingCapacity: true)
    }
    statements[sql] = statement
    return statement
  }

  /// How many prepared statements the connection keeps now.
  package var keptStatementCount: Int { statements.count }

  private func prepare(_ sql: String) throws(LocalAppStoreError) -> OpaquePointer {
    var statement: OpaquePointer?
    let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard status == SQLITE_OK, let statement else {
      throw error(status: status, errorMessage, sql: sql)
    }
    return statement
  }

  private func bind(_ value: Value, at index: Int32, in statement: OpaquePointer, sql: String)
    throws(LocalAppStoreError)
  {
    let status: Int32
    switch value {
    case .null:
      status = sqlite3_bind_null(statement, index)
    case .integer(let integer):
      status = sqlite3_bind_int64(statement, index, integer)
    case .real(let real):
      status = sqlite3_bind_double(statement, index, real)
    case .text(let text):
      status = sqlite3_bind_text(statement, index, text, -1, Self.transient)
    case .blob(let bytes) where bytes.isEmpty:
      status = sqlite3_bind_zeroblob(statement, index, 0)
    case .blob(let bytes):
      status = bytes.withUnsafeBytes { buffer in
        sqlite3_bind_blob(statement, index, buffer.baseAddress, Int32(buffer.count), Self.transient)
      }
    }
    guard status == SQLITE_OK else { throw error(status: status, errorMessage, sql: sql) }
  }

  private func column(at index: Int32, in statement: OpaquePointer) -> Value {
    switch sqlite3_column_type(statement, index) {
    case SQLITE_INTEGER:
      return .integer(sqlite3_column_int64(statement, index))
    case SQLITE_FLOAT:
      return .real(sqlite3_column_double(statement, index))
    case SQLITE_TEXT:
      guard let text = sqlite3_column_text(statement, index) else { return .text("") }
      return .text(String(cString: text))
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(statement, index))
      guard let bytes = sqlite3_column_blob(statement, index), count > 0 else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default:
      return .null
    }
  }

  /// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the call returns.
  private static let transient = unsafeBitCast(
    OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
}

extension SQLiteDatabase.Value {
  /// The integer, or `nil` for any other kind of value.
  package var integer: Int64? {
    if case .integer(let value) = self { return value }
    return nil
  }

  /// The text, or `nil` for any other kind of value.
  package var text: String? {
    if case .text(let value) = self { return value }
    return nil
  }
}
