import Foundation

/// `demo`: the guided tour.
enum DemoCommand: CLICommand {
  static let name = "demo"
  static let summary = "A guided tour: free → Pro → renewal → refund → lapsed (start here)"
  static let globalOptions = [
    OptionSpec.state.helping("run on (and reset) this state file"),
    .json("the story's parts as JSON (title, lines)"),
  ]
  static let details = """
    Tells the story of a free customer in under a minute of reading: the onboarding paywall,
    the Pro gates (a second trip, PDF export, the Progress tab), a purchase with a signed and
    verified transaction, a renewal a month later (time travel), a refund that turns Pro off
    while the app runs, and a lapsed customer who keeps every saved trip. Deterministic: the
    store's clock starts on 2026-03-01.

    It runs on a throwaway in-memory state; with --state PATH it resets that state instead and
    leaves the story's end there, to go on with other commands.

    \(optionsSection(column: 19))

    EXAMPLES:
      sportstime-store demo
      sportstime-store demo --state /tmp/demo.sqlite && sportstime-store settings --state /tmp/demo.sqlite
    """

  struct Output: Encodable {
    var introduction: [String]
    var beats: [DemoStory.Beat]
    var conclusion: [String]
  }
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    guard arguments.positionals.isEmpty else {
      throw .usage("unexpected argument '\(arguments.positionals[0])'")
    }
    var path = ":memory:"
    if let state = arguments.value("state") {
      path = context.resolve(state).path
      try? FileManager.default.createDirectory(
        at: URL(fileURLWithPath: path).deletingLastPathComponent(),
        withIntermediateDirectories: true)
    }
    let beats = try await tell(at: path)
    if arguments.json {
      try context.writeJSON(
        Output(
          introduction: DemoStory.introduction, beats: beats, conclusion: DemoStory.conclusion))
      return
    }
    for line in DemoStory.introduction { context.out(line) }
    for beat in beats {
      context.out("")
      context.out(beat.title)
      for line in beat.lines { context.out(line) }
    }
    context.out("")
    for line in DemoStory.conclusion { context.out(line) }
  }

  @MainActor
  private static func tell(at path: String) async throws(CLIError) -> [DemoStory.Beat] {
    let sandbox = try AppSandbox.fresh(at: path, start: DemoStory.start)
    var story = DemoStory(sandbox: sandbox)
    try await story.tell()
    if let failure = sandbox.data.writeFailure { throw .failure(failure) }
    return story.beats
  }

  static let traits = CommandTraits.changesState(under: .start)
}
