import AppStoreJWS
import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// A transport that holds its first post until the test lets it go, so that another sender
/// runs while a post is in flight; later posts answer 200 at once.
private actor HeldTransport: NotificationTransport {
  private(set) var posted: [String] = []
  private var entered: CheckedContinuation<Void, Never>?
  private var release: CheckedContinuation<Void, Never>?
  private var holding = true

  func post(_ body: Data, to url: URL, timeout: TimeInterval) async -> NotificationPostOutcome {
    posted.append(String(decoding: body, as: UTF8.self))
    guard holding else { return .status(200) }
    holding = false
    entered?.resume()
    entered = nil
    await withCheckedContinuation { release = $0 }
    return .status(200)
  }

  /// Returns once the held post has reached the transport.
  func waitUntilHolding() async {
    guard holding else { return }
    await withCheckedContinuation { entered = $0 }
  }

  func letGo() {
    release?.resume()
    release = nil
  }
}

/// Two stores on one new state file in `folder`, as two processes are, on one clock: the
/// first creates it (seeded with `seed`), the second opens it.
private func twoStores(in folder: TemporaryFolder, clock: ManualClock, seed: UInt64? = nil)
  throws -> (LocalAppStore, LocalAppStore)
{
  let path = folder.path("state.sqlite")
  let first = try LocalAppStore.create(
    atPath: path, products: SportsTimeFixtures.products, settings: .polite,
    startDate: clock.now, time: .clock(clock), account: LocalAppStore.purchaser, faults: [],
    randomSeed: seed)
  return (first, try LocalAppStore(openingStateAt: path, time: .clock(clock)))
}

/// The UUIDs of a store's notifications, oldest first.
private func uuids(_ store: LocalAppStore) async throws -> [String] {
  try await store.serverNotifications().map(\.notificationUUID)
}

@Suite(.recordsQuietFailures) struct NotificationIdentifierTests {
  /// The same steps on a store seeded alike.
  private func run(seed: UInt64) async throws -> [String] {
    let clock = ManualClock()
    let store = try LocalAppStore(
      products: SportsTimeFixtures.products, settings: .polite, clock: clock,
      account: LocalAppStore.purchaser, faults: [], randomSeed: seed)
    let bought = try await store.buyVerified(SportsTimeFixtures.monthlyID)
    clock.set(to: utc(2026, 2, 2))
    try await store.requestTestNotification()
    // A change that rolls back draws nothing either.
    await #expect(throws: LocalAppStoreError.self) {
      try await store.consentToPriceIncrease(transactionID: bought.id)
    }
    try await store.refund(transactionID: bought.id)
    return try await uuids(store)
  }

  @Test("notification UUIDs come from the store's seeded generator: the same seed, the same UUIDs")
  func seeded() async throws {
    let first = try await run(seed: 2026)
    #expect(first.count >= 3)
    #expect(try await run(seed: 2026) == first)
    let other = try await run(seed: 2027)
    #expect(Set(other).isDisjoint(with: first))
    #expect(Set(first).count == first.count)
    for uuid in first {
      // Lowercase version 4 UUIDs, as Apple's are.
      let parsed = try #require(UUID(uuidString: uuid))
      #expect(parsed.uuidString.lowercased() == uuid)
      #expect(Array(uuid)[14] == "4")
      #expect("89ab".contains(Array(uuid)[19]))
    }
  }

  @Test("processes on one state file draw from one sequence: no UUID is made twice")
  func oneSequencePerState() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (first, second) = try twoStores(in: folder, clock: ManualClock(), seed: 7)
    try await first.requestTestNotification()
    try await second.requestTestNotification()
    try await first.requestTestNotification()
    let made = try await uuids(first)
    #expect(made.count == 3)
    #expect(Set(made).count == 3)
  }
}

@Suite(.hangGuard, .recordsQuietFailures) struct NotificationDeliveryTests {
  @Test(
    "a notification URL names a host and port that can exist; a refusal changes nothing",
    arguments: [
      ("http://localhost:8080/notify", true), ("https://example.com/hook", true),
      ("http://127.0.0.1:9/n", true), ("http://[::1]:9/n", true), ("https://a-b.example.org", true),
      ("http://example.com:99999/n", false), ("http://example.com:0/n", false),
      ("http://-bad-.example/n", false), ("http://256.1.1.1/n", false), ("http://1.2.3/n", false),
      ("http://exa_mple.com/n", false), ("ftp://example.com/n", false),
    ])
  func notificationURLs(text: String, accepted: Bool) async throws {
    let store = try LocalAppStore.sportsTime(settings: .polite)
    let url = try #require(URL(string: text))
    if accepted {
      try await store.setNotificationURL(url)
      #expect(try await store.notificationURL() == url)
    } else {
      await #expect(throws: LocalAppStoreError.self) { try await store.setNotificationURL(url) }
      #expect(try await store.notificationURL() == nil)
    }
  }

