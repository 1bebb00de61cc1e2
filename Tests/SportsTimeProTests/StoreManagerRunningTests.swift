import Foundation
import SportsTimePro
import StoreModel
import StoreTesting
import TestSupport
import Testing

@MainActor
@Suite("StoreManager while the app runs", .hangGuard)
struct StoreManagerRunningTests {
  @Test("a refund turns Pro off at once, without a relaunch")
  func refund() async throws {
    let world = try AppWorld()
    await world.launch()
    guard
      case .purchased(let transaction) = await world.store.purchase(
        try #require(world.store.annualProduct))
    else {
      Issue.record("the purchase did not go through")
      return
    }
    #expect(world.store.isPro)
    try await world.appStore.revoke(transaction.id)
    await waitUntil { !world.store.isPro }
    #expect(world.store.entitlement == nil)
    #expect(world.store.nextEntitlementCheck == nil)
  }

  @Test("an unverified transaction from the listener never grants Pro and is not finished")
  func unverifiedUpdate() async throws {
    let world = try AppWorld()
    await world.launch()
    try await world.appStore.setAskToBuy(true)
    _ = await world.store.purchase(try #require(world.store.annualProduct))
    let forged = try #require(try await world.appStore.approvePendingRequest(tampered: true))
    // A verified family share after it proves the listener went past the forged one.
    let shared = try await world.appStore.familyShare(Fixtures.monthlyID)
    await world.appStore.waitUntilFinished(shared.id)
    #expect(world.store.isPro)
    #expect(world.store.purchasedProductIDs.contains(Fixtures.monthlyID))
    // The forged approval did not end the wait: only a verified one does.
    #expect(world.store.purchaseState.isPending)
    #expect(world.appStore.finishCount(of: forged.id) == 0)
    #expect(await world.appStore.isUnfinished(forged.id))
    // (The local App Store signs each answer afresh, so its later listings carry the approved
    // annual verified; on a device the same token is unverified everywhere.)
  }

  @Test("family sharing grants Pro, and its end takes Pro away")
  func familySharing() async throws {
    let world = try AppWorld()
    await world.launch()
    let shared = (try await world.appStore.familyShare(Fixtures.annualID))
    await waitUntil { world.store.isPro }
    #expect(world.store.entitlement?.isFamilyShared == true)
    await world.appStore.waitUntilFinished(shared.id)
    try await world.appStore.revoke(shared.id)
    await waitUntil { !world.store.isPro }
    #expect(world.store.entitlement == nil)
  }

  @Test("an expiry while running turns Pro off at the expiration date, not before")
  func expiry() async throws {
    let world = try AppWorld()
    let transaction = try await world.appStore.seedPurchase(Fixtures.monthlyID)
    try await world.appStore.setAutoRenew(false, originalID: transaction.originalID)
    await world.launch()
    let expiration = try #require(transaction.expirationDate)
    #expect(world.store.isPro)
    #expect(world.store.entitlement?.willAutoRenew == false)
    #expect(world.store.nextEntitlementCheck == expiration)

    world.clock.set(to: expiration.addingTimeInterval(-1))
    #expect(world.store.isPro)
    world.clock.set(to: expiration)
    await waitUntil { !world.store.isPro }
    #expect(world.store.nextEntitlementCheck == nil)
    #expect(world.clock.sleeperCount == 0)
  }

  @Test("a renewal keeps Pro and moves the next check to the new expiration")
  func renewal() async throws {
    let world = try AppWorld()
    let first = try await world.appStore.seedPurchase(Fixtures.monthlyID)
    await world.launch()
    let expiration = try #require(first.expirationDate)
    #expect(world.store.nextEntitlementCheck == expiration)
    // The App Store renews at the expiration; the manager's check there reads the renewal.
    world.clock.set(to: expiration)
    let renewalEnd = SubscriptionPeriod.monthly.end(from: expiration)
    await waitUntil { world.store.nextEntitlementCheck == renewalEnd }
    #expect(world.store.isPro)
    let renewal = try #require(world.store.entitlement)
    #expect(renewal.transactionID != first.id)
    #expect(renewal.originalTransactionID == first.originalID)
    #expect(renewal.purchaseDate == expiration)
    await world.appStore.waitUntilFinished(renewal.transactionID)
  }

  @Test("in the billing grace period Pro continues, and ends with it")
  func gracePeriod() async throws {
    let world = try AppWorld()
    let transaction = try await world.appStore.seedPurchase(Fixtures.monthlyID)
    let expiration = try #require(transaction.expirationDate)
    let graceEnd = expiration.addingTimeInterval(16 * 86_400)
    try await world.appStore.failRenewalsWithGracePeriod()
    await world.launch()
    world.clock.set(to: expiration)
    await waitUntil { world.store.nextEntitlementCheck == graceEnd }
    #expect(world.store.isPro)
    #expect(world.store.entitlement?.isInGracePeriod == true)
    #expect(world.store.entitlement?.isInBillingRetry == true)
    #expect(world.store.entitlement?.accessEndDate == graceEnd)
    world.clock.set(to: graceEnd)
    await waitUntil { !world.store.isPro }
  }

  @Test("offline, Pro follows the entitlements without the renewal details")
  func statusesOffline() async throws {
    let world = try AppWorld()
    let transaction = try await world.appStore.seedPurchase(Fixtures.annualID)
    try await world.appStore.setStatusFailure(.networkError("offline"))
    await world.launch()
    #expect(world.store.isPro)
    #expect(world.store.entitlement?.expirationDate == transaction.expirationDate)
    #expect(world.store.entitlement?.willAutoRenew == nil)
    #expect(world.store.entitlement?.renewalState == nil)
    #expect(world.store.nextEntitlementCheck == transaction.expirationDate)
  }

  @Test("at the same level, the details prefer the customer's own purchase to a family member's")
  func purchasedBeforeShared() async throws {
    let world = try AppWorld()
    try await world.appStore.seedPurchase(Fixtures.annualID, ownership: .familyShared)
    let own = try await world.appStore.seedPurchase(Fixtures.annualID)
    await world.launch()
    #expect(world.store.purchasedProductIDs == [Fixtures.annualID])
    #expect(world.store.entitlement?.transactionID == own.id)
    #expect(world.store.entitlement?.isFamilyShared == false)
  }

  @Test("own monthly and a family member's annual: the details show annual, the highest level")
  func highestLevelFirst() async throws {
    let world = try AppWorld()
    let shared = try await world.appStore.seedPurchase(Fixtures.annualID, ownership: .familyShared)
    let own = try await world.appStore.seedPurchase(Fixtures.monthlyID)
    await world.launch()
    #expect(world.store.isPro)
    #expect(world.store.purchasedProductIDs == [Fixtures.annualID, Fixtures.monthlyID])
    #expect(world.store.entitlement?.productID == Fixtures.annualID)
    #expect(world.store.entitlement?.transactionID == shared.id)
    #expect(world.store.entitlement?.isFamilyShared == true)
    #expect(world.store.entitlement?.renewalState == .subscribed)
    // The next check is still the earliest end: the own monthly's.
    #expect(world.store.nextEntitlementCheck == own.expirationDate)
  }

  @Test("when the family stops sharing, the own monthly shows at once, before the statuses")
  func sharingStopsBeforeStatuses() async throws {
    let world = try AppWorld()
    let shared = try await world.appStore.seedPurchase(Fixtures.annualID, ownership: .familyShared)
    let own = try await world.appStore.seedPurchase(Fixtures.monthlyID)
    await world.launch()
    #expect(world.store.entitlement?.transactionID == shared.id)
    world.appStore.holdStatuses()
    try await world.appStore.revoke(shared.id)
    await waitUntil { world.store.purchasedProductIDs == [Fixtures.monthlyID] }
    #expect(world.store.isLoadingRenewalDetails)
    #expect(world.store.entitlement?.transactionID == own.id)
    world.appStore.releaseStatuses()
    await world.store.loadRenewalDetails()
    #expect(world.store.entitlement?.transactionID == own.id)
    #expect(world.store.entitlement?.renewalState == .subscribed)
  }

  @Test("before the products (and their levels) load, the own purchase shows; then the highest")
  func levelsArriveWithTheProducts() async throws {
    let world = try AppWorld()
    let shared = try await world.appStore.seedPurchase(Fixtures.annualID, ownership: .familyShared)
    let own = try await world.appStore.seedPurchase(Fixtures.monthlyID)
    world.appStore.holdProducts()
    await world.store.start()
    #expect(world.store.entitlement?.transactionID == own.id)
    world.appStore.releaseProducts()
    await world.store.loadProducts()
    #expect(world.store.entitlement?.transactionID == shared.id)
  }

  @Test("a just-expired transaction still returned at wake-up is read again a minute later")
  func expiredAtWakeUp() async throws {
    let world = try AppWorld()
    let transaction = try await world.appStore.seedPurchase(Fixtures.monthlyID)
    try await world.appStore.setAutoRenew(false, originalID: transaction.originalID)
    await world.launch()
    let expiration = try #require(transaction.expirationDate)
    #expect(world.store.nextEntitlementCheck == expiration)
    // The app wakes an hour after the expiry; the device's entitlements are not updated yet.
    await world.appStore.freezeListing()
    let wake = expiration.addingTimeInterval(3_600)
    world.clock.set(to: wake)
    await waitUntil { world.store.nextEntitlementCheck != expiration }
    #expect(world.store.nextEntitlementCheck == wake.addingTimeInterval(60))
    #expect(world.store.isPro)
    await world.store.loadRenewalDetails()
    world.appStore.thawListing()
    world.clock.advance(by: 60)
    await waitUntil { !world.store.isPro }
    #expect(world.store.nextEntitlementCheck == nil)
  }

  @Test("a grace period that ended while offline is read again a minute later, and Pro ends")
  func graceEndedOffline() async throws {
    let world = try AppWorld()
    let transaction = try await world.appStore.seedPurchase(Fixtures.monthlyID)
    let expiration = try #require(transaction.expirationDate)
    let graceEnd = expiration.addingTimeInterval(16 * 86_400)
    try await world.appStore.failRenewalsWithGracePeriod()
    await world.launch()
    world.clock.set(to: expiration)
    await waitUntil { world.store.nextEntitlementCheck == graceEnd }
    await world.store.loadRenewalDetails()
    // Offline from now on: the statuses fail, the entitlements stay as they were.
    try await world.appStore.setStatusFailure(.networkError("offline"))
    await world.appStore.freezeListing()
    let wake = graceEnd.addingTimeInterval(86_400)
    world.clock.set(to: wake)
    await waitUntil { world.store.nextEntitlementCheck != graceEnd }
    #expect(world.store.nextEntitlementCheck == wake.addingTimeInterval(60))
    #expect(world.store.isPro)
    await world.store.loadRenewalDetails()
    world.appStore.thawListing()
    world.clock.advance(by: 60)
    await waitUntil { !world.store.isPro }
    #expect(world.store.entitlement == nil)
  }
}
