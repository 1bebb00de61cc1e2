package import AppStoreJWS
package import Foundation
package import StoreModel

/// App Store Server Notifications V2, made as the App Store makes them.
///
/// Every change the store makes to a subscription (or a refund of another product) makes the
/// signed `responseBodyV2DecodedPayload` the App Store would send for it, in the same SQLite
/// transaction as the change: a notification is never lost, nor made for a change that rolled
/// back. Which change makes which `notificationType` and `subtype` follows Apple's
/// `notificationType` and `subtype` pages (App Store Server Notifications); the table is in the
/// "Server notifications" article.
extension LocalAppStore {
  /// The `bundleVersion` notifications carry (`CFBundleVersion`; the catalog has none).
  package static let notificationBundleVersion = "1"

  /// Hours between a Production notification's failed attempt and the next: Apple's "Responding
  /// to App Store Server Notifications" ("for version 2 notifications, it retries five times, at
  /// 1, 12, 24, 48, and 72 hours after the previous attempt"). Sandbox (and Xcode) get one
  /// attempt ("retry notifications are available only in the production environment").
  package static let productionRetryHours: [Int] = [1, 12, 24, 48, 72]

  // MARK: - Inside an operation

  /// Turns the changes the operation noted into stored, signed notifications (and a grace
  /// period that ended by `now` into `GRACE_PERIOD_EXPIRED`), inside the operation's SQLite
  /// transaction.
  func recordNotifications(now: Date) throws(LocalAppStoreError) {
    let changes = ledger.takeChanges()
    guard !ledger.isReadOnly else { return }
    var maker: NotificationMaker?
    func make() throws(LocalAppStoreError) -> NotificationMaker {
      if let maker { return maker }
      let made = NotificationMaker(settings: try currentSettings(), now: now)
      maker = made
      return made
    }
    for change in changes {
      switch change {
      case .subscription(let old, let new, let latestID):
        var latest: Transaction?
        if let latestID { latest = try ledger.transaction(latestID)?.transaction }
        for event in SubscriptionMachine.notifications(from: old, to: new, latest: latest, now: now)
        {
          if let key = event.eventKey, try ledger.hasNotification(eventKey: key) { continue }
          let record = event.usesOldRecord ? (old ?? new) : new
          try notify(
            event.type, event.subtype, record: record, transactionID: latestID,
            eventKey: event.eventKey, maker: try make())
        }
      case .revocation(let transactionID):
        guard let stored = try ledger.transaction(transactionID) else { continue }
        try notify(
          stored.sourceID == nil ? .refund : .revoke, nil, account: stored.account,
          originalID: stored.transaction.originalID, transaction: stored.transaction,
          record: nil, eventKey: nil, maker: try make())
      case .oneTimeCharge(let transactionID):
        // ONE_TIME_CHARGE: "the customer purchased a consumable, non-consumable, or
        // non-renewing subscription", or received a non-consumable through Family Sharing
        // (Apple's notificationType page, 2024).
        guard let stored = try ledger.transaction(transactionID) else { continue }
        try notify(
          .oneTimeCharge, nil, account: stored.account,
          originalID: stored.transaction.originalID, transaction: stored.transaction,
          record: nil, eventKey: nil, maker: try make())
      case .transaction(let type, let transactionID):
        guard let stored = try ledger.transaction(transactionID) else { continue }
        let record =
          stored.transaction.productType == .autoRenewable
          ? try ledger.subscription(originalID: stored.transaction.originalID) : nil
        try notify(
          type, nil, account: stored.account, originalID: stored.transaction.originalID,
          transaction: stored.transaction, record: record, eventKey: nil, maker: try make())
      case .event(let type, let subtype, let originalID):
        guard
          let record = try ledger.subscription(originalID: originalID)
        else { continue }
        try notify(
          type, subtype, record: record, transactionID: nil, eventKey: nil, maker: try make())
      }
    }
    // A grace period that ended while the subscription stays in billing retry.
    let retrying = try ledger.subscriptionsInBillingRetry()
    for record in retrying {
      guard let grace = SubscriptionMachine.graceEnd(of: record, by: now) else { continue }
      let key = Self.graceExpiredKey(record, grace)
      guard try !ledger.hasNotification(eventKey: key) else { continue }
      try notify(
        .gracePeriodExpired, nil, record: record, transactionID: nil, eventKey: key,
        maker: try make())
    }
  }

  static func graceExpiredKey(_ record: SubscriptionRecord, _ grace: Date) -> String {
    "grace-expired:\(record.account):\(record.originalID):\(AppStoreJSON.milliseconds(grace))"
  }

