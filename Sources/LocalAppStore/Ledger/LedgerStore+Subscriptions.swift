import Foundation
import StoreModel

/// The `subscriptions` table: each subscription's record, and when time alone next changes it.
extension LedgerStore {
  func save(_ record: SubscriptionRecord) throws(LocalAppStoreError) {
    try database.query(
      """
      INSERT INTO subscriptions(original_id, account, group_id, source_original_id, record, due_ms)
      VALUES(?, ?, ?, ?, ?, ?)
      ON CONFLICT(original_id) DO UPDATE SET record = excluded.record,
        source_original_id = excluded.source_original_id, due_ms = excluded.due_ms
      """,
      [
        .integer(Int64(bitPattern: record.originalID)), .text(record.account),
        .text(record.groupID),
        record.sourceOriginalID.map { .integer(Int64(bitPattern: $0)) } ?? .null,
        .text(payload(of: record)),
        Self.dueMilliseconds(of: record).map { .integer($0) } ?? .null,
      ])
  }

  /// The `due_ms` column of `record`: when time alone next changes it
  /// (`SubscriptionMachine.nextDue(of:)`), in milliseconds; for a live subscription that has
  /// no such date (a damaged state), the smallest integer, so that every catch-up examines it;
  /// `NULL` when time alone never changes it.
  static func dueMilliseconds(of record: SubscriptionRecord) -> Int64? {
    if let due = SubscriptionMachine.nextDue(of: record) { return AppStoreJSON.milliseconds(due) }
    return SubscriptionMachine.isLive(record) ? .min : nil
  }

  /// The subscriptions the App Store drives itself that time alone may change by `now`: a
  /// superset of those whose due date is at or before `now` (milliseconds are compared), in
  /// the order of ``purchasedSubscriptions()``. Read through the `due_ms` index, so that an
  /// operation costs the same whatever the number of subscriptions (a read-only state of an
  /// older schema, which has no such column, is scanned).
  func subscriptionsDue(by now: Date) throws(LocalAppStoreError) -> [SubscriptionRecord] {
    guard version >= 5 else {
      return try purchasedSubscriptions().filter {
        SubscriptionMachine.isLive($0)
          && (SubscriptionMachine.nextDue(of: $0).map { $0 <= now } ?? true)
      }
    }
    // Sorted here: ordered by the rowid in SQL, SQLite's planner preferred scanning the whole
    // table in that order to searching the index (`EXPLAIN QUERY PLAN`: `SCAN subscriptions`),
    // which made every operation read every subscription; `ORDER BY +original_id` searched
    // the index, then opened a sorter for the one or no row found.
    return try subscriptions(
      where: "source_original_id IS NULL AND due_ms <= ?",
      [.integer(AppStoreJSON.milliseconds(now) + 1)], order: ""
    ).sorted { $0.originalID < $1.originalID }
  }

  /// The earliest date at which time alone changes a subscription the App Store drives itself:
  /// the smallest `due_ms`, which is the record's own date, since records keep whole
  /// milliseconds (``AppStoreJSON``) rounded as `due_ms` is.
  func nextDueDate() throws(LocalAppStoreError) -> Date? {
    guard version >= 5 else {
      return try purchasedSubscriptions().compactMap(SubscriptionMachine.nextDue(of:)).min()
    }
    let smallest = try database.scalar(
      "SELECT MIN(due_ms) FROM subscriptions WHERE source_original_id IS NULL AND due_ms > ?",
      [.integer(.min)])?.integer
    return smallest.map(AppStoreJSON.date(milliseconds:))
  }

  func subscriptions(of account: String) throws(LocalAppStoreError) -> [SubscriptionRecord] {
    try subscriptions(where: "account = ?", [.text(account)])
  }

  func subscription(account: String, group: String) throws(LocalAppStoreError)
    -> SubscriptionRecord?
  {
    try subscriptions(where: "account = ? AND group_id = ?", [.text(account), .text(group)]).first
  }

  /// The subscription whose original transaction is `originalID`.
  func subscription(originalID: UInt64) throws(LocalAppStoreError) -> SubscriptionRecord? {
    try subscriptions(where: "original_id = ?", [.integer(Int64(bitPattern: originalID))]).first
  }

