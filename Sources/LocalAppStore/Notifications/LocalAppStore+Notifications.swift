package import AppStoreJWS
package import Foundation
package import StoreModel

/// App Store Server Notifications V2, made as the App Store makes them.
///
/// Every step the store takes that the App Store tells a server about makes the signed
/// `responseBodyV2DecodedPayload` the App Store would send for it, in the same SQLite
/// transaction as the step (``Notifier``). Which step makes which `notificationType` and
/// `subtype` is decided by the step itself (``SubscriptionMachine/Step/notices``), following
/// Apple's `notificationType` and `subtype` pages; the table is in the "Server notifications"
/// article.
extension LocalAppStore {
  /// The `bundleVersion` notifications carry (`CFBundleVersion`; the catalog has none).
  package static let notificationBundleVersion = "1"

  /// Hours between a Production notification's failed attempt and the next: Apple's "Responding
  /// to App Store Server Notifications" ("for version 2 notifications, it retries five times, at
  /// 1, 12, 24, 48, and 72 hours after the previous attempt"). Sandbox (and Xcode) get one
  /// attempt ("retry notifications are available only in the production environment").
  package static let productionRetryHours: [Int] = [1, 12, 24, 48, 72]

  // MARK: - Inside an operation

  /// Signs and stores what the operation's steps emitted (``Notifier``), inside the operation's
  /// SQLite transaction.
  func recordNotifications(now: Date) throws(LocalAppStoreError) {
    let emitted = notifier.takePending()
    guard !emitted.isEmpty, !ledger.isReadOnly else { return }
    let maker = NotificationMaker(settings: try currentSettings(), now: now)
    let made = try Notifier.store(
      emitted, at: now, data: maker.data(environment: signing.environment), in: ledger,
      signer: notificationSigner(now: now))
    emittedLog?.append(contentsOf: made)
  }

  /// The notifier's signer: the store's signing part, and renewal info as it is at `now`.
  func notificationSigner(now: Date) -> Notifier.Signer {
    Notifier.Signer(
      environment: signing.environment,
      sign: { (payload) throws(LocalAppStoreError) in try self.signing.signature(over: payload) },
      renewalInfo: { self.renewalInfo(of: $0, now: now) })
  }

  /// Starts keeping every notification the store's steps emit, for a test to compare with those
  /// it stored (``emittedNotifications()``).
  package func startEmittedNotificationLog() {
    emittedLog = []
  }

  /// The notifications emitted since ``startEmittedNotificationLog()``, in order; empty when it
  /// was not started.
  package func emittedNotifications() -> [EmittedNotification] {
    emittedLog ?? []
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
      try Notifier.store(
        ServerNotification(
          notificationType: .test, notificationUUID: uuid, version: "2.0", signedDate: now,
          data: maker.data(environment: signing.environment)),
        created: now, account: Self.purchaser, originalID: nil, in: ledger,
        signer: notificationSigner(now: now))
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
