import Foundation
import LocalAppStore
import SportsTimePro
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// Runs `body` on the main actor in a task cancelled before `body` starts: what SwiftUI does to a
/// view's `.task` when the view goes away.
@MainActor
private func inCancelledTask(_ body: @escaping @MainActor () async -> Void) async {
  await Task { @MainActor in
    withUnsafeCurrentTask { $0?.cancel() }
    await body()
  }.value
}

/// `StoreManager` against real StoreKit's timing, on the local App Store with device timing on
/// (the default): every defence here has a test that fails without it (see the closing notes of
/// issue 12 for the naive code each was watched to fail with).
@MainActor
@Suite("StoreManager under a device's timing", .hangGuard)
struct StoreManagerTimingTests {
  @MainActor
  private struct World {
    let clock = ManualClock()
    let appStore: LocalAppStore
    let backend: WatchedBackend
    let store: StoreManager

    init(settings: EmulatorSettings = EmulatorSettings()) throws {
      appStore = try LocalAppStore.sportsTime(clock: clock, settings: settings)
      backend = WatchedBackend(appStore)
      store = StoreManager(backend: backend, storage: InMemoryKeyValueStore(), clock: clock)
    }

    func launch() async {
      await store.start()
      await store.loadProducts()
    }

    /// A subscriber of `productID`, bought by the App Store itself in an earlier launch.
    func subscribe(_ productID: String) async throws -> Transaction {
      let product = try #require(appStore.allProducts.first { $0.id == productID })
      guard case .purchased(let result) = try await appStore.purchaseWithOutcome(product) else {
        Issue.record("the App Store did not sell \(productID)")
        throw CancellationError()
      }
      let transaction = result.unsafePayloadValue
      await appStore.finish(transaction)
      appStore.startNewLaunch()
      return transaction
    }
  }

  // MARK: - Holding a grant until the listing counts it

  @Test("a verified purchase grants Pro at once while the listing still lags, and is held")
  func purchaseHeld() async throws {
    let world = try World()
    await world.launch()
    let annual = try #require(world.store.annualProduct)
    guard case .purchased(let transaction) = await world.store.purchase(annual) else {
      Issue.record("the purchase did not go through")
      return
    }
    #expect(world.store.isPro)
    #expect(world.store.purchasedProductIDs == [SportsTimeFixtures.annualID])
    #expect(world.store.entitlement?.productID == SportsTimeFixtures.annualID)
    #expect(world.backend.finishCount(transaction.id) == 1)
    // The listing catches up; Pro now comes from it.
    await world.store.refreshEntitlements()
    #expect(world.store.isPro)
  }

  @Test("an approved Ask to Buy arriving before the listing has it grants Pro at once")
  func approvalHeld() async throws {
    let world = try World(settings: EmulatorSettings(askToBuyEnabled: true))
    await world.launch()
    #expect(await world.store.purchase(try #require(world.store.monthlyProduct)) == .pending)
    let request = try #require(try await world.appStore.askToBuyRequests().first)
    try await world.appStore.approveAskToBuy(request.id)
    await world.backend.waitUntilFinished(request.id)
    #expect(world.store.isPro)
    #expect(world.store.purchaseState == .idle)
  }

