import AppStoreJWS
package import Foundation
import StoreModel

/// Price changes while the store runs, and the consent a price increase needs: what Xcode's
/// StoreKit Testing does when a product's price is edited during a test and
/// `SKTestSession.requestPriceIncreaseConsentForTransaction(identifier:)` asks the customer.
///
/// - A new price applies at once to new purchases (and to `Product.products(for:)`).
/// - Existing subscribers keep their price (App Store Connect's default for an increase) until
///   consent is requested for their subscription: their renewal info then says
///   `priceIncreaseStatus` 0 (not answered yet) and the new `renewalPrice`. Agreeing
///   (`priceIncreaseStatus` 1) renews at the new price; declining, or not answering by the
///   renewal, expires the subscription at its renewal date with `expirationReason`
///   `didNotConsentToPriceIncrease` (RenewalInfo's ExpirationReason page).
extension LocalAppStore {
  /// One subscription's pending price increase.
  struct PriceIncrease: Codable, Equatable {
    /// The new renewal price, in milli-units.
    var priceMilliunits: Int64
    /// `nil` until the customer answers.
    var agreed: Bool?
  }

  /// Changes the price of `productID` to `price` (in the catalog's currency) from now on.
  /// - Throws: `notFound` for a product not in the catalog; `invalidArgument` for a negative
  ///   price.
  package func setPrice(_ price: Decimal, forProduct productID: String) throws(LocalAppStoreError) {
    guard price >= 0 else {
      throw LocalAppStoreError(.invalidArgument, "a price cannot be negative (\(price))")
    }
    try operation { (_: Date) throws(LocalAppStoreError) in
      _ = try product(productID)
      var prices = try priceOverrides()
      prices[productID] = Self.milliunits(price)
      try ledger.write(prices, to: .priceOverrides)
    }
  }

  /// Asks the customer of the subscription that transaction `transactionID` belongs to to
  /// consent to its product's price: `SKTestSession.requestPriceIncreaseConsentForTransaction(
  /// identifier:)`. Its page: "the testing environment assigns a pending price increase to the
  /// subscription […] Note that in the testing environment, changing the price of the
  /// subscription is optional", and it "may call this method repeatedly": without a new price
  /// (``setPrice(_:forProduct:)``) the increase renews at today's price; asking again makes the
  /// increase pending again.
  /// - Throws: `notFound` for an unknown transaction; `notAllowed` when its subscription is not
  ///   live.
  package func requestPriceIncreaseConsent(transactionID: UInt64) throws(LocalAppStoreError) {
    try operation { (now: Date) throws(LocalAppStoreError) in
      let record = try subscription(ofTransaction: transactionID)
      guard record.phase == .active || record.phase == .billingRetry else {
        throw LocalAppStoreError(
          .notAllowed, "the subscription of transaction \(transactionID) is not live")
      }
      let renewing = try product(record.autoRenewProductID)
      let price = try priceOverrides()[renewing.id] ?? Self.milliunits(renewing.price)
      var increases = try priceIncreases()
      increases[record.originalID] = PriceIncrease(priceMilliunits: price, agreed: nil)
      try ledger.write(increases, to: .priceIncreases)
      try transition(
        .priceIncreaseRequested, of: record, at: now,
        in: machineContext(try currentSettings(), priceIncrease: increases[record.originalID]))
    }
  }

  /// The customer of the subscription that transaction `transactionID` belongs to consents to
  /// its pending price increase: `SKTestSession.consentToPriceIncreaseForTransaction(
  /// identifier:)` ("consent to the price increase and continue renewing"). It renews at the
  /// new price.
  /// - Throws: `notFound` for an unknown transaction; `notAllowed` when no price increase
  ///   awaits an answer for it.
  package func consentToPriceIncrease(transactionID: UInt64) throws(LocalAppStoreError) {
    try answerPriceIncrease(transactionID: transactionID, agreed: true)
  }

  /// The customer of the subscription that transaction `transactionID` belongs to declines its
  /// pending price increase: `SKTestSession.declinePriceIncreaseForTransaction(identifier:)`,
  /// which "disables auto-renew and removes the subscription's pending price increase status";
  /// it expires at its renewal date, as a cancellation (the machine's `priceIncreaseAnswer`).
  /// - Throws: `notFound` for an unknown transaction; `notAllowed` when no price increase
  ///   awaits an answer for it.
  package func declinePriceIncrease(transactionID: UInt64) throws(LocalAppStoreError) {
    try answerPriceIncrease(transactionID: transactionID, agreed: false)
  }

  private func answerPriceIncrease(transactionID: UInt64, agreed: Bool)
    throws(LocalAppStoreError)
  {
    try operation { (now: Date) throws(LocalAppStoreError) in
      let record = try subscription(ofTransaction: transactionID)
      var increases = try priceIncreases()
      guard var increase = increases[record.originalID], increase.agreed == nil else {
        throw LocalAppStoreError(
          .notAllowed, "no price increase awaits an answer for transaction \(transactionID)")
      }
      increase.agreed = agreed
      increases[record.originalID] = increase
      try ledger.write(increases, to: .priceIncreases)
      try transition(
        .priceIncreaseAnswer(agreed: agreed), of: record, at: now,
        in: machineContext(try currentSettings(), priceIncrease: increase))
    }
  }

  // MARK: - Inside an operation

  /// `product` at its current price (the catalog's, or the one set while running), as a
  /// customer in `settings`' storefront and locale sees it (``ProductPresentation``).
  func currentlyPriced(_ product: Product, in settings: EmulatorSettings)
    throws(LocalAppStoreError) -> Product
  {
    let priced = try priceOverrides()[product.id].map { Self.repriced(product, milliunits: $0) }
    return presentation.present(priced ?? product, in: settings)
  }

  /// Removes the pending price increase of subscription `originalID`: renewed at, or expired
  /// for.
  func settlePriceIncrease(of originalID: UInt64) throws(LocalAppStoreError) {
    var increases = try priceIncreases()
    increases[originalID] = nil
    try ledger.write(increases, to: .priceIncreases)
  }

  /// The pending price increase of `record`, for its renewal info.
  func priceIncrease(of record: SubscriptionRecord) -> PriceIncrease? {
    (try? priceIncreases())?[record.originalID]
  }

  private func priceOverrides() throws(LocalAppStoreError) -> [String: Int64] {
    try ledger.read(.priceOverrides)
  }

  func priceIncreases() throws(LocalAppStoreError) -> [UInt64: PriceIncrease] {
    try ledger.read(.priceIncreases)
  }

  /// `product` with the price `milliunits`, its display price formatted as before.
  static func repriced(_ product: Product, milliunits: Int64) -> Product {
    let price = Decimal(milliunits) / 1000
    let display = price.formatted(
      .currency(code: product.currencyCode).locale(product.locale))
    return Product(
      id: product.id, type: product.type, displayName: product.displayName,
      description: product.description, price: price, displayPrice: display,
      currencyCode: product.currencyCode, locale: product.locale,
      isFamilyShareable: product.isFamilyShareable, subscription: product.subscription)
  }
}
