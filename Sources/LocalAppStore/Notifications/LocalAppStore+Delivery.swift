public import Foundation
import StoreModel

/// What posts a notification to a server: the command-line tool's is Foundation's `URLSession`;
/// tests inject their own (no HTTP inside `swift test`).
public protocol NotificationTransport: Sendable {
  /// Posts `body` (`{"signedPayload": "…"}`, JSON) to `url`, giving up after `timeout` seconds.
  func post(_ body: Data, to url: URL, timeout: TimeInterval) async -> NotificationPostOutcome
}

/// How one post ended.
public enum NotificationPostOutcome: Sendable, Hashable {
  /// The server answered with this HTTP status.
  case status(Int)
  /// No answer: Apple's `sendAttemptResult` name (`TIMED_OUT`, `NO_RESPONSE`, `OTHER`) and
  /// what went wrong.
  case failed(result: String, reason: String)
}

/// What one delivery attempt did.
public struct NotificationDeliveryReport: Sendable, Hashable, Codable {
  public var notificationUUID: String
  public var notificationType: String
  public var subtype: String?
  /// Apple's `sendAttemptResult` name.
  public var result: String
  public var httpStatus: Int?
  public var delivered: Bool
  /// When the next attempt is due, in store time; `nil` when delivered or given up on.
  public var nextAttemptDate: Date?
}

extension LocalAppStore {
  /// How long a post may take before it counts as `TIMED_OUT`: a few seconds, so that a command
  /// never hangs on a receiver that is down (Apple's servers time out too).
  public static let notificationTimeout: TimeInterval = 3

  /// Posts every notification due now to the server URL (``setNotificationURL(_:)``), records
  /// each attempt, and schedules what failed: in Production the next attempt 1, 12, 24, 48 and
  /// 72 hours after the previous one, in store time; elsewhere none (one attempt).
  ///
  /// Nothing is sent without a URL: the notifications wait. A post that never comes back (the
  /// process killed) records nothing, so the notification is sent again, with the same
  /// `notificationUUID`, by the next delivery.
  /// - Returns: One report per attempt, in the order made.
  @discardableResult
  public func deliverDueNotifications(
    using transport: some NotificationTransport, timeout: TimeInterval = notificationTimeout
  ) async throws(LocalAppStoreError) -> [NotificationDeliveryReport] {
    let (url, due) = try operation {
      (now: Date) throws(LocalAppStoreError) -> (URL?, [NotificationRow]) in
      let url = try ledger.meta("notificationURL").flatMap(URL.init(string:))
      return (url, url == nil ? [] : try ledger.dueNotifications(at: now))
    }
    guard let url else { return [] }
    var reports: [NotificationDeliveryReport] = []
    for row in due {
      let body = Data(
        "{\"signedPayload\":\"\(row.signedPayload)\"}".utf8)
      let outcome = await transport.post(body, to: url, timeout: timeout)
      reports.append(try recordAttempt(row, outcome))
    }
    return reports
  }

  /// Records one attempt of `row` at the store's time and schedules the next.
  private func recordAttempt(_ row: NotificationRow, _ outcome: NotificationPostOutcome)
    throws(LocalAppStoreError) -> NotificationDeliveryReport
  {
    try operation { (now: Date) throws(LocalAppStoreError) in
      let delivered: Bool
      let result: String
      var status: Int?
      switch outcome {
      case .status(let code):
        status = code
        // "Send HTTP 200, or any HTTP code between 200 and 206, if the post was successful."
        delivered = (200...206).contains(code)
        result = delivered ? "SUCCESS" : "UNSUCCESSFUL_HTTP_RESPONSE_CODE"
      case .failed(let name, _):
        delivered = false
        result = name
      }
      let previous = try ledger.attempts(of: row.uuid).count
      let next = try nextAttempt(after: now, attemptsMade: previous + 1)
      try ledger.recordAttempt(
        row.uuid, at: now, result: result, status: status, delivered: delivered,
        nextAttempt: next)
      return NotificationDeliveryReport(
        notificationUUID: row.uuid, notificationType: row.type, subtype: row.subtype,
        result: result, httpStatus: status, delivered: delivered,
        nextAttemptDate: delivered ? nil : next)
    }
  }

  /// When the next attempt falls after a failed one at `date`, the `attemptsMade`-th: Production
  /// retries five times (``productionRetryHours``); other environments never.
  func nextAttempt(after date: Date, attemptsMade: Int) throws(LocalAppStoreError) -> Date? {
    guard signingEnvironment == .production, attemptsMade >= 1,
      attemptsMade <= Self.productionRetryHours.count
    else { return nil }
    return date.addingTimeInterval(TimeInterval(Self.productionRetryHours[attemptsMade - 1] * 3600))
  }
}
