import Foundation
package import StoreModel

/// An offer code of a subscription, as a `.storekit` file declares it (`codeOffers`): the
/// offer, its reference name (what a customer redeems, and the transaction's `offerIdentifier`:
/// StoreKit's `Transaction.Offer.id` "contains the reference name of the offer code"), and who
/// may redeem it.
struct CodeOffer: Sendable, Hashable {
  var referenceName: String
  var offer: SubscriptionOffer
  /// `eligibility` as written: any of `new`, `existing`, `expired`; empty for anyone.
  var eligibility: [String]
}

/// A code offer as the state keeps it.
struct CodeOfferRecord: Codable, Sendable, Hashable {
  var referenceName: String
  var offer: ProductRecord.Offer
  var eligibility: [String]

  init(_ entry: Catalog.Offer) {
    referenceName = entry.referenceName ?? entry.offer.id ?? ""
    offer = ProductRecord.Offer(entry.offer)
    eligibility = entry.eligibility
  }

  var codeOffer: CodeOffer? {
    offer.offer.map {
      CodeOffer(referenceName: referenceName, offer: $0, eligibility: eligibility)
    }
  }
}

/// Offer codes redeemed outside the app, as a customer redeems one in the App Store or through
/// the app's offer-code redemption sheet (`AppStore.presentOfferCodeRedeemSheet`): the
/// purchase arrives through `Transaction.updates` ("Handle offer code redemptions … by
/// listening for transactions", Apple's "Implementing offer codes in your app",
/// <https://developer.apple.com/documentation/storekit/implementing-offer-codes-in-your-app>),
/// with the offer code's offer (`offerType` 3, `offerIdentifier` its reference name), and the
/// server is told OFFER_REDEEMED (INITIAL_BUY, RESUBSCRIBE or UPGRADE).
extension LocalAppStore {
  /// Redeems the offer code `referenceName` for `account` (the store's account when `nil`).
  ///
  /// Who may redeem follows the code's `eligibility`, App Store Connect's three customer kinds
  /// ("Set up offer codes": new customers who never subscribed to the group, existing
  /// subscribers, and expired ones whose subscription lapsed); a code that names none is for
  /// anyone. A simulated error for the offer-code redemption sheet
  /// (`setSimulatedError(_:forAPI:)` with `Offer Code Redeem Sheet`) fails it.
  /// - Returns: The purchase's transaction (unsigned).
  /// - Throws: `notFound` for a code no product has; `notAllowed` for a customer the code is
  ///   not for, an active subscriber's code for the product it already has (Apple applies that
  ///   at the next renewal, which the store does not model: ours), or the simulated error.
  ///   Nothing changes then.
  @discardableResult
  package func redeemOfferCode(_ referenceName: String, account: String? = nil)
    throws(LocalAppStoreError) -> Transaction
  {
    guard
      let (productID, code) = codeOffers.sorted(by: { $0.key < $1.key }).lazy.compactMap({
        entry in entry.value.first { $0.referenceName == referenceName }.map { (entry.key, $0) }
      }).first
    else {
      let known = codeOffers.values.flatMap { $0.map(\.referenceName) }.sorted()
      throw LocalAppStoreError(
        .notFound,
        "no offer code \(referenceName) in the catalog"
          + (known.isEmpty ? " (it has none)" : " (codes: \(known.joined(separator: ", ")))"))
    }
    let account = account ?? self.account
    try checkRedemption(code, productID: productID, account: account)
    return try buyProduct(
      productID, terms: PurchaseTerms(offer: .code(referenceName)), account: account)
  }

  private func checkRedemption(_ code: CodeOffer, productID: String, account: String)
    throws(LocalAppStoreError)
  {
    try operation { (_: Date) throws(LocalAppStoreError) in
      if let error = try simulatedError(for: .offerCodeRedeem) {
        throw LocalAppStoreError(.notAllowed, "the offer-code redemption failed: \(error)")
      }
      guard let group = productsByID[productID]?.subscription?.subscriptionGroupID else { return }
      let customer = try customer(account, ofGroup: group)
      let kind = customer.name
      guard code.eligibility.isEmpty || code.eligibility.contains(kind) else {
        throw LocalAppStoreError(
          .notAllowed,
          "offer code \(code.referenceName) is for \(code.eligibility.joined(separator: ", ")) "
            + "customers; \(account) is \(kind == "new" ? "a new" : "an \(kind)") customer")
      }
      if case .existing(let live) = customer, live.productID == productID {
        throw LocalAppStoreError(
          .notAllowed,
          "\(account) already subscribes to \(productID): Apple applies a code for it at the "
            + "next renewal, which the local App Store does not model (ours)")
      }
    }
  }
}
