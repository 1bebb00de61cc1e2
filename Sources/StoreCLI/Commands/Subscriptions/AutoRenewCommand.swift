import Foundation
import LocalAppStore
import StoreModel

/// `enable-auto-renew TRANSACTION_ID` and `disable-auto-renew TRANSACTION_ID`: auto-renew per
/// transaction, one command for each way.
enum AutoRenewCommand {
  /// `enable-auto-renew` (`on`) or `disable-auto-renew`.
  static func entry(on: Bool) -> CommandEntry {
    let name = on ? "enable-auto-renew" : "disable-auto-renew"
    return CommandEntry(
      name: name, summary: "Turn auto-renew \(on ? "on" : "off") for a transaction's subscription",
      topic: .subscriptions, changesState: true, positionals: ["TRANSACTION_ID"],
      details: details(name, on)
    ) { arguments, context throws(CLIError) in
      try await run(on, name, arguments, context)
    }
  }

  /// The help of `enable-auto-renew` (`on`) or `disable-auto-renew` after its synopsis.
  static func details(_ name: String, _ on: Bool) -> String {
    let member = on ? "enableAutoRenewForTransaction" : "disableAutoRenewForTransaction"
    let effect =
      on
      ? "it renews at the end of its period again"
      : "it expires at the end of its period (reason autoRenewDisabled)"
    return """
      Turns auto-renew \(on ? "on" : "off") for the subscription that TRANSACTION_ID (any of its
      transactions) belongs to, as SKTestSession.\(member)(identifier:) does:
      \(effect). 'cancel-renewal' does the same per subscription group.

      \(OptionSpec.helpSection(EmulatorOptions.global(perAccount: false)))

      Exits 1 for an unknown transaction, a family-shared copy, or a subscription that is not
      live.

      EXAMPLES:
        sportstime-store \(name) 1
      """
  }

  static func run(
    _ on: Bool, _ name: String, _ arguments: ParsedArguments, _ context: CommandContext
  )
    async throws(CLIError)
  {
    let id = try arguments.transactionID()
    try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.setWillAutoRenew(on, forTransaction: id)
    }
    try context.answer(
      arguments, json: ["transactionID": "\(id)", "willAutoRenew": on ? "true" : "false"],
      text: "Auto-renew is \(on ? "on" : "off") for the subscription of transaction #\(id).")
  }
}
