import Foundation
import LocalAppStore
import SportsTimePro
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// The paywalls show what the customer will get: a plan's introductory offer to a customer the
/// App Store finds eligible, a win-back offer to a lapsed one, and the plain price to everyone
/// else, in words that end on the renewal; subscribing applies the offer shown. The store is the
/// local App Store selling `SportsTimeFixtures.productsWithOffers` (each plan a week's free
/// trial, monthly the win-back offer `WINBACK50`, 2 months at $2.49).
@MainActor
@Suite("Offers on the paywalls", .hangGuard)
struct OfferPaywallTests {
  private static let monthlyTrial = "1 week free, then $4.99/month"
  private static let annualTrial = "1 week free, then $49.99/year"
  private static let winBack = "$2.49/month for 2 months, then $4.99/month"

  private func launched(_ catalog: [Product] = SportsTimeFixtures.productsWithOffers)
    async throws -> AppWorld
  {
    let world = try AppWorld(catalog: catalog)
    await world.launch()
    return world
  }

  @Test("a new customer sees the week's free trial on both cards and on the subscribe button")
  func trialOnThePaywall() async throws {
    let world = try await launched()
    let model = PaywallModel(store: world.store, placement: .settings)
    let plans = model.plans
    try #require(plans.count == 2)
    #expect(plans.map(\.offerTerms) == [Self.monthlyTrial, Self.annualTrial])
    // The billed price stays the card's most prominent figure, as without an offer.
    #expect(plans.map(\.billedPrice) == ["$4.99", "$49.99"])
    #expect(plans.map(\.billingPeriod) == ["per month", "per year"])
    #expect(model.selectedProductID == Fixtures.annualID)
    #expect(model.subscribeButtonDetail == Self.annualTrial)
    model.select(Fixtures.monthlyID)
    #expect(model.subscribeButtonDetail == Self.monthlyTrial)
  }

  @Test("the onboarding's plans and its Subscribe button show the trial; the feature pages do not")
  func trialOnTheOnboarding() async throws {
    let world = try await launched()
    let model = OnboardingPaywallModel(store: world.store)
    #expect(model.planRows.map(\.offerTerms) == [Self.annualTrial, Self.monthlyTrial])
    #expect(model.primaryButtonDetail == nil, "Next sells nothing")
    model.show(page: model.pages.count - 1)
    #expect(model.primaryButtonTitle == "Subscribe")
    #expect(model.primaryButtonDetail == Self.annualTrial)
  }

  @Test(
    "subscribing applies the trial; once lapsed, monthly shows the win-back offer and annual its plain price"
  )
  func lapsedCustomerSeesTheWinBackOffer() async throws {
    let world = try await launched()
    let trial = try await subscribeToMonthly(
      on: PaywallModel(store: world.store, placement: .settings), world)
    #expect(trial.offerType == .introductory)
    #expect(trial.price == 0)

    try await lapse(world, after: trial)

    let lapsed = PaywallModel(store: world.store, placement: .settings)
    #expect(lapsed.plans.map(\.offerTerms) == [Self.winBack, nil])
    #expect(lapsed.plans.map(\.billedPrice) == ["$4.99", "$49.99"])
    #expect(lapsed.subscribeButtonDetail == nil, "annual, selected, has no offer for them")
    lapsed.select(Fixtures.monthlyID)
    #expect(lapsed.subscribeButtonDetail == Self.winBack)
  }

  /// Monthly chosen on `model` and subscribed to: the customer is Pro; the purchase's
  /// transaction, as the App Store recorded it.
  private func subscribeToMonthly(on model: PaywallModel, _ world: AppWorld) async throws
    -> Transaction
  {
    model.select(Fixtures.monthlyID)
    await model.subscribe()
    #expect(world.store.isPro)
    return try #require(try await world.appStore.local.history(account: AppWorld.customer).last)
  }

