import Foundation
import LocalAppStore
import StoreModel

/// `extend-renewal TRANSACTION_ID --days N`: the App Store Server API's "Extend a Subscription
/// Renewal Date".
enum ExtendRenewalCommand: CLICommand {
  static let name = "extend-renewal"
  static let summary =
    "Extend a subscription's renewal date (App Store Server API); RENEWAL_EXTENDED"
  static let positionals = ["TRANSACTION_ID"]
  static let details = """
    Extends the renewal date of the active subscription TRANSACTION_ID belongs to by N days
    (1-90, in the store's time rate), as a server's call to the App Store Server API's "Extend
    a Subscription Renewal Date" does: its latest transaction's expiration date and its renewal
    date move (family members' copies too), and a RENEWAL_EXTENDED notification is made. As
    Apple refuses them, a subscription in a free offer period, in billing retry or its grace
    period, expired, refunded, or extended twice in the past 365 days is refused, and nothing
    changes.

    \(optionsSection())

    EXAMPLES:
      sportstime-store extend-renewal 1 --days 7
      sportstime-store extend-renewal 1 --days 30 --reason 3
    """
  static let options: [OptionSpec] = [
    .value("days", "N", help: "how many days later it renews: 1 to 90 (extendByDays)")
      .required(),
    .value(
      "reason", "CODE",
      help: "extendReasonCode: 0 undeclared (default), 1 customer\nsatisfaction, 2 other, "
        + "3 service issue or outage"),
  ]
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let id = try arguments.transactionID()
    guard let text = arguments.value("days") else { throw .usage("--days N is required") }
    guard let days = Int(text) else { throw .usage("'\(text)' is not a number of days") }
    let reasonText = arguments.value("reason") ?? "0"
    guard let reason = Int(reasonText) else {
      throw .usage("'\(reasonText)' is not a reason code (0, 1, 2 or 3)")
    }
    let renewal = try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.extendRenewalDate(transactionID: id, days: days, reasonCode: reason)
    }
    if arguments.json {
      try context.writeJSON(["effectiveDate": TextFormat.date(renewal)])
      return
    }
    context.out("Renews \(TextFormat.date(renewal)) (extended by \(days) days).")
  }

  static let traits = CommandTraits.changesState(under: .subscriptions)
}
