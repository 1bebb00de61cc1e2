import Foundation
import LocalAppStore
import StoreModel

/// `refund TRANSACTION_ID`: the App Store refunds a transaction.
enum RefundCommand: CLICommand {
  static let name = "refund"
  static let summary = "Refund a transaction: revocation date and reason, an update"
  static let positionals = ["TRANSACTION_ID"]
  static let details = """
    Refunds TRANSACTION_ID (SKTestSession.refundTransaction): it gets a revocation date and
    reason, the change arrives through Transaction.updates, family members' copies are
    revoked too, and a refunded subscription no longer renews.

    \(optionsSection())

    EXAMPLES:
      sportstime-store refund 1
      sportstime-store refund 2 --reason app-issue
    """
  static let options: [OptionSpec] = [
    .value("reason", "REASON", help: "other (default) or app-issue (revocationReason 1)")
  ]
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let id = try arguments.transactionID()
    let reason: RevocationReason
    switch arguments.value("reason") ?? "other" {
    case "other": reason = .other
    case "app-issue", "developer-issue": reason = .developerIssue
    case let other: throw .usage("unknown reason '\(other)'; expected other or app-issue")
    }
    let transaction = try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.refund(transactionID: id, reason: reason)
    }
    try context.report(transaction, as: "Refunded", json: arguments.json)
  }

  static let traits = CommandTraits.changesState(under: .store)
}
