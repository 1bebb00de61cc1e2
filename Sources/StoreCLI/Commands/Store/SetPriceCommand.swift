import Foundation
import LocalAppStore
import StoreModel

/// `set-price PRODUCT_ID PRICE`: a product's price changes while the store runs.
enum SetPriceCommand: CLICommand {
  static let name = "set-price"
  static let summary = "Change a product's price while running (new purchases pay it)"
  static let positionals = ["PRODUCT_ID PRICE"]
  static let details = """
    Changes PRODUCT_ID's price to PRICE (in the catalog's currency: 5.99), as editing it in
    Xcode's StoreKit configuration editor during a test does. New purchases and 'products'
    pay it at once; existing subscribers keep their price until 'price-consent request TX'
    asks them to consent to an increase.

    \(optionsSection())

    Exits 1 for a product not in the catalog, 2 for a price that is not a number of zero or
    more.

    EXAMPLES:
      sportstime-store set-price com.sportstime.pro.monthly 5.99
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    guard arguments.positionals.count == 2 else {
      throw .usage("expected a product identifier and a price")
    }
    let productID = arguments.positionals[0]
    let text = arguments.positionals[1]
    guard let price = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
      price >= 0, text.allSatisfy({ $0.isNumber || $0 == "." })
    else {
      throw .usage("'\(text)' is not a price (digits and a point: 5.99)")
    }
    try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.setPrice(price, forProduct: productID)
    }
    try context.answer(
      arguments, json: ["productID": productID, "price": "\(price)"],
      text: "\(productID) now costs \(price).")
  }

  static let traits = CommandTraits.changesState(under: .store)
}
