import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// Purchases from outside the app (issue 13, item 7).
@Suite(.hangGuard, .recordsQuietFailures) struct OutsideAppPurchaseTests {
  /// `SKTestSession.buyProduct(identifier:options:)` makes a purchase "outside the app" that a
  /// running app receives through `Transaction.updates` (StoreKitTest's buyProduct page); the
  /// app's own `purchase()` hands its transaction back and sends no update.
  @Test("a purchase outside the app reaches a running app's listener")
  func buyProductReachesTheListener() async throws {
    let store = try LocalAppStore.sportsTime()
    var updates = store.transactionUpdates().makeAsyncIterator()
    let outside = try await store.buyProduct(annualID)
    let delivered = try #require(await next(1, of: &updates).first)
    #expect(delivered.isVerified)
    #expect(delivered.unsafePayloadValue.id == outside.id)
    #expect(await store.entitledProductIDs() == [annualID])
  }

  /// `Transaction.updates`: "It also emits transactions that customers complete in your app on
  /// another device." Before, a running app got it only at its next sync or launch (watched:
  /// this test failed there).
  @Test("another device's purchase reaches a running app's updates, listed after the lag")
  func anotherDeviceWhileRunning() async throws {
    let store = try LocalAppStore.sportsTime(
      settings: EmulatorSettings(deviceTiming: DeviceTiming(listingLag: 1)))
    var updates = store.transactionUpdates().makeAsyncIterator()
    let bought = try await store.buyProduct(monthlyID, from: .anotherDevice)
    // Checked first: before, the purchase waited for a sync and the wait below never ended.
    try #require(try await store.unsyncedPurchases().isEmpty)
    let delivered = try #require(await next(1, of: &updates).first)
    #expect(delivered.unsafePayloadValue.id == bought.id)
    #expect(await store.currentEntitlements().isEmpty, "the device's lag")
    #expect(await store.entitledProductIDs() == [monthlyID])
  }

  /// A purchase on another device that this one has not synced (the rare case `AppStore.sync()`
  /// is for) reaches it only when it syncs: at its next `AppStore.sync()` (Restore Purchases)
  /// or its next launch.
  @Test("a purchase not synced stays out of this device until it syncs, then arrives")
  func anotherDeviceUntilSync() async throws {
    let store = try LocalAppStore.sportsTime()
    var updates = store.transactionUpdates().makeAsyncIterator()
    let bought = try await store.buyProduct(monthlyID, from: .notSynced)
    #expect(await store.currentEntitlements().isEmpty)
    #expect(await store.allTransactions().isEmpty)
    #expect(try await store.subscriptionStatuses(forGroup: groupID).isEmpty)
    #expect(try await store.unsyncedPurchases() == [bought.originalID])
    #expect(try await store.status().entitledProductIDs == [monthlyID], "the App Store knows")
    try await store.sync()
    #expect(await store.entitledProductIDs() == [monthlyID])
    let delivered = try #require(await next(1, of: &updates).first)
    #expect(delivered.unsafePayloadValue.id == bought.id)
    #expect(try await store.unsyncedPurchases().isEmpty)
  }

  @Test("a failed sync leaves another device's purchase out; the next launch brings it")
  func anotherDeviceUntilLaunch() async throws {
    let store = try LocalAppStore.sportsTime()
    try await store.buyProduct(annualID, from: .anotherDevice)
    try await store.inject(.network)
    await #expect(throws: StoreBackendError.self) { try await store.sync() }
    #expect(await store.currentEntitlements().isEmpty)
    try await store.appDidLaunch()
    #expect(await store.entitledProductIDs() == [annualID])
  }

  @Test("a member's purchase on another device syncs on the member's device only")
  func perAccount() async throws {
    let store = try LocalAppStore.sportsTime()
    let member = store.backend(for: "alex")
    try await store.buyProduct(monthlyID, account: "alex", from: .anotherDevice)
    try await store.sync()
    #expect(await member.currentEntitlements().isEmpty)
    try await member.sync()
    #expect(await member.currentEntitlements().map(\.unsafePayloadValue.productID) == [monthlyID])
  }
}
