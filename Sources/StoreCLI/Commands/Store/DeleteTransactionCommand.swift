import Foundation
import LocalAppStore
import StoreModel

/// `delete-transaction TRANSACTION_ID`: one transaction goes.
enum DeleteTransactionCommand: CLICommand {
  static let name = "delete-transaction"
  static let summary = "Remove a transaction (SKTestSession.deleteTransaction)"
  static let positionals = ["TRANSACTION_ID"]
  static let details = """
    Removes TRANSACTION_ID and family members' copies of it, as
    SKTestSession.deleteTransaction(identifier:) does. A subscription left without transactions
    is removed; otherwise its latest transaction is the one before, and it ends when that one
    does.

    \(optionsSection())

    Exits 1 for an unknown transaction or a family-shared copy.

    EXAMPLES:
      sportstime-store delete-transaction 2
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let id = try arguments.transactionID()
    try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.deleteTransaction(id)
    }
    try context.answer(arguments, json: ["deleted": "\(id)"], text: "Deleted transaction #\(id).")
  }

  static let traits = CommandTraits.changesState(under: .store)
}