  @Test(
    "the retry schedule is the one of the environment the notification was made in",
    arguments: [
      (AppStoreEnvironment.production, AppStoreEnvironment.sandbox, true),
      (.sandbox, .production, false),
    ])
  func scheduleOfItsEnvironment(
    madeIn: AppStoreEnvironment, deliveredIn: AppStoreEnvironment, retried: Bool
  ) async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    try await store.setSigningEnvironment(madeIn, appAppleID: 42)
    let made = try await store.requestTestNotification()
    try await store.setSigningEnvironment(deliveredIn, appAppleID: 42)
    try await store.setNotificationURL(URL(string: "http://127.0.0.1:9/notify"))
    let transport = ScriptedTransport([.status(500), .status(500)])
    let reports = try await store.deliverDueNotifications(using: transport)
    #expect(reports.map(\.notificationUUID) == [made.notificationUUID])
    #expect((reports.first?.nextAttemptDate != nil) == retried)
    clock.advance(by: 3600)
    let again = try await store.deliverDueNotifications(using: transport)
    #expect(again.count == (retried ? 1 : 0))
    if retried { #expect(again.first?.nextAttemptDate == clock.now.addingTimeInterval(12 * 3600)) }
  }

  /// "Responding to App Store Server Notifications": "Send HTTP 50x or 40x to have the App Store
  /// retry the notification, if the post didn't succeed. The system considers all other HTTP
  /// codes an unsuccessful post." Before, every unsuccessful code was retried (watched: the
  /// 302 and 207 cases fail there).
  @Test(
    "in Production, 40x, 50x and no answer are retried; other unsuccessful codes are not",
    arguments: [
      (NotificationPostOutcome.status(404), true), (.status(429), true), (.status(503), true),
      (.failed(result: "TIMED_OUT", reason: "no answer"), true), (.status(302), false),
      (.status(207), false),
      (.status(101), false),
    ])
  func retriedResponses(outcome: NotificationPostOutcome, retried: Bool) async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    try await store.setSigningEnvironment(.production, appAppleID: 42)
    try await store.requestTestNotification()
    try await store.setNotificationURL(URL(string: "http://127.0.0.1:9/notify"))
    let reports = try await store.deliverDueNotifications(using: ScriptedTransport([outcome]))
    #expect(reports.first?.delivered == false)
    #expect((reports.first?.nextAttemptDate != nil) == retried)
  }

  @Test("of two senders on one state, one posts a notification; the other skips it")
  func twoSenders() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (first, second) = try twoStores(in: folder, clock: ManualClock())
    try await first.setNotificationURL(URL(string: "http://127.0.0.1:9/notify"))
    try await first.requestTestNotification()

    let held = HeldTransport()
    let sending = Task { try await first.deliverDueNotifications(using: held) }
    await held.waitUntilHolding()
    let other = ScriptedTransport([])
    #expect(try await second.deliverDueNotifications(using: other).isEmpty)
    #expect(await other.posted.isEmpty)
    await held.letGo()
    let reports = try await sending.value
    #expect(reports.map(\.delivered) == [true])
    #expect(await held.posted.count == 1)
    #expect(try await second.pendingNotificationCount() == 0)
  }

  @Test(
    "a sender that dies mid-post leaves its claim to expire; the notification goes again, same UUID"
  )
  func deadSender() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let clock = ManualClock()
    let (dead, next) = try twoStores(in: folder, clock: clock)
    try await dead.setNotificationURL(URL(string: "http://127.0.0.1:9/notify"))
    let made = try await dead.requestTestNotification()
    // What a sender does before it posts: claim, and commit the claim. Then it dies.
    let now = clock.now
    let claimed = try dead.ledger.exclusively { () throws(LocalAppStoreError) in
      try dead.ledger.transaction { () throws(LocalAppStoreError) in
        try dead.ledger.claimDueNotification(
          at: now, until: now.addingTimeInterval(LocalAppStore.notificationClaimLease),
          skipping: [])
      }
    }
    #expect(claimed?.uuid == made.notificationUUID)

    let transport = ScriptedTransport([])
    #expect(try await next.deliverDueNotifications(using: transport).isEmpty)
    clock.advance(by: LocalAppStore.notificationClaimLease - 1)
    #expect(try await next.deliverDueNotifications(using: transport).isEmpty)
    clock.advance(by: 1)
    let reports = try await next.deliverDueNotifications(using: transport)
    #expect(reports.map(\.notificationUUID) == [made.notificationUUID])
    #expect(reports.map(\.delivered) == [true])
    let stored = try #require(await next.serverNotifications().first)
    #expect(stored.attempts.count == 1)
  }
}

