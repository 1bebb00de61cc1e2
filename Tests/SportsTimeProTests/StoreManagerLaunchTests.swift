import Foundation
import SportsTimePro
import StoreModel
import TestSupport
import Testing

@MainActor
@Suite("StoreManager at launch", .hangGuard)
struct StoreManagerLaunchTests {
  @Test("the product ids are the plan's, monthly first, and the free limit is one trip")
  func constants() {
    #expect(StoreManager.productIDs == ["com.sportstime.pro.monthly", "com.sportstime.pro.annual"])
    #expect(StoreManager.monthlyProductID == "com.sportstime.pro.monthly")
    #expect(StoreManager.annualProductID == "com.sportstime.pro.annual")
    #expect(StoreManager.freeTripLimit == 1)
  }

  @Test(
    "the product ids are exactly the bundled SportsTime.storekit's, monthly and annual by period")
  func idsMatchTheBundledConfiguration() throws {
    let url = try #require(bundledStoreKitConfigurationURL)
    let catalog = try Catalog(contentsOf: url)
    #expect(Set(StoreManager.productIDs) == Set(catalog.products.map(\.id)))
    #expect(StoreManager.productIDs.count == catalog.products.count)
    let monthly = try #require(catalog.product(id: StoreManager.monthlyProductID))
    let annual = try #require(catalog.product(id: StoreManager.annualProductID))
    #expect(monthly.subscription?.subscriptionPeriod == .monthly)
    #expect(annual.subscription?.subscriptionPeriod == .yearly)
    #expect(monthly.subscription?.subscriptionGroupID == annual.subscription?.subscriptionGroupID)
  }

  @Test("a new customer is free once the entitlements are read; the products load after")
  func freshLaunch() async throws {
    let world = try AppWorld()
    #expect(world.store.hasLoadedEntitlements == false)
    await world.launch()
    #expect(world.store.hasLoadedEntitlements)
    #expect(world.store.isPro == false)
    #expect(world.store.purchasedProductIDs.isEmpty)
    #expect(world.store.entitlement == nil)
    #expect(world.store.productsState == .loaded)
    #expect(world.store.products.map(\.id) == [Fixtures.monthlyID, Fixtures.annualID])
    #expect(world.store.monthlyProduct?.id == Fixtures.monthlyID)
    #expect(world.store.annualProduct?.id == Fixtures.annualID)
  }

  @Test("with the products failing, launch still knows Pro from the entitlements")
  func productsFailing() async throws {
    let world = try AppWorld()
    try await world.appStore.seedPurchase(Fixtures.annualID)
    try await world.appStore.setProductsFailure(.networkError("offline"))
    await world.store.start()
    #expect(world.store.isPro)
    #expect(world.store.purchasedProductIDs == [Fixtures.annualID])
    await world.store.loadProducts()
    #expect(world.store.productsState == .failed(.networkUnavailable))
    #expect(world.store.productsState.isRetryable)
    #expect(world.store.products.isEmpty)
    #expect(world.store.isPro)

    try await world.appStore.setProductsFailure(nil)
    world.store.retryLoadingProducts()
    await waitUntil { world.store.productsState == .loaded }
    #expect(world.store.annualProduct?.id == Fixtures.annualID)
  }

  @Test("with the products slow, start returns with Pro known while they still load")
  func productsSlow() async throws {
    let world = try AppWorld()
    try await world.appStore.seedPurchase(Fixtures.monthlyID)
    world.appStore.holdProducts()
    await world.store.start()
    #expect(world.store.isPro)
    #expect(world.store.productsState == .loading)
    #expect(world.store.isLoading)
    world.store.retryLoadingProducts()  // a retry while loading starts nothing new
    world.appStore.releaseProducts()
    await waitUntil { world.store.productsState == .loaded }
    #expect(world.appStore.productRequests == 1)
    #expect(world.store.isLoading == false)
  }

  @Test("an unknown catalog is a retryable product-not-found state")
  func emptyCatalog() async throws {
    let world = try AppWorld(catalog: [])
    await world.launch()
    #expect(world.store.productsState == .failed(.productNotFound))
    #expect(world.store.productsState.isRetryable)
  }

