/// A command of `sportstime-store`: one file per command in `Commands/`, in a folder by its
/// ``CommandTopic`` (`help` and `demo` at the top; `Support/` holds what commands share and the
/// switch commands, which one table makes).
protocol CLICommand: Sendable {
  /// The word that selects the command: `products`, `buy`.
  static var name: String { get }
  /// One line for the tool's `--help`.
  static var summary: String { get }
  /// The heading `--help` lists the command under, and whether the command may change the
  /// state of `--state`: every command says so where it is declared (an ``AppScreenCommand``
  /// by being one).
  static var traits: CommandTraits { get }
  /// Whether the tool posts due notifications after this run (by default: when the command
  /// ``CommandTraits/changesState``).
  static func postsNotifications(after arguments: ParsedArguments) -> Bool
  /// The positionals of each line of the command's synopsis, as its help writes them:
  /// `["PRODUCT_ID"]`; `["KIND", "clear"]` for two lines (by default one line without any).
  static var positionals: [String] { get }
  /// The command's own options; `--json`, `--help`, `--state` and `--account` are global.
  static var options: [OptionSpec] { get }
  /// The global options the command's help lists after its own, in its synopsis and its OPTIONS
  /// (by default `--state PATH` and `--json`; `--account` first for a ``CustomerCommand``, the
  /// app's for an ``AppScreenCommand``).
  static var globalOptions: [OptionSpec] { get }
  /// The command's help after the synopsis, which ``usage`` makes from the declarations: what
  /// it does, its OPTIONS (``optionsSection(column:)``), examples.
  static var details: String { get }
  /// Runs the command.
  /// - Throws: ``CLIError`` for bad usage (exit 2) or a refused or failed operation (exit 1).
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError)
}

extension CLICommand {
  static var positionals: [String] { [""] }
  static var options: [OptionSpec] { [] }
  static var globalOptions: [OptionSpec] { EmulatorOptions.global(perAccount: false) }

  /// The command's full help: the synopsis made from its declarations
  /// (``CommandEntry/synopsis``), then ``details``.
  static var usage: String { CommandEntry(self).usage }

  /// The OPTIONS section of the command's help: its own options, then its global ones, their
  /// help at `column`.
  static func optionsSection(column: Int = 20) -> String {
    OptionSpec.helpSection(options + globalOptions, column: column)
  }

  static func postsNotifications(after arguments: ParsedArguments) -> Bool {
    traits.changesState
  }
}

/// Where `--help` lists a command and what the command may do to the state of `--state`.
struct CommandTraits: Sendable {
  /// The heading `--help` lists the command under.
  let topic: CommandTopic
  /// Whether the command may change the state: after such a command the tool posts the server
  /// notifications its change made (`notifications url`).
  let changesState: Bool

  /// A command under `topic` that may change the state.
  static func changesState(under topic: CommandTopic) -> Self {
    Self(topic: topic, changesState: true)
  }

  /// A command under `topic` that only reads the state, or reads none.
  static func readsOnly(under topic: CommandTopic) -> Self {
    Self(topic: topic, changesState: false)
  }
}
