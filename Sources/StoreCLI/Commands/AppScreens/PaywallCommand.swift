/// `paywall [select PLAN | subscribe | restore | close | retry]`: the paywall sheet.
enum PaywallCommand: AppScreenCommand {
  static let name = "paywall"
  static let summary = "The paywall: select PLAN, subscribe, restore, close, retry"
  static let positionals = ["[ACTION]"]
  static let details = """
    Shows the open paywall (or opens it, as the settings' "Upgrade to Pro" does), or taps on
    it: the plans with their prices from the catalog (Annual selected, its per-month price and
    "Save N%" computed), "Subscribe Now", "Restore Purchases", the legal line and links.

    ACTIONS:
      (none)            show the paywall
      select PLAN       pick a plan: monthly, annual, or a product id
      subscribe         "Subscribe Now": buy the selected plan; a purchase closes the paywall
      restore           "Restore Purchases": closes the paywall when Pro is found, else says
                        "No active subscription found."
      close             the close button
      retry             "Try Again" when the plans did not load

    \(optionsSection(column: 19))

    Exits 1 when the customer has Pro (no paywall shows), no paywall is open to close, the plans
    are not loaded (select, subscribe) or did not load again (retry), or the purchase or restore
    failed or was cancelled. Ask to Buy leaves the purchase pending (exit 0): approve it with
    'sportstime-store approve TX'.

    EXAMPLES:
      sportstime-store paywall
      sportstime-store paywall select monthly
      sportstime-store paywall subscribe
      sportstime-store paywall retry
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let (action, rest) = try AppCommand.subAction(
      arguments, ["select": 1, "subscribe": 0, "restore": 0, "close": 0, "retry": 0])
    try await AppCommand.run(arguments, context) { app throws(CLIError) in
      switch action {
      case "select"?: return app.selectPlan(try AppCommand.productID(forPlan: rest[0], in: app))
      case "subscribe"?: return await app.subscribe()
      case "restore"?: return await app.restore()
      case "close"?: return app.closePaywall()
      case "retry"?:
        let shown = app.showPaywall()
        guard shown.failure == nil else { return shown }
        return await app.retryLoadingProducts(on: .paywall)
      default: return app.showPaywall()
      }
    }
  }
}
