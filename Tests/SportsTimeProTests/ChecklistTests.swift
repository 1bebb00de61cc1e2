import Foundation
import LocalAppStore
import SportsTimePro
import StoreModel
import TestSupport
import Testing

/// The manual testing checklist (``ManualChecklist``: the SportsTimePro article `ThePlan`, part
/// 14, which the command-line tool's `checklist` runs too), item by item, on the models.
@MainActor
@Suite("The plan's testing checklist", .hangGuard)
struct ChecklistTests {
  /// A data location, not a reference: the plan's source document, `../shared/PLAN.md` beside
  /// the package (read-only, outside the repo), whose §14 the checklist's words are checked
  /// against; the test is skipped where it is absent.
  nonisolated static let plan = PackageFolders.shared("PLAN.md")

  @Test(
    "the checklist is PLAN.md §14, word for word and in its order",
    .enabled(if: plan != nil, "needs ../shared/PLAN.md"))
  func wordsOfThePlan() throws {
    let text = try String(contentsOf: try #require(Self.plan), encoding: .utf8)
    let section = try #require(
      text.components(separatedBy: "\n## 14.").dropFirst().first?
        .components(separatedBy: "\n## ").first)
    let lines = section.split(separator: "\n").dropFirst()
      .filter { $0.first?.isNumber == true }
      .map(String.init)
    #expect(lines == ManualChecklist.items.map(\.description))
  }

  /// A launched app: the store, the launch, and the saved trips the app keeps.
  @MainActor
  private struct App {
    let world: AppWorld
    let launch: AppLaunch
    var savedTrips: [String] = []
    let policy = AccessPolicy()

    static func launched(pro: Bool = false) async throws -> App {
      let world = try AppWorld()
      if pro { try await world.appStore.seedPurchase(Fixtures.annualID) }
      let launch = AppLaunch(store: world.store)
      await launch.run()
      await world.store.loadProducts()
      return App(world: world, launch: launch)
    }

    var store: StoreManager { world.store }

    /// Saves a trip, or returns the paywall the gate opens instead.
    mutating func save(_ trip: String) -> PaywallModel? {
      switch policy.canSaveTrip(savedCount: savedTrips.count, isPro: store.isPro) {
      case .allowed:
        savedTrips.append(trip)
        return nil
      case .showPaywall(let feature):
        return PaywallModel(store: store, placement: .feature(feature))
      }
    }

    func settings() -> SubscriptionSettingsModel {
      SubscriptionSettingsModel(store: store, locale: Fixtures.usLocale, timeZone: Fixtures.utc)
    }
  }

  @Test("each item of the plan's checklist holds", arguments: ManualChecklist.items)
  func item(_ item: ManualChecklist.Item) async throws {
    let checks: [@MainActor () async throws -> Void] = [
      item1, item2, item3, item4, item5, item6, item7, item8, item9, item10, item11, item12,
      item13, item14, item15, item16,
    ]
    try #require(checks.indices.contains(item.number - 1), "no check for item \(item)")
    try await checks[item.number - 1]()
  }

  /// Item 1.
  private func item1() async throws {
    let app = try await App.launched()
    #expect(app.launch.isShowingOnboardingPaywall)
    #expect(app.launch.onboarding?.currentPage == .feature(OnboardingPaywallModel.featurePages[0]))
  }

  /// Item 2.
  private func item2() async throws {
    let app = try await App.launched()
    let onboarding = try #require(app.launch.onboarding)
    #expect(onboarding.continueWithFreeTitle == "Continue with Free")
    onboarding.continueWithFree()
    #expect(app.launch.isShowingOnboardingPaywall == false)
    #expect(OnboardingPaywallModel.hasSeen(in: app.world.storage))
    let relaunch = AppLaunch(
      store: StoreManager(
        backend: app.world.backend, storage: app.world.storage, clock: app.world.clock))
    await relaunch.run()
    #expect(relaunch.isShowingOnboardingPaywall == false)
    relaunch.store.stop()
  }

  /// Item 3.
  private func item3() async throws {
    let app = try await App.launched()
    app.launch.onboarding?.continueWithFree()
    #expect(app.launch.screen == .home)
    #expect(app.launch.isShowingOnboardingPaywall == false)
    #expect(app.store.isPro == false)
  }

