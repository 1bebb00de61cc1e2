import Foundation
import SportsTimePro
import StoreModel
import Testing

@Suite struct KeyValueStoreTests {
  @Test("memory storage keeps flags and text, and forgets removed text")
  func memory() {
    let storage = InMemoryKeyValueStore(flags: ["a": true])
    #expect(storage.bool(forKey: "a"))
    #expect(storage.bool(forKey: "b") == false)
    storage.set(false, forKey: "a")
    #expect(storage.bool(forKey: "a") == false)
    storage.set("hello", forKey: "t")
    #expect(storage.string(forKey: "t") == "hello")
    #expect(storage.bool(forKey: "t") == false)
    storage.set(nil, forKey: "t")
    #expect(storage.string(forKey: "t") == nil)
  }

  @Test("UserDefaults storage keeps flags and text in its suite")
  func userDefaults() throws {
    let suite = "SportsTimeProTests.\(UUID().uuidString)"
    let storage = try #require(UserDefaultsKeyValueStore(suiteName: suite))
    defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
    #expect(storage.bool(forKey: OnboardingPaywallModel.hasSeenKey) == false)
    storage.set(true, forKey: OnboardingPaywallModel.hasSeenKey)
    #expect(storage.bool(forKey: OnboardingPaywallModel.hasSeenKey))
    storage.set("x", forKey: "t")
    #expect(storage.string(forKey: "t") == "x")
    storage.set(nil, forKey: "t")
    #expect(storage.string(forKey: "t") == nil)
  }
}

@Suite struct EventBroadcasterTests {
  @Test("every subscriber gets every event emitted after it subscribed")
  func severalSubscribers() async {
    let broadcaster = EventBroadcaster<Int>()
    broadcaster.emit(0)
    var first = broadcaster.subscribe().makeAsyncIterator()
    broadcaster.emit(1)
    var second = broadcaster.subscribe().makeAsyncIterator()
    broadcaster.emit(2)
    #expect(await first.next() == 1)
    #expect(await first.next() == 2)
    #expect(await second.next() == 2)
    #expect(broadcaster.subscriberCount == 2)
  }

  @Test("a subscriber that stops listening is dropped")
  func dropsEnded() async {
    let broadcaster = EventBroadcaster<Int>()
    let stream = broadcaster.subscribe()
    let listener = Task {
      for await _ in stream {}
    }
    #expect(broadcaster.subscriberCount == 1)
    listener.cancel()
    await listener.value
    #expect(broadcaster.subscriberCount == 0)
  }
}

@Suite struct ProEntitlementsTests {
  private static let now = Date(timeIntervalSince1970: 1_767_225_600)
  private static let rules = ProEntitlements(productIDs: ["monthly", "annual", "p"])

  private static func transaction(_ id: UInt64, expiresIn seconds: TimeInterval?) -> Transaction {
    Transaction(
      id: id, originalID: id, appBundleID: "app", productID: "p", productType: .autoRenewable,
      purchaseDate: now.addingTimeInterval(-100), signedDate: now,
      expirationDate: seconds.map { now.addingTimeInterval($0) })
  }

  private static func grace(_ id: UInt64, endsIn seconds: TimeInterval) -> SubscriptionStatus {
    let transaction = transaction(id, expiresIn: -10)
    var renewal = RenewalInfo(
      originalTransactionID: id, currentProductID: "p", willAutoRenew: true, signedDate: now)
    renewal.gracePeriodExpirationDate = now.addingTimeInterval(seconds)
    return SubscriptionStatus(
      state: .inGracePeriod, transaction: .verified(transaction), renewalInfo: .verified(renewal))
  }

