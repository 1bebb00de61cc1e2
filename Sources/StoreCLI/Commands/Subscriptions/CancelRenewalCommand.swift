import Foundation
import LocalAppStore
import StoreModel

/// `cancel-renewal [GROUP]`: turns auto-renew off.
enum CancelRenewalCommand: CustomerCommand {
  static let name = "cancel-renewal"
  static let summary = "Turn auto-renew off; the subscription expires at the end of its period"
  static let positionals = ["[GROUP_ID]"]
  static let details = """
    Turns auto-renew off for the account's subscription in GROUP_ID (every group when
    omitted), as cancelling in the App Store's subscription settings does
    (SKTestSession.disableAutoRenewForTransaction). Access lasts until the period ends.

    \(optionsSection())

    Exits 1 when the account has no active subscription.

    EXAMPLES:
      sportstime-store cancel-renewal
      sportstime-store cancel-renewal 2F8B6D14 --account alex
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    guard arguments.positionals.count <= 1 else {
      throw .usage(
        "expected at most one group, got \(arguments.positionals.count) arguments: "
          + arguments.positionals.joined(separator: " "))
    }
    let group = arguments.positionals.first
    let changed = try await StoreAccess.asAccount(arguments, context) {
      store throws(LocalAppStoreError) in
      try await store.setWillAutoRenew(false, forGroup: group)
    }
    guard !changed.isEmpty else { throw .failure("no active subscription to cancel") }
    if arguments.json {
      try context.writeJSON(["cancelled": changed])
      return
    }
    for id in changed {
      context.out("Auto-renew off for subscription #\(id): it expires at the end of its period.")
    }
  }

  static let traits = CommandTraits.changesState(under: .subscriptions)
}
