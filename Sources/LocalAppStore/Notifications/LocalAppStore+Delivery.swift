package import Foundation
import StoreModel

/// What posts a notification to a server: the command-line tool's is one HTTP/1.1 `POST` over a
/// socket on Linux (`HTTPPostTransport`), Foundation's `URLSession` on Apple's platforms; tests
/// inject their own (no HTTP inside `swift test`).
package protocol NotificationTransport: Sendable {
  /// Posts `body` (`{"signedPayload": "…"}`, JSON) to `url`, giving up after `timeout` seconds.
  func post(_ body: Data, to url: URL, timeout: TimeInterval) async -> NotificationPostOutcome
}

/// How one post ended.
package enum NotificationPostOutcome: Sendable, Hashable {
  /// The server answered with this HTTP status.
  case status(Int)
  /// No answer: Apple's `sendAttemptResult` name (`TIMED_OUT`, `NO_RESPONSE`, `OTHER`) and
  /// what went wrong.
  case failed(result: String, reason: String)
}

/// What one delivery attempt did.
package struct NotificationDeliveryReport: Sendable, Hashable, Codable {
  package var notificationUUID: String
  package var notificationType: String
  package var subtype: String?
  /// Apple's `sendAttemptResult` name.
  package var result: String
  package var httpStatus: Int?
  package var delivered: Bool
  /// When the next attempt is due, in store time; `nil` when delivered or given up on.
  package var nextAttemptDate: Date?
}

extension LocalAppStore {
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
