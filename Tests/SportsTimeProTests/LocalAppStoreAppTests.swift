import Foundation
import LocalAppStore
import SportsTimePro
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// The app layer on the real local App Store — signed transactions, its ledger, its updates —
/// with the device timing it keeps by default: the behaviours the plan gets wrong (the
/// SportsTimePro article `ThePlan`, "Where the package does more than the plan"), proved end to
/// end.
@MainActor
@Suite("The app layer on the local App Store", .hangGuard)
struct LocalAppStoreAppTests {
  /// A local App Store on a manual clock, and an app's store manager over one of its accounts.
  @MainActor
  private struct World {
    let clock: ManualClock
    let appStore: LocalAppStore
    let storage = InMemoryKeyValueStore()
    let store: StoreManager

    init(account: String = LocalAppStore.purchaser) throws {
      clock = ManualClock()
      appStore = try LocalAppStore.sportsTime(clock: clock)
      let backend: any StoreBackend =
        account == LocalAppStore.purchaser ? appStore : appStore.backend(for: account)
      store = StoreManager(backend: backend, storage: storage, clock: clock)
    }

    /// Another launch of the app on the same store and storage.
    func relaunch() -> StoreManager {
      StoreManager(backend: appStore, storage: storage, clock: clock)
    }

    /// Starts the store and waits for the products and the renewal details.
    func launch() async {
      await store.start()
      await store.loadProducts()
      await store.loadRenewalDetails()
    }

    /// Buys `productID` through the app.
    func buy(_ productID: String) async throws -> Transaction {
      let product = try #require(store.product(id: productID))
      let outcome = await store.purchase(product)
      guard case .purchased(let transaction) = outcome else {
        Issue.record("the purchase of \(productID) ended \(outcome)")
        throw CancellationError()
      }
      return transaction
    }
  }

  @Test(
    "with the products failing, launch still decides Pro from the entitlements",
    arguments: [
      (Fault.loadProducts, StoreError.productNotFound),
      (Fault.network, StoreError.networkUnavailable),
    ])
  func productsFailing(fault: Fault, error: StoreError) async throws {
    let world = try World()
    try await world.appStore.buyVerified(SportsTimeFixtures.annualID)
    try await world.appStore.inject(fault, sticky: true)
    let launch = AppLaunch(store: world.store)
    await launch.run()
    #expect(world.store.isPro)
    #expect(world.store.purchasedProductIDs == [SportsTimeFixtures.annualID])
    #expect(launch.screen == .home)
    #expect(launch.isShowingOnboardingPaywall == false)
    await world.store.loadProducts()
    #expect(world.store.productsState == .failed(error))
    #expect(world.store.products.isEmpty)
    #expect(world.store.isPro)
  }

  @Test("a free customer with the products failing launches free, onboarding shown, retryable")
  func productsFailingFree() async throws {
    let world = try World()
    try await world.appStore.inject(.loadProducts)
    let launch = AppLaunch(store: world.store)
    await launch.run()
    await world.store.loadProducts()
    #expect(world.store.isPro == false)
    #expect(world.store.hasLoadedEntitlements)
    let onboarding = try #require(launch.onboarding)
    #expect(onboarding.canRetryLoadingProducts)
    onboarding.retryLoadingProducts()
    await waitUntil { onboarding.planRows.count == 2 }
    #expect(onboarding.planRows.map(\.billedPrice) == ["$49.99", "$4.99"])
  }

  @Test("a refund while the app runs turns Pro off without a relaunch")
  func refund() async throws {
    let world = try World()
    await world.launch()
    let transaction = try await world.buy(SportsTimeFixtures.annualID)
    #expect(world.store.isPro)
    try await world.appStore.refund(transactionID: transaction.id)
    await waitUntil { !world.store.isPro }
    #expect(world.store.entitlement == nil)
    #expect(world.store.nextEntitlementCheck == nil)
  }

