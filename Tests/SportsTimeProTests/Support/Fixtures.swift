import Foundation
import StoreModel
import StoreTesting

/// Products and dates the tests share: the one fixture catalog is StoreTesting's
/// ``SportsTimeFixtures`` (proved equal to `SportsTime.storekit`); these are its variants.
enum Fixtures {
  static let groupID = SportsTimeFixtures.groupID
  static let bundleID = "com.sportstime.app"
  static let monthlyID = SportsTimeFixtures.monthlyID
  static let annualID = SportsTimeFixtures.annualID
  static let usLocale = Locale(identifier: "en_US")
  static let germanLocale = Locale(identifier: "de_DE")
  static let utc = TimeZone(identifier: "UTC") ?? .current
  /// 2026-01-01T00:00:00Z, where every `ManualClock` starts.
  static let start = Date(timeIntervalSince1970: 1_767_225_600)

  /// A subscription of the Pro group priced in `currency` for `locale`.
  static func product(
    id: String, name: String, price: String, period: SubscriptionPeriod,
    currency: String = "USD", locale: Locale = usLocale, level: Int = 1
  ) -> Product {
    let amount = Decimal(string: price) ?? 0
    return Product(
      id: id, type: .autoRenewable, displayName: name, description: "SportsTime Pro",
      price: amount,
      displayPrice: amount.formatted(.currency(code: currency).locale(locale)),
      currencyCode: currency, locale: locale, isFamilyShareable: true,
      subscription: Product.SubscriptionInfo(
        subscriptionGroupID: groupID, groupDisplayName: "Pro Access", groupLevel: level,
        subscriptionPeriod: period))
  }

  /// SportsTime's catalog: $4.99 a month, $49.99 a year; annual is the group's highest level, as
  /// in `SportsTime.storekit`.
  static let catalog = SportsTimeFixtures.products

  /// The same catalog in euros, for Germany: 4,99 € and 49,99 €.
  static let euroCatalog = [
    product(
      id: monthlyID, name: "Pro Monatlich", price: "4.99", period: .monthly, currency: "EUR",
      locale: germanLocale, level: 2),
    product(
      id: annualID, name: "Pro Jährlich", price: "49.99", period: .yearly, currency: "EUR",
      locale: germanLocale),
  ]
}
