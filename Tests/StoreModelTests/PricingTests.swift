import Foundation
import StoreModel
import Testing

@Suite struct PricingTests {
  /// A monthly and an annual plan of one group, decoded from a `.storekit` document in the
  /// storefront `country` and the locale `locale`.
  static func plans(
    country: String, locale: String, monthly: String, annual: String
  ) throws -> (monthly: Product, annual: Product) {
    let text = """
      { "settings" : { "_locale" : "\(locale)", "_storefront" : "\(country)" },
        "subscriptionGroups" : [ { "id" : "G", "name" : "Pro", "subscriptions" : [
          { "displayPrice" : "\(monthly)", "groupNumber" : 2, "productID" : "m",
            "recurringSubscriptionPeriod" : "P1M", "type" : "RecurringSubscription" },
          { "displayPrice" : "\(annual)", "groupNumber" : 1, "productID" : "a",
            "recurringSubscriptionPeriod" : "P1Y", "type" : "RecurringSubscription" } ] } ],
        "version" : { "major" : 5, "minor" : 0 } }
      """
    let catalog = try Catalog(data: Data(text.utf8))
    return (try #require(catalog.product(id: "m")), try #require(catalog.product(id: "a")))
  }

  /// A row of the four-locale table.
  struct LocaleCase: Sendable, CustomTestStringConvertible {
    let country: String
    let locale: String
    let monthly: String
    let annual: String
    let currency: String
    let monthlyDisplay: String
    let annualDisplay: String
    let annualPerMonth: String
    let savings: Int
    var testDescription: String { "\(currency) in \(locale)" }
  }

  static let locales: [LocaleCase] = [
    LocaleCase(
      country: "USA", locale: "en_US", monthly: "4.99", annual: "49.99", currency: "USD",
      monthlyDisplay: "$4.99", annualDisplay: "$49.99", annualPerMonth: "$4.17", savings: 17),
    LocaleCase(
      country: "DEU", locale: "de_DE", monthly: "4.99", annual: "49.99", currency: "EUR",
      monthlyDisplay: "4,99\u{00A0}€", annualDisplay: "49,99\u{00A0}€",
      annualPerMonth: "4,17\u{00A0}€", savings: 17),
    LocaleCase(
      country: "JPN", locale: "ja_JP", monthly: "500", annual: "5000", currency: "JPY",
      monthlyDisplay: "¥500", annualDisplay: "¥5,000", annualPerMonth: "¥417", savings: 17),
    LocaleCase(
      country: "GBR", locale: "en_GB", monthly: "4.99", annual: "49.99", currency: "GBP",
      monthlyDisplay: "£4.99", annualDisplay: "£49.99", annualPerMonth: "£4.17", savings: 17),
    LocaleCase(
      country: "FRA", locale: "fr_FR", monthly: "5.99", annual: "59.99", currency: "EUR",
      monthlyDisplay: "5,99\u{00A0}€", annualDisplay: "59,99\u{00A0}€",
      annualPerMonth: "5,00\u{00A0}€", savings: 17),
  ]

  @Test("prices, per-month prices and savings in each storefront and locale", arguments: locales)
  func locale(_ row: LocaleCase) throws {
    let (monthly, annual) = try Self.plans(
      country: row.country, locale: row.locale, monthly: row.monthly, annual: row.annual)
    #expect(monthly.currencyCode == row.currency)
    #expect(monthly.displayPrice == row.monthlyDisplay)
    #expect(annual.displayPrice == row.annualDisplay)
    #expect(annual.displayPricePerMonth == row.annualPerMonth)
    #expect(monthly.displayPricePerMonth == row.monthlyDisplay)
    #expect(annual.savingsPercent(comparedTo: monthly) == row.savings)
    #expect(monthly.savingsPercent(comparedTo: annual) == nil)
  }

  /// A row of the per-month table.
  struct PerMonthCase: Sendable, CustomTestStringConvertible {
    let period: String
    let price: String
    let perMonth: String
    let display: String
    var testDescription: String { "\(price) per \(period)" }
  }

  static let perMonth: [PerMonthCase] = [
    PerMonthCase(period: "P3D", price: "0.99", perMonth: "10.0375", display: "$10.04"),
    PerMonthCase(period: "P1W", price: "4.99", perMonth: "21.623333", display: "$21.62"),
    PerMonthCase(period: "P2W", price: "3", perMonth: "6.5", display: "$6.50"),
    PerMonthCase(period: "P1M", price: "4.99", perMonth: "4.99", display: "$4.99"),
    PerMonthCase(period: "P2M", price: "8.33", perMonth: "4.165", display: "$4.17"),
    PerMonthCase(period: "P3M", price: "14.99", perMonth: "4.996666", display: "$5.00"),
    PerMonthCase(period: "P6M", price: "29.99", perMonth: "4.998333", display: "$5.00"),
    PerMonthCase(period: "P1Y", price: "49.99", perMonth: "4.165833", display: "$4.17"),
    PerMonthCase(period: "P1Y", price: "12", perMonth: "1", display: "$1.00"),
    PerMonthCase(period: "P2Y", price: "48", perMonth: "2", display: "$2.00"),
  ]

  @Test("the price per month of every period, rounded half up for display", arguments: perMonth)
  func pricePerMonth(_ row: PerMonthCase) throws {
    let product = try Self.subscription(price: row.price, period: row.period)
    let value = try #require(product.pricePerMonth)
    let expected = try #require(Decimal(string: row.perMonth))
    #expect(abs(value - expected) < Decimal(string: "0.000001")!)
    #expect(product.displayPricePerMonth == row.display)
  }

  static func subscription(
    price: String, period: String, group: String = "G", currency: String = "USD"
  ) throws -> Product {
    Product(
      id: "p-\(period)", type: .autoRenewable, displayName: "", description: "",
      price: try #require(Decimal(string: price)), displayPrice: "", currencyCode: currency,
      locale: Locale(identifier: "en_US"), isFamilyShareable: false,
      subscription: Product.SubscriptionInfo(
        subscriptionGroupID: group, groupDisplayName: "", groupLevel: 1,
        subscriptionPeriod: try #require(SubscriptionPeriod(iso8601: period))))
  }

  /// A row of the savings table.
  struct SavingsCase: Sendable, CustomTestStringConvertible {
    let plan: (price: String, period: String)
    let base: (price: String, period: String)
    let percent: Int?
    var testDescription: String {
      "\(plan.price)/\(plan.period) against \(base.price)/\(base.period)"
    }
  }

  static let savings: [SavingsCase] = [
    SavingsCase(plan: ("49.99", "P1Y"), base: ("4.99", "P1M"), percent: 17),
    SavingsCase(plan: ("39.99", "P1Y"), base: ("4.99", "P1M"), percent: 33),
    SavingsCase(plan: ("59.88", "P1Y"), base: ("4.99", "P1M"), percent: nil),
    SavingsCase(plan: ("69.99", "P1Y"), base: ("4.99", "P1M"), percent: nil),
    SavingsCase(plan: ("24.99", "P6M"), base: ("4.99", "P1M"), percent: 17),
    SavingsCase(plan: ("12.99", "P3M"), base: ("4.99", "P1M"), percent: 13),
    SavingsCase(plan: ("29.99", "P6M"), base: ("4.99", "P1M"), percent: nil),
    SavingsCase(plan: ("4.99", "P1M"), base: ("1.99", "P1W"), percent: 42),
    SavingsCase(plan: ("1.99", "P1W"), base: ("4.99", "P1M"), percent: nil),
    // 9.55 a month against 10: exactly 4.5%, which a person rounds up to 5 (banker's gives 4).
    SavingsCase(plan: ("114.60", "P1Y"), base: ("10", "P1M"), percent: 5),
    // 9.96 against 10: 0.4%, which rounds to nothing.
    SavingsCase(plan: ("119.52", "P1Y"), base: ("10", "P1M"), percent: nil),
    SavingsCase(plan: ("0", "P1Y"), base: ("4.99", "P1M"), percent: 100),
    SavingsCase(plan: ("49.99", "P1Y"), base: ("0", "P1M"), percent: nil),
  ]

  @Test("savings between two plans of a group, as a whole percentage", arguments: savings)
  func savingsPercent(_ row: SavingsCase) throws {
    let plan = try Self.subscription(price: row.plan.price, period: row.plan.period)
    let base = try Self.subscription(price: row.base.price, period: row.base.period)
    #expect(plan.savingsPercent(comparedTo: base) == row.percent)
  }

  @Test("no savings across groups, currencies, or with a product that is not a subscription")
  func savingsNeedComparablePlans() throws {
    let annual = try Self.subscription(price: "49.99", period: "P1Y")
    let otherGroup = try Self.subscription(price: "4.99", period: "P1M", group: "H")
    let euros = try Self.subscription(price: "4.99", period: "P1M", currency: "EUR")
    let lifetime = Product(
      id: "lifetime", type: .nonConsumable, displayName: "", description: "", price: 4.99,
      displayPrice: "$4.99", currencyCode: "USD", locale: Locale(identifier: "en_US"),
      isFamilyShareable: true, subscription: nil)
    #expect(annual.savingsPercent(comparedTo: otherGroup) == nil)
    #expect(annual.savingsPercent(comparedTo: euros) == nil)
    #expect(annual.savingsPercent(comparedTo: lifetime) == nil)
    #expect(lifetime.pricePerMonth == nil)
    #expect(lifetime.displayPricePerMonth == nil)
  }

  @Test("the figures come from price and period, never from the identifier")
  func notFromTheIdentifier() throws {
    let misleading = Product(
      id: "com.example.annual", type: .autoRenewable, displayName: "", description: "",
      price: 4.99, displayPrice: "$4.99", currencyCode: "USD",
      locale: Locale(identifier: "en_US"), isFamilyShareable: false,
      subscription: Product.SubscriptionInfo(
        subscriptionGroupID: "G", groupDisplayName: "", groupLevel: 1,
        subscriptionPeriod: .monthly))
    #expect(misleading.displayPricePerMonth == "$4.99")
  }

  @Test("amounts round half away from zero to the currency's minor unit")
  func rounding() {
    let usd = Storefront.unitedStates
    #expect(usd.displayPrice(Decimal(string: "4.165")!) == "$4.17")
    #expect(usd.displayPrice(Decimal(string: "4.164")!) == "$4.16")
    let japan = Storefront(countryCode: "JPN", locale: Locale(identifier: "ja_JP"))
    #expect(japan.displayPrice(Decimal(string: "1200.5")!) == "¥1,201")
    #expect(japan.displayPrice(1200) == "¥1,200")
  }

  @Test(
    "storefronts sell in their country's currency",
    arguments: [
      ("USA", "USD"), ("GBR", "GBP"), ("DEU", "EUR"), ("FRA", "EUR"), ("ESP", "EUR"),
      ("PRT", "EUR"), ("NLD", "EUR"), ("FIN", "EUR"), ("JPN", "JPY"), ("CHN", "CNY"),
      ("COL", "COP"), ("SGP", "SGD"), ("CAN", "CAD"), ("AUS", "AUD"), ("MEX", "MXN"),
      ("RUS", "RUB"), ("usa", "USD"),
    ])
  func currencies(country: String, currency: String) {
    #expect(Storefront.currencyCode(forCountryCode: country) == currency)
    #expect(
      Storefront(countryCode: country, locale: Locale(identifier: "en_US")).currencyCode == currency
    )
  }

  @Test("a country missing from the table has no currency of its own")
  func unknownCountry() {
    #expect(Storefront.currencyCode(forCountryCode: "ATA") == nil)
    #expect(
      Storefront(countryCode: "ata", locale: Locale(identifier: "en_US")).countryCode == "ATA")
  }
}
