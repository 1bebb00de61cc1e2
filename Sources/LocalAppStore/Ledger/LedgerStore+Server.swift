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

extension LedgerStore {
  /// One page of transactions, newest first, and how many meet the filter: the Transaction
  /// Manager's list. The page is read by the primary key from `before` down (`LIMIT`), so the
  /// first page of 100,000 transactions reads as many rows as the first of 100; the count is
  /// SQLite's over the same condition.
  func transactionPage(
    account: String?, productID: String?, type: String?, text: String?, before: UInt64?,
    limit: Int
  ) throws(LocalAppStoreError) -> (rows: [StoredTransaction], total: Int) {
    var conditions: [String] = []
    var parameters: [SQLiteDatabase.Value] = []
    if let account {
      conditions.append("account = ?")
      parameters.append(.text(account))
    }
    if let productID {
      conditions.append("json_extract(payload, '$.productId') = ?")
      parameters.append(.text(productID))
    }
    if let type {
      conditions.append("json_extract(payload, '$.type') = ?")
      parameters.append(.text(type))
    }
    if let text, !text.isEmpty {
      // instr, not LIKE: the text has no wildcard of its own; in any case (ASCII: the payload's
      // names and values are).
      conditions.append("(instr(lower(payload), lower(?)) > 0 OR CAST(id AS TEXT) = ?)")
      parameters += [.text(text), .text(text)]
    }
    let condition = conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")
    let total = Int(
      try database.scalar(
        "SELECT count(*) FROM transactions WHERE \(condition)", parameters)?.integer ?? 0)
    var pageCondition = condition
    var pageParameters = parameters
    if let before {
      pageCondition += " AND id < ?"
      pageParameters.append(.integer(Int64(clamping: before)))
    }
    let rows = try transactions(
      where: pageCondition, pageParameters, order: "ORDER BY id DESC LIMIT \(max(0, limit))")
    return (rows, total)
  }
}
