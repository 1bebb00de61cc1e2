import Foundation
package import StoreModel

extension EmulatorSettings {
  /// The settings of a `.storekit` file: Ask to Buy, renewal billing issues, grace period,
  /// time rate and storefront.
  ///
  /// `_renewalBillingIssuesEnabled` is StoreKitTest's `shouldEnterBillingRetryOnRenewal`, which
  /// is what ``billingIssuesEnabled`` does; an unknown `_timeRate` falls back to real time.
  package init(catalog: Catalog, bundleID: String = "com.sportstime.app") {
    let settings = catalog.settings
    self.init(
      askToBuyEnabled: settings.askToBuyEnabled,
      billingIssuesEnabled: settings.renewalBillingIssuesEnabled,
      gracePeriodEnabled: settings.billingGracePeriodEnabled,
      timeRate: TimeRate(rawValue: settings.timeRate.rawValue) ?? .realTime,
      storefront: catalog.storefront.countryCode, bundleID: bundleID)
  }
}

extension Fault {
  /// The sticky faults a `.storekit` file's enabled `_storeKitErrors` ask for: each API's
  /// simulated error fails that API only (`Load Products` → ``loadProducts``, `Purchase` →
  /// ``purchase``, or ``userCancel`` for `userCancelled`, `Verification` → ``verification``,
  /// `App Store Sync` → ``sync``, `Subscription Status` → ``subscriptionStatus``).
  ///
  /// The sheets and `App Transaction` have no counterpart in the store and are left out.
  package static func simulated(by catalog: Catalog) -> [Fault] {
    var faults: [Fault] = []
    let table: [(CatalogSettings.StoreKitAPI, Fault)] = [
      (.loadProducts, .loadProducts), (.purchase, .purchase), (.verification, .verification),
      (.appStoreSync, .sync), (.subscriptionStatus, .subscriptionStatus),
    ]
    for (api, fault) in table {
      guard let selection = catalog.settings.simulatedError(for: api) else { continue }
      if api == .purchase, selection.errorName == "userCancelled" {
        faults.append(.userCancel)
      } else {
        faults.append(fault)
      }
    }
    return Array(Set(faults)).sorted { $0.rawValue < $1.rawValue }
  }
}

/// What a `.storekit` file says beyond its products that the store keeps: each product's
/// localizations (for ``EmulatorSettings/locale``) and the subscription-offer key promotional
/// offers are signed with.
package struct CatalogSupplement: Sendable {
  /// Each product's localizations, by product identifier.
  var localizations: [String: [Catalog.Localization]] = [:]
  /// `subscriptionOffersKeyPair`, as the file has it.
  var subscriptionOffersKey: OfferKeyRecord?
  /// Each subscription's offer codes (`codeOffers`), by product identifier.
  var codeOffers: [String: [CodeOfferRecord]] = [:]
  /// The win-back offers whose `isEligible` is false (``Offers.winBackKey(_:_:)``).
  var winBackSwitchedOff: [String] = []

  package init() {}

  init(_ catalog: Catalog) {
    localizations = Dictionary(
      catalog.entries.map { ($0.id, $0.localizations) }, uniquingKeysWith: { first, _ in first })
    for entry in catalog.entries where !entry.codeOffers.isEmpty {
      codeOffers[entry.id] = entry.codeOffers.map(CodeOfferRecord.init)
    }
    for entry in catalog.entries {
      for offer in entry.winBackOffers where offer.isEligible == false {
        winBackSwitchedOff.append(Offers.winBackKey(entry.id, offer.offer.id ?? ""))
      }
    }
    subscriptionOffersKey = catalog.subscriptionOffersKeyPair.map {
      OfferKeyRecord(id: $0.keyID, privateKey: $0.privateKey)
    }
  }
}
