package import StoreModel

/// Which of the products' offers the customer may get, as the store last answered, and the one
/// rule of which offer a plan shows: an eligible win-back offer first, else the introductory
/// offer when the customer is eligible for it, else none (the plain price).
///
/// Both answers are the App Store's, never guessed from the app's own history:
///
/// - the introductory offer: StoreKit's `Product.SubscriptionInfo.isEligibleForIntroOffer(for:)`.
///   Apple's "Implementing introductory offers in your app"
///   (<https://developer.apple.com/documentation/storekit/implementing-introductory-offers-in-your-app>):
///   "When the app queries the App Store for a list of available products, display the
///   introductory pricing if the user is eligible to receive them";
/// - win-back offers: the renewal info's `eligibleWinBackOfferIDs`, "identifiers of win-back
///   offers that the customer is eligible to redeem, sorted with the best offers first"
///   (<https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/eligiblewinbackofferids>);
///   a product's `winBackOffers` "doesn't take customer eligibility into account"
///   (<https://developer.apple.com/documentation/storekit/product/subscriptioninfo/winbackoffers>).
package struct OfferEligibility: Sendable, Hashable {
  /// The subscription groups whose introductory offer the customer may get.
  package var introOfferGroups: Set<String>
  /// The win-back offers the customer may redeem, by subscription group, best first.
  package var winBackOfferIDs: [String: [String]]

  /// Eligibility for `introOfferGroups` and `winBackOfferIDs`; none by default.
  package init(introOfferGroups: Set<String> = [], winBackOfferIDs: [String: [String]] = [:]) {
    self.introOfferGroups = introOfferGroups
    self.winBackOfferIDs = winBackOfferIDs
  }

  /// The offer `product` shows and applies for this customer, in words; `nil` for the plain
  /// price.
  ///
  /// A win-back offer comes first: it is the one a lapsed customer was chosen for, and the App
  /// Store's order decides among several. A customer who may have both (the App Store's rule
  /// for introductory offers may let a lapsed customer have one) sees the win-back offer.
  package func offer(for product: Product) -> PlanOffer? {
    guard let info = product.subscription else { return nil }
    for id in winBackOfferIDs[info.subscriptionGroupID] ?? [] {
      if let offer = info.winBackOffers.first(where: { $0.id == id }),
        let planOffer = PlanOffer(offer, of: product)
      {
        return planOffer
      }
    }
    if introOfferGroups.contains(info.subscriptionGroupID), let intro = info.introductoryOffer {
      return PlanOffer(intro, of: product)
    }
    return nil
  }

  /// The win-back offers `statuses` (one group's) make the customer eligible for, best first:
  /// the verified renewal infos' `eligibleWinBackOfferIDs`, in order, each once. An unverified
  /// renewal info offers nothing.
  package static func winBackOfferIDs(in statuses: [SubscriptionStatus]) -> [String] {
    var ids: [String] = []
    for status in statuses {
      guard case .verified(let info) = status.renewalInfo else { continue }
      for id in info.eligibleWinBackOfferIDs ?? [] where !ids.contains(id) {
        ids.append(id)
      }
    }
    return ids
  }
}
