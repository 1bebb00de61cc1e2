import Foundation
import SportsTimePro
import StoreModel

/// `products [--storekit FILE]`: the products of a StoreKit configuration, as StoreKit shows
/// them.
enum ProductsCommand: CLICommand {
  static let name = "products"
  static let summary = "List the products of a StoreKit configuration (default: SportsTime Pro)"
  static let details = """
    Lists the products of a StoreKit configuration file as StoreKit 2 shows them: identifier,
    type, display name, display price (in the file's storefront currency and locale), period,
    subscription group, level (1 is the highest) and family sharing.

    \(optionsSection(column: 18))

    EXAMPLES:
      sportstime-store products
      sportstime-store products --storekit Products.storekit --json
    """
  static let options: [OptionSpec] = [
    .value(
      "storekit", "FILE",
      help: "a .storekit file or package folder (default: the app's bundled\nSportsTime.storekit)")
  ]
  static let globalOptions = [
    OptionSpec.json(
      "one JSON object: the storefront and the products, prices as\n"
        + "strings (\"4.99\"), periods in ISO 8601 (\"P1M\")")
  ]
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    if let extra = arguments.positionals.first {
      throw .usage("unexpected argument '\(extra)'")
    }
    let catalog = try loadCatalog(arguments, context)
    if arguments.json {
      try context.writeJSON(Listing(catalog))
      return
    }
    for line in table(catalog) { context.out(line) }
  }

  /// The catalog of `--storekit FILE`, or of the bundled `SportsTime.storekit`.
  static func loadCatalog(_ arguments: ParsedArguments, _ context: CommandContext)
    throws(CLIError) -> Catalog
  {
    let url: URL
    let shownPath: String
    if let path = arguments.value("storekit") {
      url = context.resolve(path)
      shownPath = path
    } else {
      guard let bundled = bundledStoreKitConfigurationURL else {
        throw .failure("the bundled SportsTime.storekit is missing; pass --storekit FILE")
      }
      url = bundled
      shownPath = "SportsTime.storekit"
    }
    do {
      return try Catalog(contentsOf: url)
    } catch {
      throw .failure("\(shownPath): \(error)")
    }
  }

  /// The products as an aligned table with a header.
  static func table(_ catalog: Catalog) -> [String] {
    var rows = [["ID", "TYPE", "NAME", "PRICE", "PERIOD", "GROUP", "LEVEL", "FAMILY"]]
    for product in catalog.products {
      rows.append([
        product.id, typeName(product.type), product.displayName.isEmpty ? "-" : product.displayName,
        product.displayPrice, product.subscription?.subscriptionPeriod.iso8601 ?? "-",
        product.subscription?.groupDisplayName ?? "-",
        product.subscription.map { String($0.groupLevel) } ?? "-",
        product.isFamilyShareable ? "yes" : "no",
      ])
    }
    var widths = [Int](repeating: 0, count: rows[0].count)
    for row in rows {
      for (column, cell) in row.enumerated() {
        widths[column] = max(widths[column], displayWidth(cell))
      }
    }
    return rows.map { row in
      var line = ""
      for (column, cell) in row.enumerated() {
        line += cell
        if column < row.count - 1 {
          line += String(repeating: " ", count: widths[column] - displayWidth(cell) + 2)
        }
      }
      return line
    }
  }

  /// How many terminal columns `text` takes: East Asian wide characters take two.
  static func displayWidth(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { width, scalar in
      switch scalar.value {
      case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x20000...0x3FFFD:
        width + 2
      default:
        width + 1
      }
    }
  }

  /// A short name for a product type: `auto-renewable`.
  static func typeName(_ type: ProductType) -> String {
    switch type {
    case .consumable: "consumable"
    case .nonConsumable: "non-consumable"
    case .nonRenewable: "non-renewing"
    case .autoRenewable: "auto-renewable"
    case .subscriptionSuite: "suite"
    default: type.rawValue
    }
  }

  /// The `--json` output: the storefront and every product, each key always present (`null`
  /// where it does not apply).
  struct Listing: Encodable {
    let storefront: JSONObject
    let products: [JSONObject]

    init(_ catalog: Catalog) {
      storefront = JSONObject([
        "countryCode": catalog.storefront.countryCode,
        "currencyCode": catalog.storefront.currencyCode,
        "locale": catalog.storefront.locale.identifier,
      ])
      products = catalog.products.map(Self.fields)
    }

    private static func fields(_ product: Product) -> JSONObject {
      let subscription = product.subscription
      return JSONObject(
        [
          "id": product.id, "type": product.type.rawValue, "displayName": product.displayName,
          "description": product.description, "price": "\(product.price)",
          "displayPrice": product.displayPrice, "currencyCode": product.currencyCode,
          "period": subscription?.subscriptionPeriod.iso8601,
          "subscriptionGroupID": subscription?.subscriptionGroupID,
          "subscriptionGroup": subscription?.groupDisplayName, "level": subscription?.groupLevel,
          "familyShareable": product.isFamilyShareable,
        ],
        absent: .null)
    }
  }

  static let traits = CommandTraits.readsOnly(under: .store)
}
