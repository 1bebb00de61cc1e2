import Foundation
import LocalAppStore
import StoreModel
import StoreTesting

/// Writes at `path` the state an older package left: one purchase of `productID`, then `sql`
/// (dropping what the newer schema added and setting `user_version`), checkpointed so that the
/// file alone holds it. Returns a raw connection to read the file's schema with.
func olderState(
  at path: String, buying productID: String, downgradingWith sql: String
) async throws -> SQLiteDatabase {
  let original = try LocalAppStore.create(
    atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
  try await original.buyVerified(productID)
  let raw = try SQLiteDatabase(path: path, create: false)
  // A state older than schema 6 has no migration log: its `user_version` says what it has.
  try raw.execute("DROP TABLE migrations")
  try raw.execute(sql)
  try raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
  return raw
}
