/// An option a command accepts.
struct OptionSpec: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    /// `--sticky`: present or not.
    case flag
    /// `--storekit FILE` or `--storekit=FILE`, at most once.
    case value
    /// `--root CERT`, any number of times.
    case repeated
  }

  /// The option's name without dashes.
  let name: String
  let kind: Kind

  /// A flag: `--name`.
  static func flag(_ name: String) -> OptionSpec { OptionSpec(name: name, kind: .flag) }
  /// An option with one value: `--name VALUE`.
  static func value(_ name: String) -> OptionSpec { OptionSpec(name: name, kind: .value) }
  /// An option that may repeat: `--name VALUE ...`.
  static func repeated(_ name: String) -> OptionSpec { OptionSpec(name: name, kind: .repeated) }

  /// The options every command accepts.
  static let global: [OptionSpec] = [
    .flag("json"), .flag("help"), .value("state"), .value("account"),
  ]
}
