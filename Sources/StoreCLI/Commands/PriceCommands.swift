import Foundation
import LocalAppStore
import StoreModel

/// `set-price PRODUCT_ID PRICE`: a product's price changes while the store runs.
enum SetPriceCommand: CLICommand {
  static let name = "set-price"
  static let summary = "Change a product's price while running (new purchases pay it)"
  static let usage = """
    USAGE: sportstime-store set-price PRODUCT_ID PRICE [--state PATH] [--json]

    Changes PRODUCT_ID's price to PRICE (in the catalog's currency: 5.99), as editing it in
    Xcode's StoreKit configuration editor during a test does. New purchases and 'products'
    pay it at once; existing subscribers keep their price until 'price-consent request TX'
    asks them to consent to an increase.

    \(Emulator.optionsSection(perAccount: false))

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
    let store = try Emulator.openStore(arguments, context, name)
    try await Emulator.perform { () throws(LocalAppStoreError) in
      try await store.setPrice(price, forProduct: productID)
    }
    if arguments.json {
      try context.writeJSON(["productID": productID, "price": "\(price)"])
    } else {
      context.out("\(productID) now costs \(price).")
    }
  }
}

/// `price-consent request|agree|decline TRANSACTION_ID`: a price increase and the customer's
/// answer.
enum PriceConsentCommand: CLICommand {
  static let name = "price-consent"
  static let summary = "Ask for, agree to or decline a price increase (requestPriceIncreaseConsent)"
  static let usage = """
    USAGE: sportstime-store price-consent request|agree|decline TRANSACTION_ID [--state PATH]
                                          [--json]

    request: asks the customer of the subscription that TRANSACTION_ID belongs to to consent to
    its product's new price (SKTestSession.requestPriceIncreaseConsentForTransaction); its
    renewal info shows priceIncreaseStatus 0 and the new renewalPrice. agree: it renews at the
    new price (priceIncreaseStatus 1). decline (or no answer by the renewal): it expires at its
    renewal date with expirationReason didNotConsentToPriceIncrease.

    \(Emulator.optionsSection(perAccount: false))

    Exits 1 for an unknown transaction, a price that did not increase, or no increase to answer.

    EXAMPLES:
      sportstime-store set-price com.sportstime.pro.monthly 5.99
      sportstime-store price-consent request 1
      sportstime-store price-consent agree 1
    """

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    guard arguments.positionals.count == 2, let id = UInt64(arguments.positionals[1]) else {
      throw .usage("expected request, agree or decline and a transaction identifier")
    }
    let action = arguments.positionals[0]
    let store = try Emulator.openStore(arguments, context, name)
    switch action {
    case "request":
      try await Emulator.perform { () throws(LocalAppStoreError) in
        try await store.requestPriceIncreaseConsent(transactionID: id)
      }
    case "agree", "decline":
      try await Emulator.perform { () throws(LocalAppStoreError) in
        try await store.respondToPriceIncrease(transactionID: id, agreed: action == "agree")
      }
    default:
      throw .usage("unknown action '\(action)'; expected request, agree or decline")
    }
    if arguments.json {
      try context.writeJSON(["action": action, "transactionID": "\(id)"])
    } else {
      let done =
        switch action {
        case "request": "Consent to the price increase requested"
        case "agree": "The customer agreed to the price increase"
        default: "The customer declined the price increase"
        }
      context.out("\(done) for the subscription of transaction #\(id).")
    }
  }
}
