public import Foundation

/// A product for sale: StoreKit 2's `Product`.
public struct Product: Sendable, Hashable, Identifiable {
  /// The product identifier (`com.sportstime.pro.monthly`).
  public let id: String
  /// Consumable, non-consumable, non-renewing or auto-renewable.
  public let type: ProductType
  /// The name the customer reads, in the storefront's language: "Pro Monthly".
  public let displayName: String
  /// The line under the name, in the storefront's language.
  public let description: String
  /// The price in the storefront's currency.
  public let price: Decimal
  /// The price formatted for the storefront's currency and the locale: "$4.99", "4,99 €".
  public let displayPrice: String
  /// The ISO 4217 currency code of ``price``.
  public let currencyCode: String
  /// The locale ``displayPrice`` is formatted for.
  public let locale: Locale
  /// Whether Family Sharing applies.
  public let isFamilyShareable: Bool
  /// Subscription details of auto-renewable subscriptions (and subscription suites); `nil`
  /// otherwise.
  public let subscription: SubscriptionInfo?

  /// Creates a product.
  public init(
    id: String,
    type: ProductType,
    displayName: String,
    description: String,
    price: Decimal,
    displayPrice: String,
    currencyCode: String,
    locale: Locale,
    isFamilyShareable: Bool,
    subscription: SubscriptionInfo?
  ) {
    self.id = id
    self.type = type
    self.displayName = displayName
    self.description = description
    self.price = price
    self.displayPrice = displayPrice
    self.currencyCode = currencyCode
    self.locale = locale
    self.isFamilyShareable = isFamilyShareable
    self.subscription = subscription
  }

  /// Subscription details of an auto-renewable product: StoreKit 2's `Product.SubscriptionInfo`.
  public struct SubscriptionInfo: Sendable, Hashable {
    /// The group the product belongs to: a customer has at most one active subscription in it.
    public let subscriptionGroupID: String
    /// The group's name (its localized display name, else its reference name).
    public let groupDisplayName: String
    /// The service level in the group: 1 is the highest. Equal levels are crossgrades.
    public let groupLevel: Int
    /// How long one billed period lasts: a month (`P1M`), a year (`P1Y`).
    public let subscriptionPeriod: SubscriptionPeriod
    /// The offer a new subscriber of the group gets once, if the product has one.
    public let introductoryOffer: SubscriptionOffer?
    /// Offers the app may present to chosen customers, each by its identifier.
    public let promotionalOffers: [SubscriptionOffer]
    /// Offers for customers whose subscription lapsed.
    public let winBackOffers: [SubscriptionOffer]

    /// Creates subscription details.
    public init(
      subscriptionGroupID: String,
      groupDisplayName: String,
      groupLevel: Int,
      subscriptionPeriod: SubscriptionPeriod,
      introductoryOffer: SubscriptionOffer? = nil,
      promotionalOffers: [SubscriptionOffer] = [],
      winBackOffers: [SubscriptionOffer] = []
    ) {
      self.subscriptionGroupID = subscriptionGroupID
      self.groupDisplayName = groupDisplayName
      self.groupLevel = groupLevel
      self.subscriptionPeriod = subscriptionPeriod
      self.introductoryOffer = introductoryOffer
      self.promotionalOffers = promotionalOffers
      self.winBackOffers = winBackOffers
    }
  }
}
