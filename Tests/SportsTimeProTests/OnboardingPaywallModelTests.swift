import Foundation
import SportsTimePro
import StoreModel
import TestSupport
import Testing

@MainActor
@Suite("OnboardingPaywallModel", .hangGuard)
struct OnboardingPaywallModelTests {
  private func onboarding(catalog: [Product] = Fixtures.catalog) async throws -> (
    AppWorld, OnboardingPaywallModel
  ) {
    let world = try AppWorld(catalog: catalog)
    await world.launch()
    let model = OnboardingPaywallModel(store: world.store)
    model.onAppear()
    return (world, model)
  }

  @Test("three feature pages with the plan's words, then Choose Your Plan")
  func pages() async throws {
    let (_, model) = try await onboarding()
    #expect(model.pages.count == 4)
    let features = OnboardingPaywallModel.featurePages
    #expect(features.map(\.title) == ["Unlimited Trips", "Export & Share", "Track Your Journey"])
    #expect(
      features.map(\.message) == [
        "Plan as many road trips as you want. Never lose your itineraries.",
        "Generate beautiful PDF itineraries to share with friends.",
        "Log stadium visits, earn badges, complete your bucket list.",
      ])
    #expect(features.map(\.icon) == ["suitcase.fill", "doc.fill", "trophy.fill"])
    #expect(model.pages.last == .pricing)
    #expect(OnboardingPaywallModel.pricingTitle == "Choose Your Plan")
    #expect(OnboardingPaywallModel.allowsSwipeToDismiss == false)
  }

  @Test("Next walks the pages with their dots; the last page says Subscribe")
  func walking() async throws {
    let (_, model) = try await onboarding()
    var titles: [String] = []
    var dots: [[Bool]] = []
    for _ in 0..<4 {
      titles.append(model.primaryButtonTitle)
      dots.append(model.pageDots)
      #expect(model.continueWithFreeTitle == "Continue with Free")
      if !model.isOnPricingPage { await model.primaryAction() }
    }
    #expect(titles == ["Next", "Next", "Next", "Subscribe"])
    #expect(
      dots == [
        [true, false, false, false], [false, true, false, false], [false, false, true, false],
        [false, false, false, true],
      ])
    #expect(model.currentPage == .pricing)
    model.show(page: 9)
    #expect(model.pageIndex == 3)
    model.show(page: 1)
    #expect(model.primaryButtonTitle == "Next")
  }

  @Test("the page dots read as Page N of M to VoiceOver")
  func pageDotsLabel() async throws {
    let (_, model) = try await onboarding()
    var labels: [String] = []
    for index in model.pages.indices {
      model.show(page: index)
      labels.append(model.pageDotsAccessibilityLabel)
    }
    #expect(labels == ["Page 1 of 4", "Page 2 of 4", "Page 3 of 4", "Page 4 of 4"])
    #expect(OnboardingPaywallModel.pageLabel(index: 0, count: 2) == "Page 1 of 2")
  }

  @Test("plans that failed to load show why and Try Again loads them")
  func productsFailed() async throws {
    let world = try AppWorld()
    try await world.appStore.setProductsFailure(.networkError("offline"))
    await world.launch()
    let model = OnboardingPaywallModel(store: world.store)
    model.show(page: model.pages.count - 1)
    #expect(model.canRetryLoadingProducts)
    #expect(model.retryButtonTitle == "Try Again")
    #expect(model.planRows.isEmpty)
    #expect(model.isSubscribeEnabled == false)
    #expect(model.isPrimaryButtonEnabled == false)
    #expect(
      model.productsMessage
        == "Can't connect to the App Store. Check your connection and try again.")
    try await world.appStore.setProductsFailure(nil)
    model.retryLoadingProducts()
    await waitUntil { model.planRows.count == 2 }
    #expect(model.canRetryLoadingProducts == false)
    #expect(model.productsMessage == nil)
    #expect(model.isSubscribeEnabled)
    #expect(model.isPrimaryButtonEnabled)
  }

  @Test("Subscribe is disabled while a purchase runs, and Next stays enabled on feature pages")
  func subscribeWhilePurchasing() async throws {
    let (world, model) = try await onboarding()
    #expect(model.isSubscribeEnabled)
    #expect(model.isPrimaryButtonEnabled)
    model.show(page: 3)
    world.appStore.holdPurchases()
    let purchase = Task { await model.subscribe() }
    await world.appStore.waitForHeldPurchase()
    #expect(model.isPurchasing)
    #expect(model.isSubscribeEnabled == false)
    #expect(model.isPrimaryButtonEnabled == false)
    model.show(page: 0)
    #expect(model.isPrimaryButtonEnabled)
    #expect(model.isSubscribeEnabled == false)
    world.appStore.releasePurchases()
    await purchase.value
    #expect(world.store.isPro)
  }

  @Test("the pricing page lists Annual first, BEST, with its computed saving, then Monthly")
  func pricing() async throws {
    let (_, model) = try await onboarding()
    let rows = model.planRows
    try #require(rows.count == 2)
    #expect(rows[0].productID == Fixtures.annualID)
    #expect(rows[0].title == "Annual")
    #expect(rows[0].billedPrice == "$49.99")
    #expect(rows[0].caption == "Best Value - Save 17%")
    #expect(rows[0].tag == "BEST")
    #expect(rows[0].isSelected)
    #expect(rows[1].title == "Monthly")
    #expect(rows[1].billedPrice == "$4.99")
    #expect(rows[1].caption == "Flexible billing")
    #expect(rows[1].tag == nil)
    #expect(rows[1].isSelected == false)
  }

  @Test("in euros the rows keep the German prices and the computed saving")
  func euros() async throws {
    let (_, model) = try await onboarding(catalog: Fixtures.euroCatalog)
    #expect(model.planRows.map(\.billedPrice) == ["49,99\u{A0}€", "4,99\u{A0}€"])
    #expect(model.planRows.first?.caption == "Best Value - Save 17%")
  }

  @Test("Continue with Free marks it seen and closes it, from any page")
  func continueFree() async throws {
    for page in 0..<4 {
      let (world, model) = try await onboarding()
      model.show(page: page)
      model.continueWithFree()
      #expect(model.isDismissed)
      #expect(world.storage.bool(forKey: "hasSeenOnboardingPaywall"))
      #expect(
        OnboardingPaywallModel.shouldShow(isPro: false, storage: world.storage) == false)
    }
  }

  @Test("subscribing marks it seen and closes it")
  func subscribe() async throws {
    let (world, model) = try await onboarding()
    await model.subscribe()  // not on the pricing page yet: nothing happens
    #expect(world.store.isPro == false)
    model.show(page: 3)
    await model.primaryAction()
    #expect(world.store.isPro)
    #expect(model.isDismissed)
    #expect(OnboardingPaywallModel.hasSeen(in: world.storage))
  }

  @Test("a cancelled purchase leaves it unseen and open; Ask to Buy marks it seen")
  func cancelAndPending() async throws {
    let (world, model) = try await onboarding()
    model.show(page: 3)
    try await world.appStore.setNextPurchase(.cancel)
    await model.subscribe()
    #expect(model.isDismissed == false)
    #expect(model.errorMessage == nil)
    #expect(OnboardingPaywallModel.hasSeen(in: world.storage) == false)
    try await world.appStore.setAskToBuy(true)
    await model.subscribe()
    #expect(model.pendingMessage != nil)
    #expect(OnboardingPaywallModel.hasSeen(in: world.storage))
  }

  @Test(
    "it shows only when not seen and not Pro",
    arguments: [
      (false, false, true), (true, false, false), (false, true, false), (true, true, false),
    ])
  func shouldShow(seen: Bool, isPro: Bool, expected: Bool) {
    let storage = InMemoryKeyValueStore(flags: ["hasSeenOnboardingPaywall": seen])
    #expect(OnboardingPaywallModel.shouldShow(isPro: isPro, storage: storage) == expected)
  }

  @Test("selecting monthly buys monthly")
  func selectMonthly() async throws {
    let (world, model) = try await onboarding()
    model.select(Fixtures.monthlyID)
    #expect(model.planRows.map(\.isSelected) == [false, true])
    model.show(page: 3)
    await model.subscribe()
    #expect(world.store.purchasedProductIDs == [Fixtures.monthlyID])
  }
}