  package func mirrors(of originalID: UInt64) throws(LocalAppStoreError) -> [SubscriptionRecord] {
    try subscriptions(where: "source_original_id = ?", [.integer(Int64(bitPattern: originalID))])
  }

  /// Subscriptions the App Store drives itself (not family members' copies).
  func purchasedSubscriptions() throws(LocalAppStoreError) -> [SubscriptionRecord] {
    try subscriptions(where: "source_original_id IS NULL", [])
  }

  /// The subscriptions that meet `condition`, in `order` (by original transaction identifier
  /// unless told). The ledger's own, as ``transactions(where:_:order:)``.
  func subscriptions(
    where condition: String, _ parameters: [SQLiteDatabase.Value],
    order: String = "ORDER BY original_id"
  ) throws(LocalAppStoreError) -> [SubscriptionRecord] {
    var result: [SubscriptionRecord] = []
    let rows = try database.query(
      "SELECT original_id, record FROM subscriptions WHERE \(condition) \(order)", parameters)
    for row in rows {
      result.append(
        try decode(
          SubscriptionRecord.self, row[1].text ?? "", what: "subscription \(row[0].integer ?? 0)",
          row: UInt64(bitPattern: row[0].integer ?? 0), cache: decodedRecords))
    }
    return result
  }

  // MARK: - A customer's own subscriptions and transactions

  /// `account`'s own live (active or in billing retry) subscription whose product is
  /// `productID`, and its latest transaction.
  /// - Throws: `notFound` when there is none.
  func liveSubscription(_ productID: String, of account: String)
    throws(LocalAppStoreError) -> (SubscriptionRecord, Transaction)
  {
    guard
      let record = try subscriptions(of: account).first(where: {
        $0.sourceOriginalID == nil && $0.productID == productID
          && ($0.phase == .active || $0.phase == .billingRetry)
      }),
      let latest = try latestTransaction(account: account, originalID: record.originalID)?
        .transaction
    else {
      throw LocalAppStoreError(.notFound, "\(account) has no live subscription to \(productID)")
    }
    return (record, latest)
  }

  /// The purchaser's subscription that transaction `transactionID` belongs to.
  /// - Throws: `notFound` for an unknown transaction; `notAllowed` for a family member's copy
  ///   (whose message asks to `verb` the purchaser's transaction instead) or a transaction that
  ///   is not an auto-renewable subscription's.
  func subscription(ofTransaction transactionID: UInt64, toAct verb: String = "use")
    throws(LocalAppStoreError) -> SubscriptionRecord
  {
    let stored = try purchasersTransaction(transactionID, toAct: verb)
    guard let record = try subscription(of: stored) else {
      throw LocalAppStoreError(
        .notAllowed, "transaction \(transactionID) is not an auto-renewable subscription's")
    }
    return record
  }

  /// The purchaser's subscription that the purchaser's transaction `stored` belongs to; `nil`
  /// when it is not an auto-renewable subscription's.
  func subscription(of stored: StoredTransaction) throws(LocalAppStoreError)
    -> SubscriptionRecord?
  {
    try subscriptions(of: stored.account).first {
      $0.originalID == stored.transaction.originalID && $0.sourceOriginalID == nil
    }
  }

  /// Transaction `transactionID`, which must be the purchaser's own, not a family member's
  /// copy.
  /// - Throws: `notFound` for an unknown transaction; `notAllowed` for a family member's copy,
  ///   with a message that asks to `verb` ("use", "delete", "resolve") the purchaser's
  ///   transaction instead.
  func purchasersTransaction(_ transactionID: UInt64, toAct verb: String = "use")
    throws(LocalAppStoreError) -> StoredTransaction
  {
    guard let stored = try transaction(transactionID) else {
      throw LocalAppStoreError(.notFound, "no transaction \(transactionID)")
    }
    guard stored.sourceID == nil else {
      throw LocalAppStoreError(
        .notAllowed,
        "transaction \(transactionID) is a family-shared copy; \(verb) the purchaser's "
          + "transaction \(stored.sourceID ?? 0)")
    }
    return stored
  }
}
