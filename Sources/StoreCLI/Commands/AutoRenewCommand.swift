import Foundation
import LocalAppStore
import StoreModel

/// `enable-auto-renew TX` and `disable-auto-renew TX`: auto-renew per transaction.
enum AutoRenewCommand {
  static func usage(_ name: String, _ on: Bool) -> String {
    let member = on ? "enableAutoRenewForTransaction" : "disableAutoRenewForTransaction"
    let effect =
      on
      ? "it renews at the end of its period again"
      : "it expires at the end of its period (reason autoRenewDisabled)"
    return """
      USAGE: sportstime-store \(name) TRANSACTION_ID [--state PATH] [--json]

      Turns auto-renew \(on ? "on" : "off") for the subscription that TRANSACTION_ID (any of its
      transactions) belongs to, as SKTestSession.\(member)(identifier:) does:
      \(effect). 'cancel-renewal' does the same per subscription group.

      \(EmulatorOptions.helpSection(perAccount: false))

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
    let store = try StoreAccess.openStore(arguments, context, name)
    try await StoreAccess.perform { () throws(LocalAppStoreError) in
      try await store.setWillAutoRenew(on, forTransaction: id)
    }
    if arguments.json {
      try context.writeJSON(["transactionID": "\(id)", "willAutoRenew": on ? "true" : "false"])
    } else {
      context.out("Auto-renew is \(on ? "on" : "off") for the subscription of transaction #\(id).")
    }
  }
}
