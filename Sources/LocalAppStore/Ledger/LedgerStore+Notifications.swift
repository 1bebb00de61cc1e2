import AppStoreJWS
package import Foundation
import StoreModel

/// A row of the `notifications` table: one signed notification, its schedule and its claim.
package struct NotificationRow {
  package var uuid: String
  var sequence: Int64
  package var createdDate: Date
  var account: String
  var originalID: UInt64?
  package var type: String
  package var subtype: String?
  package var signedPayload: String
  var deliveredDate: Date?
  package var nextAttemptDate: Date?
  /// The environment it was made (and signed) in, which its retry schedule follows; `nil` for
  /// a row of a schema 3 state read without upgrading it.
  var environment: AppStoreEnvironment?
}

extension LedgerStore {
  /// The server notifications and their send attempts (schema 3; schema 4 adds each one's
  /// `environment` and the lease of a sender that claimed it, `claimed_until_ms`, in store
  /// time).
  static let notificationTables = """
    CREATE TABLE IF NOT EXISTS notifications(
      uuid TEXT PRIMARY KEY, seq INTEGER NOT NULL UNIQUE, created_ms INTEGER NOT NULL,
      account TEXT NOT NULL, original_id INTEGER, type TEXT NOT NULL, subtype TEXT,
      event_key TEXT, signed_payload TEXT NOT NULL, delivered_ms INTEGER,
      next_attempt_ms INTEGER, environment TEXT, claimed_until_ms INTEGER);
    CREATE INDEX IF NOT EXISTS notifications_due ON notifications(next_attempt_ms);
    CREATE INDEX IF NOT EXISTS notifications_event ON notifications(event_key);
    CREATE TABLE IF NOT EXISTS notification_attempts(
      uuid TEXT NOT NULL, attempt_ms INTEGER NOT NULL, result TEXT NOT NULL, status INTEGER);
    CREATE INDEX IF NOT EXISTS notification_attempts_uuid ON notification_attempts(uuid, attempt_ms);
    """

  /// Upgrades the notifications of a schema 3 state: each one gains the environment it was
  /// signed in (read from its own signed payload; the state's environment when it holds none)
  /// and an empty claim. A table that has the columns already (made by schema 3's migration
  /// in its latest form) keeps them.
  func addNotificationEnvironments(fallback: AppStoreEnvironment) throws(LocalAppStoreError) {
    let columns = try database.query("PRAGMA table_info(notifications)").compactMap { $0[1].text }
    if !columns.contains("environment") {
      try database.execute("ALTER TABLE notifications ADD COLUMN environment TEXT")
    }
    if !columns.contains("claimed_until_ms") {
      try database.execute("ALTER TABLE notifications ADD COLUMN claimed_until_ms INTEGER")
    }
    let decoder = AppStoreJSON.decoder()
    for row in try database.query("SELECT uuid, signed_payload FROM notifications") {
      let payload = (try? UnverifiedJWS(parsing: row[1].text ?? ""))?.payloadJSON
      let signed = payload.flatMap { try? decoder.decode(ServerNotification.self, from: $0) }
      let environment = signed?.data?.environment ?? fallback
      try database.query(
        "UPDATE notifications SET environment = ? WHERE uuid = ?",
        [.text(environment.rawValue), row[0]])
    }
  }

  // MARK: - Notifications

  /// Whether a notification of the event `key` was made already: the key a state written before
  /// schema 8 gave each `GRACE_PERIOD_EXPIRED` (``graceExpiredKey(_:_:)``); none since.
  func hasNotification(eventKey key: String) throws(LocalAppStoreError) -> Bool {
    try database.scalar("SELECT 1 FROM notifications WHERE event_key = ?", [.text(key)]) != nil
  }

  /// Stores a new notification, due at `nextAttempt` (`nil`: never sent on its own).
  func insertNotification(
    uuid: String, created: Date, account: String, originalID: UInt64?, type: String,
    subtype: String?, signedPayload: String, nextAttempt: Date?,
    environment: AppStoreEnvironment
  ) throws(LocalAppStoreError) {
    // The next sequence number is the statement's own subquery (the `seq` index's last entry),
    // not a SELECT of its own before it.
    try database.query(
      """
      INSERT INTO notifications(uuid, seq, created_ms, account, original_id, type, subtype,
        event_key, signed_payload, delivered_ms, next_attempt_ms, environment)
      VALUES(?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM notifications), ?, ?, ?, ?, ?, ?, ?,
        NULL, ?, ?)
      """,
      [
        .text(uuid), .integer(AppStoreJSON.milliseconds(created)),
        .text(account), originalID.map { .integer(Int64(bitPattern: $0)) } ?? .null,
        .text(type), subtype.map { .text($0) } ?? .null, .null,
        .text(signedPayload),
        nextAttempt.map { .integer(AppStoreJSON.milliseconds($0)) } ?? .null,
        .text(environment.rawValue),
      ])
  }

