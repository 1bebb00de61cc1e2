import AServer
import AnApp
import AppStoreJWS
import Foundation
import LocalAppStore
import SportsTimePro
import StoreModel
import StoreTesting
import Testing

/// An app's tests, written against the products only.
@MainActor
@Suite struct AnAppsTests {
  /// The example of the article "Testing with the local App Store", word for word (its one copy
  /// as a test: here, where only the products' public API is seen).
  @Test("a monthly subscriber renews, then loses Pro when auto-renew is off")
  func subscriberLapses() async throws {
    let clock = ManualClock()  // 2026-01-01T00:00:00Z
    let session = try LocalTestSession(clock: clock, settings: .polite)  // SportsTime's catalog
    let store = session.store  // the app's StoreBackend
    let first = try await store.buyVerified(SportsTimeFixtures.monthlyID)

    clock.advance(by: 40 * 86_400)  // one renewal
    #expect(try await session.allTransactions().count == 2)
    #expect(await store.currentEntitlements().count == 1)  // still Pro

    try await session.disableAutoRenewForTransaction(identifier: first.id)  // cancel in Settings
    clock.advance(by: 30 * 86_400)
    #expect(await store.currentEntitlements().isEmpty)
  }

  @Test("the app's screens on the local App Store: free, Pro after buying, free after a refund")
  func appOnTheLocalAppStore() async throws {
    let session = try LocalTestSession()  // a device's timing: the app layer copes with it
    let screens = TripScreens(backend: session.store)
    await screens.start()
    await screens.store.loadProducts()  // the paywall's (the launch loads them in the background)
    #expect(screens.store.isPro == false)
    #expect(screens.tripDetail(savedTripCount: 1).save.isAllowed == false)
    #expect(screens.progressIsOpen == false)

    #expect(await screens.buyAnnual())
    #expect(screens.store.isPro)
    #expect(screens.tripDetail(savedTripCount: 1).save.isAllowed)
    #expect(screens.progressIsOpen)

    let bought = try #require(try await session.allTransactions().last)
    try await session.refundTransaction(identifier: bought.id)
    await screens.store.refreshEntitlements()
    #expect(screens.store.isPro == false)
  }

  @Test("Ask to Buy: pending until the parent approves, then Pro")
  func askToBuy() async throws {
    let session = try LocalTestSession()
    try await session.set(.askToBuy, true)
    let screens = TripScreens(backend: session.store)
    await screens.start()
    await screens.store.loadProducts()
    #expect(await screens.buyAnnual() == false)
    #expect(screens.store.isPro == false)
    let request = try #require(try await session.pendingAskToBuyIdentifiers().first)
    try await session.approveAskToBuyTransaction(identifier: request)
    await screens.store.refreshEntitlements()
    #expect(screens.store.isPro)
  }

  @Test("a server grants what the store signed, trusting the store's root")
  func serverVerifiesTheStoresTransaction() async throws {
    let session = try LocalTestSession(settings: .polite)
    let bought = try await session.store.buyVerified(SportsTimeFixtures.annualID)
    let root = try Certificate(derEncoded: session.store.rootCertificateDER)
    let handler = try NotificationHandler(
      bundleID: "com.sportstime.app", environment: .xcode, roots: [root])
    #expect(try handler.productToGrant(bought.jwsRepresentation) == SportsTimeFixtures.annualID)
    let apple = try NotificationHandler(bundleID: "com.sportstime.app", environment: .xcode)
    #expect(try apple.productToGrant(bought.jwsRepresentation) == nil)
  }
}
