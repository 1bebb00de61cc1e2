/// `launch`: opens the app afresh, as tapping its icon does.
enum LaunchCommand: AppScreenCommand {
  static let name = "launch"
  static let summary = "Open the app: the onboarding paywall on first run, else Home"
  static let details = """
    Opens the SportsTime app on the local App Store's state, as a launch does: the transaction
    listener starts, the unfinished transactions are handled, the entitlements are read (Pro or
    not, without waiting on the network), the products load, and the Home tab shows — with the
    onboarding paywall over it on first run, unless the customer has Pro. Open sheets close, as
    they do when an app is relaunched.

    The app's own data (saved trips, hasSeenOnboardingPaywall, the open screens) lives in the
    state file, beside the local App Store's ledger, one record per account.

    \(optionsSection(column: 19))

    Exits 1 when there is no state yet: run 'sportstime-store reset' first.

    EXAMPLES:
      sportstime-store reset && sportstime-store launch
      sportstime-store launch --json
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    guard arguments.positionals.isEmpty else {
      throw .usage("unexpected argument '\(arguments.positionals[0])'")
    }
    try await AppCommand.run(arguments, context, relaunching: true) { app in
      TerminalApp.Reply(surface: app.launchSurface)
    }
  }
}
