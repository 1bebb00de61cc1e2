import Foundation
import LocalAppStore
import StoreModel

/// `approve REQUEST_ID`: a parent approves an Ask to Buy request.
enum ApproveCommand: CLICommand {
  static let name = "approve"
  static let summary = "Approve a pending Ask to Buy request"
  static let usage = """
    USAGE: sportstime-store approve REQUEST_ID [--state PATH] [--json]

    Approves the pending Ask to Buy request REQUEST_ID (shown by 'buy' and 'status'): the
    purchase is made now, its transaction has the request's identifier, and it arrives
    through Transaction.updates (SKTestSession.approveAskToBuyTransaction).

    \(Emulator.optionsSection(perAccount: false))

    EXAMPLES:
      sportstime-store approve 3
    """

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let id = try Emulator.requestID(arguments)
    let store = try Emulator.openStore(arguments, context, name)
    let transaction = try await Emulator.perform { () throws(LocalAppStoreError) in
      try await store.approveAskToBuy(id)
    }
    if arguments.json {
      try context.writeJSON(Emulator.TransactionFields(transaction))
      return
    }
    context.out("Approved: " + Emulator.describe(transaction))
  }
}

/// `decline REQUEST_ID`: a parent declines an Ask to Buy request.
enum DeclineCommand: CLICommand {
  static let name = "decline"
  static let summary = "Decline a pending Ask to Buy request"
  static let usage = """
    USAGE: sportstime-store decline REQUEST_ID [--state PATH] [--json]

    Declines the pending Ask to Buy request REQUEST_ID: nothing is bought and nothing
    arrives through Transaction.updates (SKTestSession.declineAskToBuyTransaction).

    \(Emulator.optionsSection(perAccount: false))

    EXAMPLES:
      sportstime-store decline 3
    """

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let id = try Emulator.requestID(arguments)
    let store = try Emulator.openStore(arguments, context, name)
    try await Emulator.perform { () throws(LocalAppStoreError) in
      try await store.declineAskToBuy(id)
    }
    if arguments.json {
      try context.writeJSON(["declined": id])
      return
    }
    context.out("Declined request #\(id).")
  }
}
