import AppStoreJWS
import Foundation
import LocalAppStore
import StoreInternals
import StoreModel
import StoreTesting
import TestSupport
import Testing

@Suite(.recordsQuietFailures) struct StateFileTests {
  @Test("a state file keeps every operation, its time and its certificate authority")
  func reopen() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    let first = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    try await first.buyVerified(monthlyID)
    try await first.advanceTime(by: try #require(EmulatorDuration("2m")))
    let token = try #require(await first.allTransactions().last?.jwsRepresentation)

    let second = try LocalAppStore(openingStateAt: path)
    #expect(second.now == utc(2026, 3, 1))
    #expect(try await second.history().count == 3)
    #expect(second.rootCertificateDER == first.rootCertificateDER)
    #expect(await second.allTransactions().allSatisfy { $0.isVerified })
    let verifier = try SignedDataVerifier(
      rootCertificates: [try Certificate(derEncoded: second.rootCertificateDER)],
      bundleID: "com.sportstime.app", environment: .xcode)
    #expect(try verifier.verifyTransaction(token).isVerified)
  }

  @Test("the schema is versioned and the file is in WAL mode")
  func schema() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    _ = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    let database = try SQLiteDatabase(path: path, create: false)
    #expect(try database.scalar("PRAGMA user_version")?.integer == LedgerStore.schemaVersion)
    #expect(try database.scalar("PRAGMA application_id")?.integer == LedgerStore.applicationID)
    #expect(try database.scalar("PRAGMA journal_mode")?.text == "wal")
    #expect(try database.scalar("PRAGMA integrity_check")?.text == "ok")
  }

  @Test(
    "a corrupt or foreign state file gives a clear error and is not modified",
    arguments: ["random bytes", "another app's database", "a newer schema", "a truncated state"])
  func refused(kind: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    let expected: LocalAppStoreError.Code
    switch kind {
    case "random bytes":
      var generator = SeededGenerator(seed: 42)
      let bytes = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      expected = .stateUnreadable
    case "another app's database":
      let other = try SQLiteDatabase(path: path)
      try other.execute(
        "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes(body) VALUES('hi')"
      )
      expected = .foreignState
    case "a newer schema":
      _ = try LocalAppStore.create(
        atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
      let database = try SQLiteDatabase(path: path)
      try database.execute(
        "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode=DELETE; PRAGMA user_version = 99")
      expected = .newerSchema
    default:
      _ = try LocalAppStore.create(
        atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
      let database = try SQLiteDatabase(path: path)
      try database.execute("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode=DELETE")
      let whole = try Data(contentsOf: URL(fileURLWithPath: path))
      try whole.prefix(whole.count / 2 + 100).write(to: URL(fileURLWithPath: path))
      expected = .stateUnreadable
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    for attempt in ["open", "reset"] {
      #expect {
        if attempt == "open" {
          _ = try LocalAppStore(openingStateAt: path)
        } else {
          _ = try LocalAppStore.create(
            atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
        }
      } throws: { error in
        (error as? LocalAppStoreError)?.code == expected
          && (error as? LocalAppStoreError)?.reason.contains(path) == true
      }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test("an empty file is refused by every way of opening, and stays empty")
  func emptyFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("empty.sqlite")
    try Data().write(to: URL(fileURLWithPath: path))
    for access in [LocalAppStore.Access.readOnly, .readWrite] {
      #expect(throws: LocalAppStoreError(.notFound, "")) {
        _ = try LocalAppStore(openingStateAt: path, access: access)
      }
    }
    // Through a file handle: `Data(contentsOf:)` of an empty file leaks 4 KB on Linux.
    let handle = try #require(FileHandle(forReadingAtPath: path))
    defer { try? handle.close() }
    #expect(try handle.readToEnd() == nil)
  }

  @Test("a state opened read-only is read, never written, and keeps one-shot faults armed")
  func readOnly() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    let writer = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    try await writer.buyVerified(monthlyID)
    try await writer.inject(.verification)
    let checkpoint = try SQLiteDatabase(path: path, create: false)
    try checkpoint.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    let before = try Data(contentsOf: URL(fileURLWithPath: path))

    let reader = try LocalAppStore(openingStateAt: path, access: .readOnly)
    #expect(reader.isReadOnly)
    #expect(try await reader.status().entitledProductIDs == [monthlyID])
    #expect(await reader.allTransactions().allSatisfy { $0.isVerified })
    #expect(try await reader.status().faults == ["verification": false])
    #expect(throws: LocalAppStoreError(.notAllowed, "")) {
      try reader.setAppData(Data("x".utf8), forKey: "k")
    }
    #expect(await backendErrorKind { try await reader.buy(annualID) } == "systemError")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(await writer.allTransactions().contains { !$0.isVerified })
  }

  @Test("a read-only store whose time calls for a renewal refuses rather than show a stale state")
  func readOnlyDue() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    let writer = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    try await writer.buyVerified(monthlyID)
    let clock = ManualClock(now: utc(2026, 3, 1))
    let reader = try LocalAppStore(openingStateAt: path, time: .clock(clock), access: .readOnly)
    await #expect(throws: LocalAppStoreError(.notAllowed, "")) {
      _ = try await reader.status()
    }
    #expect(try await writer.history().count == 1)
  }

  @Test("two stores on one file see each other's operations")
  func twoConnections() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    let first = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, settings: .polite,
      startDate: utc(2026, 1, 1))
    let second = try LocalAppStore(openingStateAt: path)
    try await first.buyVerified(monthlyID)
    try await second.advanceTime(by: try #require(EmulatorDuration("1m")))
    #expect(try await first.history().count == 2)
    #expect(first.now == utc(2026, 2, 1))
    #expect(await second.entitledProductIDs() == [monthlyID])
  }

  @Test("an in-memory store on the stored time moves with advanceTime")
  func inMemoryStoredTime() async throws {
    let store = try LocalAppStore.create(
      atPath: ":memory:", products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    try await store.buyVerified(annualID)
    try await store.advanceTime(bySeconds: 366 * day)
    #expect(store.now == utc(2027, 1, 2))
    #expect(try await store.history().count == 2)
  }

  @Test("an in-memory store cannot move its clock: the test moves the ManualClock")
  func clockNotSettable() async throws {
    let store = try LocalAppStore.sportsTime()
    await #expect(throws: LocalAppStoreError(.clockNotSettable, "")) {
      try await store.advanceTime(by: try #require(EmulatorDuration("1d")))
    }
  }
}

/// `PRAGMA integrity_check` of the database at `path`.
func integrityCheck(_ path: String) throws -> String {
  try SQLiteDatabase(path: path, create: false).scalar("PRAGMA integrity_check")?.text ?? ""
}
