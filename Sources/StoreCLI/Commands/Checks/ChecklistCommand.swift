/// `checklist`: the manual testing checklist of SportsTime Pro's plan (``ManualChecklist``; the
/// SportsTimePro article `ThePlan`, part 14), run automatically.
enum ChecklistCommand: CLICommand {
  static let name = "checklist"
  static let summary = "Run the plan's 16-item testing checklist on a fresh temporary state"
  static let globalOptions = [OptionSpec.json("the items as JSON (number, title, passed, saw)")]
  static let details = """
    Runs the manual testing checklist of the In-App Purchase plan, item by item, each on a
    fresh in-memory local App Store (your state file is not touched): the app launches, the
    onboarding and the paywall show the plan's words and prices, a purchase goes through with
    a signed and verified transaction, the gates open and close, and Restore Purchases works.
    Prints one line per item, PASS or FAIL with what it saw, then a summary.

    \(optionsSection(column: 19))

    Exits 1 when an item fails.

    EXAMPLES:
      sportstime-store checklist
      sportstime-store checklist --json
    """

  struct Output: Encodable {
    var items: [Checklist.Result]
    var passed: Int
    var failed: Int
  }
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    guard arguments.positionals.isEmpty else {
      throw .usage("unexpected argument '\(arguments.positionals[0])'")
    }
    let results = try await Checklist.run()
    let passed = results.filter(\.passed).count
    let failed = results.count - passed
    if arguments.json {
      try context.writeJSON(Output(items: results, passed: passed, failed: failed))
    } else {
      for result in results { context.out(result.line) }
      context.out("\(passed) passed, \(failed) failed")
    }
    if failed > 0 { throw .exitCode(1) }
  }

  static let traits = CommandTraits.readsOnly(under: .checks)
}