  /// Stores the notification of a subscription event, signed with the record's latest
  /// transaction (`transactionID`, else the latest now) and its renewal info.
  private func notify(
    _ type: NotificationType, _ subtype: NotificationSubtype?, record: SubscriptionRecord,
    transactionID: UInt64?, eventKey: String?, maker: NotificationMaker
  ) throws(LocalAppStoreError) {
    var transaction: Transaction?
    if let transactionID { transaction = try ledger.transaction(transactionID)?.transaction }
    if transaction == nil { transaction = try latestTransaction(of: record) }
    try notify(
      type, subtype, account: record.account, originalID: record.originalID,
      transaction: transaction, record: record, eventKey: eventKey, maker: maker)
  }

  private func notify(
    _ type: NotificationType, _ subtype: NotificationSubtype?, account: String,
    originalID: UInt64?, transaction: Transaction?, record: SubscriptionRecord?,
    eventKey: String?, maker: NotificationMaker
  ) throws(LocalAppStoreError) {
    var data = maker.data(environment: signing.environment)
    if let transaction {
      var transaction = transaction
      transaction.signedDate = maker.now
      transaction.environment = signing.environment
      transaction.jwsRepresentation = ""
      data.signedTransactionInfo = try signing.signature(over: authority.signer.encode(transaction))
    }
    if let record {
      var info = renewalInfo(of: record, now: maker.now)
      info.environment = signing.environment
      data.signedRenewalInfo = try signing.signature(over: authority.signer.encode(info))
      data.status = SubscriptionMachine.state(of: record, at: maker.now).state
    }
    try store(
      ServerNotification(
        notificationType: type, subtype: subtype,
        notificationUUID: try ledger.nextNotificationUUID(), version: "2.0", signedDate: maker.now,
        data: data),
      account: account, originalID: originalID, eventKey: eventKey)
  }

  /// Signs `notification` and stores it, due at once.
  func store(
    _ notification: ServerNotification, account: String, originalID: UInt64?, eventKey: String?
  ) throws(LocalAppStoreError) {
    guard let uuid = notification.notificationUUID else {
      throw LocalAppStoreError(.invalidState, "a notification to store has no notificationUUID")
    }
    var payload = PayloadWriter.json(of: notification) ?? Data()
    if payload.isEmpty {
      do {
        payload = try AppStoreJSON.encoder().encode(notification)
      } catch {
        throw LocalAppStoreError(.invalidState, "cannot encode a notification: \(error)")
      }
    }
    let signed = try signing.signature(over: payload)
    let now = notification.signedDate ?? clock.now
    try ledger.insertNotification(
      uuid: uuid, created: now,
      account: account, originalID: originalID, type: notification.notificationType.rawValue,
      subtype: notification.subtype?.rawValue, eventKey: eventKey, signedPayload: signed,
      nextAttempt: now, environment: notification.data?.environment ?? signing.environment)
  }

  // MARK: - Public

  /// The notifications the store made since `since` (all without it), oldest first, with their
  /// send attempts.
  package func serverNotifications(since: Date? = nil) throws(LocalAppStoreError)
    -> [StoredServerNotification]
  {
    try operation { (_: Date) throws(LocalAppStoreError) in
      try ledger.notifications(since: since).map { row throws(LocalAppStoreError) in
        try stored(row)
      }
    }
  }

  /// How many notifications await delivery (not delivered, another attempt still to come).
  package func pendingNotificationCount() throws(LocalAppStoreError) -> Int {
    try operation { (_: Date) throws(LocalAppStoreError) in
      try ledger.pendingNotificationCount()
    }
  }

  /// Makes a `TEST` notification, as App Store Connect's "Request a Test Notification" does.
  @discardableResult
  package func requestTestNotification() throws(LocalAppStoreError) -> StoredServerNotification {
    try operation { (now: Date) throws(LocalAppStoreError) in
      let maker = NotificationMaker(settings: try currentSettings(), now: now)
      let uuid = try ledger.nextNotificationUUID()
      try store(
        ServerNotification(
          notificationType: .test, notificationUUID: uuid, version: "2.0", signedDate: now,
          data: maker.data(environment: signing.environment)),
        account: Self.purchaser, originalID: nil, eventKey: nil)
      guard let row = try ledger.notification(uuid) else {
        throw LocalAppStoreError(.invalidState, "the test notification was not stored")
      }
      return try stored(row)
    }
  }

  /// The server URL notifications are posted to, as App Store Connect keeps one; `nil` when
  /// none is set.
  package func notificationURL() throws(LocalAppStoreError) -> URL? {
    try operation { (_: Date) throws(LocalAppStoreError) in
      try ledger.text(.notificationURL).flatMap(URL.init(string:))
    }
  }

