/// A command of `sportstime-store`: one file per command in `Commands/`.
protocol CLICommand: Sendable {
  /// The word that selects the command: `products`, `buy`.
  static var name: String { get }
  /// One line for the tool's `--help`.
  static var summary: String { get }
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
}
