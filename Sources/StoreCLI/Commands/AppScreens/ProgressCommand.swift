/// `progress [upgrade]`: the Progress tab, locked for free customers.
enum ProgressCommand: AppScreenCommand {
  static let name = "progress"
  static let summary = "The Progress tab (locked for free users): upgrade"
  static let positionals = ["[upgrade]"]
  static let details = """
    Shows the Progress tab: progress for a Pro customer; for a free customer, the locked
    screen (the feature's name and description, "Upgrade to Pro").

    ACTIONS:
      (none)            show the tab
      upgrade           tap "Upgrade to Pro" on the locked screen: opens the paywall

    \(optionsSection(column: 19))

    Exits 1 for 'upgrade' when the tab is not locked (the customer has Pro).

    EXAMPLES:
      sportstime-store progress
      sportstime-store progress upgrade && sportstime-store paywall subscribe
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let (action, _) = try AppCommand.subAction(arguments, ["upgrade": 0])
    try await AppCommand.run(arguments, context) { app in
      action == "upgrade" ? app.upgradeFromProgress() : app.progress()
    }
  }
}
