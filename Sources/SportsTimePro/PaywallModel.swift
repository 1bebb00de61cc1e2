package import Foundation
import Observation
import StoreModel

/// The paywall sheet, every word and state of it: the `PaywallView` of <doc:ThePlan> without
/// the view.
///
/// The billed price of each plan is its most prominent figure; the annual plan's per-month price
/// and its "Save N%" badge are computed from the catalog's prices and periods, in the
/// storefront's currency and locale. The annual plan is selected until the customer picks
/// another. A successful purchase, or a restore that finds Pro, closes the sheet; a cancel shows
/// nothing; Ask to Buy shows that the purchase waits for approval.
@Observable
@MainActor
package final class PaywallModel: PlanScreen {
  /// The top of the paywall: an icon, a title and a subtitle.
  package struct Hero: Sendable, Hashable, Codable {
    /// The SF Symbol.
    package let icon: String
    /// The hero's title: "Upgrade to Pro".
    package let title: String
    /// The line under the title.
    package let subtitle: String
  }

  /// One row of the feature list: the feature's icon, name and description, and a check mark.
  package struct FeatureRow: Sendable, Hashable, Codable, Identifiable {
    package let feature: ProFeature
    /// The feature's SF Symbol.
    package let icon: String
    /// The feature's name.
    package let title: String
    /// The feature's copy: "Save unlimited trips and never lose your itineraries."
    package let description: String
    /// The SF Symbol of the check mark at the end of the row.
    package let checkmark: String

    package var id: ProFeature { feature }
  }

  /// One pricing card: a plan's name, billed price and period, and for Annual its savings.
  package struct PlanCard: Sendable, Hashable, Codable, Identifiable {
    /// The product the card sells.
    package let productID: String
    /// The plan's name: "Monthly", "Annual".
    package let title: String
    /// The amount billed each period: "$49.99". The card's most prominent figure.
    package let billedPrice: String
    /// How often it is billed: "per month", "per year".
    package let billingPeriod: String
    /// The price of a month, for plans longer than a month: "$4.17/month". Subordinate to
    /// ``billedPrice``.
    package let pricePerMonth: String?
    /// The saving against the shortest plan, in percent; `nil` when it saves nothing.
    package let savingsPercent: Int?
    /// The badge: "Save 17%".
    package let savingsBadge: String?
    /// The offer this customer gets, then the renewal: "1 week free, then $49.99/year";
    /// `nil` for the plain price. Subordinate to ``billedPrice``.
    package let offerTerms: String?
    /// Whether the card is highlighted: the plan that "Subscribe Now" buys.
    package let isSelected: Bool

    package var id: String { productID }
  }

  /// A link under the legal text.
  package struct Link: Sendable, Hashable, Codable {
    /// The link's text: "Terms", "Privacy".
    package let title: String
    /// Where it leads.
    package let url: URL
  }

  /// The hero of every paywall: a star, "Upgrade to Pro", "Unlock the full SportsTime experience".
  package static let hero = Hero(
    icon: "star.fill", title: "Upgrade to Pro",
    subtitle: "Unlock the full SportsTime experience")
  /// The feature rows, one per ``ProFeature``.
  package static let featureRows = ProFeature.allCases.map { feature in
    FeatureRow(
      feature: feature, icon: feature.icon, title: feature.displayName,
      description: feature.description, checkmark: "checkmark.circle.fill")
  }
  package static let subscribeButtonTitle = "Subscribe Now"
  package static let restoreButtonTitle = "Restore Purchases"
  /// What a restore that found nothing says.
  package static let nothingToRestoreMessage = "No active subscription found."
  /// The auto-renewal terms under the buttons.
  package static let legalText =
    "Subscriptions automatically renew unless cancelled at least 24 hours before the end of the current period."
  /// The terms of use, linked under the legal line.
  package static let termsLink = Link(title: "Terms", url: fixedURL("https://88oakapps.com/terms"))
  /// The privacy policy, linked under the legal line.
  package static let privacyLink = Link(
    title: "Privacy", url: fixedURL("https://88oakapps.com/privacy"))
  /// The SF Symbol of the close button.
  package static let closeButtonIcon = "xmark"
  /// What VoiceOver says for the close button, whose label is only an icon.
  package static let closeButtonAccessibilityLabel = "Close"
  /// The title of the button that loads the plans again after a failure.
  package static let retryButtonTitle = "Try Again"

  /// Where the paywall was opened from.
  package let placement: PaywallPlacement
  /// The store it sells through.
  package let store: StoreManager

  private var selection = PlanSelection()
  private let restoreRun = RestoreRun()
  private var isClosed = false
  private var hasAppeared = false

  /// Creates the paywall opened from `placement`.
  package init(store: StoreManager, placement: PaywallPlacement) {
    self.store = store
    self.placement = placement
  }

  // MARK: - Content

  package var hero: Hero { Self.hero }
  /// The feature rows.
  package var features: [FeatureRow] { Self.featureRows }
  /// The links under the legal text: Terms, Privacy.
  package var links: [Link] { [Self.termsLink, Self.privacyLink] }

  /// The pricing cards, shortest period first (Monthly, then Annual); empty until the products
  /// load.
  package var plans: [PlanCard] {
    let selected = selectedProductID
    let shortest = store.products.first
    return store.products.map { product in
      let savings = shortest.flatMap { product.savingsPercent(comparedTo: $0) }
      let isLonger = product.subscription?.subscriptionPeriod.isOneMonth == false
      return PlanCard(
        productID: product.id,
        title: product.planTitle,
        billedPrice: product.displayPrice,
        billingPeriod: product.subscription?.subscriptionPeriod.billingLabel ?? "",
        pricePerMonth: isLonger ? product.perMonthLabel : nil,
        savingsPercent: savings,
        savingsBadge: savings.map { "Save \($0)%" },
        offerTerms: store.offer(for: product)?.terms,
        isSelected: product.id == selected)
    }
  }

  /// The selected plan's product: the customer's choice, else the annual plan, else the
  /// longest plan shown (``PlanSelection``).
  package var selectedProductID: String? { selection.selectedProductID(offered: store.products) }

  /// The restore's result line, when it found nothing ("No active subscription found."); a
  /// failed restore's reason is the ``errorMessage``.
  package var restoreMessage: String? {
    restoreRun.foundNothing ? Self.nothingToRestoreMessage : nil
  }

  /// Whether a restore is running.
  package var isRestoring: Bool { restoreRun.isRunning }

  /// The line of the subscribe button under its title: the selected plan's offer and renewal,
  /// "1 week free, then $49.99/year"; `nil` when the customer pays the plain price.
  package var subscribeButtonDetail: String? { offerTerms(ofProductID: selectedProductID) }

  /// Whether the subscribe button can be tapped: a plan is selected and nothing runs.
  package var isSubscribeEnabled: Bool {
    selectedProductID != nil && !isPurchasing && !isRestoring
  }

  /// What VoiceOver says for the close button: "Close".
  package var closeButtonAccessibilityLabel: String { Self.closeButtonAccessibilityLabel }

  /// Whether the sheet should close: the customer closed it, or has Pro (after a purchase, a
  /// restore, or an approval that arrived later).
  package var isDismissed: Bool { isClosed || store.isPro }

  // MARK: - Actions

  /// Records that the paywall appeared (once), forgetting an error an earlier screen left.
  package func onAppear() {
    guard !hasAppeared else { return }
    hasAppeared = true
    store.clearError()
    store.record(.shown(placement))
  }

  /// Selects the plan of `productID`.
  package func select(_ productID: String) {
    selection.select(productID, on: store)
  }

  /// Buys the selected plan.
  package func subscribe() async {
    guard isSubscribeEnabled, let productID = selectedProductID,
      let product = store.product(id: productID)
    else { return }
    restoreRun.clear()
    await store.purchase(product)
  }

  /// Restores purchases: closes the sheet when Pro is found, else says so (or why it failed).
  package func restore() async {
    await restoreRun.run(on: store)
  }

  /// Closes the sheet.
  package func close() {
    guard !isClosed else { return }
    isClosed = true
    store.clearError()
    store.record(.closed(placement))
  }
}

/// A URL from a literal known to be valid.
func fixedURL(_ text: StaticString) -> URL {
  guard let url = URL(string: "\(text)") else { preconditionFailure("invalid URL literal \(text)") }
  return url
}
