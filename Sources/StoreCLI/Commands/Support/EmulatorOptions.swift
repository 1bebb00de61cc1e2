/// The options every emulator command lists in its help: `--account` (for a command that acts
/// as a customer), `--state` and `--json`.
enum EmulatorOptions {
  /// The OPTIONS section of an emulator command's help: its own options, then the global ones.
  ///
  /// A help text of several lines continues under the first, aligned.
  static func helpSection(_ own: [OptionSpec] = [], perAccount: Bool) -> String {
    OptionSpec.helpSection(own + global(perAccount: perAccount))
  }

  /// The global options an emulator command lists: `--account` (for a command that acts as a
  /// customer), `--state` and `--json`.
  static func global(perAccount: Bool) -> [OptionSpec] {
    (perAccount ? [account] : []) + [.state, .json()]
  }

  /// `--account NAME` as the emulator commands explain it.
  static let account = OptionSpec.account(
    "act as this customer (default: purchaser; family members by name)")
}