  /// Auto-renew off, then time to `subscription`'s end: the app sees the customer lapsed and
  /// the win-back offers the renewal info lists.
  private func lapse(_ world: AppWorld, after subscription: Transaction) async throws {
    try await world.appStore.setAutoRenew(false, originalID: subscription.originalID)
    await world.store.refreshEntitlements()
    world.clock.set(to: try #require(subscription.expirationDate))
    await waitUntil { !world.store.isPro && world.store.offerEligibility.winBackOfferIDs != [:] }
  }

  @Test("subscribing to the plan that shows the win-back offer applies it")
  func winBackPurchase() async throws {
    let world = try await launched()
    guard case .purchased(let first) = await world.store.purchase(productID: Fixtures.monthlyID)
    else {
      Issue.record("the first purchase did not go through")
      return
    }
    #expect(first.offerType == .introductory)
    try await lapse(world, after: first)

    let bought = try await subscribeToMonthly(
      on: PaywallModel(store: world.store, placement: .settings), world)
    #expect(bought.id != first.id)
    #expect(bought.offerType == .winBack)
    #expect(bought.offerID == "WINBACK50")
    #expect(bought.offerPaymentMode == .payAsYouGo)
    #expect(bought.price == Decimal(string: "2.49"))
    // Pro again: the win-back offer is spent, and no offer shows any more.
    await waitUntil { world.store.offerEligibility == OfferEligibility() }
  }

  @Test(
    "a customer the App Store finds ineligible sees exactly the cards of a catalog without offers")
  func ineligibleSeesThePlainPrice() async throws {
    let clock = ManualClock()
    let local = try LocalAppStore.sportsTime(
      clock: clock, settings: .polite, products: SportsTimeFixtures.productsWithOffers,
      account: AppWorld.customer)
    // A failed or cancelled read answers `false`, as StoreKit's does.
    let store = StoreManager(
      backend: NoIntroOfferBackend(local), storage: InMemoryKeyValueStore(), clock: clock)
    await store.start()
    await store.loadProducts()
    await store.loadRenewalDetails()
    let withOffers = PaywallModel(store: store, placement: .settings)
    let plain = PaywallModel(
      store: try await launched(Fixtures.catalog).store, placement: .settings)
    #expect(withOffers.plans == plain.plans)
    #expect(withOffers.subscribeButtonDetail == nil)
    #expect(
      OnboardingPaywallModel(store: store).planRows
        == OnboardingPaywallModel(store: plain.store).planRows)
  }

  /// A catalog whose annual plan's introductory offer is `offer`.
  private static func catalog(annualIntro offer: SubscriptionOffer) -> [Product] {
    let annual = SportsTimeFixtures.annual
    let withOffer = Product(
      id: annual.id, type: annual.type, displayName: annual.displayName,
      description: annual.description, price: annual.price, displayPrice: annual.displayPrice,
      currencyCode: annual.currencyCode, locale: annual.locale,
      isFamilyShareable: annual.isFamilyShareable,
      subscription: annual.subscription.map {
        Product.SubscriptionInfo(
          subscriptionGroupID: $0.subscriptionGroupID, groupDisplayName: $0.groupDisplayName,
          groupLevel: $0.groupLevel, subscriptionPeriod: $0.subscriptionPeriod,
          introductoryOffer: offer)
      })
    return [SportsTimeFixtures.monthly, withOffer]
  }

  @Test(
    "each payment mode of an introductory offer in words, on the card and the button",
    arguments: [
      (
        OfferPaymentMode.freeTrial, "0", SubscriptionPeriod.weekly, 1,
        "1 week free, then $49.99/year"
      ),
      (.payAsYouGo, "2.99", .monthly, 3, "$2.99/month for 3 months, then $49.99/year"),
      (.payUpFront, "24.99", .yearly, 1, "$24.99 for the first year, then $49.99/year"),
    ])
  func paymentModesOnThePaywall(
    mode: OfferPaymentMode, price: String, period: SubscriptionPeriod, count: Int,
    words: String
  ) async throws {
    let offer = SubscriptionOffer(
      id: nil, type: .introductory, paymentMode: mode, price: Decimal(string: price) ?? 0,
      displayPrice: "$\(price)", period: period, periodCount: count)
    let world = try await launched(Self.catalog(annualIntro: offer))
    let model = PaywallModel(store: world.store, placement: .settings)
    #expect(model.plans.map(\.offerTerms) == [nil, words])
    #expect(model.subscribeButtonDetail == words)
  }

