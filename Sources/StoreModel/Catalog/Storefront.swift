package import Foundation

/// The App Store country a catalog sells in, its currency, and the locale prices are shown in:
/// StoreKit 2's `Storefront`.
///
/// A `.storekit` file stores prices without a currency: the currency follows from
/// `settings._storefront` (ISO 3166-1 alpha-3, `USA` when absent).
package struct Storefront: Sendable, Hashable {
  /// The ISO 3166-1 alpha-3 country code: `USA`, `DEU`, `JPN`.
  package let countryCode: String
  /// The ISO 4217 currency code of the prices: `USD`, `EUR`, `JPY`.
  package let currencyCode: String
  /// The locale prices and names are shown in.
  package let locale: Locale

  /// Creates a storefront with an explicit currency.
  package init(countryCode: String, currencyCode: String, locale: Locale) {
    self.countryCode = countryCode
    self.currencyCode = currencyCode
    self.locale = locale
  }

  /// Creates the storefront of `countryCode`, with its currency from the App Store's table.
  ///
  /// A country missing from ``currencyCode(forCountryCode:)`` sells in US dollars, as the App
  /// Store does in many smaller storefronts.
  package init(countryCode: String, locale: Locale) {
    let code = countryCode.uppercased()
    self.init(
      countryCode: code, currencyCode: Self.currencyCode(forCountryCode: code) ?? "USD",
      locale: locale)
  }

  /// The United States in US English: what a file without settings means.
  package static let unitedStates = Storefront(
    countryCode: "USA", currencyCode: "USD", locale: Locale(identifier: "en_US"))

  /// `amount` in this storefront's currency and locale, rounded half away from zero to the
  /// currency's minor unit: "$4.99", "4,99 €", "¥1,200".
  package func displayPrice(_ amount: Decimal) -> String {
    Self.format(amount, currencyCode: currencyCode, locale: locale)
  }

  /// `amount` formatted as `currencyCode` in `locale`, rounded half away from zero to the
  /// currency's minor unit (so 4.165 shows as "$4.17", where banker's rounding would give
  /// "$4.16").
  package static func format(_ amount: Decimal, currencyCode: String, locale: Locale) -> String {
    amount.formatted(
      .currency(code: currencyCode).locale(locale).rounded(rule: .toNearestOrAwayFromZero))
  }

  /// The currency of the App Store in `countryCode` (ISO 3166-1 alpha-3), or `nil` when the
  /// country is not in the table.
  package static func currencyCode(forCountryCode countryCode: String) -> String? {
    currencies[countryCode.uppercased()]
  }

  /// App Store storefront currencies (alpha-3 country → ISO 4217).
  private static let currencies: [String: String] = {
    var table: [String: String] = [
      "USA": "USD", "CAN": "CAD", "MEX": "MXN", "BRA": "BRL", "CHL": "CLP", "COL": "COP",
      "PER": "PEN", "GBR": "GBP", "CHE": "CHF", "LIE": "CHF", "SWE": "SEK", "NOR": "NOK",
      "DNK": "DKK", "POL": "PLN", "CZE": "CZK", "HUN": "HUF", "ROU": "RON", "TUR": "TRY",
      "RUS": "RUB", "ISR": "ILS", "SAU": "SAR", "ARE": "AED", "QAT": "QAR", "EGY": "EGP",
      "ZAF": "ZAR", "NGA": "NGN", "KEN": "KES", "TZA": "TZS", "PAK": "PKR", "IND": "INR",
      "IDN": "IDR", "THA": "THB", "MYS": "MYR", "PHL": "PHP", "VNM": "VND", "SGP": "SGD",
      "CHN": "CNY", "HKG": "HKD", "MAC": "MOP", "TWN": "TWD", "KOR": "KRW", "JPN": "JPY",
      "AUS": "AUD", "NZL": "NZD", "KAZ": "KZT",
    ]
    let euro = [
      "AUT", "BEL", "CYP", "DEU", "ESP", "EST", "FIN", "FRA", "GRC", "HRV", "IRL", "ITA", "LTU",
      "LUX", "LVA", "MLT", "NLD", "PRT", "SVK", "SVN",
    ]
    for country in euro { table[country] = "EUR" }
    return table
  }()
}
