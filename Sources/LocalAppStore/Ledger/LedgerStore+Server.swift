import StoreModel

extension LedgerStore {
  /// The sequence of each transaction's last recorded change (the updates outbox), by
  /// identifier: the App Store Server API's "recently modified" order.
  func lastChanges() throws(LocalAppStoreError) -> [UInt64: Int64] {
    var changes: [UInt64: Int64] = [:]
    for row in try database.query(
      "SELECT transaction_id, MAX(seq) FROM updates GROUP BY transaction_id")
    {
      changes[UInt64(bitPattern: row[0].integer ?? 0)] = row[1].integer ?? 0
    }
    return changes
  }
}
