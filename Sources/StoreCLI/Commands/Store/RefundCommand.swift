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
    revoked too, and a refunded subscription no longer renews. --percent makes it a
    prorated refund (revocationType REFUND_PRORATED, revocationPercentage in milli-percent),
    revoked all the same.

    \(optionsSection())

    EXAMPLES:
      sportstime-store refund 1
      sportstime-store refund 2 --reason app-issue
      sportstime-store refund 3 --percent 37.5
    """
  static let options: [OptionSpec] = [
    .value("reason", "REASON", help: "other (default) or app-issue (revocationReason 1)"),
    .value("percent", "P", help: "a prorated refund of P percent (0.001 to 100)"),
  ]
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let id = try arguments.transactionID()
    let reason: RevocationReason
    switch arguments.value("reason") ?? "other" {
    case "other": reason = .other
    case "app-issue", "developer-issue": reason = .developerIssue
    case let other: throw .usage("unknown reason '\(other)'; expected other or app-issue")
    }
    let percentage = try arguments.value("percent").map { (text) throws(CLIError) in
      try milliPercent(text)
    }
    let transaction = try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.refund(transactionID: id, reason: reason, percentage: percentage)
    }
    try context.report(transaction, as: "Refunded", json: arguments.json)
  }

  /// `37.5` as 37 500 milli-percent: a decimal number of percent, at most three decimals,
  /// above 0 and at most 100.
  static func milliPercent(_ text: String) throws(CLIError) -> Int {
    let isDigit: (Character) -> Bool = { $0.isASCII && $0.isNumber }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty,
      whole.allSatisfy(isDigit), whole.count <= 3
    else {
      throw .usage("--percent takes a percentage such as 25 or 37.5, not '\(text)'")
    }
    let fraction = parts.count == 2 ? parts[1] : ""
    guard fraction.count <= 3, fraction.allSatisfy(isDigit),
      parts.count == 1 || !fraction.isEmpty
    else {
      throw .usage("--percent takes at most three decimals, not '\(text)'")
    }
    let value =
      (Int(whole) ?? 0) * 1000
      + (Int(String(fraction).padding(toLength: 3, withPad: "0", startingAt: 0)) ?? 0)
    guard (1...100_000).contains(value) else {
      throw .usage("--percent is above 0 and at most 100, not '\(text)'")
    }
    return value
  }

  static let traits = CommandTraits.changesState(under: .store)
}
