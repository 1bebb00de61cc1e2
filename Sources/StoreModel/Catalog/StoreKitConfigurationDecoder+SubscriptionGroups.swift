import Foundation

/// The subscription groups of `subscriptionGroups` and `subscriptionSuiteGroups`: their
/// subscriptions, billing plans, offers and suites.
extension StoreKitConfigurationDecoder {
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
  mutating func decodeGroup(
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
