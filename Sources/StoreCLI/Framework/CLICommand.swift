/// A command of `sportstime-store`: one file per command in `Commands/`, in a folder by its
/// ``CommandTopic`` (`help` and `demo` at the top; `Support/` holds what commands share and the
/// switch commands, which one table makes).
protocol CLICommand: Sendable {
  /// The word that selects the command: `products`, `buy`.
  static var name: String { get }
  /// One line for the tool's `--help`.
  static var summary: String { get }
  /// The heading `--help` lists the command under, and whether the command may change the
  /// state of `--state`: every command says so where it is declared.
  static var traits: CommandTraits { get }
  /// Whether the tool posts due notifications after this run (by default: when the command
  /// ``CommandTraits/changesState``).
  static func postsNotifications(after arguments: ParsedArguments) -> Bool
  /// The command's full help: synopsis, options, examples.
  static var usage: String { get }
  /// The command's own options; `--json`, `--help`, `--state` and `--account` are global.
  static var options: [OptionSpec] { get }
  /// Runs the command.
  /// - Throws: ``CLIError`` for bad usage (exit 2) or a refused or failed operation (exit 1).
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError)
}

extension CLICommand {
  static var options: [OptionSpec] { [] }

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