/// A schema 3 state (notifications without their environment): upgraded in place, each
/// notification keeping the environment it was signed in; read-only left alone.
@Suite(.recordsQuietFailures) struct NotificationSchema4Tests {
  @Test(
    "a schema 3 state gains each notification's environment, from its payload; read-only untouched")
  func migration() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    let original = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    try await original.setSigningEnvironment(.production, appAppleID: 42)
    let made = try await original.requestTestNotification()
    // The state now signs as Sandbox: only the payload still says Production.
    try await original.setSigningEnvironment(.sandbox)
    let raw = try SQLiteDatabase(path: path, create: false)
    try raw.execute(
      """
      ALTER TABLE notifications DROP COLUMN environment;
      ALTER TABLE notifications DROP COLUMN claimed_until_ms;
      DROP TABLE migrations;
      PRAGMA user_version = 3;
      PRAGMA wal_checkpoint(TRUNCATE);
      """)

    let reader = try LocalAppStore(openingStateAt: path, access: .readOnly)
    #expect(
      try await reader.serverNotifications().map(\.notificationUUID) == [made.notificationUUID])
    #expect(try await reader.status().pendingNotifications == 1)
    #expect(try raw.scalar("PRAGMA user_version")?.integer == 3)
    let columns = try raw.query("SELECT name FROM pragma_table_info('notifications')")
    #expect(!columns.contains { $0[0].text == "environment" })

    let upgraded = try LocalAppStore(openingStateAt: path, time: .stored)
    #expect(try raw.scalar("PRAGMA user_version")?.integer == LedgerStore.schemaVersion)
    #expect(
      try raw.scalar("SELECT environment FROM notifications")?.text
        == AppStoreEnvironment.production.rawValue)
    try await upgraded.setNotificationURL(URL(string: "http://127.0.0.1:9/notify"))
    let reports = try await upgraded.deliverDueNotifications(
      using: ScriptedTransport([.status(500)]))
    #expect(reports.count == 1)
    #expect(reports.first?.nextAttemptDate != nil)
  }
}

@Suite(.recordsQuietFailures) struct OneTimeChargeTests {
  @Test(
    "a purchase of a consumable, a non-consumable or a non-renewing subscription: ONE_TIME_CHARGE")
  func oneTimeCharges() async throws {
    let coins = product("com.sportstime.coins", .consumable)
    let pass = product("com.sportstime.pass", .nonConsumable, shareable: true)
    let season = product("com.sportstime.season", .nonRenewable)
    let store = try LocalAppStore.sportsTime(
      settings: .polite, products: [coins, pass, season] + SportsTimeFixtures.products)
    try await store.setSigningEnvironment(.sandbox)
    let bought = [
      try await store.buyVerified(coins.id), try await store.buyVerified(coins.id),
      try await store.buyVerified(pass.id), try await store.buyVerified(season.id),
    ]
    // An owned non-consumable bought again charges nothing: no notification.
    try await store.buyVerified(pass.id)
    try await store.buyVerified(SportsTimeFixtures.monthlyID)
    let made = try await store.serverNotifications()
    #expect(
      try await events(store) == Array(repeating: "ONE_TIME_CHARGE", count: 4)
        + ["SUBSCRIBED/INITIAL_BUY"])
    let root = try Certificate(derEncoded: store.rootCertificateDER)
    let verifier = try SignedDataVerifier(
      rootCertificates: [root], bundleID: "com.sportstime.app", environment: .sandbox)
    for (notification, transaction) in zip(made, bought) {
      let payload = try verifier.verifyNotification(notification.signedPayload).payloadValue
      let signed = try #require(payload.data?.signedTransactionInfo)
      let decoded = try verifier.verifyTransaction(signed).payloadValue
      #expect(decoded.id == transaction.id)
      #expect(decoded.productID == transaction.productID)
      // A one-time purchase has no renewal info and no subscription status.
      #expect(payload.data?.signedRenewalInfo == nil)
      #expect(payload.data?.status == nil)
    }

    // A family member who gains the shared non-consumable gets a ONE_TIME_CHARGE of their own.
    try await store.startFamilySharing(with: "alex")
    let alex = try await store.serverNotifications().filter { $0.account == "alex" }
    #expect(
      Set(alex.map(\.notificationType)) == [.oneTimeCharge, .subscribed],
      "the shared subscription and the shared pass")
    #expect(alex.count == 2)
    // A refund of the consumable: REFUND, and no charge.
    try await store.refund(transactionID: bought[0].id)
    #expect(try await events(store, account: LocalAppStore.purchaser).last == "REFUND")
  }
}