  /// Sets (or, with `nil`, clears) the server URL notifications are posted to.
  /// - Throws: `invalidArgument` for a URL that is not `http` or `https` with a host.
  package func setNotificationURL(_ url: URL?) throws(LocalAppStoreError) {
    if let url {
      guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
        url.host?.isEmpty == false
      else {
        throw LocalAppStoreError(
          .invalidArgument,
          "'\(url.absoluteString)' is not an http or https URL with a host; nothing changed")
      }
    }
    try operation { (_: Date) throws(LocalAppStoreError) in
      try ledger.setText(url?.absoluteString, for: .notificationURL)
    }
  }

  /// Sets the environment everything the store signs from now on claims (transactions, renewal
  /// info, notifications), and the app's Apple ID that Production notifications carry.
  /// - Throws: `invalidArgument` for Production without an app Apple ID, or for an environment
  ///   the store does not sign (only Xcode, Sandbox and Production).
  package func setSigningEnvironment(_ environment: AppStoreEnvironment, appAppleID: UInt64? = nil)
    throws(LocalAppStoreError)
  {
    guard [.xcode, .sandbox, .production].contains(environment) else {
      throw LocalAppStoreError(
        .invalidArgument,
        "the local App Store signs as Xcode, Sandbox or Production, not \(environment.rawValue)")
    }
    try changeSettings { (settings) throws(LocalAppStoreError) in
      let id = appAppleID ?? settings.appAppleID
      guard environment != .production || id != nil else {
        throw LocalAppStoreError(
          .invalidArgument,
          "Production notifications carry the app's Apple ID: give one (--app-apple-id)")
      }
      settings.environment = environment
      settings.appAppleID = id
    }
  }

  func stored(_ row: NotificationRow) throws(LocalAppStoreError) -> StoredServerNotification {
    StoredServerNotification(
      notificationUUID: row.uuid, sequence: row.sequence, createdDate: row.createdDate,
      account: row.account, originalTransactionID: row.originalID,
      notificationType: NotificationType(rawValue: row.type),
      subtype: row.subtype.map(NotificationSubtype.init(rawValue:)),
      signedPayload: row.signedPayload, deliveredDate: row.deliveredDate,
      nextAttemptDate: row.nextAttemptDate,
      attempts: try ledger.attempts(of: row.uuid).map {
        StoredServerNotification.SendAttempt(
          date: $0.date, result: $0.result, httpStatus: $0.status)
      })
  }
}

/// What every notification of one operation shares.
struct NotificationMaker {
  let settings: EmulatorSettings
  let now: Date

  func data(environment: AppStoreEnvironment) -> ServerNotification.NotificationData {
    ServerNotification.NotificationData(
      environment: environment,
      appAppleID: environment == .production ? settings.appAppleID : nil,
      bundleID: settings.bundleID, bundleVersion: LocalAppStore.notificationBundleVersion)
  }
}

/// A server notification as the local App Store keeps it: the signed payload it posts, and
/// its send attempts (Apple's Get Notification History: `sendAttempts`).
package struct StoredServerNotification: Sendable, Hashable, Codable {
  /// One attempt to post the notification.
  package struct SendAttempt: Sendable, Hashable, Codable {
    /// When, in store time.
    package var date: Date
    /// Apple's `sendAttemptResult` names: `SUCCESS`, `UNSUCCESSFUL_HTTP_RESPONSE_CODE`,
    /// `TIMED_OUT`, `NO_RESPONSE`, `OTHER`.
    package var result: String
    /// The receiver's HTTP status, when it answered.
    package var httpStatus: Int?
  }

  /// The notification's `notificationUUID`: a retried notification keeps it.
  package var notificationUUID: String
  /// Its place in the order the store made them.
  package var sequence: Int64
  /// When the store made (and signed) it, in store time.
  package var createdDate: Date
  /// The customer it is about (a family member's copy is theirs).
  package var account: String
  /// The subscription's (or the purchase's) original transaction identifier.
  package var originalTransactionID: UInt64?
  package var notificationType: NotificationType
  package var subtype: NotificationSubtype?
  /// The compact JWS posted as `{"signedPayload": "…"}`.
  package var signedPayload: String
  /// When a receiver accepted it (HTTP 200–206).
  package var deliveredDate: Date?
  /// When it is due next; `nil` once delivered or given up on.
  package var nextAttemptDate: Date?
  /// Its send attempts, oldest first.
  package var attempts: [SendAttempt]

  /// Whether it still waits for a delivery.
  package var isPending: Bool { deliveredDate == nil && nextAttemptDate != nil }
}
