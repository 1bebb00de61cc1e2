/// `export-pdf TRIP`: the trip detail's PDF button, a Pro feature.
enum ExportPDFCommand: AppScreenCommand {
  static let name = "export-pdf"
  static let summary = "Export a saved trip as a PDF (Pro; free opens the paywall)"
  static let positionals = ["TRIP"]
  static let details = """
    Taps the PDF button of the saved trip TRIP. It wears a [PRO] badge for a free customer,
    whose tap opens the paywall (exit 0); a Pro customer exports the itinerary.

    \(optionsSection(column: 19))

    Exits 1 when no trip of that name is saved.

    EXAMPLES:
      sportstime-store export-pdf "Boston to New York"
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let trip = try arguments.single("a saved trip's name")
    try await AppCommand.run(arguments, context) { app in app.exportPDF(trip: trip) }
  }
}
