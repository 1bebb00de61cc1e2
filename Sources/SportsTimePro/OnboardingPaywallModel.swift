import Observation
import StoreModel

/// The first-launch upsell: three feature pages, then "Choose Your Plan" — the
/// `OnboardingPaywallView` of <doc:ThePlan> without the view.
///
/// It shows once, on first launch, never to a Pro customer (``shouldShow(isPro:storage:)``), and
/// cannot be swiped away. "Continue with Free", a purchase, and an Ask to Buy request each mark
/// it seen (`hasSeenOnboardingPaywall` in the injected storage), so it never shows again.
@Observable
@MainActor
package final class OnboardingPaywallModel: PlanScreen {
  /// A page: one of the three feature pages, or the pricing page, which comes last.
  package enum Page: Sendable, Hashable, Codable {
    /// A page about one feature.
    case feature(FeaturePage)
    /// The pricing page, "Choose Your Plan".
    case pricing
  }

  /// A page about one feature: an icon, a title and a line.
  package struct FeaturePage: Sendable, Hashable, Codable {
    /// The feature the page sells.
    package let feature: ProFeature
    /// The SF Symbol.
    package let icon: String
    /// The page's title: "Unlimited Trips", "Export & Share", "Track Your Journey".
    package let title: String
    /// The line under the title.
    package let message: String
  }

  /// One plan on the pricing page.
  package struct PlanRow: Sendable, Hashable, Codable, Identifiable {
    /// The product the row sells.
    package let productID: String
    /// The plan's name: "Annual", "Monthly".
    package let title: String
    /// The amount billed each period: "$49.99", the row's most prominent figure.
    package let billedPrice: String
    /// How often it is billed: "per year".
    package let billingPeriod: String
    /// The line under the name: "Best Value - Save 17%", "Flexible billing".
    package let caption: String
    /// The tag of the best value: "BEST".
    package let tag: String?
    /// The offer this customer gets, then the renewal: "1 week free, then $49.99/year";
    /// `nil` for the plain price. Subordinate to ``billedPrice``.
    package let offerTerms: String?
    /// Whether the row is highlighted: the plan that "Subscribe" buys.
    package let isSelected: Bool

    package var id: String { productID }
  }

  /// The storage key of the flag that the onboarding was seen.
  package nonisolated static let hasSeenKey = "hasSeenOnboardingPaywall"
  /// The three feature pages, in order, with their words.
  package static let featurePages = [
    FeaturePage(
      feature: .unlimitedTrips, icon: ProFeature.unlimitedTrips.icon, title: "Unlimited Trips",
      message: "Plan as many road trips as you want. Never lose your itineraries."),
    FeaturePage(
      feature: .pdfExport, icon: ProFeature.pdfExport.icon, title: "Export & Share",
      message: "Generate beautiful PDF itineraries to share with friends."),
    FeaturePage(
      feature: .progressTracking, icon: ProFeature.progressTracking.icon,
      title: "Track Your Journey",
      message: "Log stadium visits, earn badges, complete your bucket list."),
  ]
  package static let pricingTitle = "Choose Your Plan"
  /// The primary button on the feature pages.
  package static let nextButtonTitle = "Next"
  /// The primary button on the pricing page.
  package static let subscribeButtonTitle = "Subscribe"
  /// The button on every page that dismisses the onboarding.
  package static let continueWithFreeTitle = "Continue with Free"
  /// The tag of the best-value plan.
  package static let bestValueTag = "BEST"
  /// Whether a swipe may dismiss the onboarding: no.
  package static let allowsSwipeToDismiss = false

  /// The store it sells through.
  package let store: StoreManager
  /// The current page.
  package private(set) var pageIndex = 0
  private var selection = PlanSelection()
  private var isClosed = false
  private var hasAppeared = false

  /// Creates the onboarding; show it only when ``shouldShow(isPro:storage:)`` says so.
  package init(store: StoreManager) {
    self.store = store
  }

  // MARK: - Whether to show it

  /// Whether the onboarding was seen, per `storage`.
  package nonisolated static func hasSeen(in storage: any KeyValueStore) -> Bool {
    storage.bool(forKey: hasSeenKey)
  }

  /// Whether to show the onboarding: not seen yet and not Pro.
  package nonisolated static func shouldShow(isPro: Bool, storage: any KeyValueStore) -> Bool {
    !isPro && !hasSeen(in: storage)
  }

  // MARK: - Pages

  /// Every page: the feature pages, then the pricing page.
  package var pages: [Page] { Self.featurePages.map(Page.feature) + [.pricing] }
  /// The page on screen: `pages[pageIndex]`.
  package var currentPage: Page { pages[pageIndex] }
  /// Whether the current page is the pricing page.
  package var isOnPricingPage: Bool { pageIndex == pages.count - 1 }
  /// The page dots: `true` for the current page.
  package var pageDots: [Bool] { pages.indices.map { $0 == pageIndex } }
  /// What VoiceOver says for the page dots: "Page 1 of 4".
  package var pageDotsAccessibilityLabel: String {
    Self.pageLabel(index: pageIndex, count: pages.count)
  }

  /// The words of a page's position: "Page 1 of 4" for `index` 0 of `count` 4.
  package nonisolated static func pageLabel(index: Int, count: Int) -> String {
    "Page \(index + 1) of \(count)"
  }
  /// The primary button's title: "Next" on the feature pages, "Subscribe" on the last.
  package var primaryButtonTitle: String {
    isOnPricingPage ? Self.subscribeButtonTitle : Self.nextButtonTitle
  }
  /// The line of the primary button under its title: on the pricing page, the selected plan's
  /// offer and renewal, "1 week free, then $49.99/year"; `nil` on the feature pages and when the
  /// customer pays the plain price.
  package var primaryButtonDetail: String? {
    isOnPricingPage ? offerTerms(ofProductID: selectedProductID) : nil
  }
  /// Whether the primary button can be tapped: "Next" always, "Subscribe" when
  /// ``isSubscribeEnabled``.
  package var isPrimaryButtonEnabled: Bool {
    !isOnPricingPage || isSubscribeEnabled
  }
  /// Whether "Subscribe" on the pricing page can be tapped: the plans are loaded and one is
  /// selected, and no purchase runs (as the paywall's subscribe button).
  package var isSubscribeEnabled: Bool {
    selectedProductID != nil && !isPurchasing
  }
  /// The title of the button on every page: "Continue with Free".
  package var continueWithFreeTitle: String { Self.continueWithFreeTitle }

  // MARK: - Plans

  /// The plans on the pricing page: the annual plan first ("Best Value - Save N%", "BEST"),
  /// then the monthly one ("Flexible billing").
  package var planRows: [PlanRow] {
    let selected = selectedProductID
    let monthly = store.monthlyProduct
    var rows: [PlanRow] = []
    if let annual = store.annualProduct {
      let savings = monthly.flatMap { annual.savingsPercent(comparedTo: $0) }
      rows.append(
        PlanRow(
          productID: annual.id, title: annual.planTitle, billedPrice: annual.displayPrice,
          billingPeriod: annual.subscription?.subscriptionPeriod.billingLabel ?? "",
          caption: savings.map { "Best Value - Save \($0)%" } ?? "Best Value",
          tag: Self.bestValueTag, offerTerms: store.offer(for: annual)?.terms,
          isSelected: annual.id == selected))
    }
    if let monthly {
      rows.append(
        PlanRow(
          productID: monthly.id, title: monthly.planTitle, billedPrice: monthly.displayPrice,
          billingPeriod: monthly.subscription?.subscriptionPeriod.billingLabel ?? "",
          caption: "Flexible billing", tag: nil, offerTerms: store.offer(for: monthly)?.terms,
          isSelected: monthly.id == selected))
    }
    return rows
  }

  /// The selected plan: the customer's choice, else the annual one, else the longest of the
  /// rows (``PlanSelection``).
  package var selectedProductID: String? {
    selection.selectedProductID(
      offered: [store.annualProduct, store.monthlyProduct].compactMap {
        $0
      })
  }

  /// Whether the onboarding should close: continued free, bought, or Pro by other means.
  package var isDismissed: Bool { isClosed || store.isPro }

  // MARK: - Actions

  /// Records that the onboarding appeared (once).
  package func onAppear() {
    guard !hasAppeared else { return }
    hasAppeared = true
    store.clearError()
    store.record(.shown(.onboarding))
  }

  /// Shows page `index` (a swipe or a tap on a dot).
  package func show(page index: Int) {
    guard pages.indices.contains(index) else { return }
    pageIndex = index
  }

  /// The primary button: the next page, or subscribe on the pricing page.
  package func primaryAction() async {
    if isOnPricingPage {
      await subscribe()
    } else {
      pageIndex += 1
    }
  }

  /// Selects the plan of `productID`.
  package func select(_ productID: String) {
    selection.select(productID, on: store)
  }

  /// Buys the selected plan; a purchase or an Ask to Buy request marks the onboarding seen, and
  /// a purchase closes it.
  package func subscribe() async {
    guard isOnPricingPage, isSubscribeEnabled, let productID = selectedProductID,
      let product = store.product(id: productID)
    else { return }
    switch await store.purchase(product) {
    case .purchased:
      markSeen()
      isClosed = true
    case .pending:
      markSeen()
    case .cancelled, .failed:
      break
    }
  }

  /// "Continue with Free": marks the onboarding seen and closes it.
  package func continueWithFree() {
    guard !isClosed else { return }
    markSeen()
    isClosed = true
    store.clearError()
    store.record(.closed(.onboarding))
  }

  private func markSeen() {
    store.storage.set(true, forKey: Self.hasSeenKey)
  }
}