  @Test("a refund that arrives while a purchase is held locks it again at once")
  func refundEndsHold() async throws {
    let world = try World()
    await world.launch()
    guard
      case .purchased(let bought) = await world.store.purchase(
        try #require(world.store.monthlyProduct))
    else {
      Issue.record("the purchase did not go through")
      return
    }
    #expect(world.store.isPro)
    let refund = try await world.appStore.refund(transactionID: bought.id)
    #expect(refund.revocationDate != nil)
    await world.backend.waitUntilFinished(bought.id, times: 2)  // the refund's revision
    #expect(world.store.isPro == false)
    #expect(world.store.purchasedProductIDs.isEmpty)
  }

  @Test("a hold the listing never counts lapses on the injected clock; then the listing decides")
  func holdLapses() async throws {
    let world = try World(settings: EmulatorSettings(deviceTiming: DeviceTiming(listingLag: 100)))
    await world.launch()
    let start = world.clock.now
    _ = await world.store.purchase(try #require(world.store.annualProduct))
    #expect(world.store.isPro)
    #expect(
      world.store.nextEntitlementCheck == start.addingTimeInterval(StoreManager.listingHoldLimit))
    world.clock.advance(by: StoreManager.listingHoldLimit - 1)
    await world.store.refreshEntitlements()
    #expect(world.store.isPro)
    world.clock.advance(by: 1)
    await world.store.refreshEntitlements()
    #expect(world.store.isPro == false)
  }

  // MARK: - Ownership read in a task of the manager's

  @Test("a launch whose task is cancelled still reads the subscriber's Pro")
  func cancelledLaunch() async throws {
    let world = try World()
    _ = try await world.subscribe(SportsTimeFixtures.monthlyID)
    await inCancelledTask { await world.store.start() }
    #expect(world.store.hasLoadedEntitlements)
    #expect(world.store.isPro)
  }

  @Test("a refresh from a cancelled task never turns Pro off")
  func cancelledRefresh() async throws {
    let world = try World()
    _ = try await world.subscribe(SportsTimeFixtures.annualID)
    await world.launch()
    #expect(world.store.isPro)
    await inCancelledTask { await world.store.refreshEntitlements() }
    #expect(world.store.isPro)
  }

  @Test("a reading cut short by stop() publishes nothing, not the empty answer")
  func stopDuringRead() async throws {
    let world = try World()
    _ = try await world.subscribe(SportsTimeFixtures.annualID)
    await world.launch()
    #expect(world.store.isPro)
    let gate = world.appStore.hold(.currentEntitlements)
    let refresh = Task { await world.store.refreshEntitlements() }
    await gate.waitUntilHolding(1)
    world.store.stop()
    gate.release()
    await refresh.value
    #expect(world.store.isPro)
    #expect(world.store.purchasedProductIDs == [SportsTimeFixtures.annualID])
  }

  // MARK: - Unfinished transactions

  @Test("the manager reads the unfinished transactions itself: a late listener gets none")
  func unfinishedReadAfterSubscribing() async throws {
    let world = try World()
    guard
      case .purchased(let result) = try await world.appStore.purchaseWithOutcome(
        SportsTimeFixtures.annual)
    else {
      Issue.record("the App Store did not sell the product")
      return
    }
    let transaction = result.unsafePayloadValue
    world.appStore.startNewLaunch()
    // Something else in the app listened first this launch: the hand-over went to it.
    let early = world.appStore.transactionUpdates()
    await world.store.start()
    #expect(world.backend.finishCount(transaction.id) == 1)
    #expect(await world.appStore.unfinishedTransactions().isEmpty)
    withExtendedLifetime(early) {}
  }

  @Test("a transaction met both through the listener and the unfinished ones is handled once")
  func unfinishedBothWays() async throws {
    let world = try World()
    let product = SportsTimeFixtures.monthly
    guard case .purchased(let result) = try await world.appStore.purchaseWithOutcome(product) else {
      Issue.record("the App Store did not sell the product")
      return
    }
    let transaction = result.unsafePayloadValue
    world.appStore.startNewLaunch()
    // The listener's copy arrives after the launch has handled the unfinished one.
    let deliveries = world.appStore.hold(.updates)
    await world.launch()
    #expect(world.store.isPro)
    #expect(world.backend.listingReads == 2)
    #expect(world.backend.finishCount(transaction.id) == 1)
    deliveries.release()
    // The listener's copy: finished again (finishing costs nothing), and nothing else.
    await world.backend.waitUntilFinished(transaction.id, times: 2)
    #expect(world.backend.listingReads == 2)
    #expect(world.store.isPro)
  }

  // MARK: - Products, loaded in a task of the manager's

  @Test("products loaded from a cancelled task are loaded, not 'not found'")
  func productsFromCancelledTask() async throws {
    let world = try World()
    await inCancelledTask { await world.store.loadProducts() }
    #expect(world.store.productsState == .loaded)
    #expect(world.store.products.map(\.id) == StoreManager.productIDs)
  }

  @Test("the empty answer of a load cut short by stop() is not productNotFound")
  func stoppedLoad() async throws {
    let world = try World()
    let gate = world.appStore.hold(.products)
    let load = Task { await world.store.loadProducts() }
    await gate.waitUntilHolding(1)
    world.store.stop()
    gate.release()
    await load.value
    #expect(world.store.productsState == .idle)
  }

  @Test("a late answer of an earlier load never overwrites a later success")
  func lateAnswerLoses() async throws {
    let world = try World()
    let first = world.appStore.hold(.products)
    let early = Task { await world.store.loadProducts() }
    await first.waitUntilHolding(1)
    world.store.stop()
    let second = world.appStore.hold(.products)
    let later = Task { await world.store.loadProducts() }
    await second.waitUntilHolding(1)
    second.release()
    await later.value
    #expect(world.store.productsState == .loaded)
    first.release()  // the early load answers last: empty, its task was cancelled
    await early.value
    #expect(world.store.productsState == .loaded)
    #expect(world.store.products.count == 2)
  }
}