  /// The notifications made at or after `since` (all without it), oldest first.
  package func notifications(since: Date?) throws(LocalAppStoreError) -> [NotificationRow] {
    let milliseconds = since.map(AppStoreJSON.milliseconds) ?? Int64.min
    return try notificationRows(where: "created_ms >= ?", [.integer(milliseconds)])
  }

  /// Claims the oldest notification due at `now` that no other sender holds (its claim expired
  /// or none), leaving out `skipping`: its claim lasts until `until`, in store time. In the
  /// caller's transaction (an immediate one), so that of two senders on one state only one
  /// claims it.
  package func claimDueNotification(at now: Date, until: Date, skipping: Set<String>)
    throws(LocalAppStoreError) -> NotificationRow?
  {
    let milliseconds = AppStoreJSON.milliseconds(now)
    let due = try notificationRows(
      where: """
        delivered_ms IS NULL AND next_attempt_ms IS NOT NULL AND next_attempt_ms <= ?
          AND (claimed_until_ms IS NULL OR claimed_until_ms <= ?)
        """,
      [.integer(milliseconds), .integer(milliseconds)])
    guard let row = due.first(where: { !skipping.contains($0.uuid) }) else { return nil }
    try database.query(
      "UPDATE notifications SET claimed_until_ms = ? WHERE uuid = ?",
      [.integer(AppStoreJSON.milliseconds(until)), .text(row.uuid)])
    return row
  }

  /// How many notifications are neither delivered nor given up on.
  func pendingNotificationCount() throws(LocalAppStoreError) -> Int {
    if version < 3 {
      // Read-only on a state of an older schema, which another process may have upgraded.
      let table = try database.scalar(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'notifications'")
      guard table != nil else { return 0 }
    }
    return Int(
      try database.scalar(
        "SELECT COUNT(*) FROM notifications WHERE delivered_ms IS NULL AND next_attempt_ms IS NOT NULL"
      )?.integer ?? 0)
  }

  /// The notification whose `notificationUUID` is `uuid`, or `nil` when there is none.
  func notification(_ uuid: String) throws(LocalAppStoreError) -> NotificationRow? {
    try notificationRows(where: "uuid = ?", [.text(uuid)]).first
  }

  private func notificationRows(where condition: String, _ parameters: [SQLiteDatabase.Value])
    throws(LocalAppStoreError) -> [NotificationRow]
  {
    // A schema 3 state read without upgrading it has no environments.
    let environment = version < 4 ? "NULL" : "environment"
    return try database.query(
      """
      SELECT uuid, seq, created_ms, account, original_id, type, subtype, signed_payload,
        delivered_ms, next_attempt_ms, \(environment)
      FROM notifications WHERE \(condition) ORDER BY seq
      """, parameters
    ).map { row in
      NotificationRow(
        uuid: row[0].text ?? "", sequence: row[1].integer ?? 0,
        createdDate: AppStoreJSON.date(milliseconds: row[2].integer ?? 0),
        account: row[3].text ?? "", originalID: row[4].integer.map { UInt64(bitPattern: $0) },
        type: row[5].text ?? "", subtype: row[6].text, signedPayload: row[7].text ?? "",
        deliveredDate: row[8].integer.map(AppStoreJSON.date(milliseconds:)),
        nextAttemptDate: row[9].integer.map(AppStoreJSON.date(milliseconds:)),
        environment: row[10].text.map(AppStoreEnvironment.init(rawValue:)))
    }
  }

  /// The send attempts of `uuid`, oldest first.
  func attempts(of uuid: String) throws(LocalAppStoreError) -> [(
    date: Date, result: String, status: Int?
  )] {
    try database.query(
      "SELECT attempt_ms, result, status FROM notification_attempts WHERE uuid = ? ORDER BY rowid",
      [.text(uuid)]
    ).map {
      (
        AppStoreJSON.date(milliseconds: $0[0].integer ?? 0), $0[1].text ?? "",
        $0[2].integer.map { Int($0) }
      )
    }
  }

  /// Records an attempt to send `uuid` at `date`, and what comes next: delivered, or the next
  /// attempt's date (`nil`: no more attempts); the sender's claim ends.
  func recordAttempt(
    _ uuid: String, at date: Date, result: String, status: Int?, delivered: Bool,
    nextAttempt: Date?
  ) throws(LocalAppStoreError) {
    let milliseconds = AppStoreJSON.milliseconds(date)
    try database.query(
      "INSERT INTO notification_attempts(uuid, attempt_ms, result, status) VALUES(?, ?, ?, ?)",
      [
        .text(uuid), .integer(milliseconds), .text(result),
        status.map { .integer(Int64($0)) } ?? .null,
      ])
    try database.query(
      """
      UPDATE notifications SET delivered_ms = ?, next_attempt_ms = ?, claimed_until_ms = NULL
      WHERE uuid = ?
      """,
      [
        delivered ? .integer(milliseconds) : .null,
        (delivered ? nil : nextAttempt).map { .integer(AppStoreJSON.milliseconds($0)) } ?? .null,
        .text(uuid),
      ])
  }
}