  @Test(
    "the next check is the earliest future end; an end already past is checked a minute later",
    arguments: [
      ([(1, 100.0), (2, 50.0)], [], 50.0),
      ([(1, nil)], [], nil),
      ([(1, -10.0)], [(1, 300.0)], 300.0),
      ([(1, -10.0), (2, 200.0)], [(1, 300.0)], 200.0),
      // Still reported after its end: a just-expired transaction, a grace period that ended.
      ([(1, -10.0)], [], 60.0),
      ([(1, 0.0)], [], 60.0),
      ([(1, -10.0)], [(1, -5.0)], 60.0),
      ([(1, -10.0)], [(1, 0.0)], 60.0),
      ([(1, -10.0), (2, 200.0)], [], 60.0),
      ([(1, -10.0), (2, 30.0)], [], 30.0),
    ] as [([(UInt64, TimeInterval?)], [(UInt64, TimeInterval)], TimeInterval?)])
  func nextChange(
    expirations: [(UInt64, TimeInterval?)], graces: [(UInt64, TimeInterval)],
    expected: TimeInterval?
  ) {
    let entitlements = expirations.map { Self.transaction($0.0, expiresIn: $0.1) }
    let statuses = graces.map { Self.grace($0.0, endsIn: $0.1) }
    #expect(
      Self.rules.nextChange(of: entitlements, statuses: statuses, after: Self.now)
        == expected.map { Self.now.addingTimeInterval($0) })
  }

  @Test("an unverified renewal info does not extend access: the ended entitlement is re-read")
  func unverifiedGrace() {
    var status = Self.grace(1, endsIn: 300)
    status.renewalInfo = .unverified(
      status.renewalInfo.unsafePayloadValue, VerificationError(.invalidSignature, "test"))
    let entitlements = [Self.transaction(1, expiresIn: -10)]
    #expect(
      Self.rules.nextChange(of: entitlements, statuses: [status], after: Self.now)
        == Self.now.addingTimeInterval(ProEntitlements.endedEntitlementRecheckDelay))
  }

  private static func entitlement(
    _ id: UInt64, _ productID: String, _ ownership: OwnershipType, expiresIn seconds: TimeInterval
  ) -> Transaction {
    Transaction(
      id: id, originalID: id, appBundleID: "app", productID: productID,
      productType: .autoRenewable, purchaseDate: now.addingTimeInterval(-100), signedDate: now,
      subscriptionGroupID: "g", expirationDate: now.addingTimeInterval(seconds),
      ownershipType: ownership)
  }

  @Test(
    "the details show the highest level, then the own purchase, then the longest",
    arguments: [
      // Own monthly (level 2) and a family member's annual (level 1): annual.
      (["monthly": 2, "annual": 1], 2 as UInt64),
      (["monthly": 1, "annual": 2], 1),
      // Same level, or levels not known yet (products not loaded): the own purchase.
      (["monthly": 1, "annual": 1], 1),
      ([:], 1),
      // A known level ranks above an unknown one.
      (["annual": 3], 2),
    ] as [([String: Int], UInt64)])
  func chooseByLevel(levels: [String: Int], expected: UInt64) {
    let entitlements = [
      Self.entitlement(1, "monthly", .purchased, expiresIn: 100),
      Self.entitlement(2, "annual", .familyShared, expiresIn: 50),
    ]
    let details = Self.rules.details(among: entitlements, statuses: [], levels: levels)
    #expect(details?.transactionID == expected)
    #expect(details?.isFamilyShared == (expected == 2))
  }

  private static func status(
    _ transaction: Transaction, _ state: RenewalState, verified: Bool = true
  ) -> SubscriptionStatus {
    let renewal = RenewalInfo(
      originalTransactionID: transaction.originalID, currentProductID: transaction.productID,
      willAutoRenew: true, signedDate: now)
    return SubscriptionStatus(
      state: state,
      transaction: verified
        ? .verified(transaction)
        : .unverified(transaction, VerificationError(.invalidSignature, "test")),
      renewalInfo: .verified(renewal))
  }

  @Test("the candidates add the other subscriptions that the statuses report entitled, if Pro")
  func candidates() {
    let own = Self.entitlement(1, "monthly", .purchased, expiresIn: 100)
    let shared = Self.entitlement(2, "annual", .familyShared, expiresIn: 50)
    let expired = Self.entitlement(3, "annual", .familyShared, expiresIn: -50)
    let forged = Self.entitlement(4, "annual", .familyShared, expiresIn: 50)
    let other = Self.entitlement(5, "other", .purchased, expiresIn: 50)
    let statuses = [
      Self.status(own, .subscribed), Self.status(shared, .subscribed),
      Self.status(expired, .expired), Self.status(forged, .subscribed, verified: false),
      Self.status(other, .subscribed),
    ]
    let rules = ProEntitlements(productIDs: ["monthly", "annual"])
    #expect(rules.candidates(entitlements: [own], statuses: statuses).map(\.id) == [1, 2])
    #expect(rules.candidates(entitlements: [], statuses: statuses).isEmpty)
  }

  @Test(
    "a listing grants Pro only through verified, unrevoked, not upgraded-away Pro transactions",
    arguments: [
      ("verified", true), ("unverified", false), ("revoked", false), ("upgraded", false),
      ("other product", false),
    ])
  func granting(kind: String, grants: Bool) {
    var transaction = Self.entitlement(1, "monthly", .purchased, expiresIn: 100)
    var result = VerificationResult<Transaction>.verified(transaction)
    switch kind {
    case "unverified":
      result = .unverified(transaction, VerificationError(.invalidSignature, "test"))
    case "revoked":
      transaction.revocationDate = Self.now
      result = .verified(transaction)
    case "upgraded":
      transaction.isUpgraded = true
      result = .verified(transaction)
    case "other product":
      transaction.productID = "other"
      result = .verified(transaction)
    default:
      break
    }
    let rules = ProEntitlements(productIDs: ["monthly", "annual"])
    #expect(rules.granting([result]).map(\.id) == (grants ? [1] : []))
  }

  @Test("the details carry the renewal fields of the shown entitlement's verified status")
  func detailsFromStatus() throws {
    let own = Self.entitlement(1, "monthly", .purchased, expiresIn: 100)
    var renewal = RenewalInfo(
      originalTransactionID: 1, currentProductID: "monthly", willAutoRenew: false,
      signedDate: Self.now)
    renewal.autoRenewPreference = "annual"
    let status = SubscriptionStatus(
      state: .subscribed, transaction: .verified(own), renewalInfo: .verified(renewal))
    let details = try #require(
      Self.rules.details(among: [own], statuses: [status], levels: [:]))
    #expect(details.renewalState == .subscribed)
    #expect(details.willAutoRenew == false)
    #expect(details.nextRenewalProductID == "annual")
    var forged = status
    forged.renewalInfo = .unverified(renewal, VerificationError(.invalidSignature, "test"))
    let bare = try #require(Self.rules.details(among: [own], statuses: [forged], levels: [:]))
    #expect(bare.renewalState == nil)
    #expect(bare.willAutoRenew == nil)
  }

  @Test("at the same level and ownership, the entitlement that lasts longest shows")
  func chooseLongest() {
    let entitlements = [
      Self.entitlement(1, "annual", .purchased, expiresIn: 50),
      Self.entitlement(2, "annual", .purchased, expiresIn: 100),
    ]
    let details = Self.rules.details(among: entitlements, statuses: [], levels: ["annual": 1])
    #expect(details?.transactionID == 2)
  }
}

@Suite struct PlanSelectionTests {
  private static let weekly = Fixtures.product(
    id: "weekly", name: "Weekly", price: "1.99", period: SubscriptionPeriod(value: 1, unit: .week))
  private static let quarterly = Fixtures.product(
    id: "quarterly", name: "Quarterly", price: "12.99",
    period: SubscriptionPeriod(value: 3, unit: .month))
  private static let monthly = Fixtures.catalog[0]
  private static let annual = Fixtures.catalog[1]

  @Test(
    "nothing chosen: the annual plan, else the longest plan the screen offers, else none",
    arguments: [
      ([monthly, annual], Fixtures.annualID as String?),
      ([annual, monthly], Fixtures.annualID),
      ([monthly], Fixtures.monthlyID),
      ([weekly, quarterly, monthly], "quarterly"),
      ([], nil),
    ] as [([Product], String?)])
  func fallback(offered: [Product], expected: String?) {
    #expect(PlanSelection().selectedProductID(offered: offered) == expected)
  }
}
