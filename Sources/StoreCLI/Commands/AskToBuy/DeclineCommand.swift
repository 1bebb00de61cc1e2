import Foundation
import LocalAppStore
import StoreModel

/// `decline REQUEST_ID`: a parent declines an Ask to Buy request.
enum DeclineCommand: CLICommand {
  static let name = "decline"
  static let summary = "Decline a pending Ask to Buy request"
  static let positionals = ["REQUEST_ID"]
  static let details = """
    Declines the pending Ask to Buy request REQUEST_ID: nothing is bought and nothing
    arrives through Transaction.updates (SKTestSession.declineAskToBuyTransaction).

    \(optionsSection())

    EXAMPLES:
      sportstime-store decline 3
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let id = try arguments.requestID()
    try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.declineAskToBuy(id)
    }
    try context.answer(arguments, json: ["declined": id], text: "Declined request #\(id).")
  }

  static let traits = CommandTraits.changesState(under: .askToBuy)
}
