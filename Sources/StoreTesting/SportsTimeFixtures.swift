import Foundation
public import StoreModel

/// SportsTime Pro's catalog as values: the products of `SportsTime.storekit`, built by hand so
/// that a test needs no file. A test of the package proves they match the bundled file.
public enum SportsTimeFixtures {
  /// The subscription group "Pro Access".
  public static let groupID = "2F8B6D14"
  /// The group's name.
  public static let groupName = "Pro Access"
  /// The monthly subscription's identifier.
  public static let monthlyID = "com.sportstime.pro.monthly"
  /// The annual subscription's identifier.
  public static let annualID = "com.sportstime.pro.annual"

  /// Pro Monthly: $4.99 a month, level 2.
  public static let monthly = Product(
    id: monthlyID, type: .autoRenewable, displayName: "Pro Monthly",
    description: "All Pro features, billed every month.", price: Decimal(string: "4.99") ?? 0,
    displayPrice: "$4.99", currencyCode: "USD", locale: Locale(identifier: "en_US"),
    isFamilyShareable: true,
    subscription: Product.SubscriptionInfo(
      subscriptionGroupID: groupID, groupDisplayName: groupName, groupLevel: 2,
      subscriptionPeriod: .monthly))

  /// Pro Annual: $49.99 a year, level 1 (the higher level: monthly → annual is an upgrade).
  public static let annual = Product(
    id: annualID, type: .autoRenewable, displayName: "Pro Annual",
    description: "All Pro features, billed once a year.", price: Decimal(string: "49.99") ?? 0,
    displayPrice: "$49.99", currencyCode: "USD", locale: Locale(identifier: "en_US"),
    isFamilyShareable: true,
    subscription: Product.SubscriptionInfo(
      subscriptionGroupID: groupID, groupDisplayName: groupName, groupLevel: 1,
      subscriptionPeriod: .yearly))

  /// Both products, monthly first, as in the file.
  public static let products = [monthly, annual]
}
