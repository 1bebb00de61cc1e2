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
