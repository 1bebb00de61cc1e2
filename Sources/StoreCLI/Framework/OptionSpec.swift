/// An option a command accepts, with the words its help shows.
///
/// A command declares each option once, here, and the parser, the synopsis that opens its help
/// (``CommandEntry/synopsis``) and the OPTIONS section of its help
/// (``OptionSpec/helpSection(_:column:)``) all read that declaration, so that they cannot drift
/// apart.
package struct OptionSpec: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    /// `--sticky`: present or not.
    case flag
    /// `--storekit FILE` or `--storekit=FILE`, at most once.
    case value
    /// `--root CERT`, any number of times.
    case repeated
  }

  /// How the synopsis writes the option.
  package enum Placement: Sendable, Hashable {
    /// `[--name VALUE]`: the command runs without it.
    case optional
    /// `--name VALUE`: its line of the synopsis needs it.
    case required
    /// `[--other X [--name VALUE]]`: it goes with `--other` only, so it is written inside that
    /// option's brackets.
    case within(String)
    /// `[--other X | --name VALUE]`: it goes instead of `--other`, in the same brackets.
    case alternative(to: String)
  }

  /// The option's name without dashes.
  package let name: String
  let kind: Kind
  /// The placeholder of the value in the help (`FILE`); `nil` for a flag.
  package let valueName: String?
  /// What the option does, for the help; lines after the first continue under it, aligned.
  package let help: String
  /// How the synopsis writes the option: optional, unless its declaration says otherwise.
  package var placement = Placement.optional
  /// The positionals of the synopsis line that shows the option (one of the command's
  /// ``CLICommand/positionals``); `nil` for the first line. An option written ``Placement/within(_:)``
  /// or as an ``Placement/alternative(to:)`` goes where the other option goes.
  package var line: String?

  /// A flag: `--name`.
  package static func flag(_ name: String, help: String = "") -> OptionSpec {
    OptionSpec(name: name, kind: .flag, valueName: nil, help: help)
  }
  /// An option with one value: `--name VALUE`.
  package static func value(_ name: String, _ valueName: String = "VALUE", help: String = "")
    -> OptionSpec
  {
    OptionSpec(name: name, kind: .value, valueName: valueName, help: help)
  }
  /// An option that may repeat: `--name VALUE ...`.
  package static func repeated(_ name: String, _ valueName: String = "VALUE", help: String = "")
    -> OptionSpec
  {
    OptionSpec(name: name, kind: .repeated, valueName: valueName, help: help)
  }

  /// How the option is written in the help: `--storekit FILE`.
  package var label: String { valueName.map { "--\(name) \($0)" } ?? "--\(name)" }

  /// The same option with another help text (the global options say what they do for each
  /// command).
  func helping(_ help: String) -> OptionSpec {
    OptionSpec(
      name: name, kind: kind, valueName: valueName, help: help, placement: placement, line: line)
  }

  /// The same option, which the synopsis line of `line` (default: the first) needs.
  package func required(on line: String? = nil) -> OptionSpec {
    placed(.required, on: line)
  }
  /// The same option, optional on the synopsis line of `line` rather than on the first.
  package func optional(on line: String) -> OptionSpec {
    placed(.optional, on: line)
  }
  /// The same option, which goes with `--option` only: the synopsis writes it inside that
  /// option's brackets.
  package func within(_ option: String) -> OptionSpec {
    placed(.within(option), on: nil)
  }
  /// The same option, which goes instead of `--option`: the synopsis writes the two in one pair
  /// of brackets.
  package func alternative(to option: String) -> OptionSpec {
    placed(.alternative(to: option), on: nil)
  }

  private func placed(_ placement: Placement, on line: String?) -> OptionSpec {
    var option = self
    option.placement = placement
    option.line = line
    return option
  }

  // MARK: - The global options

  /// `--json`, with what the command prints.
  static func json(_ help: String = "machine-readable output") -> OptionSpec {
    .flag("json", help: help)
  }
  /// `--help`.
  static let help = OptionSpec.flag("help", help: "help for the tool or a command")
  /// `--state PATH`.
  static let state = OptionSpec.value(
    "state", "PATH",
    help: "the state file (default: $SPORTSTIME_STORE_STATE,\nelse .sportstime-store/state.sqlite)"
  )
  /// `--account NAME`, with what the account is to the command.
  static func account(_ help: String) -> OptionSpec { .value("account", "NAME", help: help) }

  /// The options every command accepts, with the help the tool's own `--help` gives them.
  package static let global: [OptionSpec] = [
    .json("machine-readable output (stable keys)"),
    .state.helping(
      "the local App Store's state file (default: $SPORTSTIME_STORE_STATE,\n"
        + "else .sportstime-store/state.sqlite)"),
    .account("the emulated customer (default: the purchaser)"),
    .help,
  ]

  // MARK: - Help

  /// The rows of an OPTIONS section: each option's label indented by two, its help starting
  /// at `column` (counted after the indent; at least two spaces after a longer label), each
  /// further line of the help aligned under the first.
  package static func helpRows(_ options: [OptionSpec], column: Int) -> String {
    var lines: [String] = []
    for option in options {
      let parts = option.help.split(separator: "\n", omittingEmptySubsequences: false)
      let label = option.label
      let padding = String(repeating: " ", count: max(2, column - label.count))
      lines.append("  " + label + padding + (parts.first.map(String.init) ?? ""))
      for part in parts.dropFirst() {
        lines.append(String(repeating: " ", count: 2 + column) + part)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// A command's OPTIONS section: the header, then ``helpRows(_:column:)``.
  package static func helpSection(_ options: [OptionSpec], column: Int = 20) -> String {
    "OPTIONS:\n" + helpRows(options, column: column)
  }
}
