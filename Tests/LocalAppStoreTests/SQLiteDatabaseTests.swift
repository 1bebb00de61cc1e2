import Foundation
import LocalAppStore
import TestSupport
import Testing

/// The connection's kept prepared statements: a kept statement must behave exactly as a fresh
/// one, and hold nothing between queries.
@Suite(.recordsQuietFailures) struct SQLiteDatabaseTests {
  static func table(_ database: SQLiteDatabase) throws {
    try database.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL)")
  }

  @Test("a kept statement takes new parameters and reads what changed since its last run")
  func reuse() throws {
    let database = try SQLiteDatabase(path: ":memory:")
    try Self.table(database)
    for name in ["a", "b", "c"] {
      try database.query("INSERT INTO item (name) VALUES (?)", [.text(name)])
      let names = try database.query("SELECT name FROM item ORDER BY id").map { $0[0] }
      #expect(names.last == .text(name))
    }
    #expect(try database.scalar("SELECT name FROM item WHERE id = ?", [.integer(2)]) == .text("b"))
    #expect(try database.scalar("SELECT name FROM item WHERE id = ?", [.integer(9)]) == nil)
    #expect(database.keptStatementCount == 3)
  }

  @Test("a statement that failed is usable again")
  func afterFailure() throws {
    let database = try SQLiteDatabase(path: ":memory:")
    try Self.table(database)
    let insert = "INSERT INTO item (name) VALUES (?)"
    try database.query(insert, [.text("a")])
    #expect(throws: LocalAppStoreError(.database, "")) {
      try database.query(insert, [.text("a")])
    }
    try database.query(insert, [.text("b")])
    #expect(try database.scalar("SELECT count(*) FROM item") == .integer(2))
  }

  @Test("a kept statement holds no lock between queries: another connection can write")
  func noLockHeld() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("locks.sqlite")
    // Rollback-journal mode, where an unfinished read keeps a shared lock that stops another
    // connection's commit; no busy wait, so a held lock fails at once.
    let reader = try SQLiteDatabase(path: path, busyTimeout: .zero)
    try Self.table(reader)
    try reader.query("INSERT INTO item (name) VALUES ('a'), ('b'), ('c')")
    #expect(try reader.query("SELECT name FROM item").count == 3)

    let writer = try SQLiteDatabase(path: path, busyTimeout: .zero)
    _ = try writer.immediateTransaction { () throws(LocalAppStoreError) in
      try writer.query("INSERT INTO item (name) VALUES (?)", [.text("d")])
    }
    #expect(try reader.query("SELECT name FROM item").count == 4)
  }

  @Test("a rolled-back transaction leaves nothing, with its statements kept")
  func rollback() throws {
    let database = try SQLiteDatabase(path: ":memory:")
    try Self.table(database)
    #expect(throws: LocalAppStoreError(.invalidArgument, "")) {
      try database.immediateTransaction { () throws(LocalAppStoreError) in
        try database.query("INSERT INTO item (name) VALUES (?)", [.text("gone")])
        throw LocalAppStoreError(.invalidArgument, "undo")
      }
    }
    #expect(try database.scalar("SELECT count(*) FROM item") == .integer(0))
  }

  @Test("past its limit the connection starts again, and every statement still runs")
  func limit() throws {
    let database = try SQLiteDatabase(path: ":memory:")
    for value in 0..<(SQLiteDatabase.statementLimit * 2 + 3) {
      #expect(try database.scalar("SELECT \(value)") == .integer(Int64(value)))
      #expect(database.keptStatementCount <= SQLiteDatabase.statementLimit)
    }
    #expect(try database.scalar("SELECT 0") == .integer(0))
  }
}
