package import Foundation

/// The products of a StoreKit configuration file (`.storekit`), as StoreKit 2 would show them.
///
/// Decodes every format Xcode has written (1.0 to 6.3), in the plain file form and the package
/// form (`Name.storekit/Configuration.storekit`). Behaviour follows the keys present, not the
/// version number; unknown keys and versions are accepted and reported in ``warnings``. Bad input
/// throws a ``CatalogError`` that names the key path and the reason; it never crashes.
///
/// ```swift
/// let catalog = try Catalog(contentsOf: url)
/// let annual = catalog.product(id: "com.sportstime.pro.annual")   // displayPrice "$49.99"
/// ```
package struct Catalog: Sendable, Hashable {
  /// Files above this size (10 MiB) are refused before they are read: Xcode's largest are tens
  /// of kilobytes.
  package static let defaultMaximumSize = 10 * 1024 * 1024

  /// The file's `identifier` (8 hex digits when Xcode made it), if any.
  package let identifier: String?
  /// The file's format (`version`), which decides the keys it may hold.
  package let version: FormatVersion
  /// The file's `settings`: time rate, Ask to Buy, billing issues, simulated errors.
  package let settings: CatalogSettings
  /// The storefront the prices are in, and the locale names and prices are shown in.
  package let storefront: Storefront
  /// Every product, in file order: `products`, then `nonRenewingSubscriptions`, then each
  /// subscription group's subscriptions, then subscription suites.
  package let products: [Product]
  /// Every product with what the file says beyond ``Product``: reference names, all offers,
  /// billing plans, localizations. Same order as ``products``.
  package let entries: [Entry]
  /// The subscription groups of auto-renewable subscriptions, in file order.
  package let subscriptionGroups: [SubscriptionGroup]
  /// The subscription suite groups (format 6.3), in file order.
  package let subscriptionSuiteGroups: [SubscriptionGroup]
  /// `subscriptionOffersKeyPair`: the key Xcode signs promotional offers with, if any.
  package let subscriptionOffersKeyPair: SubscriptionOffersKeyPair?
  /// `appPolicies` (format 4.0+): the EULA and privacy policies.
  package let appPolicies: AppPolicies?
  /// What was accepted but looked odd: unknown keys, an unknown format version or time rate,
  /// offers of an unknown payment mode (left out), suite entries that could not be read.
  package let warnings: [Warning]

  private let indexByProductID: [String: Int]

  /// Reads the configuration at `url`: a `.storekit` file, or a `.storekit` package folder
  /// holding `Configuration.storekit`.
  /// - Parameters:
  ///   - url: A file URL.
  ///   - locale: The locale for names and prices; `nil` uses `settings._locale`, else `en_US`.
  ///   - maximumSize: Larger files are refused before they are read.
  /// - Throws: ``CatalogError``: `unreadable`, `missingConfiguration`, `tooLarge`, or any error
  ///   of ``init(data:locale:)``.
  package init(
    contentsOf url: URL, locale: Locale? = nil, maximumSize: Int = Catalog.defaultMaximumSize
  ) throws(CatalogError) {
    let data = try ConfigurationFile.read(url, maximumSize: maximumSize)
    try self.init(data: data, locale: locale)
  }

  /// Decodes the JSON of a `.storekit` file.
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - locale: The locale for names and prices; `nil` uses `settings._locale`, else `en_US`.
  /// - Throws: ``CatalogError``: `empty`, `notJSON`, `truncated`, `wrongType`, `missingKey`,
  ///   `invalidValue`, `duplicateProductID`, and the others of ``CatalogError/Code``.
  package init(data: Data, locale: Locale? = nil) throws(CatalogError) {
    let root = try ConfigurationFile.parseJSON(data)
    var decoder = StoreKitConfigurationDecoder(requestedLocale: locale)
    let contents = try decoder.decode(root)
    self.identifier = contents.identifier
    self.version = contents.version
    self.settings = contents.settings
    self.storefront = contents.storefront
    self.entries = contents.entries
    self.products = contents.entries.map(\.product)
    self.subscriptionGroups = contents.subscriptionGroups
    self.subscriptionSuiteGroups = contents.subscriptionSuiteGroups
    self.subscriptionOffersKeyPair = contents.subscriptionOffersKeyPair
    self.appPolicies = contents.appPolicies
    self.warnings = decoder.warnings
    var index: [String: Int] = [:]
    for (position, product) in products.enumerated() { index[product.id] = position }
    self.indexByProductID = index
  }

  /// The locale names and prices are shown in.
  package var locale: Locale { storefront.locale }

  /// The product whose identifier is `id`.
  package func product(id: String) -> Product? {
    indexByProductID[id].map { products[$0] }
  }

  /// The product `id` with everything the file says about it.
  package func entry(id: String) -> Entry? {
    indexByProductID[id].map { entries[$0] }
  }

  /// The subscription group (or suite group) whose identifier is `id`.
  package func subscriptionGroup(id: String) -> SubscriptionGroup? {
    subscriptionGroups.first { $0.id == id } ?? subscriptionSuiteGroups.first { $0.id == id }
  }

  /// The subscription group (or suite group) that holds the product `productID`.
  package func subscriptionGroup(containing productID: String) -> SubscriptionGroup? {
    guard let groupID = product(id: productID)?.subscription?.subscriptionGroupID else {
      return nil
    }
    return subscriptionGroup(id: groupID)
  }

  /// The format version of a `.storekit` file (`"version" : { "major" : 4, "minor" : 0 }`).
  package struct FormatVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let major: Int
    package let minor: Int

    /// Creates a version.
    package init(major: Int, minor: Int) {
      self.major = major
      self.minor = minor
    }

    /// The versions Xcode is known to write: 1.0, 1.1, 1.2, 2.0, 3.0, 4.0, 5.0, 6.3.
    package static let known: [FormatVersion] = [
      .init(major: 1, minor: 0), .init(major: 1, minor: 1), .init(major: 1, minor: 2),
      .init(major: 2, minor: 0), .init(major: 3, minor: 0), .init(major: 4, minor: 0),
      .init(major: 5, minor: 0), .init(major: 6, minor: 3),
    ]

    package static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    /// `4.0`.
    package var description: String { "\(major).\(minor)" }
  }

  /// Something accepted in a file that a person may want to know about.
  package struct Warning: Sendable, Hashable, CustomStringConvertible {
    /// Where in the file.
    package let keyPath: String
    /// What is odd.
    package let reason: String

    /// `key.path: reason`.
    package var description: String { keyPath.isEmpty ? reason : "\(keyPath): \(reason)" }
  }

  /// A localization of a product or group: `{ "description", "displayName", "locale" }`.
  package struct Localization: Sendable, Hashable, Codable {
    /// The locale as written: `en_US`, `ja`, `zh_Hans`.
    package let locale: String
    /// The name shown to customers.
    package let displayName: String
    /// The description shown to customers.
    package let description: String

    /// The localization of `localizations` for `localeIdentifier`: the same identifier, else
    /// the same language, else `en_US`, else the first (compared without case, `-` read as
    /// `_`); `nil` when there is none.
    package static func best(in localizations: [Localization], for localeIdentifier: String)
      -> Localization?
    {
      guard localizations.count > 1 else { return localizations.first }
      let keys = localizations.map { LocaleKey($0.locale) }
      let wanted = LocaleKey(localeIdentifier)
      let index =
        keys.firstIndex { $0.identifier == wanted.identifier }
        ?? keys.firstIndex { $0.language == wanted.language }
        ?? keys.firstIndex { $0.identifier == "en_us" }
        ?? 0
      return localizations[index]
    }
  }

  /// `subscriptionOffersKeyPair`: the key Xcode signs promotional offers with locally.
  ///
  /// These keys sit in public repositories: they are test keys, never secrets.
  package struct SubscriptionOffersKeyPair: Sendable, Hashable {
    /// The key identifier (`id`), 8 hex digits.
    package let keyID: String
    /// `privateKey`: base64 of a PKCS#8 DER EC P-256 private key, as written.
    package let privateKey: String

    /// The DER bytes of ``privateKey``, or `nil` when it is not base64.
    package var privateKeyDER: Data? { Data(base64Encoded: privateKey) }
  }

  /// `appPolicies` (format 4.0+): the app's EULA and privacy policies.
  package struct AppPolicies: Sendable, Hashable {
    /// `eula`: the license agreement text; empty for Apple's standard EULA.
    package let eula: String
    /// `policies`: one per locale.
    package let policies: [Policy]

    /// A privacy policy in one locale.
    package struct Policy: Sendable, Hashable {
      package let locale: String
      /// `policyText`: the policy itself, as written.
      package let text: String
      /// `policyURL`, as written (may be empty).
      package let url: String
    }
  }
}

/// A locale identifier compared loosely: lower case, `-` read as `_`.
private struct LocaleKey {
  let identifier: String
  let language: Substring

  init(_ identifier: String) {
    let normalized = String(
      decoding: identifier.utf8.map { byte in
        byte == UInt8(ascii: "-")
          ? UInt8(ascii: "_") : (byte >= 65 && byte <= 90 ? byte + 32 : byte)
      }, as: UTF8.self)
    self.identifier = normalized
    self.language = normalized.split(separator: "_", omittingEmptySubsequences: false).first ?? ""
  }
}
