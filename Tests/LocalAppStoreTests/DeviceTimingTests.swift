import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// Runs `body` in a task that is cancelled before `body` starts: what SwiftUI does to a view's
/// `.task` when the view goes away.
func inCancelledTask<T: Sendable>(_ body: @escaping @Sendable () async -> T) async -> T {
  await Task {
    withUnsafeCurrentTask { $0?.cancel() }
    return await body()
  }.value
}

/// The identifiers of the verified transactions of a listing.
func ids(_ results: [VerificationResult<Transaction>]) -> [UInt64] {
  results.compactMap { try? $0.payloadValue.id }
}

/// Device timing: the local App Store no politer than a device (``DeviceTiming``). Each test
/// names the behaviour of real StoreKit it reproduces and where that was measured.
@Suite(.recordsQuietFailures) struct DeviceTimingTests {
  @Test("a new store keeps a device's timing, and status shows it")
  func defaultIsOn() async throws {
    let store = try LocalAppStore.sportsTime()
    #expect(try await store.deviceTiming() == .device)
    #expect(try await store.status().settings.deviceTiming == DeviceTiming(listingLag: 1))
    try await store.setDeviceTiming(.polite)
    #expect(try await store.status().settings.deviceTiming.isEnabled == false)
  }

  @Test("a state written before device timing existed decodes with a device's timing")
  func olderSettingsDecode() throws {
    let old = Data(
      #"{"askToBuyEnabled":true,"billingIssuesEnabled":false,"gracePeriodEnabled":false,"timeRate":0,"storefront":"USA","bundleID":"com.sportstime.app"}"#
        .utf8)
    let settings = try JSONDecoder().decode(EmulatorSettings.self, from: old)
    #expect(settings.askToBuyEnabled)
    #expect(settings.deviceTiming == .device)
    let noLag = Data(#"{"isEnabled":true}"#.utf8)
    #expect(try JSONDecoder().decode(DeviceTiming.self, from: noLag).listingLag == 1)
    #expect(DeviceTiming(listingLag: -3).listingLag == 0)
  }

  // 1. macOS 26.6: straight after `Product.purchase()` returns, `currentEntitlements` lacks the
  // purchase; about a second later it lists it (Kosikowski/swift-storekit `docs/10-decisions.md`,
  // D3, D28).
  @Test(
    "a purchase is missed by the next N reads of the launch that made it, then listed",
    arguments: [1, 2, 3])
  func purchaseLags(lag: Int) async throws {
    let store = try LocalAppStore.sportsTime(
      settings: EmulatorSettings(deviceTiming: DeviceTiming(listingLag: lag)))
    let bought = try verified(try await store.buy(monthlyID))
    for _ in 0..<lag {
      #expect(await store.currentEntitlements().isEmpty)
      // The App Store's own view has it at once, and is not a read.
      #expect(try await store.status().entitledProductIDs == [monthlyID])
    }
    #expect(ids(await store.currentEntitlements()) == [bought.id])
  }

  @Test("the listing reads count toward the lag: unfinished, updates, currentEntitlements")
  func listingReadsCount() async throws {
    let store = try LocalAppStore.sportsTime(
      settings: EmulatorSettings(deviceTiming: DeviceTiming(listingLag: 2)))
    let bought = try verified(try await store.buy(monthlyID))
    _ = await store.unfinishedTransactions()
    _ = store.transactionUpdates()
    #expect(ids(await store.currentEntitlements()) == [bought.id])
  }

  // The lag's measurements (1 above) are of `currentEntitlements`, `updates` and `unfinished`
  // reads; none is of `Product.products(for:)`. Before, a products read spent the lag too
  // (watched: this test fails there).
  @Test("a products read does not spend the lag")
  func productsReadsDoNotCount() async throws {
    let store = try LocalAppStore.sportsTime(
      settings: EmulatorSettings(deviceTiming: DeviceTiming(listingLag: 1)))
    let bought = try verified(try await store.buy(monthlyID))
    _ = try await store.products(for: [monthlyID])
    _ = try await store.products(for: [monthlyID])
    #expect(await store.currentEntitlements().isEmpty)
    #expect(ids(await store.currentEntitlements()) == [bought.id])
  }

  @Test("polite: a purchase is listed at once")
  func politeListsAtOnce() async throws {
    let store = try LocalAppStore.sportsTime(settings: .polite)
    let bought = try verified(try await store.buy(monthlyID))
    #expect(ids(await store.currentEntitlements()) == [bought.id])
  }

  @Test("a later launch sees the purchase listed, as a device does a moment later")
  func laterLaunchSeesPurchase() async throws {
    let store = try LocalAppStore.sportsTime()
    let bought = try verified(try await store.buy(annualID))
    store.startNewLaunch()
    #expect(ids(await store.currentEntitlements()) == [bought.id])
  }

  @Test("the App Store's own purchase (another device, `buy`) does not lag")
  func storePurchaseDoesNotLag() async throws {
    let store = try LocalAppStore.sportsTime()
    let outcome = try await store.purchaseWithOutcome(SportsTimeFixtures.monthly)
    guard case .purchased(let result) = outcome else {
      Issue.record("expected a new transaction, got \(outcome)")
      return
    }
    #expect(ids(await store.currentEntitlements()) == [result.unsafePayloadValue.id])
  }

  // 2. macOS 26.6: an approved Ask to Buy arrives on `Transaction.updates` about half a second
  // before `currentEntitlements` lists it (Kosikowski/swift-storekit `docs/10-decisions.md`,
  // D4, D28).
  @Test("an approved Ask to Buy arrives through updates before the listing has it")
  func approvalArrivesFirst() async throws {
    let store = try LocalAppStore.sportsTime(settings: EmulatorSettings(askToBuyEnabled: true))
    var updates = store.transactionUpdates().makeAsyncIterator()
    #expect(try await store.buy(monthlyID) == .pending)
    let request = try #require(try await store.askToBuyRequests().first)
    try await store.approveAskToBuy(request.id)
    let delivered = try #require(await next(1, of: &updates).first)
    #expect(delivered.unsafePayloadValue.id == request.id)
    #expect(await store.currentEntitlements().isEmpty)
    #expect(try await store.status().entitledProductIDs == [monthlyID])
    #expect(ids(await store.currentEntitlements()) == [request.id])
  }

  // 3. A refund does not lag: at the instant its update arrives the listing already lacks the
  // product (Kosikowski/swift-storekit `docs/10-decisions.md`,
  // D4, macOS 26.6).
  @Test("a refund does not lag: when its update arrives, the listing lacks the product")
  func refundDoesNotLag() async throws {
    let store = try LocalAppStore.sportsTime()
    let bought = try await store.buyVerified(monthlyID)
    #expect(ids(await store.currentEntitlements()).isEmpty)  // the purchase's lag
    #expect(ids(await store.currentEntitlements()) == [bought.id])
    var updates = store.transactionUpdates().makeAsyncIterator()
    try await store.refund(transactionID: bought.id)
    let delivered = try #require(await next(1, of: &updates).first)
    #expect(delivered.unsafePayloadValue.revocationDate != nil)
    #expect(await store.currentEntitlements().isEmpty)
  }

  // 4. Read in a cancelled task, `currentEntitlements` yields 0 of N and `Product.products(for:)`
  // returns an empty list, not an error (Kosikowski/swift-storekit `docs/10-decisions.md`,
  // D2, D20, D26; macOS 26.6 and
  // the iOS 27.0 simulator).
  @Test("read in a cancelled task, the listing and the products are empty, not an error")
  func cancelledReadsAreEmpty() async throws {
    let store = try LocalAppStore.sportsTime()
    let bought = try verified(try await store.buy(monthlyID))
    store.startNewLaunch()
    #expect(await inCancelledTask { await store.currentEntitlements() }.isEmpty)
    let products = await inCancelledTask { () -> Result<[Product], StoreBackendError> in
      do throws(StoreBackendError) {
        return .success(try await store.products(for: [monthlyID, annualID]))
      } catch {
        return .failure(error)
      }
    }
    #expect(try products.get().isEmpty)
    // Not a read: the listing that follows is the launch's first, and has the purchase.
    #expect(ids(await store.currentEntitlements()) == [bought.id])
    #expect(try await store.products(for: [monthlyID, annualID]).count == 2)
  }

  @Test("polite: a cancelled task reads what there is")
  func politeCancelledReads() async throws {
    let store = try LocalAppStore.sportsTime(settings: .polite)
    try await store.buyVerified(monthlyID)
    #expect(await inCancelledTask { await store.currentEntitlements() }.count == 1)
    let count = await inCancelledTask { (try? await store.products(for: [monthlyID]))?.count }
    #expect(count == 1)
  }

  // 5. A renewal made while the app was not running can be missing from the first read of
  // `currentEntitlements` at launch (https://developer.apple.com/forums/thread/697006; not measured
  // by Kosikowski/swift-storekit).
  @Test("a renewal made while no launch ran is missed by the next launch's first listing read")
  func renewalMissedAtLaunch() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    let emulator = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    guard
      case .purchased(let bought) = try await emulator.purchaseWithOutcome(
        SportsTimeFixtures.monthly)
    else {
      Issue.record("the purchase did not make a transaction")
      return
    }
    await emulator.finish(bought.unsafePayloadValue)
    try await emulator.advanceTime(by: try #require(EmulatorDuration("1m")))
    let renewal = try #require(try await emulator.history().last)
    #expect(renewal.reason == .renewal)

    // The next launch: another process opens the state.
    let launch = try LocalAppStore(openingStateAt: path)
    var updates = launch.transactionUpdates().makeAsyncIterator()
    #expect(await next(1, of: &updates).first?.unsafePayloadValue.id == renewal.id)
    #expect(ids(await launch.unfinishedTransactions()) == [renewal.id])
    #expect(await launch.currentEntitlements().isEmpty)
    #expect(try await launch.status().entitledProductIDs == [monthlyID])
    #expect(ids(await launch.currentEntitlements()) == [renewal.id])
    // The marker is spent: a launch after that lists the renewal at once.
    let third = try LocalAppStore(openingStateAt: path)
    #expect(ids(await third.currentEntitlements()) == [renewal.id])
  }

  @Test("a renewal made while a listener is open reaches it and is listed")
  func renewalWhileRunning() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock)
    let bought = try await store.buyVerified(monthlyID)
    _ = await store.currentEntitlements()  // the purchase's lag, and the launch's first read
    var updates = store.transactionUpdates().makeAsyncIterator()
    clock.set(to: try #require(bought.expirationDate))
    let renewal = try #require(await next(1, of: &updates).first)
    #expect(renewal.unsafePayloadValue.reason == .renewal)
    #expect(ids(await store.currentEntitlements()) == [renewal.unsafePayloadValue.id])
  }

