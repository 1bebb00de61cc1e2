import Foundation

/// Turns the JSON of a `.storekit` file into a catalog's contents, checking every value on the
/// way and naming the key path of the first bad one.
///
/// Behaviour follows the keys present, never the version number (Xcode does not always bump
/// it). Unknown keys are warnings; so are offers of an unknown payment mode, which are left out.
struct StoreKitConfigurationDecoder {
  /// What a decoded file holds.
  struct Contents {
    var identifier: String?
    var version: Catalog.FormatVersion
    var settings: CatalogSettings
    var storefront: Storefront
    var entries: [Catalog.Entry] = []
    var subscriptionGroups: [Catalog.SubscriptionGroup] = []
    var subscriptionSuiteGroups: [Catalog.SubscriptionGroup] = []
    var subscriptionOffersKeyPair: Catalog.SubscriptionOffersKeyPair?
    var appPolicies: Catalog.AppPolicies?
  }

  /// The locale the caller asked for, over the file's `_locale`.
  let requestedLocale: Locale?
  /// What was accepted but odd.
  var warnings: [Catalog.Warning] = []

  /// Where each product identifier was first seen, to reject duplicates.
  var productPaths: [String: ConfigurationPath] = [:]
  /// The catalog's locale: the requested one, else the file's `_locale`, else en_US.
  var localeIdentifier = "en_US"
  /// The storefront the prices are formatted for.
  var storefront = Storefront.unitedStates
  /// Formatted prices by amount: files repeat a few prices many times, and formatting is the
  /// slowest step of decoding.
  var displayPrices: [Decimal: String] = [:]

  init(requestedLocale: Locale?) {
    self.requestedLocale = requestedLocale
  }

  // MARK: - Objects and their keys

  /// The object at `node`, which remembers the keys read and where its warnings belong.
  ///
  /// The decoder keeps no lists of known keys: a key is known when the code reads it, and
  /// ``close(_:)`` reports the rest.
  func open(_ node: ConfigurationNode) throws(CatalogError) -> ConfigurationObject {
    try node.object(warningMark: warnings.count)
  }

  /// Warns about each key of `object` that was not read (unknown keys are ignored, as Xcode
  /// ignores them), ahead of the warnings about its members. Called once the object is read.
  mutating func close(_ object: ConfigurationObject) {
    warnings.insert(
      contentsOf: object.unreadKeys.map {
        Catalog.Warning(
          keyPath: object.path.appending($0).description, reason: "unknown key, ignored")
      }, at: object.warningMark)
  }

  /// `value`, read from `object`, after ``close(_:)``: `return close(object, Entry(...))`.
  mutating func close<Value>(_ object: ConfigurationObject, _ value: Value) -> Value {
    close(object)
    return value
  }

  // MARK: - Top level

  mutating func decode(_ root: JSONValue) throws(CatalogError) -> Contents {
    guard case .object = root else {
      throw CatalogError(
        .wrongType,
        "expected a JSON object at the top of the file, found \(root.summary)")
    }
    let top = try open(ConfigurationNode(value: root, path: .root))
    if let misplaced = top["subscriptions"] {
      throw CatalogError(
        .unexpectedKey, at: misplaced.path,
        "not a key of a StoreKit configuration: auto-renewable subscriptions belong in "
          + "subscriptionGroups[].subscriptions")
    }

    let version = try decodeVersion(try top.required("version"))
    let settings = try decodeSettings(top.present("settings"))
    localeIdentifier =
      requestedLocale.map { $0.identifier } ?? settings.localeIdentifier ?? "en_US"
    storefront = Storefront(
      countryCode: settings.storefrontCountryCode ?? "USA",
      locale: requestedLocale ?? Locale(identifier: localeIdentifier))
    if let code = settings.storefrontCountryCode,
      Storefront.currencyCode(forCountryCode: code) == nil
    {
      warnings.append(
        Catalog.Warning(
          keyPath: "settings._storefront",
          reason: "no currency known for the storefront \(code); prices are taken as USD"))
    }

    var contents = Contents(
      identifier: try top.optionalString("identifier"), version: version, settings: settings,
      storefront: storefront)
    for node in try top.array("products") {
      contents.entries.append(
        try decodeProduct(node, allowed: ["Consumable", "NonConsumable"], in: "products"))
    }
    for node in try top.array("nonRenewingSubscriptions") {
      contents.entries.append(
        try decodeProduct(
          node, allowed: ["NonRenewingSubscription"], in: "nonRenewingSubscriptions"))
    }
    var groupPaths: [String: ConfigurationPath] = [:]
    for node in try top.array("subscriptionGroups") {
      let (group, entries) = try decodeGroup(node, suites: false, groupPaths: &groupPaths)
      contents.subscriptionGroups.append(group)
      contents.entries += entries
    }
    for node in try top.array("subscriptionSuiteGroups") {
      let (group, entries) = try decodeGroup(node, suites: true, groupPaths: &groupPaths)
      contents.subscriptionSuiteGroups.append(group)
      contents.entries += entries
    }
    let bundles = try top.array("subscriptionBundleGroups")
    if !bundles.isEmpty {
      warnings.append(
        Catalog.Warning(
          keyPath: "subscriptionBundleGroups",
          reason: "\(bundles.count) subscription bundle groups ignored (format not known)"))
    }
    if let node = top.present("subscriptionOffersKeyPair") {
      let object = try open(node)
      contents.subscriptionOffersKeyPair = close(
        object,
        Catalog.SubscriptionOffersKeyPair(
          keyID: try object.string("id"), privateKey: try object.string("privateKey")))
    }
    if let node = top.present("appPolicies") {
      contents.appPolicies = try decodeAppPolicies(node)
    }
    close(top)
    return contents
  }

  private mutating func decodeVersion(_ node: ConfigurationNode) throws(CatalogError)
    -> Catalog.FormatVersion
  {
    let object = try open(node)
    let majorNode = try object.required("major")
    let major = try majorNode.int()
    let minorNode = object.present("minor")
    let minor = try minorNode?.int() ?? 0
    guard major >= 1 else { throw majorNode.invalid("the major version must be 1 or more") }
    if let minorNode, minor < 0 { throw minorNode.invalid("the minor version cannot be negative") }
    let version = Catalog.FormatVersion(major: major, minor: minor)
    close(object)
    if !Catalog.FormatVersion.known.contains(where: { $0.major == major }) {
      warnings.append(
        Catalog.Warning(
          keyPath: "version",
          reason: "format \(version) is newer or other than those known (1.0 to 6.3); "
            + "read by its keys"))
    }
    return version
  }

  private mutating func decodeAppPolicies(_ node: ConfigurationNode) throws(CatalogError)
    -> Catalog.AppPolicies
  {
    let object = try open(node)
    var policies: [Catalog.AppPolicies.Policy] = []
    for policyNode in try object.array("policies") {
      let policy = try open(policyNode)
      policies.append(
        close(
          policy,
          Catalog.AppPolicies.Policy(
            locale: try policy.optionalString("locale") ?? "",
            text: try policy.optionalString("policyText") ?? "",
            url: try policy.optionalString("policyURL") ?? "")))
    }
    return close(
      object,
      Catalog.AppPolicies(eula: try object.optionalString("eula") ?? "", policies: policies))
  }
}
