/// `onboarding [next | select PLAN | subscribe | continue-free | retry]`: the first-launch upsell.
enum OnboardingCommand: AppScreenCommand {
  static let name = "onboarding"
  static let summary = "The onboarding paywall: next, select PLAN, subscribe, continue-free…"
  static let positionals = ["[ACTION]"]
  static let details = """
    Shows the onboarding paywall's current page, or taps on it. It shows once, on first launch,
    never to a Pro customer: three feature pages, then "Choose Your Plan" (Annual first, "BEST").

    ACTIONS:
      (none)            show the current page
      next              "Next": the next page
      select PLAN       pick a plan on the pricing page: annual, monthly, or a product id
      subscribe         "Subscribe" on the pricing page: buy the selected plan (Annual unless
                        another was picked); a purchase, or an Ask to Buy request, marks the
                        onboarding seen
      continue-free     "Continue with Free": close it for good
      retry             "Try Again" on the pricing page when the plans did not load

    \(optionsSection(column: 19))

    Exits 1 when the onboarding does not show (seen, or Pro), 'next' is past the last page, the
    plans are not loaded (select, subscribe) or did not load again (retry), or the purchase
    failed or was cancelled. Ask to Buy leaves the purchase pending (exit 0).

    EXAMPLES:
      sportstime-store onboarding next
      sportstime-store onboarding select monthly
      sportstime-store onboarding subscribe
      sportstime-store onboarding continue-free
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let (action, rest) = try AppCommand.subAction(
      arguments,
      ["next": 0, "select": 1, "subscribe": 0, "continue-free": 0, "retry": 0])
    try await AppCommand.run(arguments, context) { app throws(CLIError) in
      switch action {
      case "next"?: return await app.nextOnboardingPage()
      case "select"?:
        return app.selectOnboardingPlan(try AppCommand.productID(forPlan: rest[0], in: app))
      case "subscribe"?: return await app.subscribeFromOnboarding()
      case "continue-free"?: return app.continueFree()
      case "retry"?: return await app.retryOnboardingPlans()
      default: return app.showOnboarding()
      }
    }
  }
}
