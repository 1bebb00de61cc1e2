import Foundation
import LocalAppStore
import SportsTimePro
import StoreModel
import StoreTesting
import TestSupport
import Testing

@MainActor
@Suite("StoreManager purchases and restores", .hangGuard)
struct StoreManagerPurchaseTests {
  @Test("a verified purchase grants Pro, is finished once, and is reported once")
  func verifiedPurchase() async throws {
    let world = try AppWorld()
    await world.launch()
    var events = EventLog(world.store)
    let annual = try #require(world.store.annualProduct)
    let outcome = await world.store.purchase(annual)
    guard case .purchased(let transaction) = outcome else {
      Issue.record("expected a purchase, got \(outcome)")
      return
    }
    #expect(world.store.isPro)
    #expect(world.store.purchasedProductIDs == [Fixtures.annualID])
    #expect(world.store.purchaseState == .idle)
    #expect(world.store.lastError == nil)
    #expect(world.store.entitlement?.productID == Fixtures.annualID)
    #expect(world.appStore.finishCount(of: transaction.id) == 1)
    #expect(
      await events.drain() == [
        .purchaseStarted(productID: Fixtures.annualID),
        .purchased(productID: Fixtures.annualID, transactionID: transaction.id),
      ])
  }

  @Test("the purchasing state lasts while the App Store's sheet is up")
  func purchasingState() async throws {
    let world = try AppWorld()
    await world.launch()
    world.appStore.holdPurchases()
    let monthly = try #require(world.store.monthlyProduct)
    let purchase = Task { await world.store.purchase(monthly) }
    await world.appStore.waitForHeldPurchase()
    #expect(world.store.purchaseState == .purchasing(productID: Fixtures.monthlyID))
    #expect(world.store.purchaseState.isPurchasing)
    world.appStore.releasePurchases()
    _ = await purchase.value
    #expect(world.store.purchaseState == .idle)
    #expect(world.store.isPro)
  }

  @Test("a cancel sets userCancelled, which shows no message, and grants nothing")
  func cancelled() async throws {
    let world = try AppWorld()
    await world.launch()
    var events = EventLog(world.store)
    try await world.appStore.setNextPurchase(.cancel)
    let outcome = await world.store.purchase(try #require(world.store.annualProduct))
    #expect(outcome == .cancelled)
    #expect(world.store.lastError == .userCancelled)
    #expect(world.store.lastError?.message == nil)
    #expect(world.store.isPro == false)
    #expect(world.store.purchaseState == .idle)
    #expect(
      await events.drain() == [
        .purchaseStarted(productID: Fixtures.annualID), .cancelled(productID: Fixtures.annualID),
      ])
  }

  @Test("an unverified purchase fails verification, grants nothing and is not finished")
  func unverifiedPurchase() async throws {
    let world = try AppWorld()
    await world.launch()
    try await world.appStore.setNextPurchase(.tamper)
    let outcome = await world.store.purchase(try #require(world.store.monthlyProduct))
    #expect(outcome == .failed(.verificationFailed))
    #expect(world.store.lastError == .verificationFailed)
    #expect(
      world.store.lastError?.message == "Could not verify purchase. Please contact support.")
    #expect(world.store.isPro == false)
    let history = await world.appStore.currentEntitlements()
    let forged = try #require(history.first).unsafePayloadValue
    #expect(world.appStore.finishCount(of: forged.id) == 0)
    #expect(await world.appStore.isUnfinished(forged.id))
  }

  @Test(
    "backend failures become the plan's errors",
    arguments: [
      (StoreBackendError.networkError("offline"), ProPurchaseResult.failed(.networkUnavailable)),
      (.systemError("boom"), .failed(.purchaseFailed)),
      (.purchaseNotAllowed("owned"), .failed(.purchaseFailed)),
      (.ineligibleForOffer("used"), .failed(.purchaseFailed)),
      (.productUnavailable("gone"), .failed(.productNotFound)),
      (.userCancelled, .cancelled),
    ])
  func backendFailures(failure: StoreBackendError, expected: ProPurchaseResult) async throws {
    let world = try AppWorld()
    await world.launch()
    try await world.appStore.setNextPurchase(.fail(failure))
    let outcome = await world.store.purchase(try #require(world.store.annualProduct))
    #expect(outcome == expected)
    #expect(world.store.isPro == false)
    #expect(world.store.purchaseState == .idle)
    switch expected {
    case .failed(let error): #expect(world.store.lastError == error)
    default: #expect(world.store.lastError == .userCancelled)
    }
  }

  @Test(
    "the backend's error code is kept for a log beside the plan's error",
    arguments: [
      (StoreBackendError.networkError("offline"), "networkError"),
      (.systemError("boom"), "systemError"),
      (.purchaseNotAllowed("owned"), "purchaseNotAllowed"),
      (.userCancelled, "userCancelled"),
    ])
  func backendFailureCodes(failure: StoreBackendError, code: String) async throws {
    let world = try AppWorld()
    await world.launch()
    try await world.appStore.setNextPurchase(.fail(failure))
    await world.store.purchase(try #require(world.store.annualProduct))
    #expect(world.store.lastErrorCode == code)
    world.store.clearError()
    #expect(world.store.lastErrorCode == nil)
  }

  @Test(
    "a failed restore keeps the backend's code for the log",
    arguments: [(Fault.sync, "systemError"), (.network, "networkError")])
  func restoreFailureCode(fault: Fault, code: String) async throws {
    let world = try AppWorld()
    await world.launch()
    try await world.appStore.local.inject(fault)
    #expect(await world.store.restore() == false)
    #expect(world.store.lastErrorCode == code)
  }

  @Test("the local App Store's own failure reaches the log with the store's code")
  func storeFailureCode() async throws {
    let clock = ManualClock(now: Date(timeIntervalSince1970: -315_619_200))  // 1960-01-01
    let backend = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    let store = StoreManager(backend: backend, storage: InMemoryKeyValueStore(), clock: clock)
    await store.start()
    await store.loadProducts()
    await store.purchase(try #require(store.annualProduct))
    #expect(store.lastError == .purchaseFailed)
    #expect(store.lastErrorCode == "systemError.signing")
  }

  @Test("without a backend error the code is the plan's error's case")
  func ownCodes() async throws {
    let world = try AppWorld()
    try await world.appStore.setProductsFailure(.networkError("offline"))
    await world.launch()
    await world.store.purchase(productID: Fixtures.annualID)
    #expect(world.store.lastErrorCode == "productNotFound")
  }

  @Test("buying a product that is not loaded fails with productNotFound")
  func unknownProduct() async throws {
    let world = try AppWorld()
    try await world.appStore.setProductsFailure(.networkError("offline"))
    await world.launch()
    let outcome = await world.store.purchase(productID: Fixtures.annualID)
    #expect(outcome == .failed(.productNotFound))
    #expect(world.store.lastError?.message == "Product not found. Please try again later.")
  }

  @Test("Ask to Buy is pending, then Pro when the approval arrives through the listener")
  func askToBuyApproved() async throws {
    let world = try AppWorld()
    await world.launch()
    var events = EventLog(world.store)
    try await world.appStore.setAskToBuy(true)
    let outcome = await world.store.purchase(try #require(world.store.annualProduct))
    #expect(outcome == .pending)
    #expect(world.store.purchaseState == .pending(productID: Fixtures.annualID))
    #expect(world.store.isPro == false)
    #expect(world.store.lastError == nil)

    let approved = try #require(try await world.appStore.approvePendingRequest())
    await waitUntil { world.store.isPro }
    #expect(world.store.purchaseState == .idle)
    await world.appStore.waitUntilFinished(approved.id)
    #expect(
      await events.drain() == [
        .purchaseStarted(productID: Fixtures.annualID), .pending(productID: Fixtures.annualID),
        .purchased(productID: Fixtures.annualID, transactionID: approved.id),
      ])
  }

  @Test("a declined Ask to Buy request grants nothing and leaves buying possible")
  func askToBuyDeclined() async throws {
    let world = try AppWorld()
    await world.launch()
    try await world.appStore.setAskToBuy(true)
    _ = await world.store.purchase(try #require(world.store.monthlyProduct))
    try await world.appStore.declinePendingRequest()
    #expect(try await world.appStore.pendingRequestCount() == 0)
    #expect(world.store.isPro == false)
    #expect(world.store.purchaseState.isPending)
    try await world.appStore.setAskToBuy(false)
    let outcome = await world.store.purchase(try #require(world.store.monthlyProduct))
    guard case .purchased = outcome else {
      Issue.record("expected a purchase, got \(outcome)")
      return
    }
    #expect(world.store.isPro)
    #expect(world.store.purchaseState == .idle)
  }

  @Test("a transaction delivered again is handled once: finished again, reported once")
  func repeatedDelivery() async throws {
    let world = try AppWorld()
    await world.launch()
    try await world.appStore.setAskToBuy(true)
    _ = await world.store.purchase(try #require(world.store.annualProduct))
    var events = EventLog(world.store)
    let approved = try #require(try await world.appStore.approvePendingRequest())
    await world.appStore.waitUntilFinished(approved.id)
    let reads = world.backend.listingReads
    world.appStore.redeliver(approved.id)
    world.appStore.redeliver(approved.id)
    await world.appStore.waitUntilFinished(approved.id, times: 3)
    // Handled once: a repeat is finished, and reads nothing again.
    #expect(world.backend.listingReads == reads)
    #expect(world.store.isPro)
    #expect(
      await events.drain() == [
        .purchased(productID: Fixtures.annualID, transactionID: approved.id)
      ])
  }

  @Test("restore finds a purchase made elsewhere")
  func restoreFindsPro() async throws {
    let world = try AppWorld()
    await world.launch()
    try await world.appStore.seedPurchase(Fixtures.monthlyID)
    var events = EventLog(world.store)
    #expect(await world.store.restore())
    #expect(world.store.isPro)
    #expect(world.store.lastError == nil)
    #expect(world.appStore.syncCount == 1)
    #expect(await events.drain() == [.restored(isPro: true)])
  }

  @Test("restore reads the entitlements even when the sync fails")
  func restoreWhenSyncFails() async throws {
    let world = try AppWorld()
    await world.launch()
    try await world.appStore.seedPurchase(Fixtures.annualID)
    try await world.appStore.setSyncFailure(.networkError("offline"))
    #expect(await world.store.restore())
    #expect(world.store.isPro)
    #expect(world.store.lastError == nil)
  }

  @Test(
    "restore with nothing to find is not Pro; a failed sync says why",
    arguments: [
      (StoreBackendError?.none, StoreError?.none),
      (.networkError("offline"), .networkUnavailable),
      (.userCancelled, .userCancelled),
    ])
  func restoreFindsNothing(failure: StoreBackendError?, expected: StoreError?) async throws {
    let world = try AppWorld()
    await world.launch()
    try await world.appStore.setSyncFailure(failure)
    #expect(await world.store.restore() == false)
    #expect(world.store.isPro == false)
    #expect(world.store.lastError == expected)
  }
}
