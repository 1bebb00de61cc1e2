package import AppStoreJWS
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
