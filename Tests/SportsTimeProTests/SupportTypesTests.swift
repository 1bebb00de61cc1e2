import Foundation
import StoreModel
import Testing

@testable import SportsTimePro

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

@Suite struct EntitlementScheduleTests {
  private static let now = Date(timeIntervalSince1970: 1_767_225_600)

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
    "the next check is the earliest future expiration or grace end",
    arguments: [
      ([(1, 100.0), (2, 50.0)], [], 50.0),
      ([(1, nil)], [], nil),
      ([(1, -10.0)], [], nil),
      ([(1, -10.0)], [(1, 300.0)], 300.0),
      ([(1, -10.0), (2, 200.0)], [(1, 300.0)], 200.0),
      ([(1, 0.0)], [], nil),
    ] as [([(UInt64, TimeInterval?)], [(UInt64, TimeInterval)], TimeInterval?)])
  func nextChange(
    expirations: [(UInt64, TimeInterval?)], graces: [(UInt64, TimeInterval)],
    expected: TimeInterval?
  ) {
    let entitlements = expirations.map { Self.transaction($0.0, expiresIn: $0.1) }
    let statuses = graces.map { Self.grace($0.0, endsIn: $0.1) }
    #expect(
      EntitlementDetails.nextChange(of: entitlements, statuses: statuses, after: Self.now)
        == expected.map { Self.now.addingTimeInterval($0) })
  }

  @Test("an unverified renewal info does not extend access")
  func unverifiedGrace() {
    var status = Self.grace(1, endsIn: 300)
    status.renewalInfo = .unverified(
      status.renewalInfo.unsafePayloadValue, VerificationError(.invalidSignature, "test"))
    let entitlements = [Self.transaction(1, expiresIn: -10)]
    #expect(
      EntitlementDetails.nextChange(of: entitlements, statuses: [status], after: Self.now) == nil)
  }
}