  @Test(
    "an offer's words end on the renewal's price and period",
    arguments: [
      (
        OfferPaymentMode.freeTrial, "0", SubscriptionPeriod.weekly, 1, true,
        "1 week free, then $49.99/year"
      ),
      (
        .freeTrial, "0", SubscriptionPeriod(value: 3, unit: .day), 1, false,
        "3 days free, then $4.99/month"
      ),
      (.freeTrial, "0", .monthly, 2, false, "2 months free, then $4.99/month"),
      (.payAsYouGo, "2.99", .monthly, 3, false, "$2.99/month for 3 months, then $4.99/month"),
      (.payAsYouGo, "2.49", .monthly, 2, false, "$2.49/month for 2 months, then $4.99/month"),
      (.payAsYouGo, "39.99", .yearly, 1, true, "$39.99/year for 1 year, then $49.99/year"),
      (.payUpFront, "24.99", .yearly, 1, true, "$24.99 for the first year, then $49.99/year"),
      (
        .payUpFront, "9.99", SubscriptionPeriod(value: 3, unit: .month), 1, false,
        "$9.99 for the first 3 months, then $4.99/month"
      ),
      (.payUpFront, "1.99", .monthly, 2, false, "$1.99 for the first 2 months, then $4.99/month"),
    ] as [(OfferPaymentMode, String, SubscriptionPeriod, Int, Bool, String)])
  func terms(
    mode: OfferPaymentMode, price: String, period: SubscriptionPeriod, count: Int, annual: Bool,
    words: String
  ) {
    let offer = SubscriptionOffer(
      id: nil, type: .introductory, paymentMode: mode, price: Decimal(string: price) ?? 0,
      displayPrice: "$\(price)", period: period, periodCount: count)
    let product = annual ? SportsTimeFixtures.annual : SportsTimeFixtures.monthly
    #expect(PlanOffer.terms(of: offer, renewingAs: product) == words)
    #expect(PlanOffer(offer, of: product)?.purchaseOptions == [])
  }

  @Test("an offer whose payment mode has no plain words shows the plain price")
  func unknownPaymentMode() {
    let offer = SubscriptionOffer(
      id: nil, type: .introductory, paymentMode: .oneTime, price: 1, displayPrice: "$1.00",
      period: .monthly, periodCount: 1)
    #expect(PlanOffer(offer, of: SportsTimeFixtures.monthly) == nil)
    let eligibility = OfferEligibility(introOfferGroups: [SportsTimeFixtures.groupID])
    #expect(eligibility.offer(for: Self.catalog(annualIntro: offer)[1]) == nil)
  }

  @Test("which offer a plan shows: the App Store's best eligible win-back offer, else the trial")
  func offerRule() throws {
    let monthly = SportsTimeFixtures.productsWithOffers[0]
    let annual = SportsTimeFixtures.productsWithOffers[1]
    let group = SportsTimeFixtures.groupID
    #expect(OfferEligibility().offer(for: monthly) == nil)
    let both = OfferEligibility(introOfferGroups: [group], winBackOfferIDs: [group: ["WINBACK50"]])
    let shown = try #require(both.offer(for: monthly))
    #expect(shown.offer.type == .winBack)
    #expect(shown.purchaseOptions == [.winBackOffer(shown.offer)])
    // Annual's WINBACK50 is a promotional offer: not a win-back offer of annual.
    #expect(both.offer(for: annual)?.offer.type == .introductory)
    let unknown = OfferEligibility(winBackOfferIDs: [group: ["ELSEWHERE", "WINBACK50"]])
    #expect(unknown.offer(for: monthly)?.offer.id == "WINBACK50", "unknown ids are skipped")
    #expect(OfferEligibility(winBackOfferIDs: ["other": ["WINBACK50"]]).offer(for: monthly) == nil)
  }
}

/// The local App Store, except that the introductory offer is never available: what StoreKit's
/// `isEligibleForIntroOffer(for:)` answers when its read fails or is cancelled.
private struct NoIntroOfferBackend: StoreBackend {
  let base: any StoreBackend

  init(_ base: any StoreBackend) { self.base = base }

  func products(for ids: [String]) async throws(StoreBackendError) -> [Product] {
    try await base.products(for: ids)
  }
  func purchase(_ product: Product, options: Set<PurchaseOption>) async throws(StoreBackendError)
    -> PurchaseResult
  {
    try await base.purchase(product, options: options)
  }
  func currentEntitlements() async -> [VerificationResult<Transaction>] {
    await base.currentEntitlements()
  }
  func transactionUpdates() -> AsyncStream<VerificationResult<Transaction>> {
    base.transactionUpdates()
  }
  func unfinishedTransactions() async -> [VerificationResult<Transaction>] {
    await base.unfinishedTransactions()
  }
  func finish(_ transaction: Transaction) async { await base.finish(transaction) }
  func sync() async throws(StoreBackendError) { try await base.sync() }
  func subscriptionStatuses(forGroup groupID: String) async throws(StoreBackendError)
    -> [SubscriptionStatus]
  {
    try await base.subscriptionStatuses(forGroup: groupID)
  }
  func appTransaction() async throws(StoreBackendError) -> VerificationResult<AppTransaction> {
    try await base.appTransaction()
  }
  func isEligibleForIntroOffer(for groupID: String) async -> Bool { false }
}
