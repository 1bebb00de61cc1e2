import AppStoreJWS
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
      renewalInfo: { (record) throws(LocalAppStoreError) in
        try self.renewalInfo(of: record, now: now)
      })
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
        let host = url.host, !host.isEmpty
      else {
        throw LocalAppStoreError(
          .invalidArgument,
          "'\(url.absoluteString)' is not an http or https URL with a host; nothing changed")
      }
      if let port = url.port, !(1...65_535).contains(port) {
        throw LocalAppStoreError(
          .invalidArgument,
          "'\(url.absoluteString)': port \(port) cannot exist (1 to 65535); nothing changed")
      }
      guard Self.isHostName(host) else {
        throw LocalAppStoreError(
          .invalidArgument,
          "'\(url.absoluteString)': '\(host)' is no host name (letters, digits and inner hyphens in "
            + "dot-separated labels of at most 63, 253 in all), IPv4 address or bracketed IPv6 "
            + "address; nothing changed")
      }
    }
    try operation { (_: Date) throws(LocalAppStoreError) in
      try ledger.setText(url?.absoluteString, for: .notificationURL)
    }
  }

  /// Whether `host` can name a machine: an IPv6 address, an IPv4 address (four
  /// numbers of 0 to 255), or a DNS name (RFC 1123: dot-separated labels of 1 to 63 letters,
  /// digits and inner hyphens, 253 characters in all, the last label not all digits).
  static func isHostName(_ host: String) -> Bool {
    // An IPv6 address, with its brackets or without (Foundation's `URL.host` drops them).
    let address =
      host.hasPrefix("[") && host.hasSuffix("]") ? host.dropFirst().dropLast() : host[...]
    if address.contains(":") {
      return address.count >= 2 && address.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
    let labels = host.split(separator: ".", omittingEmptySubsequences: false)
    if labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) {
      return labels.count == 4 && labels.allSatisfy { Int($0).map { $0 <= 255 } ?? false }
    }
    guard host.count <= 253, let last = labels.last, !last.allSatisfy(\.isNumber) else {
      return false
    }
    return labels.allSatisfy { label in
      (1...63).contains(label.count) && label.first != "-" && label.last != "-"
        && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
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

  // MARK: - Delivery

  /// How long a post may take before it counts as `TIMED_OUT`: a few seconds, so that a command
  /// never hangs on a receiver that is down (Apple's servers time out too).
  package static let notificationTimeout: TimeInterval = 3

  /// How long a sender's claim on a notification lasts, in store time: one minute, well past
  /// ``notificationTimeout``. Another sender skips a claimed notification until the claim ends;
  /// a sender that dies mid-post leaves its claim to expire, and the notification is sent again
  /// (with its `notificationUUID`) by the first delivery after that.
  package static let notificationClaimLease: TimeInterval = 60

  /// Posts every notification due now to the server URL (``setNotificationURL(_:)``), records
  /// each attempt, and schedules what failed: for a notification made in Production the next
  /// attempt 1, 12, 24, 48 and 72 hours after the previous one, in store time; for one made
  /// elsewhere none (one attempt). The schedule follows the environment the notification was
  /// made in, whatever the store signs as now.
  ///
  /// Each notification is claimed, in its own SQLite transaction, before it is posted
  /// (``notificationClaimLease``): of two senders on one state, only one posts it. Nothing is
  /// sent without a URL: the notifications wait. A post that never comes back (the process
  /// killed) records no attempt, so the notification is sent again, with the same
  /// `notificationUUID`, once its claim has expired.
  /// - Returns: One report per attempt, in the order made.
  @discardableResult
  package func deliverDueNotifications(
    using transport: some NotificationTransport, timeout: TimeInterval = notificationTimeout
  ) async throws(LocalAppStoreError) -> [NotificationDeliveryReport] {
    // No URL, nothing to post: found without an SQLite transaction, so that a command run with
    // no receiver set (the tool tries after every change) costs nothing more.
    let hasURL = try ledger.exclusively { () throws(LocalAppStoreError) in
      try ledger.text(.notificationURL) != nil
    }
    guard hasURL else { return [] }
    var reports: [NotificationDeliveryReport] = []
    var attempted: Set<String> = []
    while true {
      let (url, claimed) = try operation {
        (now: Date) throws(LocalAppStoreError) -> (URL?, NotificationRow?) in
        guard let url = try ledger.text(.notificationURL).flatMap(URL.init(string:)) else {
          return (nil, nil)
        }
        let row = try ledger.claimDueNotification(
          at: now, until: now.addingTimeInterval(Self.notificationClaimLease),
          skipping: attempted)
        return (url, row)
      }
      guard let url, let row = claimed else { return reports }
      attempted.insert(row.uuid)
      let body = Data("{\"signedPayload\":\"\(row.signedPayload)\"}".utf8)
      let outcome = await transport.post(body, to: url, timeout: timeout)
      reports.append(try recordAttempt(row, outcome))
    }
  }
  /// Records one attempt of `row` at the store's time and schedules the next.
  private func recordAttempt(_ row: NotificationRow, _ outcome: NotificationPostOutcome)
    throws(LocalAppStoreError) -> NotificationDeliveryReport
  {
    try operation { (now: Date) throws(LocalAppStoreError) in
      let delivered: Bool
      let result: String
      var status: Int?
      // "Responding to App Store Server Notifications": "Send HTTP 200, or any HTTP code between
      // 200 and 206, if the post was successful. Send HTTP 50x or 40x to have the App Store
      // retry the notification, if the post didn't succeed. The system considers all other
      // HTTP codes an unsuccessful post." So another code (a 3xx, a 207) fails for good — our
      // reading of the last sentence; a post that got no answer (timed out, refused) is
      // retried, as Apple retries a receiver that does not answer in time (DTS,
      // <https://developer.apple.com/forums/thread/779594>).
      let retried: Bool
      switch outcome {
      case .status(let code):
        status = code
        delivered = (200...206).contains(code)
        retried = (400...599).contains(code)
        result = delivered ? "SUCCESS" : "UNSUCCESSFUL_HTTP_RESPONSE_CODE"
      case .failed(let name, _):
        delivered = false
        retried = true
        result = name
      }
      let previous = try ledger.attempts(of: row.uuid).count
      let next =
        retried
        ? Self.nextAttempt(
          after: now, attemptsMade: previous + 1,
          environment: row.environment ?? signing.environment) : nil
      try ledger.recordAttempt(
        row.uuid, at: now, result: result, status: status, delivered: delivered,
        nextAttempt: next)
      return NotificationDeliveryReport(
        notificationUUID: row.uuid, notificationType: row.type, subtype: row.subtype,
        result: result, httpStatus: status, delivered: delivered,
        nextAttemptDate: delivered ? nil : next)
    }
  }

  /// When the next attempt falls after a failed one at `date`, the `attemptsMade`-th, of a
  /// notification made in `environment`: Production retries five times
  /// (``productionRetryHours``); other environments never.
  static func nextAttempt(after date: Date, attemptsMade: Int, environment: AppStoreEnvironment)
    -> Date?
  {
    guard environment == .production, attemptsMade >= 1,
      attemptsMade <= Self.productionRetryHours.count
    else { return nil }
    return date.addingTimeInterval(TimeInterval(Self.productionRetryHours[attemptsMade - 1] * 3600))
  }
}
