import StoreCLI
import Testing

/// The app commands' help: the same sections, in the same order, as every command's.
@Suite("The app commands' help")
struct AppCommandHelpTests {
  @Test(
    "USAGE, a description, OPTIONS and EXAMPLES, each section after a blank line",
    arguments: [
      "launch", "onboarding", "paywall", "save-trip", "export-pdf", "progress", "settings",
      "checklist", "demo",
    ])
  func sections(name: String) async throws {
    let command = try #require(CommandRegistry.all.first { $0.name == name })
    let context = CommandContext.capturing()
    #expect(await StoreCLI.run([name, "--help"], context: context) == 0)
    let lines = context.capturedOutput.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(lines.first?.hasPrefix("USAGE: sportstime-store \(name)") == true)
    #expect(lines.count > 3 && lines[1].isEmpty && !lines[2].isEmpty, "a description follows")
    let headers = lines.indices.filter { index in
      let line = lines[index]
      return line.hasSuffix(":") && !line.hasPrefix(" ") && line == line.uppercased()
    }
    let names = headers.map { lines[$0] }
    #expect(names.filter { $0 != "ACTIONS:" } == ["OPTIONS:", "EXAMPLES:"])
    for header in headers {
      #expect(lines[header - 1].isEmpty, "a blank line before \(lines[header])")
    }
    for line in lines where line.hasPrefix("Exits ") {
      let index = try #require(lines.firstIndex(of: line))
      #expect(lines[index - 1].isEmpty, "a blank line before the exit codes")
    }
    let options = try #require(lines.firstIndex(of: "OPTIONS:"))
    let examples = try #require(lines.firstIndex(of: "EXAMPLES:"))
    let optionLines = lines[options..<examples]
    #expect(optionLines.contains { $0.hasPrefix("  --json ") })
    for option in command.options.map(\.name) {
      #expect(optionLines.contains { $0.hasPrefix("  --\(option)") }, "--\(option) is explained")
    }
    let exampleLines = lines[(examples + 1)...].filter { !$0.isEmpty }
    #expect(!exampleLines.isEmpty)
    for example in exampleLines {
      #expect(example.hasPrefix("  sportstime-store "))
      #expect(example.contains("sportstime-store \(name)"))
    }
  }
}
