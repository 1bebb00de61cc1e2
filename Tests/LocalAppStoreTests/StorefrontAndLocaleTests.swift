import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// `SKTestSession.storefront` and `SKTestSession.locale` while running: what a storefront and a
/// locale change in the products shown and in what a transaction records.
@Suite(.hangGuard, .recordsQuietFailures) struct StorefrontAndLocaleTests {
  // MARK: - Storefront identifiers

  /// Apple's `storefrontId` page: "This value is the same as the Storefront/id value in
  /// StoreKit"; Apple publishes no table, so the values are held to the public one the
  /// storefront type cites (Apple's MusicKit JS map).
  @Test(
    "a storefront's identifier is the App Store's",
    arguments: [
      ("USA", "143441"), ("GBR", "143444"), ("CHE", "143459"), ("JPN", "143462"),
      ("BRA", "143503"), ("ZWE", "143605"), ("afg", "143610"),
    ])
  func storefrontID(country: String, id: String) {
    #expect(Storefront.storefrontID(forCountryCode: country) == id)
  }

  @Test("every storefront identifier belongs to one ISO 3166-1 country, and no two share one")
  func storefrontIDsAreCountries() {
    let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { Character(UnicodeScalar($0)) }
    var ids: [String: String] = [:]
    for a in letters {
      for b in letters {
        for c in letters {
          let code = String([a, b, c])
          guard let id = Storefront.storefrontID(forCountryCode: code) else { continue }
          #expect(Storefront.isCountryCode(code), "\(code) has a storefront but is no country")
          #expect(ids[id] == nil, "\(code) and \(ids[id] ?? "") share \(id)")
          ids[id] = code
        }
      }
    }
    #expect(ids.count == 183)
    #expect(Storefront.storefrontID(forCountryCode: "ATA") == nil, "Antarctica has no App Store")
  }

  /// Before, only ten storefronts had an identifier: a purchase in Switzerland carried none
  /// (watched to fail).
  @Test("a purchase in any storefront carries its storefrontId")
  func purchaseCarriesStorefrontID() async throws {
    let store = try LocalAppStore.sportsTime()
    try await store.setStorefront("che")
    let bought = try await store.buyVerified(monthlyID)
    #expect(bought.storefrontCountryCode == "CHE")
    #expect(bought.storefrontID == "143459")
  }

  // MARK: - The storefront's currency

