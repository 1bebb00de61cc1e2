import AppStoreJWS
import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// The notifications' types and subtypes, `TYPE/SUBTYPE` (or `TYPE`), for one account.
func events(_ store: LocalAppStore, account: String? = nil, since: Date? = nil)
  async throws -> [String]
{
  try await store.serverNotifications(since: since).filter {
    account == nil || $0.account == account
  }.map { notification in
    notification.notificationType.rawValue + (notification.subtype.map { "/\($0.rawValue)" } ?? "")
  }
}

/// Verifies a stored notification and its nested data as a server would, fully: the store's
/// root as the only trusted root, in `environment`.
private func verifyFully(
  _ notification: StoredServerNotification, store: LocalAppStore,
  environment: AppStoreEnvironment, appAppleID: UInt64? = nil
) throws -> ServerNotification {
  let root = try Certificate(derEncoded: store.rootCertificateDER)
  let verifier = try SignedDataVerifier(
    rootCertificates: [root], bundleID: "com.sportstime.app", environment: environment,
    appAppleID: appAppleID)
  let payload = try verifier.verifyNotification(notification.signedPayload).payloadValue
  #expect(payload.notificationUUID == notification.notificationUUID)
  #expect(payload.version == "2.0")
  #expect(payload.data?.environment == environment)
  #expect(payload.data?.bundleID == "com.sportstime.app")
  #expect(payload.data?.appAppleID == appAppleID)
  if let jws = payload.data?.signedTransactionInfo {
    #expect(try verifier.verifyTransaction(jws).payloadValue.environment == environment)
  }
  if let jws = payload.data?.signedRenewalInfo {
    #expect(try verifier.verifyRenewalInfo(jws).payloadValue.environment == environment)
  }
  return payload
}

/// A transport that answers with the statuses given, in order (then 200), and keeps what it
/// was sent: no HTTP inside `swift test`.
actor ScriptedTransport: NotificationTransport {
  var answers: [NotificationPostOutcome]
  private(set) var posted: [String] = []

  init(_ answers: [NotificationPostOutcome]) { self.answers = answers }

  func post(_ body: Data, to url: URL, timeout: TimeInterval) async -> NotificationPostOutcome {
    let object = try? JSONSerialization.jsonObject(with: body) as? [String: String]
    posted.append(object?["signedPayload"] ?? "")
    return answers.isEmpty ? .status(200) : answers.removeFirst()
  }
}

