import Foundation
import LocalAppStore
import StoreModel

/// `buy-product PRODUCT_ID [--another-device]`: a purchase made outside the app.
enum BuyProductCommand: CustomerCommand {
  static let name = "buy-product"
  static let summary = "Buy outside the app (SKTestSession.buyProduct), or on another device"
  static let positionals = ["PRODUCT_ID"]
  static let details = """
    Buys PRODUCT_ID outside the app, as SKTestSession.buyProduct(identifier:options:) does: a
    running app receives the transaction through Transaction.updates (unlike 'buy', which is
    the app's own Product.purchase()). With --another-device the purchase is made on another
    of the customer's devices: an app running here would receive it through
    Transaction.updates; no app runs in this tool's processes, so this device learns of it at
    its next 'launch' or Restore Purchases (AppStore.sync()). --not-synced is another device's
    purchase this device does not sync even while its app runs (the rare case AppStore.sync()
    is for): it arrives only then. Until then the app's entitlements and updates leave it
    out; 'status' and 'history' show the App Store's view.
    Neither Ask to Buy nor an armed fault applies.

    With --purchase-date DATE (ISO 8601, in the past or now: StoreKitTest's purchase option
    purchaseDate(_:renewalBehavior:)) the purchase is made then, and a subscription renews up
    to now (renewUntilNow), each renewal a transaction of its own; with --cancel-immediately it
    is cancelled at once and ends after its first period (cancelImmediately). A date so far
    back that more than 1,000 renewals would be needed is refused; in the Sandbox environment a
    subscription stops after 12 renewals, as any does there.

    \(optionsSection())

    Exits 1 for a product not in the catalog, a purchase the App Store refuses, or a purchase
    date in the future or too far back; 2 for a DATE that is not ISO 8601 or
    --cancel-immediately without --purchase-date.

    EXAMPLES:
      sportstime-store buy-product com.sportstime.pro.monthly
      sportstime-store buy-product com.sportstime.pro.annual --another-device
      sportstime-store buy-product com.sportstime.pro.monthly --purchase-date 2025-06-01T00:00:00Z
    """
  static let options: [OptionSpec] = [
    .flag(
      "another-device",
      help: "buy on another device: this one learns of it at its next sync\nor launch"),
    .flag("not-synced", help: "another device's purchase, not synced until restore or launch")
      .alternative(to: "another-device"),
    .value("purchase-date", "DATE", help: "buy then (ISO 8601, not in the future); renews to now"),
    .flag("cancel-immediately", help: "with --purchase-date: one period, auto-renew off")
      .within("purchase-date"),
  ]

  struct Output: Encodable {
    var origin: String
    var transaction: TransactionFields
  }
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let productID = try arguments.single("a product identifier")
    let store = try StoreAccess.open(arguments, context)
    if arguments.flag("another-device"), arguments.flag("not-synced") {
      throw .usage("--another-device and --not-synced are two origins; give one")
    }
    let origin: LocalAppStore.PurchaseOrigin =
      arguments.flag("not-synced")
      ? .notSynced : arguments.flag("another-device") ? .anotherDevice : .thisDevice
    var purchaseDate: Date?
    if let text = arguments.value("purchase-date") {
      guard let date = try? Date(text, strategy: .iso8601) else {
        throw .usage("'\(text)' is not an ISO 8601 date (2026-01-01T00:00:00Z)")
      }
      purchaseDate = date
    }
    let behavior: LocalAppStore.SubscriptionRenewalBehavior =
      arguments.flag("cancel-immediately") ? .cancelImmediately : .renewUntilNow
    if behavior == .cancelImmediately, purchaseDate == nil {
      throw .usage("--cancel-immediately goes with --purchase-date")
    }
    let transaction = try await StoreAccess.perform { () throws(LocalAppStoreError) in
      try await store.buyProduct(
        productID, from: origin, purchaseDate: purchaseDate, renewalBehavior: behavior)
    }
    if arguments.json {
      try context.writeJSON(
        Output(origin: origin.rawValue, transaction: TransactionFields(transaction)))
      return
    }
    let place = origin == .thisDevice ? " outside the app" : " on another device"
    context.out("Purchased\(place): " + TextFormat.line(transaction))
  }

  static let traits = CommandTraits.changesState(under: .store)
}
