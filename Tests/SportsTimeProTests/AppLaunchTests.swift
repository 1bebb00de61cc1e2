import Foundation
import SportsTimePro
import StoreModel
import TestSupport
import Testing

@MainActor
@Suite("AppLaunch", .hangGuard)
struct AppLaunchTests {
  @Test("the first launch of a free customer shows home with the onboarding paywall over it")
  func firstLaunch() async throws {
    let world = try AppWorld()
    let launch = AppLaunch(store: world.store)
    #expect(launch.screen == .launching)
    await launch.run()
    #expect(launch.screen == .home)
    #expect(launch.isShowingOnboardingPaywall)
    launch.onboarding?.continueWithFree()
    #expect(launch.isShowingOnboardingPaywall == false)
  }

  @Test("the listener runs before the app's data loads; the entitlements are read after")
  func order() async throws {
    let world = try AppWorld()
    try await world.appStore.seedPurchase(Fixtures.annualID)
    let launch = AppLaunch(store: world.store)
    var subscribersDuringLoad = -1
    var knewProDuringLoad = true
    await launch.run {
      subscribersDuringLoad = world.appStore.listenerCount
      knewProDuringLoad = world.store.hasLoadedEntitlements
    }
    #expect(subscribersDuringLoad == 1)
    #expect(knewProDuringLoad == false)
    #expect(world.store.isPro)
  }

  @Test("Pro and the screen are decided while the renewal details wait on the network")
  func statusesSlow() async throws {
    let world = try AppWorld()
    let transaction = try await world.appStore.seedPurchase(Fixtures.annualID)
    world.appStore.holdStatuses()
    let launch = AppLaunch(store: world.store)
    let running = Task { await launch.run() }
    await world.appStore.waitForStatusRequests(held: 1)
    guard world.store.hasLoadedEntitlements else {
      Issue.record("the entitlements waited for the subscription statuses")
      world.appStore.releaseStatuses()
      return
    }
    #expect(world.store.isPro)
    await running.value
    #expect(launch.screen == .home)
    #expect(launch.isShowingOnboardingPaywall == false)
    #expect(world.store.isLoadingRenewalDetails)
    #expect(world.store.entitlement?.transactionID == transaction.id)
    #expect(world.store.entitlement?.willAutoRenew == nil)
    #expect(world.store.entitlement?.renewalState == nil)
    #expect(world.store.nextEntitlementCheck == transaction.expirationDate)

    world.appStore.releaseStatuses()
    await world.store.loadRenewalDetails()
    #expect(world.store.isLoadingRenewalDetails == false)
    #expect(world.store.entitlement?.willAutoRenew == true)
    #expect(world.store.entitlement?.renewalState == .subscribed)
  }

  @Test("a Pro customer never sees the onboarding paywall, even on first launch")
  func proCustomer() async throws {
    let world = try AppWorld()
    try await world.appStore.seedPurchase(Fixtures.monthlyID)
    let launch = AppLaunch(store: world.store)
    await launch.run()
    #expect(launch.screen == .home)
    #expect(launch.onboarding == nil)
    #expect(launch.isShowingOnboardingPaywall == false)
  }

  @Test("with the products failing or slow, launch still decides from the entitlements")
  func networkTrouble() async throws {
    let failing = try AppWorld()
    try await failing.appStore.setProductsFailure(.networkError("offline"))
    try await failing.appStore.seedPurchase(Fixtures.annualID)
    let proLaunch = AppLaunch(store: failing.store)
    await proLaunch.run()
    #expect(proLaunch.screen == .home)
    #expect(proLaunch.isShowingOnboardingPaywall == false)

    let slow = try AppWorld()
    slow.appStore.holdProducts()
    let freeLaunch = AppLaunch(store: slow.store)
    await freeLaunch.run()
    #expect(freeLaunch.screen == .home)
    #expect(freeLaunch.isShowingOnboardingPaywall)
    #expect(slow.store.productsState == .loading)
    slow.appStore.releaseProducts()
    await waitUntil { freeLaunch.onboarding?.planRows.count == 2 }
  }

  @Test("the onboarding paywall never shows twice: once continued free, or once bought")
  func neverTwice() async throws {
    let storage = InMemoryKeyValueStore()
    let first = try AppWorld(storage: storage)
    let firstLaunch = AppLaunch(store: first.store)
    await firstLaunch.run()
    #expect(firstLaunch.isShowingOnboardingPaywall)
    firstLaunch.onboarding?.continueWithFree()

    let second = try AppWorld(storage: storage)
    let secondLaunch = AppLaunch(store: second.store)
    await secondLaunch.run()
    #expect(secondLaunch.onboarding == nil)

    let other = InMemoryKeyValueStore()
    let buyer = try AppWorld(storage: other)
    let buyerLaunch = AppLaunch(store: buyer.store)
    await buyerLaunch.run()
    await buyer.store.loadProducts()
    let onboarding = try #require(buyerLaunch.onboarding)
    onboarding.show(page: 3)
    await onboarding.subscribe()
    #expect(buyerLaunch.isShowingOnboardingPaywall == false)
    // Next launch the customer is free again (a new, empty App Store): the flag still holds.
    let relaunch = AppLaunch(store: try AppWorld(storage: other).store)
    await relaunch.run()
    #expect(relaunch.onboarding == nil)
  }

  @Test("running the launch again does nothing")
  func runTwice() async throws {
    let world = try AppWorld()
    let launch = AppLaunch(store: world.store)
    await launch.run()
    launch.onboarding?.continueWithFree()
    let onboarding = launch.onboarding
    await launch.run()
    #expect(launch.onboarding === onboarding)
  }
}
