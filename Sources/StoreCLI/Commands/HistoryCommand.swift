import Foundation
import LocalAppStore
import StoreModel

/// `history`: every transaction of the account.
enum HistoryCommand: CLICommand {
  static let name = "history"
  static let summary = "List the account's transactions, oldest first"
  static let usage = """
    USAGE: sportstime-store history [--jws] [--account NAME] [--state PATH] [--json]

    Lists every transaction of the account (StoreKit's Transaction.all): purchases,
    renewals, upgrades, refunds, family-shared copies. Each is signed now by the local App
    Store and verified against its root.

    OPTIONS:
      --jws              print each signed transaction (compact JWS), one a line
    \(Emulator.accountHelp)
    """
  static let options: [OptionSpec] = [.flag("jws")]

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    guard arguments.positionals.isEmpty else {
      throw .usage("unexpected argument '\(arguments.positionals[0])'")
    }
    let store = try Emulator.open(arguments, context)
    let transactions = await store.allTransactions()
    if arguments.json {
      try context.writeJSON(
        transactions.map { Emulator.TransactionOutput($0, includeJWS: arguments.flag("jws")) })
      return
    }
    if arguments.flag("jws") {
      for transaction in transactions { context.out(transaction.jwsRepresentation) }
      return
    }
    if transactions.isEmpty { context.out("No transactions.") }
    for transaction in transactions {
      let mark = transaction.isVerified ? "" : "  UNVERIFIED"
      context.out(Emulator.describe(transaction.unsafePayloadValue) + mark)
    }
  }
}
