import AppStoreJWS
import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// The notifier alone, built without a store: it keeps what steps emitted in order, and signs
/// and stores each with what it is about.
@Suite(.recordsQuietFailures) struct NotifierTests {
  static let now = utc(2026, 3, 1)

  func ledger() throws -> LedgerStore {
    try LedgerStore(path: ":memory:", access: .create)
  }

  /// A signer that writes the payload itself as the "signature": what was signed is readable.
  func signer() -> Notifier.Signer {
    Notifier.Signer(
      environment: .sandbox,
      sign: { (payload) throws(LocalAppStoreError) in String(decoding: payload, as: UTF8.self) },
      renewalInfo: { record in
        RenewalInfo(
          originalTransactionID: record.originalID, currentProductID: record.productID,
          willAutoRenew: record.willAutoRenew, signedDate: Self.now,
          autoRenewPreference: record.autoRenewProductID)
      })
  }

  func record(_ phase: SubscriptionRecord.Phase = .billingRetry) -> SubscriptionRecord {
    SubscriptionRecord(
      originalID: 7, account: "purchaser", groupID: "pro", productID: monthlyID,
      autoRenewProductID: monthlyID, willAutoRenew: true, phase: phase,
      expirationDate: utc(2026, 2, 1), retryEndDate: utc(2026, 4, 2),
      gracePeriodEndDate: utc(2026, 2, 17), recentStartDate: utc(2026, 1, 1),
      originalPurchaseDate: utc(2026, 1, 1), offerPeriodsLeft: 0)
  }

  func data() -> ServerNotification.NotificationData {
    ServerNotification.NotificationData(
      environment: .sandbox, bundleID: "com.sportstime.app", bundleVersion: "1")
  }

  @Test("what steps emit is kept in order and taken once")
  func keepsOrder() {
    let notifier = Notifier()
    notifier.emit(
      [.init(.didFailToRenew, .gracePeriod), .init(.gracePeriodExpired)], about: record(),
      transactionID: nil)
    notifier.emit(.init(.oneTimeCharge), about: .transaction(9))
    let taken = notifier.takePending()
    #expect(taken.map(\.notice.type) == [.didFailToRenew, .gracePeriodExpired, .oneTimeCharge])
    #expect(notifier.takePending().isEmpty)
  }

  @Test("each is stored in order, signed with its record's state, renewal info and environment")
  func storesInOrder() throws {
    let ledger = try ledger()
    let notifier = Notifier()
    notifier.emit([.init(.didFailToRenew, .gracePeriod)], about: record(), transactionID: nil)
    notifier.emit([.init(.expired, .voluntary)], about: record(.expired), transactionID: nil)
    let made = try Notifier.store(
      notifier.takePending(), at: Self.now, data: data(), in: ledger, signer: signer())
    #expect(made.map(\.notificationType) == [.didFailToRenew, .expired])
    #expect(made.allSatisfy { $0.account == "purchaser" && $0.originalTransactionID == 7 })
    let rows = try ledger.notifications(since: nil)
    #expect(rows.map(\.type) == ["DID_FAIL_TO_RENEW", "EXPIRED"])
    #expect(rows.map(\.subtype) == ["GRACE_PERIOD", "VOLUNTARY"])
    #expect(rows.allSatisfy { $0.createdDate == Self.now && $0.nextAttemptDate == Self.now })
    let first = try JSONDecoder().decode(
      ServerNotification.self, from: Data(rows[0].signedPayload.utf8))
    // 3: billing retry, its grace period over by March.
    #expect(first.data?.status == .inBillingRetryPeriod)
    #expect(first.data?.signedRenewalInfo?.contains(#""originalTransactionId":"7""#) == true)
  }
}

