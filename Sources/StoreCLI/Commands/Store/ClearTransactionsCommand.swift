import Foundation
import LocalAppStore
import StoreModel

/// `clear-transactions`: every transaction goes.
enum ClearTransactionsCommand: CLICommand {
  static let name = "clear-transactions"
  static let summary = "Remove every transaction (SKTestSession.clearTransactions)"
  static let details = """
    Removes every transaction, subscription and Ask to Buy request of every account, as
    SKTestSession.clearTransactions() does, so that purchases can be tested again. The
    switches, faults, family sharing, the time and the app's data stay (reset starts afresh).

    \(optionsSection())

    EXAMPLES:
      sportstime-store clear-transactions
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    guard arguments.positionals.isEmpty else {
      throw .usage("unexpected argument '\(arguments.positionals[0])'")
    }
    try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.clearTransactions()
    }
    try context.answer(arguments, json: ["cleared": true], text: "Transactions cleared.")
  }

  static let traits = CommandTraits.changesState(under: .store)
}
