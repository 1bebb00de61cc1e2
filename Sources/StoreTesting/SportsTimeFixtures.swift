import Foundation
public import StoreModel

/// SportsTime Pro's catalog as values: the products of `SportsTime.storekit`, built by hand so
/// that a test needs no file. A test of the package proves they match the bundled file.
public enum SportsTimeFixtures {
  /// The subscription group "Pro Access".
  public static let groupID = "2F8B6D14"
  /// The group's reference name, as `SportsTime.storekit` has it.
  public static let groupName = "Pro Access"
  /// Pro Monthly's product id: $4.99 a month.
  public static let monthlyID = "com.sportstime.pro.monthly"
  /// Pro Annual's product id: $49.99 a year.
  public static let annualID = "com.sportstime.pro.annual"

  /// Pro Monthly: $4.99 a month, level 2.
  public static let monthly = pro(
    monthlyID, "Pro Monthly", "All Pro features, billed every month.", "4.99", level: 2,
    period: .monthly)

  /// Pro Annual: $49.99 a year, level 1 (the higher level: monthly → annual is an upgrade).
  public static let annual = pro(
    annualID, "Pro Annual", "All Pro features, billed once a year.", "49.99", level: 1,
    period: .yearly)

  /// Both products, monthly first, as in the file.
  public static let products = [monthly, annual]

  /// The two plans with offers, for the tests and screens of offers (`SportsTime.storekit`
  /// itself has none): each plan a week's free trial as its introductory offer; monthly the
  /// promotional offers `LOYALTY` (3 months at $2.99) and `FIRSTMONTHFREE` (a free month) and
  /// the win-back offer `WINBACK50` (2 months at $2.49); annual the promotional offer
  /// `WINBACK50` (a year at $24.99, paid up front).
  package static let productsWithOffers: [Product] = {
    let trial = offer(nil, .introductory, .freeTrial, "0", .weekly, 1)
    return [
      withOffers(
        monthly, intro: trial,
        promotional: [
          offer("LOYALTY", .promotional, .payAsYouGo, "2.99", .monthly, 3),
          offer("FIRSTMONTHFREE", .promotional, .freeTrial, "0", .monthly, 1),
        ],
        winBack: [offer("WINBACK50", .winBack, .payAsYouGo, "2.49", .monthly, 2)]),
      withOffers(
        annual, intro: trial,
        promotional: [offer("WINBACK50", .promotional, .payUpFront, "24.99", .yearly, 1)],
        winBack: []),
    ]
  }()

  private static func offer(
    _ id: String?, _ type: OfferType, _ mode: OfferPaymentMode, _ price: String,
    _ period: SubscriptionPeriod, _ count: Int
  ) -> SubscriptionOffer {
    SubscriptionOffer(
      id: id, type: type, paymentMode: mode, price: Decimal(string: price) ?? 0,
      displayPrice: "$\(price)", period: period, periodCount: count)
  }

  private static func withOffers(
    _ product: Product, intro: SubscriptionOffer, promotional: [SubscriptionOffer],
    winBack: [SubscriptionOffer]
  ) -> Product {
    let info = product.subscription
    return Product(
      id: product.id, type: product.type, displayName: product.displayName,
      description: product.description, price: product.price, displayPrice: product.displayPrice,
      currencyCode: product.currencyCode, locale: product.locale,
      isFamilyShareable: product.isFamilyShareable,
      subscription: info.map {
        Product.SubscriptionInfo(
          subscriptionGroupID: $0.subscriptionGroupID, groupDisplayName: $0.groupDisplayName,
          groupLevel: $0.groupLevel, subscriptionPeriod: $0.subscriptionPeriod,
          introductoryOffer: intro, promotionalOffers: promotional, winBackOffers: winBack)
      })
  }

  /// A family-shareable subscription of Pro Access in US dollars.
  private static func pro(
    _ id: String, _ name: String, _ description: String, _ price: String, level: Int,
    period: SubscriptionPeriod
  ) -> Product {
    Product(
      id: id, type: .autoRenewable, displayName: name, description: description,
      price: Decimal(string: price) ?? 0, displayPrice: "$\(price)", currencyCode: "USD",
      locale: Locale(identifier: "en_US"), isFamilyShareable: true,
      subscription: Product.SubscriptionInfo(
        subscriptionGroupID: groupID, groupDisplayName: groupName, groupLevel: level,
        subscriptionPeriod: period))
  }
}
