import Foundation
import LocalAppStore
import StoreModel

/// `decline-refund TRANSACTION_ID`: the App Store declines a refund request.
enum DeclineRefundCommand: CLICommand {
  static let name = "decline-refund"
  static let summary = "The App Store declines a refund request: REFUND_DECLINED"
  static let positionals = ["TRANSACTION_ID"]
  static let details = """
    The customer asked for a refund of TRANSACTION_ID and the App Store declined it: the
    transaction is unchanged, and a REFUND_DECLINED notification is made. A refunded
    transaction or a family member's copy is refused, and nothing changes.

    \(optionsSection())

    EXAMPLES:
      sportstime-store decline-refund 1
    """
  static let options: [OptionSpec] = []
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let id = try arguments.transactionID()
    try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.declineRefund(transactionID: id)
    }
    if arguments.json {
      try context.writeJSON(["declined": String(id)])
      return
    }
    context.out("Refund of #\(id) declined.")
  }

  static let traits = CommandTraits.changesState(under: .store)
}
