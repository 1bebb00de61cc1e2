package import StoreModel

/// The offer a plan shows to this customer and applies when they subscribe, with its terms in
/// plain words: "1 week free, then $49.99/year".
///
/// The terms always end on what the plan renews at, its price and period, because App Review
/// Guideline 3.1.2(c) asks: "Before asking a customer to subscribe, you should clearly describe
/// what the user will get for the price"
/// (<https://developer.apple.com/app-store/review/guidelines/#subscriptions>; the words as
/// published copies of the guideline quote them). The billed price stays the card's most
/// prominent figure; the terms are a line under it.
package struct PlanOffer: Sendable, Hashable {
  /// The offer: the plan's introductory offer, or one of its win-back offers.
  package let offer: SubscriptionOffer
  /// The offer's terms and the renewal that follows: "$2.49/month for 2 months, then
  /// $4.99/month".
  package let terms: String

  /// The offer of `product` in words, or `nil` when it cannot be said plainly (a payment mode
  /// other than a free trial, pay as you go or pay up front; a product that is no
  /// subscription).
  package init?(_ offer: SubscriptionOffer, of product: Product) {
    guard let terms = Self.terms(of: offer, renewingAs: product) else { return nil }
    self.offer = offer
    self.terms = terms
  }

  /// What the purchase passes to apply the offer: `.winBackOffer(offer)` for a win-back offer
  /// (StoreKit's `Product.PurchaseOption.winBackOffer(_:)`); nothing for an introductory offer,
  /// which the App Store applies by itself to an eligible customer.
  package var purchaseOptions: Set<PurchaseOption> {
    offer.type == .winBack ? [.winBackOffer(offer)] : []
  }

  /// The words of `offer` followed by the renewal of `product`:
  ///
  /// - a free trial: "1 week free, then $49.99/year";
  /// - pay as you go: "$2.99/month for 3 months, then $4.99/month";
  /// - pay up front: "$24.99 for the first year, then $49.99/year".
  ///
  /// Prices are the storefront's formatted ones (`displayPrice`), never recomputed.
  package static func terms(of offer: SubscriptionOffer, renewingAs product: Product) -> String? {
    guard let period = product.subscription?.subscriptionPeriod else { return nil }
    let renewal = period.priceLabel(product.displayPrice)
    let count = max(1, offer.periodCount)
    switch offer.paymentMode {
    case .freeTrial:
      return "\(offer.period.duration(times: count)) free, then \(renewal)"
    case .payAsYouGo:
      let each = offer.period.priceLabel(offer.displayPrice)
      return "\(each) for \(offer.period.duration(times: count)), then \(renewal)"
    case .payUpFront:
      let first = offer.period.duration(times: count, singularWithoutOne: true)
      return "\(offer.displayPrice) for the first \(first), then \(renewal)"
    default:
      return nil
    }
  }
}
