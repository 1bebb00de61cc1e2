import Foundation

/// `save-trip NAME`: the trip detail's save, gated by the free trip limit.
enum SaveTripCommand: AppScreenCommand {
  static let name = "save-trip"
  static let summary = "Save a trip (free accounts save 1; then the paywall opens)"
  static let positionals = ["NAME"]
  static let details = """
    Saves the trip NAME, as the trip detail's save button does. A free customer who already
    holds 1 saved trip gets the paywall instead (exit 0: that is the app working). A customer
    whose Pro lapsed keeps every saved trip; only new saves are gated.

    \(optionsSection(column: 19))

    Exits 1 when a trip of that name is already saved.

    EXAMPLES:
      sportstime-store save-trip "Boston to New York"
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let name = try arguments.single("a trip name")
    guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw .usage("the trip name is empty")
    }
    try await AppCommand.run(arguments, context) { app in app.saveTrip(named: name) }
  }
}
