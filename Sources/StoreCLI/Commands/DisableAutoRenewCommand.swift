import Foundation
import LocalAppStore
import StoreModel

/// `disable-auto-renew TRANSACTION_ID`.
enum DisableAutoRenewCommand: CLICommand {
  static let name = "disable-auto-renew"
  static let summary = "Turn auto-renew off for a transaction's subscription"
  static let usage = AutoRenewCommand.usage(name, false)
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    try await AutoRenewCommand.run(false, name, arguments, context)
  }
}
