import Foundation
package import StoreModel

/// What the customer's storefront and locale change in the products the store shows, and in
/// the price a transaction records.
///
/// - Storefront: a `.storekit` file holds one price per product, in no currency; Xcode shows it
///   "using the correct currency symbols for the storefront you're testing" ("Setting up
///   StoreKit Testing in Xcode",
///   <https://developer.apple.com/documentation/Xcode/setting-up-storekit-testing-in-xcode>:
///   "the price is a placeholder value that's not connected to price tiers or real pricing
///   information"). So a storefront moved to while running (`SKTestSession.storefront`) shows
///   the same amounts in its own currency (``Storefront/currencyCode(forCountryCode:)``), and
///   a transaction bought there records that currency (`Transaction.currency`: "the currency
///   of the product's price that the system records at the time of purchase"). No amount is
///   converted.
/// - Locale: `SKTestSession.locale` "determines the locale the test environment uses when it
///   fetches localized metadata […]. You provide localized metadata in your StoreKit
///   configuration file"
///   (<https://developer.apple.com/documentation/storekittest/sktestsession/locale>): names
///   and descriptions come from the file's localization for it
///   (``Catalog/Localization/best(in:for:)``); prices keep the storefront's format.
package struct ProductPresentation: Sendable {
  /// The storefront the catalog's prices are in: the state's default settings'.
  let catalogStorefront: String
  /// Each product's localizations in the `.storekit` file, by product identifier; empty for a
  /// store made from products alone.
  let localizations: [String: [Catalog.Localization]]

  /// A presentation of a catalog priced in `catalogStorefront`, with `localizations` (none: the
  /// catalog's names in every locale).
  package init(
    catalogStorefront: String, localizations: [String: [Catalog.Localization]] = [:]
  ) {
    self.catalogStorefront = catalogStorefront
    self.localizations = localizations
  }

  /// Whether `settings` show any product otherwise than the catalog does.
  func changesAnything(in settings: EmulatorSettings) -> Bool {
    settings.storefront != catalogStorefront || settings.locale != nil
  }

  /// `product` as a customer in `settings`' storefront and locale sees it.
  func present(_ product: Product, in settings: EmulatorSettings) -> Product {
    guard changesAnything(in: settings) else { return product }
    let localization = settings.locale.flatMap {
      Catalog.Localization.best(in: localizations[product.id] ?? [], for: $0)
    }
    let currency =
      settings.storefront == catalogStorefront
      ? product.currencyCode
      : Storefront(countryCode: settings.storefront, locale: product.locale).currencyCode
    let format = { (amount: Decimal) in
      currency == product.currencyCode
        ? nil : Storefront.format(amount, currencyCode: currency, locale: product.locale)
    }
    let subscription = product.subscription.map { info in
      let offer = { (offer: SubscriptionOffer) in
        var shown = offer
        shown.displayPrice = format(offer.price) ?? offer.displayPrice
        return shown
      }
      return Product.SubscriptionInfo(
        subscriptionGroupID: info.subscriptionGroupID, groupDisplayName: info.groupDisplayName,
        groupLevel: info.groupLevel, subscriptionPeriod: info.subscriptionPeriod,
        introductoryOffer: info.introductoryOffer.map(offer),
        promotionalOffers: info.promotionalOffers.map(offer),
        winBackOffers: info.winBackOffers.map(offer))
    }
    return Product(
      id: product.id, type: product.type,
      displayName: localization?.displayName ?? product.displayName,
      description: localization?.description ?? product.description, price: product.price,
      displayPrice: format(product.price) ?? product.displayPrice, currencyCode: currency,
      locale: product.locale, isFamilyShareable: product.isFamilyShareable,
      subscription: subscription)
  }
}
