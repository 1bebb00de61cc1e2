import Foundation
import LocalAppStore
import StoreModel

/// `buy-product PRODUCT_ID [--another-device]`: a purchase made outside the app.
enum BuyProductCommand: CLICommand {
  static let name = "buy-product"
  static let summary = "Buy outside the app (SKTestSession.buyProduct), or on another device"
  static let usage = """
    USAGE: sportstime-store buy-product PRODUCT_ID [--another-device] [--account NAME]
                                        [--state PATH] [--json]

    Buys PRODUCT_ID outside the app, as SKTestSession.buyProduct(identifier:options:) does: a
    running app receives the transaction through Transaction.updates (unlike 'buy', which is
    the app's own Product.purchase()). With --another-device the purchase is made on another
    of the customer's devices: this device learns of it only when it syncs, at its next
    Restore Purchases (AppStore.sync()) or its next 'launch'. Until then the app's
    entitlements and updates leave it out; 'status' and 'history' show the App Store's view.
    Neither Ask to Buy nor an armed fault applies.

    \(EmulatorOptions.helpSection(options, perAccount: true))

    Exits 1 for a product not in the catalog or a purchase the App Store refuses.

    EXAMPLES:
      sportstime-store buy-product com.sportstime.pro.monthly
      sportstime-store buy-product com.sportstime.pro.annual --another-device
    """
  static let options: [OptionSpec] = [
    .flag(
      "another-device",
      help: "buy on another device: this one learns of it at its next sync\nor launch")
  ]

  struct Output: Encodable {
    var origin: String
    var transaction: TransactionFields
  }
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let productID = try arguments.single("a product identifier")
    let store = try StoreAccess.open(arguments, context)
    let origin: LocalAppStore.PurchaseOrigin =
      arguments.flag("another-device") ? .anotherDevice : .thisDevice
    let transaction = try await StoreAccess.perform { () throws(LocalAppStoreError) in
      try await store.buyProduct(productID, from: origin)
    }
    if arguments.json {
      try context.writeJSON(
        Output(origin: origin.rawValue, transaction: TransactionFields(transaction)))
      return
    }
    let place = origin == .anotherDevice ? " on another device" : " outside the app"
    context.out("Purchased\(place): " + TextFormat.line(transaction))
  }

  static let traits = CommandTraits.changesState(under: .store)
}
