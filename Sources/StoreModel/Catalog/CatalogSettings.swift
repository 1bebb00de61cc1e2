package import Foundation

/// The `settings` of a `.storekit` file: how Xcode's StoreKit Testing — and the local App Store —
/// behaves for this configuration.
///
/// Every key is optional in the file; booleans default to `false`, the time rate to real time.
/// The names follow the file's keys (`_askToBuyEnabled` is `askToBuyEnabled`); the comments
/// name the matching `SKTestSession` property.
public struct CatalogSettings: Sendable, Hashable {
  /// `_storefront` as written (ISO 3166-1 alpha-3, upper-cased); `nil` when absent, which means
  /// `USA`. The resolved storefront is ``Catalog/storefront``.
  package var storefrontCountryCode: String?
  /// `_locale` as written (`en_US`, `ja`); `nil` when absent, which means `en_US`.
  package var localeIdentifier: String?
  /// `_timeRate`: how fast subscriptions renew (`SKTestSession.timeRate`).
  package var timeRate: TimeRate
  /// `_compatibilityTimeRate`: the rate Xcode substitutes on older devices; the emulator can
  /// ignore it.
  package var compatibilityTimeRate: CompatibilityTimeRate?
  /// `_askToBuyEnabled`: purchases wait for a parent's approval (`askToBuyEnabled`).
  package var askToBuyEnabled: Bool
  /// `_billingIssuesEnabled`: purchases are interrupted by a billing problem the customer must
  /// resolve (`interruptedPurchasesEnabled`; the mapping is inferred from the name).
  package var billingIssuesEnabled: Bool
  /// `_renewalBillingIssuesEnabled`: renewals fail and enter billing retry
  /// (`shouldEnterBillingRetryOnRenewal`).
  package var renewalBillingIssuesEnabled: Bool
  /// `_billingGracePeriodEnabled`: billing retry starts with a grace period that keeps access
  /// (`billingGracePeriodIsEnabled`).
  package var billingGracePeriodEnabled: Bool
  /// `_failTransactionsEnabled`: StoreKit 1's "fail transactions" (`failTransactionsEnabled`),
  /// failing with ``legacyStoreKitErrorCode``.
  package var failTransactionsEnabled: Bool
  /// `_disableDialogs`: no system purchase dialogs (`disableDialogs`).
  package var disableDialogs: Bool
  /// `_storeKitError` (files of format 1.1–2.0): the `SKErrorCode` of failed transactions.
  package var legacyStoreKitErrorCode: Int?
  /// `_storeKitErrors`: simulated errors per StoreKit API (`setSimulatedError(_:forAPI:)`), in
  /// file order; usually nine entries or none.
  package var storeKitErrors: [SimulatedError]
  /// `_applicationInternalID`: the app's App Store Connect id in a synced configuration.
  package var applicationInternalID: String?
  /// `_developerTeamID`: the team of a synced configuration.
  package var developerTeamID: String?
  /// `_lastSynchronizedDate`: when a synced configuration last synced.
  package var lastSynchronizedDate: Date?
  /// `_shouldSetupSyncOnLoad`: a synced configuration before its first sync.
  package var shouldSetupSyncOnLoad: Bool

  /// Creates settings; the defaults are those of a file without a `settings` key.
  package init(
    storefrontCountryCode: String? = nil,
    localeIdentifier: String? = nil,
    timeRate: TimeRate = .realTime,
    compatibilityTimeRate: CompatibilityTimeRate? = nil,
    askToBuyEnabled: Bool = false,
    billingIssuesEnabled: Bool = false,
    renewalBillingIssuesEnabled: Bool = false,
    billingGracePeriodEnabled: Bool = false,
    failTransactionsEnabled: Bool = false,
    disableDialogs: Bool = false,
    legacyStoreKitErrorCode: Int? = nil,
    storeKitErrors: [SimulatedError] = [],
    applicationInternalID: String? = nil,
    developerTeamID: String? = nil,
    lastSynchronizedDate: Date? = nil,
    shouldSetupSyncOnLoad: Bool = false
  ) {
    self.storefrontCountryCode = storefrontCountryCode
    self.localeIdentifier = localeIdentifier
    self.timeRate = timeRate
    self.compatibilityTimeRate = compatibilityTimeRate
    self.askToBuyEnabled = askToBuyEnabled
    self.billingIssuesEnabled = billingIssuesEnabled
    self.renewalBillingIssuesEnabled = renewalBillingIssuesEnabled
    self.billingGracePeriodEnabled = billingGracePeriodEnabled
    self.failTransactionsEnabled = failTransactionsEnabled
    self.disableDialogs = disableDialogs
    self.legacyStoreKitErrorCode = legacyStoreKitErrorCode
    self.storeKitErrors = storeKitErrors
    self.applicationInternalID = applicationInternalID
    self.developerTeamID = developerTeamID
    self.lastSynchronizedDate = lastSynchronizedDate
    self.shouldSetupSyncOnLoad = shouldSetupSyncOnLoad
  }

  /// The error `api` fails with, or `nil` when its simulated error is off.
  ///
  /// An enabled entry without `current` fails with the API's first error (inferred, as Xcode
  /// shows it).
  package func simulatedError(for api: StoreKitAPI) -> SimulatedError.Selection? {
    storeKitErrors.first { $0.api == api }?.activeSelection
  }

  /// Whether the configuration is synced from App Store Connect (read-only in Xcode).
  package var isSyncedWithAppStoreConnect: Bool {
    guard let id = applicationInternalID else { return false }
    return !id.isEmpty && id != "0"
  }

  /// `_compatibilityTimeRate`: an integer in format 1.2, an object from 2.0.
  package enum CompatibilityTimeRate: Sendable, Hashable {
    /// One rate for every older device (format 1.2).
    case single(TimeRate)
    /// A rate per device service-capability version (`{"3": 6, "5": 1004}`).
    case byServiceVersion([String: TimeRate])
  }
}
