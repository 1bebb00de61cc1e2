public import Foundation
public import Observation
import StoreModel

/// The paywall sheet, every word and state of it: the plan's `PaywallView` without the view.
///
/// The billed price of each plan is its most prominent figure; the annual plan's per-month price
/// and its "Save N%" badge are computed from the catalog's prices and periods, in the
/// storefront's currency and locale. The annual plan is selected until the customer picks
/// another. A successful purchase, or a restore that finds Pro, closes the sheet; a cancel shows
/// nothing; Ask to Buy shows that the purchase waits for approval.
@Observable
@MainActor
public final class PaywallModel: PlanScreen {
  /// The top of the paywall: an icon, a title and a subtitle.
  public struct Hero: Sendable, Hashable, Codable {
    /// The SF Symbol.
    public let icon: String
    /// The title.
    public let title: String
    /// The line under the title.
    public let subtitle: String
  }

  /// One row of the feature list: the feature's icon, name and description, and a check mark.
  public struct FeatureRow: Sendable, Hashable, Codable, Identifiable {
    /// The feature.
    public let feature: ProFeature
    /// The feature's SF Symbol.
    public let icon: String
    /// The feature's name.
    public let title: String
    /// The feature's description.
    public let description: String
    /// The SF Symbol of the check mark at the end of the row.
    public let checkmark: String

    public var id: ProFeature { feature }
  }

  /// One pricing card.
  public struct PlanCard: Sendable, Hashable, Codable, Identifiable {
    /// The product the card sells.
    public let productID: String
    /// The plan's name: "Monthly", "Annual".
    public let title: String
    /// The amount billed each period: "$49.99". The card's most prominent figure.
    public let billedPrice: String
    /// How often it is billed: "per month", "per year".
    public let billingPeriod: String
    /// The price of a month, for plans longer than a month: "$4.17/month". Subordinate to
    /// ``billedPrice``.
    public let pricePerMonth: String?
    /// The saving against the shortest plan, in percent; `nil` when it saves nothing.
    public let savingsPercent: Int?
    /// The badge: "Save 17%".
    public let savingsBadge: String?
    /// Whether the plan is selected.
    public let isSelected: Bool

    public var id: String { productID }
  }

  /// A link under the legal text.
  public struct Link: Sendable, Hashable, Codable {
    /// The link's title.
    public let title: String
    /// Where it leads.
    public let url: URL
  }

  /// The hero of every paywall.
  public static let hero = Hero(
    icon: "star.fill", title: "Upgrade to Pro",
    subtitle: "Unlock the full SportsTime experience")
  /// The feature rows, one per ``ProFeature``.
  public static let featureRows = ProFeature.allCases.map { feature in
    FeatureRow(
      feature: feature, icon: feature.icon, title: feature.displayName,
      description: feature.description, checkmark: "checkmark.circle.fill")
  }
  /// The title of the subscribe button.
  public static let subscribeButtonTitle = "Subscribe Now"
  /// The title of the restore button.
  public static let restoreButtonTitle = "Restore Purchases"
  /// What a restore that found nothing says.
  public static let nothingToRestoreMessage = "No active subscription found."
  /// The auto-renewal terms under the buttons.
  public static let legalText =
    "Subscriptions automatically renew unless cancelled at least 24 hours before the end of the current period."
  /// The terms of use.
  public static let termsLink = Link(title: "Terms", url: fixedURL("https://88oakapps.com/terms"))
  /// The privacy policy.
  public static let privacyLink = Link(
    title: "Privacy", url: fixedURL("https://88oakapps.com/privacy"))
  /// The SF Symbol of the close button.
  public static let closeButtonIcon = "xmark"
  /// What VoiceOver says for the close button, whose label is only an icon.
  public static let closeButtonAccessibilityLabel = "Close"
  /// The title of the button that loads the plans again after a failure.
  public static let retryButtonTitle = "Try Again"

  /// Where the paywall was opened from.
  public let placement: PaywallPlacement
  /// The store it sells through.
  public let store: StoreManager

  private var selection = PlanSelection()
  private let restoreRun = RestoreRun()
  private var isClosed = false
  private var hasAppeared = false

  /// Creates the paywall opened from `placement`.
  public init(store: StoreManager, placement: PaywallPlacement) {
    self.store = store
    self.placement = placement
  }

  // MARK: - Content

  /// The hero.
  public var hero: Hero { Self.hero }
  /// The feature rows.
  public var features: [FeatureRow] { Self.featureRows }
  /// The links under the legal text: Terms, Privacy.
  public var links: [Link] { [Self.termsLink, Self.privacyLink] }

  /// The pricing cards, shortest period first (Monthly, then Annual); empty until the products
  /// load.
  public var plans: [PlanCard] {
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
        isSelected: product.id == selected)
    }
  }

  /// The selected plan's product: the customer's choice, else the annual plan, else the
  /// longest plan shown (``PlanSelection``).
  public var selectedProductID: String? { selection.selectedProductID(offered: store.products) }

  /// The restore's result line, when it found nothing ("No active subscription found."); a
  /// failed restore's reason is the ``errorMessage``.
  public var restoreMessage: String? {
    restoreRun.foundNothing ? Self.nothingToRestoreMessage : nil
  }

  /// Whether a restore is running.
  public var isRestoring: Bool { restoreRun.isRunning }

  /// Whether the subscribe button can be tapped: a plan is selected and nothing runs.
  public var isSubscribeEnabled: Bool {
    selectedProductID != nil && !isPurchasing && !isRestoring
  }

  /// What VoiceOver says for the close button: "Close".
  public var closeButtonAccessibilityLabel: String { Self.closeButtonAccessibilityLabel }

  /// Whether the sheet should close: the customer closed it, or has Pro (after a purchase, a
  /// restore, or an approval that arrived later).
  public var isDismissed: Bool { isClosed || store.isPro }

  // MARK: - Actions

  /// Records that the paywall appeared (once), forgetting an error an earlier screen left.
  public func onAppear() {
    guard !hasAppeared else { return }
    hasAppeared = true
    store.clearError()
    store.record(.shown(placement))
  }

  /// Selects the plan of `productID`.
  public func select(_ productID: String) {
    selection.select(productID, on: store)
  }

  /// Buys the selected plan.
  public func subscribe() async {
    guard isSubscribeEnabled, let productID = selectedProductID,
      let product = store.product(id: productID)
    else { return }
    restoreRun.clear()
    await store.purchase(product)
  }

  /// Restores purchases: closes the sheet when Pro is found, else says so (or why it failed).
  public func restore() async {
    await restoreRun.run(on: store)
  }

  /// Closes the sheet.
  public func close() {
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
