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
  private(set) var warnings: [Catalog.Warning] = []

  /// Where each product identifier was first seen, to reject duplicates.
  private var productPaths: [String: ConfigurationPath] = [:]
  private var localeIdentifier = "en_US"
  private var storefront = Storefront.unitedStates
  /// Formatted prices by amount: files repeat a few prices many times, and formatting is the
  /// slowest step of decoding.
  private var displayPrices: [Decimal: String] = [:]

  init(requestedLocale: Locale?) {
    self.requestedLocale = requestedLocale
  }

  // MARK: - Objects and their keys

  /// The object at `node`, which remembers the keys read and where its warnings belong.
  ///
  /// The decoder keeps no lists of known keys: a key is known when the code reads it, and
  /// ``close(_:)`` reports the rest.
  private func open(_ node: ConfigurationNode) throws(CatalogError) -> ConfigurationObject {
    try node.object(warningMark: warnings.count)
  }

  /// Warns about each key of `object` that was not read (unknown keys are ignored, as Xcode
  /// ignores them), ahead of the warnings about its members. Called once the object is read.
  private mutating func close(_ object: ConfigurationObject) {
    warnings.insert(
      contentsOf: object.unreadKeys.map {
        Catalog.Warning(
          keyPath: object.path.appending($0).description, reason: "unknown key, ignored")
      }, at: object.warningMark)
  }

  /// `value`, read from `object`, after ``close(_:)``: `return close(object, Entry(...))`.
  private mutating func close<Value>(_ object: ConfigurationObject, _ value: Value) -> Value {
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

  // MARK: - Settings

  private mutating func decodeSettings(_ node: ConfigurationNode?) throws(CatalogError)
    -> CatalogSettings
  {
    var settings = CatalogSettings()
    guard let node else { return settings }
    let object = try open(node)
    if let storefrontNode = object.present("_storefront") {
      let code = try storefrontNode.string()
      guard code.utf8.count == 3, code.utf8.allSatisfy({ isASCIILetter($0) }) else {
        throw storefrontNode.invalid(
          "\"\(code)\" is not an ISO 3166-1 alpha-3 country code (like USA, GBR, DEU)")
      }
      settings.storefrontCountryCode = code.uppercased()
    }
    if let localeNode = object.present("_locale") {
      let identifier = try localeNode.string()
      guard !identifier.isEmpty else { throw localeNode.invalid("an empty locale identifier") }
      settings.localeIdentifier = identifier
    }
    if let rateNode = object.present("_timeRate") {
      settings.timeRate = try timeRate(rateNode)
    }
    if let compatibilityNode = object.present("_compatibilityTimeRate") {
      switch compatibilityNode.value {
      case .number:
        settings.compatibilityTimeRate = .single(try timeRate(compatibilityNode))
      case .object:
        let rates = try compatibilityNode.object()
        var table: [String: CatalogSettings.TimeRate] = [:]
        for key in rates.keys {
          if let rateNode = rates.present(key) { table[key] = try timeRate(rateNode) }
        }
        settings.compatibilityTimeRate = .byServiceVersion(table)
      default:
        throw compatibilityNode.wrongType("an integer or an object of integers")
      }
    }
    settings.askToBuyEnabled = try object.bool("_askToBuyEnabled")
    settings.billingIssuesEnabled = try object.bool("_billingIssuesEnabled")
    settings.renewalBillingIssuesEnabled = try object.bool("_renewalBillingIssuesEnabled")
    settings.billingGracePeriodEnabled = try object.bool("_billingGracePeriodEnabled")
    settings.failTransactionsEnabled = try object.bool("_failTransactionsEnabled")
    settings.disableDialogs = try object.bool("_disableDialogs")
    settings.shouldSetupSyncOnLoad = try object.bool("_shouldSetupSyncOnLoad")
    settings.legacyStoreKitErrorCode = try object.present("_storeKitError")?.int()
    settings.applicationInternalID = try object.optionalString("_applicationInternalID")
    settings.developerTeamID = try object.optionalString("_developerTeamID")
    settings.lastSynchronizedDate = try object.present("_lastSynchronizedDate").map {
      (node: ConfigurationNode) throws(CatalogError) in
      Date(timeIntervalSinceReferenceDate: try node.double())
    }
    for errorNode in try object.array("_storeKitErrors") {
      settings.storeKitErrors.append(try decodeSimulatedError(errorNode))
    }
    close(object)
    return settings
  }

  private mutating func timeRate(_ node: ConfigurationNode) throws(CatalogError)
    -> CatalogSettings.TimeRate
  {
    let rate = CatalogSettings.TimeRate(rawValue: try node.int())
    if !rate.isKnown {
      warnings.append(
        Catalog.Warning(
          keyPath: node.path.description,
          reason: "\(rate.rawValue) is not a SKTestSession.TimeRate value"))
    }
    return rate
  }

  private mutating func decodeSimulatedError(_ node: ConfigurationNode) throws(CatalogError)
    -> CatalogSettings.SimulatedError
  {
    let object = try open(node)
    let name = try object.string("name")
    var selection: CatalogSettings.SimulatedError.Selection?
    if let currentNode = object.present("current") {
      let current = try open(currentNode)
      let indexNode = try current.required("index")
      let index = try indexNode.int()
      guard index >= 0 else { throw indexNode.invalid("an error index cannot be negative") }
      selection = close(
        current,
        CatalogSettings.SimulatedError.Selection(type: try current.string("type"), index: index))
    }
    if !CatalogSettings.StoreKitAPI.allKnown.contains(CatalogSettings.StoreKitAPI(rawValue: name)) {
      warnings.append(
        Catalog.Warning(
          keyPath: node.path.appending("name").description,
          reason: "\"\(name)\" is not a StoreKit API Xcode can fail; kept"))
    }
    return close(
      object,
      CatalogSettings.SimulatedError(
        name: name, isEnabled: try object.bool("enabled"), current: selection))
  }

  // MARK: - Products

  /// The fields every product has.
  private struct Base {
    var id: String
    var configurationType: String
    var type: ProductType
    var referenceName: String?
    var internalID: String?
    var promotionalImageID: String?
    var price: Decimal
    var isFamilyShareable: Bool
    var localizations: [Catalog.Localization]
    var localization: Catalog.Localization?
  }

  private mutating func decodeBase(
    _ object: ConfigurationObject, allowed: [String], in container: String,
    familyShareableKey: String = "familyShareable"
  ) throws(CatalogError) -> Base {
    let idNode = try object.required("productID")
    let id = try idNode.string()
    guard !id.isEmpty else { throw idNode.invalid("an empty product identifier") }
    if let first = productPaths[id] {
      throw CatalogError(
        .duplicateProductID, at: idNode.path,
        "the product identifier \"\(id)\" is already used by \(first)")
    }
    productPaths[id] = object.path

    let typeNode = try object.required("type")
    let configurationType = try typeNode.string()
    guard allowed.contains(configurationType),
      let type = ProductType(storeKitConfigurationType: configurationType)
    else {
      let expected = allowed.count == 1 ? allowed[0] : allowed.joined(separator: " or ")
      throw typeNode.invalid(
        "\"\(configurationType)\" is not a product type of \(container) (expected \(expected))")
    }
    let priceNode = try object.required("displayPrice")
    guard let price = try priceNode.price() else {
      throw priceNode.invalid("a product needs a price; found an empty string")
    }
    let localizations = try object.array("localizations").map {
      (node: ConfigurationNode) throws(CatalogError) in try decodeLocalization(node)
    }
    return Base(
      id: id, configurationType: configurationType, type: type,
      referenceName: try object.optionalString("referenceName"),
      internalID: try object.optionalString("internalID"),
      promotionalImageID: try object.optionalString("promotionalImageID"),
      price: price, isFamilyShareable: try object.bool(familyShareableKey),
      localizations: localizations, localization: pickLocalization(localizations))
  }

  private mutating func decodeLocalization(_ node: ConfigurationNode) throws(CatalogError)
    -> Catalog.Localization
  {
    let object = try open(node)
    return close(
      object,
      Catalog.Localization(
        locale: try object.string("locale"),
        displayName: try object.optionalString("displayName") ?? "",
        description: try object.optionalString("description") ?? ""))
  }

  /// The localization for the catalog's locale (``Catalog/Localization/best(in:for:)``).
  private func pickLocalization(_ localizations: [Catalog.Localization]) -> Catalog.Localization? {
    Catalog.Localization.best(in: localizations, for: localeIdentifier)
  }

  /// `amount` formatted for the storefront, once per distinct amount.
  private mutating func displayPrice(_ amount: Decimal) -> String {
    if let cached = displayPrices[amount] { return cached }
    let text = storefront.displayPrice(amount)
    displayPrices[amount] = text
    return text
  }

  private mutating func makeProduct(_ base: Base, subscription: Product.SubscriptionInfo?)
    -> Product
  {
    Product(
      id: base.id, type: base.type, displayName: base.localization?.displayName ?? "",
      description: base.localization?.description ?? "", price: base.price,
      displayPrice: displayPrice(base.price), currencyCode: storefront.currencyCode,
      locale: storefront.locale, isFamilyShareable: base.isFamilyShareable,
      subscription: subscription)
  }

  private mutating func decodeProduct(
    _ node: ConfigurationNode, allowed: [String], in container: String
  ) throws(CatalogError) -> Catalog.Entry {
    let object = try open(node)
    let base = try decodeBase(object, allowed: allowed, in: container)
    let product = makeProduct(base, subscription: nil)
    close(object)
    return Catalog.Entry(
      product: product, configurationType: base.configurationType,
      referenceName: base.referenceName, internalID: base.internalID,
      promotionalImageID: base.promotionalImageID, localizations: base.localizations,
      introductoryOffers: [], promotionalOffers: [], codeOffers: [], winBackOffers: [],
      billingPlans: [])
  }

  // MARK: - Subscription groups

  private mutating func decodeGroupHeader(
    _ object: ConfigurationObject, groupPaths: inout [String: ConfigurationPath]
  ) throws(CatalogError) -> (id: String, name: String, localizations: [Catalog.Localization]) {
    let idNode = try object.required("id")
    let id = try idNode.string()
    guard !id.isEmpty else { throw idNode.invalid("an empty subscription group id") }
    if let first = groupPaths[id] {
      throw idNode.invalid("the group id \"\(id)\" is already used by \(first)")
    }
    groupPaths[id] = object.path
    let localizations = try object.array("localizations").map {
      (node: ConfigurationNode) throws(CatalogError) in try decodeLocalization(node)
    }
    return (id, try object.string("name"), localizations)
  }

  private func groupDisplayName(name: String, localizations: [Catalog.Localization]) -> String {
    let localized = pickLocalization(localizations)?.displayName ?? ""
    return localized.isEmpty ? name : localized
  }

  /// A group of `subscriptionGroups`, or of `subscriptionSuiteGroups` when `suites` is true.
  private mutating func decodeGroup(
    _ node: ConfigurationNode, suites: Bool, groupPaths: inout [String: ConfigurationPath]
  ) throws(CatalogError) -> (Catalog.SubscriptionGroup, [Catalog.Entry]) {
    let object = try open(node)
    let header = try decodeGroupHeader(object, groupPaths: &groupPaths)
    let displayName = groupDisplayName(name: header.name, localizations: header.localizations)
    var entries: [Catalog.Entry] = []
    for entryNode in try object.array("subscriptions") {
      if suites {
        if let entry = try decodeSuiteLeniently(
          entryNode, groupID: header.id, groupDisplayName: displayName)
        {
          entries.append(entry)
        }
      } else {
        entries.append(
          try decodeSubscription(entryNode, groupID: header.id, groupDisplayName: displayName))
      }
    }
    let group = Catalog.SubscriptionGroup(
      id: header.id, name: header.name, displayName: displayName,
      localizations: header.localizations, products: entries.map(\.product))
    close(object)
    return (group, entries)
  }

  private mutating func decodeSubscription(
    _ node: ConfigurationNode, groupID: String, groupDisplayName: String
  ) throws(CatalogError) -> Catalog.Entry {
    let object = try open(node)
    let base = try decodeBase(
      object, allowed: ["RecurringSubscription"], in: "subscriptionGroups[].subscriptions")
    let period = try object.required("recurringSubscriptionPeriod").period()
    try checkGroupID(object, groupID: groupID)
    let level = try groupLevel(object)

    let introductoryOffers: [Catalog.Offer]
    let legacyIntro = try object.present("introductoryOffer").flatMap {
      (node: ConfigurationNode) throws(CatalogError) in try decodeOffer(node, type: .introductory)
    }
    if object["introductoryOffers"] != nil {
      introductoryOffers = try decodeOffers(object, "introductoryOffers", type: .introductory)
    } else {
      introductoryOffers = legacyIntro.map { [$0] } ?? []
    }
    let promotionalOffers = try decodeOffers(object, "adHocOffers", type: .promotional)
    let codeOffers = try decodeOffers(object, "codeOffers", type: .code)
    let winBackOffers = try decodeOffers(object, "winbackOffers", type: .winBack)
    var billingPlans: [Catalog.BillingPlan] = []
    for planNode in try object.array("billingPlans") {
      billingPlans.append(try decodeBillingPlan(planNode))
    }

    let upFrontIntro = introductoryOffers.first {
      $0.billingPlanType == nil || $0.billingPlanType == Catalog.BillingPlan.billedUpFront
    }
    let info = Product.SubscriptionInfo(
      subscriptionGroupID: groupID, groupDisplayName: groupDisplayName, groupLevel: level,
      subscriptionPeriod: period, introductoryOffer: upFrontIntro?.offer,
      promotionalOffers: promotionalOffers.map(\.offer),
      winBackOffers: winBackOffers.map(\.offer))
    close(object)
    return Catalog.Entry(
      product: makeProduct(base, subscription: info), configurationType: base.configurationType,
      referenceName: base.referenceName, internalID: base.internalID,
      promotionalImageID: base.promotionalImageID, localizations: base.localizations,
      introductoryOffers: introductoryOffers, promotionalOffers: promotionalOffers,
      codeOffers: codeOffers, winBackOffers: winBackOffers, billingPlans: billingPlans)
  }

  /// `subscriptionGroupID`, when present, must name the enclosing group.
  private func checkGroupID(_ object: ConfigurationObject, groupID: String) throws(CatalogError) {
    guard let node = object.present("subscriptionGroupID") else { return }
    let written = try node.string()
    guard written == groupID else {
      throw node.invalid(
        "\"\(written)\" is not the id of the enclosing subscription group (\"\(groupID)\")")
    }
  }

  /// `groupNumber`: the service level, 1 the highest.
  private func groupLevel(_ object: ConfigurationObject) throws(CatalogError) -> Int {
    let node = try object.required("groupNumber")
    let level = try node.int()
    guard level >= 1 else {
      throw node.invalid("the level (groupNumber) must be 1 or more; 1 is the highest")
    }
    return level
  }

  private mutating func decodeBillingPlan(_ node: ConfigurationNode) throws(CatalogError)
    -> Catalog.BillingPlan
  {
    let object = try open(node)
    return close(
      object,
      Catalog.BillingPlan(
        type: try object.string("billingPlanType"),
        price: try object.present("displayPrice")?.price(),
        commitmentPrice: try object.present("commitmentDisplayPrice")?.price(),
        internalID: try object.optionalString("internalID"),
        isEnabled: try object.bool("isEnabled", default: true)))
  }

  // MARK: - Offers

  private mutating func decodeOffers(
    _ object: ConfigurationObject, _ key: String, type: OfferType
  ) throws(CatalogError) -> [Catalog.Offer] {
    var offers: [Catalog.Offer] = []
    for node in try object.array(key) {
      if let offer = try decodeOffer(node, type: type) { offers.append(offer) }
    }
    return offers
  }

  /// An offer, or `nil` for Xcode's `none` placeholder and unknown payment modes (a warning).
  private mutating func decodeOffer(_ node: ConfigurationNode, type: OfferType)
    throws(CatalogError) -> Catalog.Offer?
  {
    let object = try open(node)
    let modeNode = try object.required("paymentMode")
    let rawMode = try modeNode.string()
    let mode: OfferPaymentMode
    switch rawMode {
    case "free": mode = .freeTrial
    case "payAsYouGo": mode = .payAsYouGo
    case "payUpFront": mode = .payUpFront
    case "none": return nil
    default:
      warnings.append(
        Catalog.Warning(
          keyPath: modeNode.path.description,
          reason: "unknown payment mode \"\(rawMode)\"; the offer is left out"))
      return nil
    }
    let period = try object.required("subscriptionPeriod").period()
    var count = 1
    if let countNode = object.present("numberOfPeriods") {
      count = try countNode.int()
      guard count >= 1 else { throw countNode.invalid("numberOfPeriods must be 1 or more") }
    }
    let writtenPrice = try object.present("displayPrice")?.price()
    let price = mode == .freeTrial ? Decimal(0) : writtenPrice ?? 0

    let referenceName = try object.optionalString("referenceName")
    // `offerID` is read for promotional and win-back offers only; known for the others too.
    object.ignore("offerID")
    let id: String?
    switch type {
    case .promotional, .winBack: id = try object.string("offerID")
    case .code:
      let nameNode = try object.required("referenceName")
      id = try nameNode.string()
    default: id = nil
    }
    var eligibility: [String] = []
    for eligibilityNode in try object.array("eligibility") {
      eligibility.append(try eligibilityNode.string())
    }
    let offer = SubscriptionOffer(
      id: id, type: type, paymentMode: mode, price: price,
      displayPrice: displayPrice(price), period: period, periodCount: count)
    return close(
      object,
      Catalog.Offer(
        offer: offer, configurationPaymentMode: rawMode, referenceName: referenceName,
        internalID: try object.optionalString("internalID"),
        billingPlanType: try object.optionalString("billingPlanType"), eligibility: eligibility,
        isStackable: try object.optionalBool("isStackable"),
        isEligible: try object.optionalBool("isEligible")))
  }

  // MARK: - Subscription suites (format 6.3)

  /// A suite entry, or `nil` (and a warning) when it does not decode; a duplicate product
  /// identifier still fails the file.
  private mutating func decodeSuiteLeniently(
    _ node: ConfigurationNode, groupID: String, groupDisplayName: String
  ) throws(CatalogError) -> Catalog.Entry? {
    do {
      return try decodeSuite(node, groupID: groupID, groupDisplayName: groupDisplayName)
    } catch  where error.code == .duplicateProductID {
      throw error
    } catch {
      // Suites are new (Xcode 27 beta): read them as best we can, never fail the file.
      warnings.append(
        Catalog.Warning(
          keyPath: error.keyPath, reason: "\(error.reason); this suite entry is left out"))
      return nil
    }
  }

  private mutating func decodeSuite(
    _ node: ConfigurationNode, groupID: String, groupDisplayName: String
  ) throws(CatalogError) -> Catalog.Entry {
    let object = try open(node)
    let base = try decodeBase(
      object, allowed: ["SubscriptionSuite"], in: "subscriptionSuiteGroups[].subscriptions",
      familyShareableKey: object["isFamilyShareable"] != nil
        ? "isFamilyShareable" : "familyShareable")
    let period = try object.required("duration").period()
    try checkGroupID(object, groupID: groupID)
    let level = try groupLevel(object)
    let introductoryOffers = try decodeOffers(object, "introductoryOffers", type: .introductory)
    let info = Product.SubscriptionInfo(
      subscriptionGroupID: groupID, groupDisplayName: groupDisplayName, groupLevel: level,
      subscriptionPeriod: period, introductoryOffer: introductoryOffers.first?.offer)
    // A suite's `members` are not read yet; it spells family sharing either way.
    object.ignore("members", "isFamilyShareable", "familyShareable")
    close(object)
    return Catalog.Entry(
      product: makeProduct(base, subscription: info), configurationType: base.configurationType,
      referenceName: base.referenceName, internalID: base.internalID,
      promotionalImageID: base.promotionalImageID, localizations: base.localizations,
      introductoryOffers: introductoryOffers, promotionalOffers: [], codeOffers: [],
      winBackOffers: [], billingPlans: [])
  }
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
  (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
}
