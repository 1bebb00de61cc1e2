/// The options every emulator command lists in its help: `--account` (for a command that acts
/// as a customer), `--state` and `--json`.
package enum EmulatorOptions {
  /// The global options an emulator command lists: `--account` (for a command that acts as a
  /// customer), `--state` and `--json`.
  package static func global(perAccount: Bool) -> [OptionSpec] {
    (perAccount ? [account] : []) + [.state, .json()]
  }

  /// `--account NAME` as the emulator commands explain it.
  static let account = OptionSpec.account(
    "act as this customer (default: purchaser; family members by name)")
}

/// A command that acts as one customer of the state, the one of `--account`: its help lists
/// `--account` before `--state` and `--json`.
protocol CustomerCommand: CLICommand {}

extension CustomerCommand {
  static var globalOptions: [OptionSpec] { EmulatorOptions.global(perAccount: true) }
}