/// Each notification comes from the step that made it, and says what the step did (where the
/// notifications were once guessed by comparing a subscription's records before and after).
@Suite(.recordsQuietFailures) struct StepNotificationTests {
  /// A forced renewal is a renewal: `DID_RENEW`. Comparing records took its later renewal date
  /// for an extension (`RENEWAL_EXTENDED`).
  @Test("forceRenewal tells DID_RENEW, and the auto-renew it turned on")
  func forcedRenewal() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    try await store.buyVerified(monthlyID)
    clock.set(to: utc(2026, 1, 10))
    _ = try await store.forceRenewalOfSubscription(productID: monthlyID)
    #expect(try await events(store).last == "DID_RENEW")
    try await store.setWillAutoRenew(false)
    _ = try await store.forceRenewalOfSubscription(productID: monthlyID)
    #expect(
      try await events(store).suffix(2) == [
        "DID_RENEW", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED",
      ])
  }

  /// Apple's `subtype` page: RESUBSCRIBE, "the user resubscribed or received access through
  /// Family Sharing to the same subscription". Comparing records told a member who shares again
  /// `REFUND_REVERSED`.
  @Test("a member who shares again resubscribes")
  func sharingAgain() async throws {
    let store = try LocalAppStore.sportsTime(settings: .polite)
    try await store.buyVerified(monthlyID)
    try await store.startFamilySharing(with: "alex")
    try await store.stopFamilySharing(with: "alex")
    try await store.startFamilySharing(with: "alex")
    #expect(
      try await events(store, account: "alex") == [
        "SUBSCRIBED/INITIAL_BUY", "REVOKE", "SUBSCRIBED/RESUBSCRIBE",
      ])
  }

  /// The "Server notifications" article: the Xcode-only controls tell nothing of what they
  /// remove. Comparing records told the subscription's fall back to an ended transaction as
  /// `EXPIRED`.
  @Test("deleting a renewal tells nothing")
  func deletion() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    try await store.buyVerified(monthlyID)
    clock.set(to: utc(2026, 2, 2))
    let renewal = try #require(await store.history().last)
    let before = try await events(store)
    try await store.deleteTransaction(renewal.id)
    #expect(try await events(store) == before)
  }

  /// A grace period's end is due like a renewal: the store is due then (the renewal timer and
  /// `nextDue` follow it), and its notification is made at that moment.
  @Test("a grace period's end is a due date of its own")
  func graceEndIsDue() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    let clock = ManualClock()
    let store = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, settings: .polite,
      startDate: utc(2026, 1, 1), time: .clock(clock))
    try await store.buyVerified(monthlyID)
    try await store.setBillingIssuesEnabled(true)
    try await store.setGracePeriodEnabled(true)
    clock.set(to: utc(2026, 2, 2))
    #expect(try await events(store).last == "DID_FAIL_TO_RENEW/GRACE_PERIOD")
    // 16 days of grace after the renewal date (Apple's, for a monthly plan in real time).
    let graceEnd = utc(2026, 2, 17)
    #expect(try dueDates(path) == [AppStoreJSON.milliseconds(graceEnd)])
    clock.set(to: graceEnd)
    let told = try await store.serverNotifications().last
    #expect(told?.notificationType == .gracePeriodExpired)
    #expect(told?.createdDate == graceEnd)
    // Then the end of the retry, 60 days after the renewal date.
    #expect(try dueDates(path) == [AppStoreJSON.milliseconds(utc(2026, 4, 2))])
  }

  /// A state at `path` whose monthly subscription, bought on 1 January 2026 with billing issues
  /// and a grace period on, failed to renew on 1 February; then `duration` past the purchase.
  func retryingState(at path: String, advancedBy duration: String) async throws -> LocalAppStore {
    let store = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, settings: .polite,
      startDate: utc(2026, 1, 1))
    try await store.buyVerified(monthlyID)
    try await store.setBillingIssuesEnabled(true)
    try await store.setGracePeriodEnabled(true)
    try await store.advanceTime(by: try #require(EmulatorDuration(duration)))
    return store
  }

  func dueDates(_ path: String) throws -> [Int64] {
    let raw = try SQLiteDatabase(path: path, create: false)
    return try raw.query("SELECT due_ms FROM subscriptions WHERE due_ms IS NOT NULL").compactMap {
      $0[0].integer
    }
  }

  /// A state written before schema 8 has a subscription in grace due at its retry's end: the
  /// migration makes it due at the grace period's end, which is then told on time.
  @Test("an older state's grace period in progress is told when it ends")
  func olderStateGraceEnd() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    _ = try await retryingState(at: path, advancedBy: "32d")
    // As schema 7 left it: due when the retry ends, the migration not applied.
    let raw = try SQLiteDatabase(path: path, create: false)
    try raw.execute(
      """
      UPDATE subscriptions SET due_ms = \(AppStoreJSON.milliseconds(utc(2026, 4, 2)));
      DELETE FROM migrations WHERE name = 'grace-due-dates';
      PRAGMA user_version = 7;
      """)
    let store = try LocalAppStore(openingStateAt: path)
    try await store.advanceTime(by: try #require(EmulatorDuration("15d")))
    #expect(try await events(store).last == "GRACE_PERIOD_EXPIRED")
  }

  /// A state written before schema 8 told a grace period's end through a scan, with an event key
  /// and no mark on the record: the migration marks it ended, and it is not told again.
  @Test("an older state's grace period already told is not told again")
  func olderStateGraceToldOnce() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    let told = try await events(retryingState(at: path, advancedBy: "50d"))
    #expect(told.filter { $0 == "GRACE_PERIOD_EXPIRED" }.count == 1)
    // As schema 7 left it: the end told with its key, the record unmarked, due at the retry's
    // end.
    let key = "grace-expired:purchaser:1:\(AppStoreJSON.milliseconds(utc(2026, 2, 17)))"
    let raw = try SQLiteDatabase(path: path, create: false)
    try raw.execute(
      """
      UPDATE notifications SET event_key = '\(key)' WHERE type = 'GRACE_PERIOD_EXPIRED';
      UPDATE subscriptions SET record = json_remove(record, '$.gracePeriodEnded'),
        due_ms = \(AppStoreJSON.milliseconds(utc(2026, 4, 2)));
      DELETE FROM migrations WHERE name = 'grace-due-dates';
      PRAGMA user_version = 7;
      """)
    let store = try LocalAppStore(openingStateAt: path)
    try await store.advanceTime(by: try #require(EmulatorDuration("1d")))
    #expect(try await events(store).filter { $0 == "GRACE_PERIOD_EXPIRED" }.count == 1)
  }
}
