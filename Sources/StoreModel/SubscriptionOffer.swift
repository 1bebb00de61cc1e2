public import Foundation

/// A subscription offer: StoreKit 2's `Product.SubscriptionOffer`.
public struct SubscriptionOffer: Sendable, Hashable {
  /// The offer's identifier: the promotional or win-back `offerID`, or an offer code's
  /// reference name; `nil` for an introductory offer.
  public var id: String?
  /// Introductory, promotional, offer code or win-back.
  public var type: OfferType
  /// How the customer pays.
  public var paymentMode: OfferPaymentMode
  /// The price of one period (0 for a free trial).
  public var price: Decimal
  /// The price formatted for the storefront.
  public var displayPrice: String
  /// The length of one period of the offer.
  public var period: SubscriptionPeriod
  /// How many periods the offer lasts.
  public var periodCount: Int

  /// Creates an offer.
  public init(
    id: String?,
    type: OfferType,
    paymentMode: OfferPaymentMode,
    price: Decimal,
    displayPrice: String,
    period: SubscriptionPeriod,
    periodCount: Int
  ) {
    self.id = id
    self.type = type
    self.paymentMode = paymentMode
    self.price = price
    self.displayPrice = displayPrice
    self.period = period
    self.periodCount = periodCount
  }
}
