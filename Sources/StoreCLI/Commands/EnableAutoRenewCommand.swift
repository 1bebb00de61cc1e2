import Foundation
import LocalAppStore
import StoreModel

/// `enable-auto-renew TRANSACTION_ID`.
enum EnableAutoRenewCommand: CLICommand {
  static let name = "enable-auto-renew"
  static let summary = "Turn auto-renew on for a transaction's subscription"
  static let usage = AutoRenewCommand.usage(name, true)
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    try await AutoRenewCommand.run(true, name, arguments, context)
  }
}
