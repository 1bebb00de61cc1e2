import Foundation

/// The fields every product has, and the products of `products` and `nonRenewingSubscriptions`.
extension StoreKitConfigurationDecoder {
  /// The fields every product has.
  struct Base {
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

  /// The fields every product has, of a product whose type is one of `allowed` in `container`;
  /// a product identifier seen before fails the file.
  mutating func decodeBase(
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

  /// One of a product's or a group's `localizations`.
  mutating func decodeLocalization(_ node: ConfigurationNode) throws(CatalogError)
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
  func pickLocalization(_ localizations: [Catalog.Localization]) -> Catalog.Localization? {
    Catalog.Localization.best(in: localizations, for: localeIdentifier)
  }

  /// `amount` formatted for the storefront, once per distinct amount.
  mutating func displayPrice(_ amount: Decimal) -> String {
    if let cached = displayPrices[amount] { return cached }
    let text = storefront.displayPrice(amount)
    displayPrices[amount] = text
    return text
  }

  /// The product of `base`, priced for the storefront.
  mutating func makeProduct(_ base: Base, subscription: Product.SubscriptionInfo?)
    -> Product
  {
    Product(
      id: base.id, type: base.type, displayName: base.localization?.displayName ?? "",
      description: base.localization?.description ?? "", price: base.price,
      displayPrice: displayPrice(base.price), currencyCode: storefront.currencyCode,
      locale: storefront.locale, isFamilyShareable: base.isFamilyShareable,
      subscription: subscription)
  }

  /// A product of `products` or `nonRenewingSubscriptions`.
  mutating func decodeProduct(
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
}