  @Test("monthly and annual are found by their periods, not by the spelling of their ids")
  func productsByPeriod() async throws {
    // A catalog whose ids lie: the "monthly" id is billed yearly and the other way round.
    let world = try AppWorld(catalog: [
      Fixtures.product(
        id: Fixtures.monthlyID, name: "Yearly", price: "49.99", period: .yearly),
      Fixtures.product(
        id: Fixtures.annualID, name: "Monthly", price: "4.99", period: .monthly),
    ])
    await world.launch()
    #expect(world.store.monthlyProduct?.id == Fixtures.annualID)
    #expect(world.store.annualProduct?.id == Fixtures.monthlyID)
    #expect(world.store.products.map(\.displayName) == ["Monthly", "Yearly"])
  }

  @Test("unfinished transactions are handled at launch: Pro, and finished once")
  func unfinishedAtLaunch() async throws {
    let world = try AppWorld()
    let transaction = try await world.appStore.seedPurchase(Fixtures.monthlyID, unfinished: true)
    await world.store.start()
    #expect(world.store.isPro)
    await world.appStore.waitUntilFinished(transaction.id)
    #expect(await world.appStore.isUnfinished(transaction.id) == false)
  }

  @Test("an unverified entitlement never grants Pro, and stays unfinished")
  func unverifiedEntitlement() async throws {
    let world = try AppWorld()
    let forged = try await world.appStore.seedPurchase(
      Fixtures.annualID, unfinished: true, tampered: true)
    await world.launch()
    #expect(world.store.isPro == false)
    #expect(world.store.entitlement == nil)
    #expect(world.appStore.finishCount(of: forged.id) == 0)
    #expect(await world.appStore.isUnfinished(forged.id))
  }

  @Test("start is idempotent: one listener however often it is called")
  func startTwice() async throws {
    let world = try AppWorld()
    await world.store.start()
    await world.store.start()
    world.store.startListening()
    await world.appStore.waitForListeners(1)
    #expect(world.appStore.listenerCount == 1)
  }

  @Test("stop cancels the listener; start listens again")
  func stopAndRestart() async throws {
    let world = try AppWorld()
    await world.store.start()
    await world.appStore.waitForListeners(1)
    world.store.stop()
    await world.appStore.waitForListeners(0)
    #expect(world.store.nextEntitlementCheck == nil)
    await world.store.start()
    await world.appStore.waitForListeners(1)
    #expect(world.appStore.listenerCount == 1)
  }

  @Test("stop cancels the renewal details that still wait on the network")
  func stopCancelsStatuses() async throws {
    let world = try AppWorld()
    try await world.appStore.seedPurchase(Fixtures.monthlyID)
    world.appStore.holdStatuses()
    await world.store.start()
    await world.appStore.waitForStatusRequests(held: 1)
    #expect(world.store.isLoadingRenewalDetails)
    world.store.stop()
    #expect(world.store.isLoadingRenewalDetails == false)
    await world.appStore.waitForStatusRequests(held: 0, cancelled: 1)
    #expect(world.appStore.cancelledStatusRequests == 1)
    await world.store.loadRenewalDetails()
    #expect(world.store.entitlement?.willAutoRenew == nil)
  }

  @Test("a newer reading cancels the older renewal details; the latest details win")
  func overlappingReadings() async throws {
    let world = try AppWorld()
    let transaction = try await world.appStore.seedPurchase(Fixtures.monthlyID)
    world.appStore.holdStatuses()
    await world.store.start()
    await world.appStore.waitForStatusRequests(held: 1)
    try await world.appStore.setAutoRenew(false, originalID: transaction.originalID)
    let refresh = Task { await world.store.refreshEntitlements() }
    await world.appStore.waitForStatusRequests(held: 1, cancelled: 1)
    #expect(world.store.isLoadingRenewalDetails)
    world.appStore.releaseStatuses()
    await refresh.value
    #expect(world.store.isLoadingRenewalDetails == false)
    #expect(world.store.entitlement?.willAutoRenew == false)
    #expect(world.appStore.cancelledStatusRequests == 1)
  }

  @Test("a manager that goes away cancels its listener")
  func deinitCancels() async throws {
    let world = try AppWorld()
    var manager: StoreManager? = StoreManager(
      backend: world.backend, storage: InMemoryKeyValueStore(), clock: world.clock)
    await manager?.start()
    await world.appStore.waitForListeners(1)
    manager = nil
    await world.appStore.waitForListeners(0)
    #expect(world.appStore.listenerCount == 0)
  }
}
