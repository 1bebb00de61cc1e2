package import Foundation
import StoreInternals
package import StoreModel

/// The prices while the store runs, and the consent a price increase needs: what Xcode's
/// StoreKit Testing does when a product's price is edited during a test and
/// `SKTestSession.requestPriceIncreaseConsentForTransaction(identifier:)` asks the customer.
///
/// - A new price applies at once to new purchases (and to `Product.products(for:)`); a
///   subscription renews at the price it was bought at (``SubscriptionRecord``'s
///   `priceMilliunits`), renewal after renewal.
/// - Existing subscribers keep their price (App Store Connect's default for an increase) until
///   consent is requested for their subscription: their renewal info then says
///   `priceIncreaseStatus` 0 (not answered yet) and the new `renewalPrice`. Agreeing
///   (`priceIncreaseStatus` 1) renews at the new price. Not answering by the renewal expires
///   the subscription at its renewal date with `expirationReason` `didNotConsentToPriceIncrease`
///   (RenewalInfo's ExpirationReason page); agreeing makes the new price the subscription's
///   own from that renewal on; declining turns auto-renew off
///   (`declinePriceIncreaseForTransaction(identifier:)` "disables auto-renew"), so it expires
///   then as a cancellation, `autoRenewDisabled`.
///
/// A part of the store over the ledger, where both are kept, and the presentation that shows a
/// product in a storefront. It decides nothing about a subscription (the
/// ``SubscriptionMachine`` does, reading the pending increase in its context); it keeps what
/// was set and asked, inside the caller's SQLite transaction.
package struct Pricing {
  /// One subscription's pending price increase.
  package struct Increase: Codable, Equatable, Sendable {
    /// The new renewal price, in milli-units.
    package var priceMilliunits: Int64
    /// `nil` until the customer answers.
    package var agreed: Bool?

    /// An increase to `priceMilliunits`, answered `agreed` (`nil`: not yet).
    package init(priceMilliunits: Int64, agreed: Bool? = nil) {
      self.priceMilliunits = priceMilliunits
      self.agreed = agreed
    }
  }

  /// Where the prices set and the pending increases are kept.
  let ledger: LedgerStore
  /// How a storefront and a locale show a product.
  let presentation: ProductPresentation

  /// The prices kept in `ledger`, shown as `presentation` shows them.
  package init(ledger: LedgerStore, presentation: ProductPresentation) {
    self.ledger = ledger
    self.presentation = presentation
  }

  // MARK: - Prices

  /// Sets the price of `productID` to `milliunits` from now on.
  package func setPrice(_ milliunits: Int64, of productID: String) throws(LocalAppStoreError) {
    try ledger.setPriceOverride(milliunits, of: productID)
  }

  /// The price of `product` now, in milli-units: the one set while running, else the catalog's.
  package func price(of product: Product) throws(LocalAppStoreError) -> Int64 {
    try ledger.priceOverride(of: product.id) ?? Self.milliunits(product.price)
  }

  /// `product` at its current price (the catalog's, or the one set while running), as a
  /// customer in `settings`' storefront and locale sees it (``ProductPresentation``).
  package func currentlyPriced(_ product: Product, in settings: EmulatorSettings)
    throws(LocalAppStoreError) -> Product
  {
    let priced = try ledger.priceOverride(of: product.id).map {
      Self.repriced(product, milliunits: $0)
    }
    return presentation.present(priced ?? product, in: settings)
  }

  // MARK: - Price increases

  /// The pending price increase of subscription `originalID`, if any.
  package func increase(of originalID: UInt64) throws(LocalAppStoreError) -> Increase? {
    try ledger.priceIncrease(of: originalID)
  }

  /// Makes an increase to `milliunits` pending for subscription `originalID`, unanswered: asking
  /// again makes it pending again.
  /// - Returns: The pending increase.
  @discardableResult
  package func request(_ milliunits: Int64, for originalID: UInt64) throws(LocalAppStoreError)
    -> Increase
  {
    let increase = Increase(priceMilliunits: milliunits)
    try ledger.setPriceIncrease(increase, of: originalID)
    return increase
  }

  /// Records the customer's answer to subscription `originalID`'s pending increase.
  /// - Returns: The answered increase, or `nil` (and nothing changed) when none awaits an
  ///   answer.
  package func answer(_ agreed: Bool, for originalID: UInt64) throws(LocalAppStoreError)
    -> Increase?
  {
    guard var increase = try ledger.priceIncrease(of: originalID), increase.agreed == nil else {
      return nil
    }
    increase.agreed = agreed
    try ledger.setPriceIncrease(increase, of: originalID)
    return increase
  }

  /// Removes the pending price increase of subscription `originalID`: renewed at, or expired
  /// for.
  package func settle(_ originalID: UInt64) throws(LocalAppStoreError) {
    try ledger.setPriceIncrease(nil, of: originalID)
  }

  /// Every pending price increase, by original transaction identifier.
  package func increases() throws(LocalAppStoreError) -> [UInt64: Increase] {
    try ledger.priceIncreases()
  }

  // MARK: - Amounts

  /// `product` with the price `milliunits`, its display price formatted as before.
  ///
  /// The amount and its display text are a function of the milli-units, the currency and the
  /// locale alone, and are kept for the next time they are asked for (``pricesShown``): a
  /// subscription renews at the price it was bought at, which ICU's currency formatter made
  /// anew on every renewal (an eighth of a renewal's time, with the `Decimal` division).
  package static func repriced(_ product: Product, milliunits: Int64) -> Product {
    let key = PriceShown.Key(
      milliunits: milliunits, currencyCode: product.currencyCode, locale: product.locale)
    let shown: PriceShown
    if let kept = pricesShown[key] {
      shown = kept
    } else {
      let amount = Decimal(milliunits) / 1000
      shown = PriceShown(
        amount: amount,
        text: amount.formatted(.currency(code: product.currencyCode).locale(product.locale)))
      pricesShown.insert(shown, for: key)
    }
    let price = shown.amount
    let display = shown.text
    return Product(
      id: product.id, type: product.type, displayName: product.displayName,
      description: product.description, price: price, displayPrice: display,
      currencyCode: product.currencyCode, locale: product.locale,
      isFamilyShareable: product.isFamilyShareable, subscription: product.subscription)
  }

  /// An amount of milli-units as a price, and as a customer sees it.
  struct PriceShown: Sendable {
    struct Key: Hashable, Sendable {
      var milliunits: Int64
      var currencyCode: String
      var locale: Locale
    }

    /// The milli-units over 1000.
    var amount: Decimal
    /// `amount` formatted in its currency and locale.
    var text: String
  }

  /// The prices ``repriced(_:milliunits:)`` made, by milli-units, currency and locale: as
  /// many as a catalog's prices and their increases ask for in practice.
  private static let pricesShown = BoundedCache<PriceShown.Key, PriceShown>(capacity: 256)

  /// `amount` in milli-units, rounded half away from zero (the App Store Server API's prices:
  /// "the price … in milliunits").
  ///
  /// Kept for the next time (``milliunitsOf``): every new transaction converts its product's
  /// price, which `NSDecimalRound` and `NSDecimalNumber` made a hundredth of a renewal.
  package static func milliunits(_ amount: Decimal) -> Int64 {
    if let kept = milliunitsOf[amount] { return kept }
    let converted = convertedToMilliunits(amount)
    milliunitsOf.insert(converted, for: amount)
    return converted
  }

  /// The amounts ``milliunits(_:)`` converted, by amount (equal amounts, equal milli-units).
  private static let milliunitsOf = BoundedCache<Decimal, Int64>(capacity: 256)

  private static func convertedToMilliunits(_ amount: Decimal) -> Int64 {
    var value = amount * 1000
    var rounded = Decimal()
    NSDecimalRound(&rounded, &value, 0, .plain)
    return NSDecimalNumber(decimal: rounded).int64Value
  }
}

extension SubscriptionOffer {
  /// The offer's whole duration, its period times its count: a transaction's and a renewal
  /// info's `offerPeriod` ("The duration of the offer": one month twice is `P2M`, the App Store
  /// Server API's page).
  var duration: SubscriptionPeriod {
    SubscriptionPeriod(value: period.value * max(1, periodCount), unit: period.unit)
  }

  /// What a period billed at the offer charges, in milli-units: nothing in a free trial; the
  /// offer's price paying as you go or up front.
  var chargedMilliunits: Int64 {
    paymentMode == .freeTrial ? 0 : Pricing.milliunits(price)
  }
}
