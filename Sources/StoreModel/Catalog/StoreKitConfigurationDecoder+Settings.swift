import Foundation

/// The `settings` object: the storefront, the locale, the time rates, the switches and the
/// simulated StoreKit errors.
extension StoreKitConfigurationDecoder {
  /// The `settings` object, or the defaults when the file has none.
  mutating func decodeSettings(_ node: ConfigurationNode?) throws(CatalogError)
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
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
  (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
}
