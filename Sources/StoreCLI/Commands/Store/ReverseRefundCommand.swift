import Foundation
import LocalAppStore
import StoreModel

/// `reverse-refund TRANSACTION_ID`: the App Store reverses a refund it granted.
enum ReverseRefundCommand: CLICommand {
  static let name = "reverse-refund"
  static let summary = "The App Store reverses a refund after a dispute: REFUND_REVERSED"
  static let positionals = ["TRANSACTION_ID"]
  static let details = """
    The App Store reverses the refund of TRANSACTION_ID, as after a dispute the customer
    raised: its revocation is removed (family members' copies revoked with it too), a refunded
    subscription is back with its renewal date unchanged (renewing or expiring at once if
    that date passed), the change arrives through Transaction.updates, and a REFUND_REVERSED
    notification is made. A transaction that was not refunded, or a family member's copy, is
    refused, and nothing changes.

    \(optionsSection())

    EXAMPLES:
      sportstime-store refund 1
      sportstime-store reverse-refund 1
    """
  static let options: [OptionSpec] = []
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let id = try arguments.transactionID()
    let transaction = try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.reverseRefund(transactionID: id)
    }
    try context.report(transaction, as: "Refund reversed", json: arguments.json)
  }

  static let traits = CommandTraits.changesState(under: .store)
}
