import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// The app's own data kept in the state: per account and key, durable, cleared by a reset, and
/// an older state upgraded to hold it.
@Suite(.recordsQuietFailures) struct AppDataTests {
  @Test("app data is kept per account and key, replaced, removed, and read by another process")
  func perAccount() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    let store = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    #expect(try store.appData(forKey: "trips") == nil)
    try store.setAppData(Data("Boston".utf8), forKey: "trips")
    try store.setAppData(Data("Chicago".utf8), forKey: "trips", account: "kid")
    try store.setAppData(Data(), forKey: "empty")
    try store.setAppData(Data("Boston,Denver".utf8), forKey: "trips")
    let other = try LocalAppStore(openingStateAt: path, account: "kid")
    #expect(try other.appData(forKey: "trips") == Data("Chicago".utf8))
    #expect(try other.appData(forKey: "trips", account: "purchaser") == Data("Boston,Denver".utf8))
    #expect(try other.appData(forKey: "empty", account: "purchaser") == Data())
    try store.setAppData(nil, forKey: "trips")
    #expect(try other.appData(forKey: "trips", account: "purchaser") == nil)
  }

  @Test("app data works on an in-memory store, from any thread")
  func inMemory() async throws {
    let store = try LocalAppStore.sportsTime()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<8 {
        group.addTask { try store.setAppData(Data([UInt8(index)]), forKey: "k\(index)") }
        group.addTask { try await store.buyVerified(SportsTimeFixtures.monthlyID) }
      }
      try await group.waitForAll()
    }
    for index in 0..<8 {
      #expect(try store.appData(forKey: "k\(index)") == Data([UInt8(index)]))
    }
  }

  @Test("a reset clears the app's data")
  func reset() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    let store = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    try store.setAppData(Data("Boston".utf8), forKey: "trips")
    let fresh = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    #expect(try fresh.appData(forKey: "trips") == nil)
  }

  @Test("a schema 1 state is upgraded in place when opened for writing, not when read-only")
  func migration() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    let raw = try await olderState(
      at: path, buying: SportsTimeFixtures.annualID,
      downgradingWith: "DROP TABLE app_data; PRAGMA user_version = 1")

    let reader = try LocalAppStore(openingStateAt: path, access: .readOnly)
    #expect(try reader.appData(forKey: "trips") == nil)
    #expect(try await reader.history().count == 1)
    #expect(try raw.scalar("PRAGMA user_version")?.integer == 1)

    let upgraded = try LocalAppStore(openingStateAt: path)
    #expect(try raw.scalar("PRAGMA user_version")?.integer == LedgerStore.schemaVersion)
    #expect(try await upgraded.history().count == 1)
    try upgraded.setAppData(Data("Boston".utf8), forKey: "trips")
    #expect(try reader.appData(forKey: "trips") == Data("Boston".utf8))
    #expect(try raw.scalar("PRAGMA integrity_check")?.text == "ok")
  }
}
