import Foundation
import StoreModel

/// A product as the state file keeps it, so that later processes sell the same catalog.
struct ProductRecord: Codable, Hashable {
  struct Offer: Codable, Hashable {
    var id: String?
    var type: Int
    var paymentMode: String
    var price: String
    var displayPrice: String
    var period: String
    var periodCount: Int
  }

  var id: String
  var type: String
  var displayName: String
  var description: String
  var price: String
  var displayPrice: String
  var currencyCode: String
  var locale: String
  var isFamilyShareable: Bool
  var groupID: String?
  var groupDisplayName: String?
  var groupLevel: Int?
  var period: String?
  var introductoryOffer: Offer?
  var promotionalOffers: [Offer]?
  /// `nil` in a state written before win-back offers were kept.
  var winBackOffers: [Offer]?

  init(_ product: Product) {
    id = product.id
    type = product.type.rawValue
    displayName = product.displayName
    description = product.description
    price = "\(product.price)"
    displayPrice = product.displayPrice
    currencyCode = product.currencyCode
    locale = product.locale.identifier
    isFamilyShareable = product.isFamilyShareable
    groupID = product.subscription?.subscriptionGroupID
    groupDisplayName = product.subscription?.groupDisplayName
    groupLevel = product.subscription?.groupLevel
    period = product.subscription?.subscriptionPeriod.iso8601
    introductoryOffer = product.subscription?.introductoryOffer.map(Offer.init)
    promotionalOffers = product.subscription?.promotionalOffers.map(Offer.init)
    winBackOffers = product.subscription.flatMap {
      $0.winBackOffers.isEmpty ? nil : $0.winBackOffers.map(Offer.init)
    }
  }

  /// The product, or `nil` when a field no longer decodes (a hand-edited state file).
  var product: Product? {
    guard let price = Decimal(string: price, locale: Locale(identifier: "en_US_POSIX")) else {
      return nil
    }
    var subscription: Product.SubscriptionInfo?
    if let groupID {
      guard let period = period.flatMap(SubscriptionPeriod.init(iso8601:)) else { return nil }
      subscription = Product.SubscriptionInfo(
        subscriptionGroupID: groupID,
        groupDisplayName: groupDisplayName ?? groupID,
        groupLevel: groupLevel ?? 1,
        subscriptionPeriod: period,
        introductoryOffer: introductoryOffer?.offer,
        promotionalOffers: (promotionalOffers ?? []).compactMap(\.offer),
        winBackOffers: (winBackOffers ?? []).compactMap(\.offer)
      )
    }
    return Product(
      id: id, type: ProductType(rawValue: type), displayName: displayName,
      description: description, price: price, displayPrice: displayPrice,
      currencyCode: currencyCode, locale: Locale(identifier: locale),
      isFamilyShareable: isFamilyShareable, subscription: subscription)
  }
}

extension ProductRecord.Offer {
  init(_ offer: SubscriptionOffer) {
    id = offer.id
    type = offer.type.rawValue
    paymentMode = offer.paymentMode.rawValue
    price = "\(offer.price)"
    displayPrice = offer.displayPrice
    period = offer.period.iso8601
    periodCount = offer.periodCount
  }

  var offer: SubscriptionOffer? {
    guard let period = SubscriptionPeriod(iso8601: period),
      let price = Decimal(string: price, locale: Locale(identifier: "en_US_POSIX"))
    else { return nil }
    return SubscriptionOffer(
      id: id, type: OfferType(rawValue: type), paymentMode: OfferPaymentMode(rawValue: paymentMode),
      price: price, displayPrice: displayPrice, period: period, periodCount: periodCount)
  }
}
