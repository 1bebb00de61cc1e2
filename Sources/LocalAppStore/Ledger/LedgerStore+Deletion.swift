/// Removing purchases: `SKTestSession.clearTransactions()` and `deleteTransaction(identifier:)`.
extension LedgerStore {
  /// Removes every transaction, subscription, Ask to Buy request and pending update; the
  /// accounts, family sharing, settings, faults and the app's data stay.
  func clearPurchases() throws(LocalAppStoreError) {
    if metaRows != nil { metaRows?["unsyncedPurchases"] = .some(nil) }
    if insertedTransactions != nil { insertedTransactions = [:] }
    try database.execute(
      """
      DELETE FROM transactions; DELETE FROM subscriptions; DELETE FROM requests;
      DELETE FROM updates; DELETE FROM meta WHERE key = 'unsyncedPurchases';
      """)
  }

  /// Removes transaction `id` and the family members' copies of it.
  package func deleteTransaction(_ id: UInt64) throws(LocalAppStoreError) {
    if insertedTransactions != nil { insertedTransactions = [:] }
    let value = SQLiteDatabase.Value.integer(Int64(bitPattern: id))
    try database.query("DELETE FROM transactions WHERE id = ? OR source_id = ?", [value, value])
  }

  /// Removes every transaction of subscription `originalID` (its original and its renewals)
  /// and the family members' copies of them.
  func deleteTransactions(ofSubscription originalID: UInt64) throws(LocalAppStoreError) {
    if insertedTransactions != nil { insertedTransactions = [:] }
    let value = SQLiteDatabase.Value.integer(Int64(bitPattern: originalID))
    try database.query(
      "DELETE FROM transactions WHERE source_id IN (SELECT id FROM transactions WHERE original_id = ?)",
      [value])
    try database.query("DELETE FROM transactions WHERE original_id = ?", [value])
  }

  /// Removes subscription `originalID` and the family members' copies of it.
  func deleteSubscription(_ originalID: UInt64) throws(LocalAppStoreError) {
    let value = SQLiteDatabase.Value.integer(Int64(bitPattern: originalID))
    try database.query(
      "DELETE FROM subscriptions WHERE original_id = ? OR source_original_id = ?", [value, value])
  }
}
