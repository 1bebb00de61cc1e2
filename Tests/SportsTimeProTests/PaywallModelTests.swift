import Foundation
import SportsTimePro
import StoreModel
import TestSupport
import Testing

@MainActor
@Suite("PaywallModel", .hangGuard)
struct PaywallModelTests {
  private func paywall(
    catalog: [Product] = Fixtures.catalog, placement: PaywallPlacement = .feature(.pdfExport)
  ) async throws -> (AppWorld, PaywallModel) {
    let world = try AppWorld(catalog: catalog)
    await world.launch()
    let model = PaywallModel(store: world.store, placement: placement)
    model.onAppear()
    return (world, model)
  }

  @Test("the hero, the feature rows, the legal text and the links are the plan's words")
  func words() async throws {
    let (_, model) = try await paywall()
    #expect(model.hero.icon == "star.fill")
    #expect(model.hero.title == "Upgrade to Pro")
    #expect(model.hero.subtitle == "Unlock the full SportsTime experience")
    #expect(model.features.map(\.feature) == ProFeature.allCases)
    #expect(model.features.map(\.title) == ["Unlimited Trips", "PDF Export", "Progress Tracking"])
    #expect(model.features.map(\.icon) == ["suitcase.fill", "doc.fill", "trophy.fill"])
    #expect(model.features.allSatisfy { $0.checkmark == "checkmark.circle.fill" })
    #expect(model.features[1].description == ProFeature.pdfExport.description)
    #expect(PaywallModel.subscribeButtonTitle == "Subscribe Now")
    #expect(PaywallModel.restoreButtonTitle == "Restore Purchases")
    #expect(
      PaywallModel.legalText
        == "Subscriptions automatically renew unless cancelled at least 24 hours before the end of the current period."
    )
    #expect(model.links.map(\.title) == ["Terms", "Privacy"])
    #expect(
      model.links.map(\.url.absoluteString) == [
        "https://88oakapps.com/terms", "https://88oakapps.com/privacy",
      ])
  }

  @Test("the plans: Monthly then Annual, billed price first, per-month and savings computed")
  func plans() async throws {
    let (_, model) = try await paywall()
    let plans = model.plans
    try #require(plans.count == 2)
    #expect(plans[0].title == "Monthly")
    #expect(plans[0].billedPrice == "$4.99")
    #expect(plans[0].billingPeriod == "per month")
    #expect(plans[0].pricePerMonth == nil)
    #expect(plans[0].savingsBadge == nil)
    #expect(plans[1].title == "Annual")
    #expect(plans[1].billedPrice == "$49.99")
    #expect(plans[1].billingPeriod == "per year")
    #expect(plans[1].pricePerMonth == "$4.17/month")
    #expect(plans[1].savingsPercent == 17)
    #expect(plans[1].savingsBadge == "Save 17%")
  }

  @Test("prices and savings follow another currency and locale: euros in Germany")
  func euros() async throws {
    let (_, model) = try await paywall(catalog: Fixtures.euroCatalog)
    let plans = model.plans
    try #require(plans.count == 2)
    // The formatter puts a no-break space between the amount and the sign.
    #expect(plans[0].billedPrice == "4,99\u{A0}€")
    #expect(plans[1].billedPrice == "49,99\u{A0}€")
    #expect(plans[1].pricePerMonth == "4,17\u{A0}€/month")
    #expect(plans[1].savingsBadge == "Save 17%")
  }

  @Test(
    "the savings come from the catalog's prices, and vanish when there are none",
    arguments: [
      ("39.99", "Save 33%", "$3.33/month"), ("59.88", nil, "$4.99/month"),
      ("79.99", nil, "$6.67/month"),
    ])
  func savingsFromPrices(annualPrice: String, badge: String?, perMonth: String) async throws {
    let (_, model) = try await paywall(catalog: [
      Fixtures.product(id: Fixtures.monthlyID, name: "M", price: "4.99", period: .monthly),
      Fixtures.product(id: Fixtures.annualID, name: "A", price: annualPrice, period: .yearly),
    ])
    let annual = try #require(model.plans.last)
    #expect(annual.savingsBadge == badge)
    #expect(annual.pricePerMonth == perMonth)
  }

  @Test("annual is selected until the customer picks monthly")
  func selection() async throws {
    let (world, model) = try await paywall()
    var events = EventLog(world.store)
    #expect(model.selectedProductID == Fixtures.annualID)
    #expect(model.plans.filter(\.isSelected).map(\.productID) == [Fixtures.annualID])
    #expect(model.isSubscribeEnabled)
    model.select(Fixtures.monthlyID)
    model.select("com.example.unknown")
    #expect(model.selectedProductID == Fixtures.monthlyID)
    #expect(model.plans.filter(\.isSelected).map(\.productID) == [Fixtures.monthlyID])
    #expect(await events.drain() == [.planSelected(productID: Fixtures.monthlyID)])
  }

  @Test("subscribe is disabled until a plan can be selected, and while purchasing")
  func subscribeStates() async throws {
    let world = try AppWorld()
    world.appStore.holdProducts()
    await world.store.start()
    let model = PaywallModel(store: world.store, placement: .settings)
    #expect(model.plans.isEmpty)
    #expect(model.selectedProductID == nil)
    #expect(model.isSubscribeEnabled == false)
    #expect(model.productsMessage == "Loading plans…")
    world.appStore.releaseProducts()
    await waitUntil { model.isSubscribeEnabled }
    #expect(model.productsMessage == nil)

    world.appStore.holdPurchases()
    let subscribing = Task { await model.subscribe() }
    await world.appStore.waitForHeldPurchase()
    #expect(model.isPurchasing)
    #expect(model.isSubscribeEnabled == false)
    world.appStore.releasePurchases()
    await subscribing.value
    #expect(model.isPurchasing == false)
    #expect(model.isDismissed)
  }

  @Test("a purchase closes the paywall and reports shown, started, purchased")
  func purchaseCloses() async throws {
    let world = try AppWorld()
    await world.launch()
    var events = EventLog(world.store)
    let model = PaywallModel(store: world.store, placement: .feature(.progressTracking))
    model.onAppear()
    model.onAppear()
    #expect(model.isDismissed == false)
    await model.subscribe()
    #expect(model.isDismissed)
    #expect(model.errorMessage == nil)
    let recorded = await events.drain()
    #expect(recorded.first == .shown(.feature(.progressTracking)))
    #expect(recorded.dropFirst().first == .purchaseStarted(productID: Fixtures.annualID))
    guard case .purchased(let productID, _) = recorded.last else {
      Issue.record("no purchase reported: \(recorded)")
      return
    }
    #expect(productID == Fixtures.annualID)
    #expect(recorded.count == 3)
  }

  @Test("a cancel shows nothing and leaves the paywall open")
  func cancelShowsNothing() async throws {
    let (world, model) = try await paywall()
    try await world.appStore.setNextPurchase(.cancel)
    await model.subscribe()
    #expect(model.errorMessage == nil)
    #expect(model.pendingMessage == nil)
    #expect(model.isDismissed == false)
  }

  @Test(
    "a failure shows its message on the error line",
    arguments: [
      (TestAppStore.PurchaseSwitch.fail(.systemError("x")), "Purchase failed. Please try again."),
      (
        .fail(.networkError("x")),
        "Can't connect to the App Store. Check your connection and try again."
      ),
      (.tamper, "Could not verify purchase. Please contact support."),
    ])
  func failureLine(failure: TestAppStore.PurchaseSwitch, message: String) async throws {
    let (world, model) = try await paywall()
    try await world.appStore.setNextPurchase(failure)
    await model.subscribe()
    #expect(model.errorMessage == message)
    #expect(model.isDismissed == false)
  }

  @Test("Ask to Buy shows the pending line; the approval closes the paywall")
  func pending() async throws {
    let (world, model) = try await paywall()
    try await world.appStore.setAskToBuy(true)
    await model.subscribe()
    #expect(
      model.pendingMessage
        == "Your purchase is waiting for approval. You'll get Pro as soon as it's approved.")
    #expect(model.errorMessage == nil)
    #expect(model.isSubscribeEnabled)
    #expect(model.isDismissed == false)
    try await world.appStore.approvePendingRequest()
    await waitUntil { model.isDismissed }
    #expect(model.pendingMessage == nil)
  }

  @Test("restore closes the paywall when Pro is found")
  func restoreFindsPro() async throws {
    let (world, model) = try await paywall()
    try await world.appStore.seedPurchase(Fixtures.monthlyID)
    await model.restore()
    #expect(model.isDismissed)
    #expect(model.restoreMessage == nil)
    #expect(model.isRestoring == false)
  }

  @Test("restore with nothing to find says so, or why it failed")
  func restoreFindsNothing() async throws {
    let (world, model) = try await paywall()
    await model.restore()
    #expect(model.restoreMessage == "No active subscription found.")
    #expect(model.isDismissed == false)
    try await world.appStore.setSyncFailure(.networkError("offline"))
    await model.restore()
    #expect(model.restoreMessage == nil)
    #expect(
      model.errorMessage == "Can't connect to the App Store. Check your connection and try again.")
  }

  @Test("failed plans show why and can be retried")
  func productsFailed() async throws {
    let world = try AppWorld()
    try await world.appStore.setProductsFailure(.networkError("offline"))
    await world.launch()
    let model = PaywallModel(store: world.store, placement: .onboarding)
    #expect(model.canRetryLoadingProducts)
    #expect(
      model.productsMessage
        == "Can't connect to the App Store. Check your connection and try again.")
    #expect(model.retryButtonTitle == "Try Again")
    #expect(PaywallModel.retryButtonTitle == "Try Again")
    try await world.appStore.setProductsFailure(nil)
    model.retryLoadingProducts()
    await waitUntil { model.plans.count == 2 }
    #expect(model.canRetryLoadingProducts == false)
  }

  @Test("the close button, an icon, has the accessibility label Close")
  func closeButtonLabel() async throws {
    let (_, model) = try await paywall()
    #expect(PaywallModel.closeButtonIcon == "xmark")
    #expect(model.closeButtonAccessibilityLabel == "Close")
    #expect(PaywallModel.closeButtonAccessibilityLabel == "Close")
  }

  @Test("closing reports it once and dismisses")
  func close() async throws {
    let (world, model) = try await paywall(placement: .settings)
    var events = EventLog(world.store)
    model.close()
    model.close()
    #expect(model.isDismissed)
    #expect(await events.drain() == [.closed(.settings)])
  }
}
