import Foundation
import LocalAppStore
import StoreModel

/// `reset-to-default`: the switches and faults go back to the `.storekit` file's.
enum ResetToDefaultCommand: CLICommand {
  static let name = "reset-to-default"
  static let summary = "Revert switches, rate and faults to the catalog's (resetToDefaultState)"
  static let details = """
    Reverts the switches, the time rate, the storefront and the simulated errors to those of
    the .storekit file the state was reset with, as SKTestSession.resetToDefaultState() does.
    Transactions stay: 'clear-transactions' removes them.

    \(optionsSection())

    EXAMPLES:
      sportstime-store reset-to-default
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    guard arguments.positionals.isEmpty else {
      throw .usage("unexpected argument '\(arguments.positionals[0])'")
    }
    let settings = try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.resetToDefaultState()
      return try await store.settings()
    }
    try context.answer(arguments, json: settings, text: "Settings reverted to the catalog's.")
  }

  static let traits = CommandTraits.changesState(under: .store)
}