@Suite(.recordsQuietFailures) struct ServerNotificationTests {
  @Test(
    "each event makes the notification Apple's notificationType and subtype pages name for it")
  func story() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    let bought = try await store.buyVerified(monthlyID)
    #expect(try await events(store) == ["SUBSCRIBED/INITIAL_BUY"])
    clock.set(to: utc(2026, 2, 2))
    #expect(try await events(store).last == "DID_RENEW")
    try await store.setWillAutoRenew(false)
    try await store.setWillAutoRenew(true)
    try await store.buyVerified(annualID)
    #expect(
      try await events(store).suffix(3) == [
        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED",
        "DID_CHANGE_RENEWAL_PREF/UPGRADE",
      ])
    try await store.buyVerified(monthlyID)
    try await store.buyVerified(annualID)
    #expect(
      try await events(store).suffix(2) == [
        "DID_CHANGE_RENEWAL_PREF/DOWNGRADE", "DID_CHANGE_RENEWAL_PREF",
      ])
    try await store.startFamilySharing(with: "alex")
    #expect(try await events(store, account: "alex") == ["SUBSCRIBED/INITIAL_BUY"])
    try await store.stopFamilySharing(with: "alex")
    #expect(try await events(store, account: "alex").last == "REVOKE")
    let latest = try #require(await store.history().last)
    try await store.refund(transactionID: latest.id)
    #expect(try await events(store).last == "REFUND")
    _ = bought
  }

  @Test("billing retry with grace: DID_FAIL_TO_RENEW GRACE_PERIOD, GRACE_PERIOD_EXPIRED, recovery")
  func billingRetry() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    let bought = try await store.buyVerified(monthlyID)
    try await store.setBillingIssuesEnabled(true)
    try await store.setGracePeriodEnabled(true)
    clock.set(to: utc(2026, 2, 2))
    #expect(try await events(store).last == "DID_FAIL_TO_RENEW/GRACE_PERIOD")
    // Apple's grace period for a monthly plan in real time: 16 days.
    clock.set(to: utc(2026, 2, 20))
    #expect(try await events(store).last == "GRACE_PERIOD_EXPIRED")
    #expect(try await events(store).filter { $0 == "GRACE_PERIOD_EXPIRED" }.count == 1)
    try await store.resolveIssue(transactionID: bought.id)
    #expect(try await events(store).last == "DID_RENEW/BILLING_RECOVERY")
    // The recovery after the grace period does not tell its end a second time.
    #expect(try await events(store).filter { $0 == "GRACE_PERIOD_EXPIRED" }.count == 1)
  }

  @Test("billing retry that runs out: EXPIRED BILLING_RETRY; auto-renew off: EXPIRED VOLUNTARY")
  func expiries() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    try await store.buyVerified(monthlyID)
    try await store.setBillingIssuesEnabled(true)
    clock.set(to: utc(2026, 2, 2))
    #expect(try await events(store).last == "DID_FAIL_TO_RENEW")
    clock.set(to: utc(2026, 4, 10))
    #expect(try await events(store).last == "EXPIRED/BILLING_RETRY")
    try await store.setBillingIssuesEnabled(false)
    try await store.buyVerified(monthlyID)
    #expect(try await events(store).last == "SUBSCRIBED/RESUBSCRIBE")
    try await store.setWillAutoRenew(false)
    clock.set(to: utc(2026, 6, 1))
    #expect(try await events(store).last == "EXPIRED/VOLUNTARY")
  }

  @Test("a price increase: PRICE_INCREASE PENDING, then ACCEPTED on consent")
  func priceIncrease() async throws {
    let store = try LocalAppStore.sportsTime(settings: .polite)
    let bought = try await store.buyVerified(monthlyID)
    try await store.setPrice(5.99, forProduct: monthlyID)
    try await store.requestPriceIncreaseConsent(transactionID: bought.id)
    try await store.consentToPriceIncrease(transactionID: bought.id)
    #expect(
      try await events(store).suffix(2) == ["PRICE_INCREASE/PENDING", "PRICE_INCREASE/ACCEPTED"])
  }

  @Test(
    "Sandbox and Production: every notification and its nested data verify fully",
    arguments: [
      (AppStoreEnvironment.sandbox, UInt64?.none), (.production, UInt64?.some(1_234_567_890)),
    ])
  func environments(environment: AppStoreEnvironment, appAppleID: UInt64?) async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    try await store.setSigningEnvironment(environment, appAppleID: appAppleID)
    let bought = try await store.buyVerified(monthlyID)
    #expect(bought.environment == environment)
    clock.set(to: utc(2026, 2, 2))
    try await store.requestTestNotification()
    let notifications = try await store.serverNotifications()
    #expect(notifications.count == 3)
    for notification in notifications {
      let payload = try verifyFully(
        notification, store: store, environment: environment, appAppleID: appAppleID)
      #expect(payload.notificationType == notification.notificationType)
    }
    let renewal = try verifyFully(
      notifications[1], store: store, environment: environment, appAppleID: appAppleID)
    #expect(renewal.data?.status == .subscribed)
  }

  @Test("the default Xcode environment: notifications verify as Xcode")
  func xcodeByDefault() async throws {
    let store = try LocalAppStore.sportsTime(settings: .polite)
    try await store.buyVerified(monthlyID)
    let notification = try #require(await store.serverNotifications().first)
    _ = try verifyFully(notification, store: store, environment: .xcode)
  }

  @Test("Production without an app Apple ID is refused, nothing changed")
  func productionNeedsAppAppleID() async throws {
    let store = try LocalAppStore.sportsTime(settings: .polite)
    await #expect(throws: LocalAppStoreError.self) {
      try await store.setSigningEnvironment(.production)
    }
    #expect(try await store.settings().environment == .xcode)
  }

  @Test("a notification of a change that rolled back is not kept")
  func rollback() async throws {
    let store = try LocalAppStore.sportsTime(settings: .polite)
    let bought = try await store.buyVerified(monthlyID)
    try await store.refund(transactionID: bought.id)
    await #expect(throws: LocalAppStoreError.self) {
      try await store.refund(transactionID: bought.id)
    }
    #expect(try await events(store) == ["SUBSCRIBED/INITIAL_BUY", "REFUND"])
  }

  @Test(
    "Production retries at 1, 12, 24, 48, 72 hours after the previous attempt, in store time; keeps its UUID"
  )
  func productionRetries() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    try await store.setSigningEnvironment(.production, appAppleID: 42)
    try await store.setNotificationURL(URL(string: "http://127.0.0.1:9/notify"))
    try await store.requestTestNotification()
    let transport = ScriptedTransport(Array(repeating: .status(500), count: 6))
    var gaps: [TimeInterval] = []
    var last = clock.now
    for _ in 0..<6 {
      let reports = try await store.deliverDueNotifications(using: transport)
      #expect(reports.count == 1)
      // Not due again before its next attempt.
      #expect(try await store.deliverDueNotifications(using: transport).isEmpty)
      guard let next = reports.first?.nextAttemptDate else { break }
      gaps.append(next.timeIntervalSince(last) / 3600)
      last = next
      clock.set(to: next)
    }
    #expect(gaps == [1, 12, 24, 48, 72])
    let notification = try #require(await store.serverNotifications().first)
    #expect(notification.attempts.count == 6)
    #expect(notification.attempts.allSatisfy { $0.result == "UNSUCCESSFUL_HTTP_RESPONSE_CODE" })
    #expect(!notification.isPending)
    #expect(Set(await transport.posted).count == 1)
  }

  @Test("Sandbox: one attempt; 200–206 delivers; nothing is sent without a URL")
  func sandboxOneAttempt() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    try await store.setSigningEnvironment(.sandbox)
    try await store.buyVerified(monthlyID)
    let transport = ScriptedTransport([.status(503), .status(206)])
    #expect(try await store.deliverDueNotifications(using: transport).isEmpty)
    #expect(try await store.pendingNotificationCount() == 1)
    try await store.setNotificationURL(URL(string: "http://127.0.0.1:9/notify"))
    let first = try await store.deliverDueNotifications(using: transport)
    #expect(first.map(\.delivered) == [false])
    #expect(first.first?.nextAttemptDate == nil)
    #expect(try await store.pendingNotificationCount() == 0)
    try await store.requestTestNotification()
    let second = try await store.deliverDueNotifications(using: transport)
    #expect(second.map(\.delivered) == [true])
    #expect(second.first?.httpStatus == 206)
  }

  @Test("a URL that is not http(s) is refused")
  func badURL() async throws {
    let store = try LocalAppStore.sportsTime(settings: .polite)
    await #expect(throws: LocalAppStoreError.self) {
      try await store.setNotificationURL(URL(string: "ftp://example.com/x"))
    }
    #expect(try await store.notificationURL() == nil)
  }
}

/// A state written before notifications existed: upgraded in place, read-only left alone.
@Suite(.recordsQuietFailures) struct ServerNotificationSchemaTests {
  @Test("a schema 2 state gains the notification tables when opened for writing, not read-only")
  func migration() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    let raw = try await olderState(
      at: path, buying: SportsTimeFixtures.monthlyID,
      downgradingWith:
        "DROP TABLE notifications; DROP TABLE notification_attempts; PRAGMA user_version = 2")

    let reader = try LocalAppStore(openingStateAt: path, access: .readOnly)
    #expect(try await reader.status().pendingNotifications == 0)
    #expect(try raw.scalar("PRAGMA user_version")?.integer == 2)

    let upgraded = try LocalAppStore(openingStateAt: path)
    #expect(try raw.scalar("PRAGMA user_version")?.integer == LedgerStore.schemaVersion)
    #expect(try await upgraded.serverNotifications().isEmpty)
    try await upgraded.refund(transactionID: 1)
    #expect(try await upgraded.serverNotifications().map(\.notificationType) == [.refund])
  }
}