  /// "Setting up StoreKit Testing in Xcode": "the price is a placeholder value that's not
  /// connected to price tiers or real pricing information. However, it appears using the
  /// correct currency symbols for the storefront you're testing." Before, the catalog's
  /// currency stayed whatever the storefront (watched to fail).
  @Test("a storefront moved to shows the catalog's amounts in its own currency")
  func storefrontCurrency() async throws {
    let store = try LocalAppStore.sportsTime()
    try await store.setStorefront("JPN")
    let monthly = try #require(try await store.products(for: [monthlyID]).first)
    #expect(monthly.currencyCode == "JPY")
    #expect(monthly.price == Decimal(string: "4.99"))
    #expect(
      monthly.displayPrice == Storefront.format(4.99, currencyCode: "JPY", locale: monthly.locale))
    #expect(monthly.displayPrice.contains("¥"))
    try await store.setStorefront("DEU")
    #expect(try await store.products(for: [monthlyID]).first?.currencyCode == "EUR")
    try await store.setStorefront("USA")
    #expect(try await store.products(for: [monthlyID]).first == SportsTimeFixtures.monthly)
  }

  /// `Transaction.currency`: "the currency of the product's price that the system records at
  /// the time of purchase" — the purchase and the renewals made while in that storefront.
  @Test("a transaction records the storefront's currency, and so does a renewal")
  func transactionCurrency() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock)
    try await store.setStorefront("GBR")
    let bought = try await store.buyVerified(monthlyID)
    #expect(bought.currency == "GBP")
    #expect(bought.price == Decimal(string: "4.99"))
    clock.advance(by: 31 * day)
    let renewal = try #require(try await store.history().last)
    #expect(renewal.id != bought.id)
    #expect(renewal.currency == "GBP")
    let info = try #require(try await store.renewalInfos().first)
    #expect(info.currency == "GBP", "the renewal info bills as the renewal does")
  }

  // MARK: - Locale

  /// A catalog whose monthly plan has an English and a Japanese localization.
  private func localizedStore(clock: ManualClock = ManualClock()) throws -> LocalAppStore {
    var file = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: PackageFolders.bundledStoreKitFile)) as? [String: Any])
    var groups = try #require(file["subscriptionGroups"] as? [[String: Any]])
    var plans = try #require(groups[0]["subscriptions"] as? [[String: Any]])
    let index = try #require(plans.firstIndex { $0["productID"] as? String == monthlyID })
    var localizations = try #require(plans[index]["localizations"] as? [[String: Any]])
    localizations.append([
      "locale": "ja_JP", "displayName": "プロ月額", "description": "すべてのプロ機能、毎月請求。",
    ])
    plans[index]["localizations"] = localizations
    groups[0]["subscriptions"] = plans
    file["subscriptionGroups"] = groups
    let catalog = try Catalog(data: try JSONSerialization.data(withJSONObject: file))
    return try LocalAppStore(catalog: catalog, clock: clock)
  }

  /// `SKTestSession.locale`: "This value determines the locale the test environment uses when
  /// it fetches localized metadata […]. You provide localized metadata in your StoreKit
  /// configuration file." Before, there was no locale to set (watched: the names stayed
  /// English).
  @Test("a locale set while running shows its localization's names, prices untouched")
  func localeNames() async throws {
    let store = try localizedStore()
    let english = try #require(try await store.products(for: [monthlyID]).first)
    #expect(english.displayName == "Pro Monthly")
    try await store.setLocale("ja_JP")
    let japanese = try #require(try await store.products(for: [monthlyID]).first)
    #expect(japanese.displayName == "プロ月額")
    #expect(japanese.description == "すべてのプロ機能、毎月請求。")
    #expect(japanese.displayPrice == english.displayPrice)
    #expect(japanese.currencyCode == english.currencyCode)
    try await store.setLocale("ja")
    #expect(try await store.products(for: [monthlyID]).first?.displayName == "プロ月額")
    try await store.setLocale("fr_FR")
    #expect(
      try await store.products(for: [monthlyID]).first?.displayName == "Pro Monthly",
      "no French localization: en_US, as the catalog falls back")
    try await store.setLocale(nil)
    #expect(try await store.products(for: [monthlyID]).first == english)
  }

  @Test(
    "a locale that is not a locale's form is refused and changes nothing",
    arguments: ["", "j", "japanese", "ja__JP", "ja_JP_", "1a", "ja JP"])
  func badLocale(identifier: String) async throws {
    let store = try localizedStore()
    try await store.setLocale("ja_JP")
    await #expect(throws: LocalAppStoreError.self) { try await store.setLocale(identifier) }
    #expect(try await store.settings().locale == "ja_JP")
  }

  /// `resetToDefaultState()` "removes all property overrides": the locale goes back to the
  /// file's, and a state written before the locale existed decodes without one.
  @Test("reset to default forgets the locale; an older settings row has none")
  func resetForgetsLocale() async throws {
    let store = try localizedStore()
    try await store.setLocale("ja_JP")
    try await store.resetToDefaultState()
    #expect(try await store.settings().locale == nil)
    let older = #"{"timeRate":0,"storefront":"USA","bundleID":"com.sportstime.app"}"#
    let settings = try JSONDecoder().decode(EmulatorSettings.self, from: Data(older.utf8))
    #expect(settings.locale == nil)
  }

  /// The session's `locale`, as StoreKitTest's is a `Locale`.
  @Test("LocalTestSession's locale is set and read as SKTestSession's")
  func sessionLocale() async throws {
    let session = LocalTestSession(store: try localizedStore())
    #expect(try await session.locale.identifier == "en_US")
    try await session.setLocale(Locale(identifier: "ja_JP"))
    #expect(try await session.locale.identifier == "ja_JP")
    #expect(try await session.store.products(for: [monthlyID]).first?.displayName == "プロ月額")
  }
}
