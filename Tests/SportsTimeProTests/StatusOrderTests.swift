import Foundation
import LocalAppStore
import SportsTimePro
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// The app layer against a store whose statuses are not best first (StoreKit promises no order
/// for `status(for:)`; issue 13, item 2): what settings show is chosen by group level and by
/// subscription, never by `statuses.first`.
@MainActor
@Suite("The app layer when the first status is not the entitled one", .hangGuard)
struct StatusOrderTests {
  @Test("a member's lapsed own monthly listed first: still Pro, the shared annual shown")
  func lapsedOwnBeforeSharedAnnual() async throws {
    let clock = ManualClock()
    let appStore = try LocalAppStore.sportsTime(clock: clock)
    let member = appStore.backend(for: "kid")
    let monthly = try #require(appStore.allProducts.first { $0.id == SportsTimeFixtures.monthlyID })
    _ = try await member.purchase(monthly, options: [])
    try await appStore.setWillAutoRenew(false, account: "kid")
    clock.set(to: Date(timeIntervalSince1970: 1_767_225_600 + 40 * 86_400))
    try await appStore.buyVerified(SportsTimeFixtures.annualID)
    try await appStore.startFamilySharing(with: "kid")

    let statuses = try await member.subscriptionStatuses(forGroup: SportsTimeFixtures.groupID)
    #expect(
      statuses.map(\.state) == [.expired, .subscribed], "the naive `first` is the lapsed one")

    let store = StoreManager(backend: member, storage: InMemoryKeyValueStore(), clock: clock)
    await store.start()
    await store.loadProducts()
    await store.loadRenewalDetails()
    #expect(store.isPro)
    #expect(store.entitlement?.productID == SportsTimeFixtures.annualID)
    #expect(store.entitlement?.isFamilyShared == true)
    #expect(store.entitlement?.renewalState == .subscribed)
    let settings = SubscriptionSettingsModel(
      store: store, locale: Locale(identifier: "en_US"), timeZone: .gmt)
    guard case .pro(let section) = settings.section else {
      Issue.record("settings show \(settings.section), not the Pro section")
      return
    }
    #expect(section.planName == "Pro Annual")
  }
}
