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

  /// The App Store's identifier of the storefront of `countryCode` (ISO 3166-1 alpha-3, any
  /// case): StoreKit's `Storefront.id` and a transaction's `storefrontId`, or `nil` for a
  /// country with no App Store.
  ///
  /// Apple's `Storefront.id` page says only "An Apple-defined value that uniquely identifies an
  /// App Store storefront"; the App Store Server API's `storefrontId` page, "This value is the
  /// same as the Storefront/id value in StoreKit". Apple publishes no table: this one is the
  /// map of 184 storefronts in Apple's MusicKit JS v3 (`musickit.js`, as copied in the public
  /// repository lujjjh/LitoMusic, `public/musickit.js`), less Kosovo (`XKX`, not an ISO 3166-1
  /// code); the alpha-2 map of MichaelYochpaz/iSubRip (`isubrip/scrapers/appletv_scraper.py`)
  /// agrees where checked, Switzerland's 143459 included.
  package static func storefrontID(forCountryCode countryCode: String) -> String? {
    storefrontIDs[Substring(countryCode.uppercased())].map(String.init)
  }

  private static let storefrontIDs: [Substring: Substring] = Dictionary(
    uniqueKeysWithValues: """
      AFG:143610 AGO:143564 AIA:143538 ALB:143575 AND:143611 ARE:143481 ARG:143505 ARM:143524
      ATG:143540 AUS:143460 AUT:143445 AZE:143568 BEL:143446 BEN:143576 BFA:143578 BGD:143490
      BGR:143526 BHR:143559 BHS:143539 BIH:143612 BLR:143565 BLZ:143555 BMU:143542 BOL:143556
      BRA:143503 BRB:143541 BRN:143560 BTN:143577 BWA:143525 CAF:143623 CAN:143455 CHE:143459
      CHL:143483 CHN:143465 CIV:143527 CMR:143574 COD:143613 COG:143582 COL:143501 CPV:143580
      CRI:143495 CYM:143544 CYP:143557 CZE:143489 DEU:143443 DMA:143545 DNK:143458 DOM:143508
      DZA:143563 ECU:143509 EGY:143516 ESP:143454 EST:143518 ETH:143569 FIN:143447 FJI:143583
      FRA:143442 FSM:143591 GAB:143614 GBR:143444 GEO:143615 GHA:143573 GIN:143616 GMB:143584
      GNB:143585 GRC:143448 GRD:143546 GTM:143504 GUY:143553 HKG:143463 HND:143510 HRV:143494
      HUN:143482 IDN:143476 IND:143467 IRL:143449 IRQ:143617 ISL:143558 ISR:143491 ITA:143450
      JAM:143511 JOR:143528 JPN:143462 KAZ:143517 KEN:143529 KGZ:143586 KHM:143579 KNA:143548
      KOR:143466 KWT:143493 LAO:143587 LBN:143497 LBR:143588 LBY:143567 LCA:143549 LIE:143522
      LKA:143486 LTU:143520 LUX:143451 LVA:143519 MAC:143515 MAR:143620 MCO:143618 MDA:143523
      MDG:143531 MDV:143488 MEX:143468 MKD:143530 MLI:143532 MLT:143521 MMR:143570 MNE:143619
      MNG:143592 MOZ:143593 MRT:143590 MSR:143547 MUS:143533 MWI:143589 MYS:143473 NAM:143594
      NER:143534 NGA:143561 NIC:143512 NLD:143452 NOR:143457 NPL:143484 NRU:143606 NZL:143461
      OMN:143562 PAK:143477 PAN:143485 PER:143507 PHL:143474 PLW:143595 PNG:143597 POL:143478
      PRT:143453 PRY:143513 PSE:143596 QAT:143498 ROU:143487 RUS:143469 RWA:143621 SAU:143479
      SEN:143535 SGP:143464 SLB:143601 SLE:143600 SLV:143506 SRB:143500 STP:143598 SUR:143554
      SVK:143496 SVN:143499 SWE:143456 SWZ:143602 SYC:143599 TCA:143552 TCD:143581 THA:143475
      TJK:143603 TKM:143604 TON:143608 TTO:143551 TUN:143536 TUR:143480 TWN:143470 TZA:143572
      UGA:143537 UKR:143492 URY:143514 USA:143441 UZB:143566 VCT:143550 VEN:143502 VGB:143543
      VNM:143471 VUT:143609 WSM:143607 YEM:143571 ZAF:143472 ZMB:143622 ZWE:143605
      """.split(whereSeparator: \.isWhitespace).map { pair in
        let parts = pair.split(separator: ":")
        return (parts[0], parts[1])
      })

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

extension Storefront {
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
}
