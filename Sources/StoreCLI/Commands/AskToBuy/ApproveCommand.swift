import Foundation
import LocalAppStore
import StoreModel

/// `approve REQUEST_ID`: a parent approves an Ask to Buy request.
enum ApproveCommand: CLICommand {
  static let name = "approve"
  static let summary = "Approve a pending Ask to Buy request"
  static let positionals = ["REQUEST_ID"]
  static let details = """
    Approves the pending Ask to Buy request REQUEST_ID (shown by 'buy' and 'status'): the
    purchase is made now, its transaction has the request's identifier, and it arrives
    through Transaction.updates (SKTestSession.approveAskToBuyTransaction).

    \(optionsSection())

    EXAMPLES:
      sportstime-store approve 3
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let id = try arguments.requestID()
    let transaction = try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.approveAskToBuy(id)
    }
    try context.report(transaction, as: "Approved", json: arguments.json)
  }

  static let traits = CommandTraits.changesState(under: .askToBuy)
}
