import Foundation
import LocalAppStore
import StoreModel

/// `history`: every transaction of the account.
enum HistoryCommand: CustomerCommand {
  static let name = "history"
  static let summary = "List the account's transactions, oldest first"
  static let details = """
    Lists every transaction of the account (StoreKit's Transaction.all): purchases,
    renewals, upgrades, refunds, family-shared copies, each purchase with the order ID the App
    Store Server API's Look Up Order ID finds it by (`serve`). Each is signed now by the local App
    Store and verified against its root; one that does not verify is marked UNVERIFIED with
    the reason. It only reads the state: nothing is written to the file.

    \(optionsSection())

    EXAMPLES:
      sportstime-store history
      sportstime-store history --jws --account alex
    """
  static let options: [OptionSpec] = [
    .flag("jws", help: "print each signed transaction (compact JWS), one a line")
  ]
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    guard arguments.positionals.isEmpty else {
      throw .usage("unexpected argument '\(arguments.positionals[0])'")
    }
    let store = try StoreAccess.open(arguments, context, access: .readOnly)
    await StoreAccess.noteUnknownAccount(store, context)
    let transactions = await store.allTransactions()
    if arguments.json {
      try context.writeJSON(
        transactions.map { TransactionOutput($0, includeJWS: arguments.flag("jws")) })
      return
    }
    if arguments.flag("jws") {
      for transaction in transactions { context.out(transaction.jwsRepresentation) }
      return
    }
    if transactions.isEmpty { context.out("No transactions.") }
    for transaction in transactions {
      let payload = transaction.unsafePayloadValue
      // The order ID the App Store Server API's Look Up Order ID finds it by (`serve`).
      let order =
        payload.ownershipType == .familyShared
        ? "" : "  order \(LocalAppStore.orderID(of: payload.id))"
      context.out(TextFormat.line(payload) + order + TextFormat.verificationMark(transaction))
    }
  }

  static let traits = CommandTraits.readsOnly(under: .store)
}