  /// Item 4.
  private func item4() async throws {
    let app = try await App.launched()
    #expect(
      ProgressTabModel(isPro: app.store.isPro)
        == .locked(ProLockedModel(feature: .progressTracking)))
  }

  /// Item 5.
  private func item5() async throws {
    let app = try await App.launched()
    guard case .locked(let locked) = ProgressTabModel(isPro: app.store.isPro) else {
      Issue.record("the progress tab is not locked")
      return
    }
    #expect(locked.upgradeButtonTitle == "Upgrade to Pro")
    var events = EventLog(app.store)
    let paywall = PaywallModel(store: app.store, placement: locked.paywallPlacement)
    paywall.onAppear()
    #expect(await events.drain() == [.shown(.feature(.progressTracking))])
    #expect(paywall.isDismissed == false)
  }

  /// Item 6.
  private func item6() async throws {
    let app = try await App.launched()
    let paywall = PaywallModel(store: app.store, placement: .settings)
    #expect(paywall.plans.map(\.title) == ["Monthly", "Annual"])
    #expect(paywall.plans.map(\.billedPrice) == ["$4.99", "$49.99"])
    #expect(paywall.plans.map(\.billingPeriod) == ["per month", "per year"])
    #expect(paywall.plans.map(\.pricePerMonth) == [nil, "$4.17/month"])
    #expect(paywall.plans.map(\.savingsBadge) == [nil, "Save 17%"])
  }

  /// Item 7.
  private func item7() async throws {
    let app = try await App.launched()
    let paywall = PaywallModel(store: app.store, placement: .settings)
    #expect(paywall.selectedProductID == Fixtures.annualID)
    #expect(paywall.plans.first { $0.isSelected }?.title == "Annual")
  }

  /// Item 8.
  private func item8() async throws {
    let app = try await App.launched()
    let paywall = PaywallModel(store: app.store, placement: .feature(.progressTracking))
    await paywall.subscribe()
    #expect(app.store.isPro)
    #expect(paywall.isDismissed)
    #expect(paywall.errorMessage == nil)
  }

  /// Item 9.
  private func item9() async throws {
    let app = try await App.launched()
    #expect(ProgressTabModel(isPro: app.store.isPro).isLocked)
    await PaywallModel(store: app.store, placement: .feature(.progressTracking)).subscribe()
    #expect(ProgressTabModel(isPro: app.store.isPro) == .progress)
  }

  /// Item 10.
  private func item10() async throws {
    var app = try await App.launched()
    #expect(app.save("Boston to New York") == nil)
    #expect(app.savedTrips == ["Boston to New York"])
  }

  /// Item 11.
  private func item11() async throws {
    var app = try await App.launched()
    _ = app.save("Boston to New York")
    let gate = app.save("Chicago loop")
    let paywall = try #require(gate)
    #expect(paywall.placement == .feature(.unlimitedTrips))
    #expect(app.savedTrips == ["Boston to New York"])
  }

  /// Item 12.
  private func item12() async throws {
    let app = try await App.launched()
    #expect(TripDetailGates(isPro: app.store.isPro, savedTripCount: 1).showsProBadgeOnPDFButton)
  }

  /// Item 13.
  private func item13() async throws {
    let app = try await App.launched()
    #expect(
      TripDetailGates(isPro: app.store.isPro, savedTripCount: 1).exportPDF
        == .showPaywall(.pdfExport))
  }

  /// Item 14.
  private func item14() async throws {
    let app = try await App.launched()
    guard case .free(let section) = app.settings().section else {
      Issue.record("expected the free section")
      return
    }
    #expect(section.upgradeTitle == "Upgrade to Pro")
  }

  /// Item 15.
  private func item15() async throws {
    let app = try await App.launched(pro: true)
    guard case .pro(let section) = app.settings().section else {
      Issue.record("expected the Pro section")
      return
    }
    #expect(section.manageButtonTitle == "Manage Subscription")
  }

  /// Item 16.
  private func item16() async throws {
    let app = try await App.launched()
    let paywall = PaywallModel(store: app.store, placement: .settings)
    await paywall.restore()
    #expect(paywall.restoreMessage == "No active subscription found.")
    #expect(paywall.isDismissed == false)
    // Bought on another device and not synced to this one (the rare case `AppStore.sync()` is
    // for): it reaches this device when it syncs, which restore does. (A purchase that arrives
    // through `Transaction.updates` — outside the app on this device, or on another device
    // while the app runs — raced the expectation below: 1 run in 2 failed.)
    try await app.world.appStore.local.buyProduct(Fixtures.monthlyID, from: .notSynced)
    await app.store.refreshEntitlements()
    #expect(app.store.isPro == false)
    await paywall.restore()
    #expect(app.store.isPro)
    #expect(paywall.isDismissed)
  }

  @Test("a lapsed Pro customer keeps every saved trip; only a new save opens the paywall")
  func lapsedKeepsTrips() async throws {
    var app = try await App.launched()
    guard case .purchased(let transaction) = await app.store.purchase(productID: Fixtures.monthlyID)
    else {
      Issue.record("the purchase did not go through")
      return
    }
    for trip in ["Boston", "Chicago", "Denver"] { #expect(app.save(trip) == nil) }
    try await app.world.appStore.revoke(transaction.id)
    let store = app.store
    await waitUntil { !store.isPro }
    #expect(app.savedTrips == ["Boston", "Chicago", "Denver"])
    let gate = app.save("El Paso")
    let paywall = try #require(gate)
    #expect(paywall.placement == .feature(.unlimitedTrips))
    #expect(app.savedTrips.count == 3)
  }
}