  @Test("family sharing grants Pro and its end turns Pro off, while the app runs")
  func familySharingStops() async throws {
    let world = try World(account: "kid")
    await world.launch()
    #expect(world.store.isPro == false)
    try await world.appStore.buyVerified(SportsTimeFixtures.monthlyID)
    try await world.appStore.startFamilySharing(with: "kid")
    await waitUntil { world.store.isPro }
    #expect(world.store.entitlement?.isFamilyShared == true)
    try await world.appStore.stopFamilySharing(with: "kid")
    await waitUntil { !world.store.isPro }
    #expect(world.store.entitlement == nil)
  }

  @Test("a member's own monthly and the family's shared annual: the details show annual")
  func familyHighestLevel() async throws {
    let world = try World(account: "kid")
    try await world.appStore.buyVerified(SportsTimeFixtures.annualID)
    try await world.appStore.startFamilySharing(with: "kid")
    await world.launch()
    #expect(world.store.entitlement?.productID == SportsTimeFixtures.annualID)
    let own = try #require(world.store.product(id: SportsTimeFixtures.monthlyID))
    guard case .purchased(let monthly) = await world.store.purchase(own) else {
      Issue.record("the member's own purchase did not go through")
      return
    }
    #expect(monthly.ownershipType == .purchased)
    await world.store.loadRenewalDetails()
    #expect(world.store.isPro)
    #expect(world.store.entitlement?.productID == SportsTimeFixtures.annualID)
    #expect(world.store.entitlement?.isFamilyShared == true)
    #expect(world.store.entitlement?.renewalState == .subscribed)
  }

  @Test("an expiry while the app runs turns Pro off without a relaunch, though no update comes")
  func expiry() async throws {
    let world = try World()
    await world.launch()
    let transaction = try await world.buy(SportsTimeFixtures.monthlyID)
    let expiration = try #require(transaction.expirationDate)
    try await world.appStore.setWillAutoRenew(false)
    await world.store.refreshEntitlements()
    #expect(world.store.entitlement?.willAutoRenew == false)
    #expect(world.store.nextEntitlementCheck == expiration)
    world.clock.advance(by: expiration.timeIntervalSince(world.clock.now) - 1)
    #expect(world.store.isPro)
    world.clock.advance(by: 2)
    await waitUntil { !world.store.isPro }
    #expect(try await world.appStore.history().count == 1)
  }

  @Test("Ask to Buy leaves the purchase pending; the approval grants Pro through the listener")
  func askToBuy() async throws {
    let world = try World()
    await world.launch()
    try await world.appStore.setAskToBuyEnabled(true)
    let product = try #require(world.store.annualProduct)
    #expect(await world.store.purchase(product) == .pending)
    #expect(world.store.purchaseState == .pending(productID: SportsTimeFixtures.annualID))
    #expect(world.store.isPro == false)
    let paywall = PaywallModel(store: world.store, placement: .settings)
    #expect(paywall.pendingMessage == StoreError.pendingApproval.message)
    let request = try #require(try await world.appStore.askToBuyRequests().last)
    try await world.appStore.approveAskToBuy(request.id)
    await waitUntil { world.store.isPro }
    #expect(world.store.purchaseState == .idle)
    #expect(paywall.isDismissed)
    #expect(world.store.entitlement?.transactionID == request.id)
  }

  @Test(
    "an unverified transaction never grants Pro, at purchase or at a later launch",
    arguments: [Fault.verification, Fault.tamper])
  func unverified(fault: Fault) async throws {
    let world = try World()
    await world.launch()
    try await world.appStore.inject(fault, sticky: true)
    let product = try #require(world.store.monthlyProduct)
    #expect(await world.store.purchase(product) == .failed(.verificationFailed))
    #expect(world.store.isPro == false)
    #expect(world.store.lastError == .verificationFailed)
    let relaunched = world.relaunch()
    await relaunched.start()
    #expect(relaunched.hasLoadedEntitlements)
    #expect(relaunched.isPro == false)
    relaunched.stop()
    // Read after the relaunch's own reads: with device timing, the launch that bought misses
    // the purchase in its next listing read.
    let entitlements = await world.appStore.currentEntitlements()
    #expect(entitlements.count == 1)
    #expect(entitlements.allSatisfy { !$0.isVerified })
  }
}