  // 6. Unfinished transactions are handed to a listener once, as the app launches; a listener
  // that subscribes late gets none of them, while `Transaction.unfinished` still has them
  // (Apple's `Transaction.updates` page; DTS on https://developer.apple.com/forums/thread/787431;
  // Kosikowski/swift-storekit `docs/10-decisions.md`, D29, macOS 26.6).
  @Test("unfinished transactions go to the launch's first listener only; unfinished keeps them")
  func unfinishedOncePerLaunch() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock)
    let bought = try verified(try await store.buy(monthlyID))
    var first = store.transactionUpdates().makeAsyncIterator()
    #expect(await next(1, of: &first).first?.unsafePayloadValue.id == bought.id)
    var late = store.transactionUpdates().makeAsyncIterator()
    #expect(ids(await store.unfinishedTransactions()) == [bought.id])
    // The late listener still gets what happens from now on, and nothing before it.
    try await store.refund(transactionID: bought.id)
    let delivered = try #require(await next(1, of: &late).first)
    #expect(delivered.unsafePayloadValue.id == bought.id)
    #expect(delivered.unsafePayloadValue.revocationDate != nil)
  }

  @Test("the next launch's first listener gets the unfinished transactions again")
  func unfinishedAgainNextLaunch() async throws {
    let store = try LocalAppStore.sportsTime()
    let bought = try verified(try await store.buy(monthlyID))
    var first = store.transactionUpdates().makeAsyncIterator()
    #expect(await next(1, of: &first).first?.unsafePayloadValue.id == bought.id)
    store.startNewLaunch()
    var relaunched = store.transactionUpdates().makeAsyncIterator()
    #expect(await next(1, of: &relaunched).first?.unsafePayloadValue.id == bought.id)
  }
}
