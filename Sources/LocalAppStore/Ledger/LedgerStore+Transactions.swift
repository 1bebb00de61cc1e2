import Foundation
package import StoreModel

/// The `transactions` table: every transaction of every account, with its revision.
extension LedgerStore {
  package func insert(_ stored: StoredTransaction) throws(LocalAppStoreError) {
    try database.query(
      """
      INSERT INTO transactions(id, account, original_id, source_id, revision, finished, payload)
      VALUES(?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .integer(Int64(bitPattern: stored.transaction.id)), .text(stored.account),
        .integer(Int64(bitPattern: stored.transaction.originalID)),
        stored.sourceID.map { .integer(Int64(bitPattern: $0)) } ?? .null,
        .integer(Int64(stored.revision)), .integer(stored.finished ? 1 : 0),
        .text(payload(of: stored.transaction)),
      ])
    if insertedTransactions != nil {
      var read = stored
      read.transaction = Self.asStored(stored.transaction)
      insertedTransactions?[stored.transaction.id] = read
    }
  }

  /// Rewrites a changed transaction and bumps its revision.
  package func update(_ transaction: Transaction) throws(LocalAppStoreError) -> Int {
    insertedTransactions?[transaction.id] = nil
    try database.query(
      "UPDATE transactions SET payload = ?, revision = revision + 1 WHERE id = ?",
      [.text(payload(of: transaction)), .integer(Int64(bitPattern: transaction.id))])
    return Int(
      try database.scalar(
        "SELECT revision FROM transactions WHERE id = ?",
        [.integer(Int64(bitPattern: transaction.id))])?
        .integer ?? 0)
  }

  package func setFinished(_ id: UInt64) throws(LocalAppStoreError) {
    insertedTransactions?[id] = nil
    try database.query(
      "UPDATE transactions SET finished = 1 WHERE id = ?", [.integer(Int64(bitPattern: id))])
  }

  package func transaction(_ id: UInt64) throws(LocalAppStoreError) -> StoredTransaction? {
    if let inserted = insertedTransactions?[id] { return inserted }
    return try transactions(where: "id = ?", [.integer(Int64(bitPattern: id))]).first
  }

  package func transactions(of account: String) throws(LocalAppStoreError) -> [StoredTransaction] {
    try transactions(where: "account = ?", [.text(account)])
  }

  /// Every transaction of every account, in identifier order.
  func allTransactions() throws(LocalAppStoreError) -> [StoredTransaction] {
    try transactions(where: "1", [])
  }

  /// The transactions of the subscription or purchase `originalID` that its buyer made (no
  /// family member's copies).
  func purchasedTransactions(ofOriginal originalID: UInt64) throws(LocalAppStoreError)
    -> [StoredTransaction]
  {
    try transactions(
      where: "original_id = ? AND source_id IS NULL", [.integer(Int64(bitPattern: originalID))])
  }

  /// `account`'s latest transaction of `originalID`. Only that row is read and decoded.
  func latestTransaction(account: String, originalID: UInt64) throws(LocalAppStoreError)
    -> StoredTransaction?
  {
    try transactions(
      where: "id = (SELECT MAX(id) FROM transactions WHERE account = ? AND original_id = ?)",
      [.text(account), .integer(Int64(bitPattern: originalID))]
    ).last
  }

  /// `account`'s latest transaction of each original transaction.
  func latestTransactions(of account: String) throws(LocalAppStoreError) -> [StoredTransaction] {
    try transactions(
      where: "id IN (SELECT MAX(id) FROM transactions WHERE account = ? GROUP BY original_id)",
      [.text(account)])
  }

  func copies(of sourceID: UInt64) throws(LocalAppStoreError) -> [StoredTransaction] {
    try transactions(where: "source_id = ?", [.integer(Int64(bitPattern: sourceID))])
  }

  /// The transactions that meet `condition`, in `order` (an `ORDER BY` clause, with any
  /// `LIMIT`).
  ///
  /// The ledger's own: outside `Ledger/` the named reads above are used, so that no SQL is
  /// written elsewhere.
  func transactions(
    where condition: String, _ parameters: [SQLiteDatabase.Value], order: String = "ORDER BY id"
  ) throws(LocalAppStoreError) -> [StoredTransaction] {
    let rows = try database.query(
      """
      SELECT account, source_id, revision, finished, payload, id FROM transactions
      WHERE \(condition) \(order)
      """, parameters)
    var result: [StoredTransaction] = []
    for row in rows {
      let id = row[5].integer ?? 0
      var transaction = try decode(
        Transaction.self, row[4].text ?? "", what: "transaction \(id)",
        row: UInt64(bitPattern: id), cache: decodedTransactions)
      transaction.jwsRepresentation = ""
      result.append(
        StoredTransaction(
          transaction: transaction, account: row[0].text ?? "",
          revision: Int(row[2].integer ?? 0), finished: row[3].integer == 1,
          sourceID: row[1].integer.map { UInt64(bitPattern: $0) }))
    }
    return result
  }
}
