import Foundation
import LocalAppStore
import StoreModel

/// `resolve-issue TRANSACTION_ID`: the customer fixes the billing problem of a subscription.
enum ResolveIssueCommand: CLICommand {
  static let name = "resolve-issue"
  static let summary = "Resolve a billing issue or an interrupted purchase"
  static let positionals = ["TRANSACTION_ID|REQUEST_ID"]
  static let details = """
    Resolves the billing issue of the subscription that TRANSACTION_ID (any of its
    transactions) belongs to (SKTestSession.resolveIssueForTransaction). In billing retry it
    renews now (within the grace period at its renewal date, with no gap), and the renewal
    arrives through Transaction.updates; when the customer turned auto-renew off during the
    retry, it expires instead. 'billing-issue off' alone leaves it in billing retry.

    For an interrupted purchase (interrupted-purchases on), give the request identifier that
    'buy' printed: the customer's action is done, the purchase is made now and arrives through
    Transaction.updates.

    \(optionsSection())

    Exits 1 for an unknown transaction, a family-shared copy, or a subscription that is not in
    billing retry (or an interrupted purchase already completed).

    EXAMPLES:
      sportstime-store resolve-issue 1
    """

  struct Output: Encodable {
    var resolved: Bool
    var renewal: TransactionFields?
  }
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let id = try arguments.transactionID()
    let store = try StoreAccess.openStore(arguments, context, name)
    let (interrupted, renewal) = try await StoreAccess.perform {
      () throws(LocalAppStoreError) -> (Bool, Transaction?) in
      let interrupted = try await store.isInterruptedPurchase(id)
      return (interrupted, try await store.resolveIssue(transactionID: id))
    }
    if arguments.json {
      try context.writeJSON(
        Output(resolved: true, renewal: renewal.map(TransactionFields.init)))
      return
    }
    if let renewal {
      context.out(
        "Resolved: \(interrupted ? "purchased" : "renewed") " + TextFormat.line(renewal))
    } else {
      context.out("Resolved: the subscription expired (auto-renew was off).")
    }
  }

  static let traits = CommandTraits.changesState(under: .subscriptions)
}
