import Foundation

/// The `sportstime-store` command-line tool: the catalog, signed data, the local App Store and
/// the app's screens from a terminal.
package enum StoreCLI {
  /// The tool's name as users type it.
  package static let toolName = "sportstime-store"

  /// Runs the tool with `arguments` (without the program name) and returns its exit code:
  /// 0 success, 1 refused or failed, 2 bad usage.
  package static func run(_ arguments: [String], context: CommandContext) async -> Int32 {
    guard let first = arguments.first else {
      context.err(overview)
      return 2
    }
    if first == "--help" || first == "-h" {
      context.out(overview)
      return 0
    }
    if first == "--version" {
      context.out("\(toolName) \(version)")
      return 0
    }
    guard let command = CommandRegistry.command(named: first) else {
      context.err("\(toolName): unknown command '\(first)'; see '\(toolName) --help'")
      return 2
    }
    do throws(CLIError) {
      let parsed = try ParsedArguments.parse(
        Array(arguments.dropFirst()), specs: OptionSpec.global + command.options)
      if parsed.flag("help") {
        context.out(command.usage)
        return 0
      }
      try await command.run(parsed, context)
      if command.postsNotifications(parsed) {
        await NotificationsCommand.deliverDue(parsed, context)
      }
      return 0
    } catch {
      switch error {
      case .usage(let reason):
        context.err(
          "\(toolName) \(command.name): \(reason); see '\(toolName) \(command.name) --help'")
      case .failure(let reason):
        context.err("\(toolName): \(reason)")
      case .exitCode:
        break
      }
      return error.exitCode
    }
  }

  /// The tool's version, which `--version` prints.
  package static let version = "0.1.0"

  /// The tool's help: what it is and its commands.
  static var overview: String {
    var width = 0
    for command in CommandRegistry.all { width = max(width, command.name.count) }
    var sections: [String] = []
    for topic in CommandTopic.allCases {
      let commands = CommandRegistry.commands(in: topic)
      guard !commands.isEmpty else { continue }
      var lines = [topic.heading + ":"]
      for command in commands {
        let padding = String(repeating: " ", count: width + 2 - command.name.count)
        lines.append("  " + command.name + padding + command.summary)
      }
      sections.append(lines.joined(separator: "\n"))
    }
    return """
      USAGE: \(toolName) COMMAND [OPTIONS]

      SportsTime Store: the SportsTime Pro catalog, App Store signed data, a local App Store
      with real signed transactions, and the app's screens, from a terminal.

      \(sections.joined(separator: "\n\n"))

      GLOBAL OPTIONS:
      \(OptionSpec.helpRows(OptionSpec.global, column: 17))

      EXIT CODES: 0 ok, 1 refused or failed (reason on stderr), 2 bad usage.
      """
  }
}
