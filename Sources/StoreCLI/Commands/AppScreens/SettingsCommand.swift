/// `settings [upgrade | restore | manage]`: the Settings tab's subscription section.
enum SettingsCommand: AppScreenCommand {
  static let name = "settings"
  static let summary = "The Settings tab's subscription section: upgrade, restore, manage"
  static let positionals = ["[ACTION]"]
  static let details = """
    Shows the "Subscription" section of the settings. Pro: "SportsTime Pro", "Active
    subscription", the renewal or expiry date, "Manage Subscription". Free: "Upgrade to Pro"
    (unlimited trips, PDF export, progress tracking) and "Restore Purchases".

    ACTIONS:
      (none)            show the section
      upgrade           "Upgrade to Pro": opens the paywall (free)
      restore           "Restore Purchases" (AppStore.sync, then the entitlements)
      manage            "Manage Subscription": where it leads (Pro)

    \(optionsSection(column: 19))

    Exits 1 when the action does not apply (upgrade for Pro, manage for free) or the restore
    failed.

    EXAMPLES:
      sportstime-store settings
      sportstime-store settings restore
      sportstime-store settings upgrade && sportstime-store paywall select monthly
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let (action, _) = try AppCommand.subAction(
      arguments, ["upgrade": 0, "restore": 0, "manage": 0])
    try await AppCommand.run(arguments, context) { app in
      switch action {
      case "upgrade"?: app.upgradeFromSettings()
      case "restore"?: await app.restoreFromSettings()
      case "manage"?: app.manageSubscription()
      default: app.settings()
      }
    }
  }
}
