/// `help [COMMAND]`: the tool's or a command's help.
enum HelpCommand: CLICommand {
  static let name = "help"
  static let summary = "Show the tool's help, or a command's"
  static let positionals = ["[COMMAND]"]
  static let globalOptions: [OptionSpec] = []
  static let details = """
    Shows what the tool does and its commands, or the full help of COMMAND
    (the same as 'sportstime-store COMMAND --help').
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    switch arguments.positionals.count {
    case 0:
      context.out(StoreCLI.overview)
    case 1:
      guard let command = CommandRegistry.command(named: arguments.positionals[0]) else {
        throw .usage("unknown command '\(arguments.positionals[0])'")
      }
      context.out(command.usage)
    default:
      throw .usage("expected at most one command name")
    }
  }

  static let traits = CommandTraits.readsOnly(under: .start)
}
