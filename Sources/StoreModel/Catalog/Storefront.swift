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

  /// Whether `countryCode` is an ISO 3166-1 alpha-3 country code (`USA`, `JPN`; any case):
  /// the 249 officially assigned codes (ISO 3166-1:2020, as the Debian `iso-codes` data and
  /// Python's `pycountry` list them).
  package static func isCountryCode(_ countryCode: String) -> Bool {
    countryCodes.contains(Substring(countryCode.uppercased()))
  }

  private static let countryCodes: Set<Substring> = Set(
    """
    ABW AFG AGO AIA ALA ALB AND ARE ARG ARM ASM ATA ATF ATG AUS AUT AZE BDI BEL BEN BES BFA BGD
    BGR BHR BHS BIH BLM BLR BLZ BMU BOL BRA BRB BRN BTN BVT BWA CAF CAN CCK CHE CHL CHN CIV CMR
    COD COG COK COL COM CPV CRI CUB CUW CXR CYM CYP CZE DEU DJI DMA DNK DOM DZA ECU EGY ERI ESH
    ESP EST ETH FIN FJI FLK FRA FRO FSM GAB GBR GEO GGY GHA GIB GIN GLP GMB GNB GNQ GRC GRD GRL
    GTM GUF GUM GUY HKG HMD HND HRV HTI HUN IDN IMN IND IOT IRL IRN IRQ ISL ISR ITA JAM JEY JOR
    JPN KAZ KEN KGZ KHM KIR KNA KOR KWT LAO LBN LBR LBY LCA LIE LKA LSO LTU LUX LVA MAC MAF MAR
    MCO MDA MDG MDV MEX MHL MKD MLI MLT MMR MNE MNG MNP MOZ MRT MSR MTQ MUS MWI MYS MYT NAM NCL
    NER NFK NGA NIC NIU NLD NOR NPL NRU NZL OMN PAK PAN PCN PER PHL PLW PNG POL PRI PRK PRT PRY
    PSE PYF QAT REU ROU RUS RWA SAU SDN SEN SGP SGS SHN SJM SLB SLE SLV SMR SOM SPM SRB SSD STP
    SUR SVK SVN SWE SWZ SXM SYC SYR TCA TCD TGO THA TJK TKL TKM TLS TON TTO TUN TUR TUV TWN TZA
    UGA UKR UMI URY USA UZB VAT VCT VEN VGB VIR VNM VUT WLF WSM YEM ZAF ZMB ZWE
    """.split(whereSeparator: \.isWhitespace))

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
