import Foundation
import StoreCLI
import Testing

/// The `USAGE:` synopsis each command's help opens with, made from its positionals, its option
/// table and the global options it lists, never written by hand.
@Suite struct SynopsisTests {
  @Test("every command's help opens with its synopsis, the only USAGE: in it")
  func helpOpensWithTheSynopsis() async {
    for command in CommandRegistry.all {
      let context = CommandContext.capturing()
      #expect(await StoreCLI.run([command.name, "--help"], context: context) == 0)
      let help = context.capturedOutput
      #expect(help.hasPrefix(command.synopsis + "\n\n"), "\(command.name)")
      #expect(help.components(separatedBy: "USAGE:").count == 2, "\(command.name): one USAGE:")
      let firstParagraph = command.details.components(separatedBy: "\n\n")[0]
      let synopsisByHand = firstParagraph.split(separator: "\n").contains { line in
        line.trimmingCharacters(in: .whitespaces).hasPrefix("\(StoreCLI.toolName) \(command.name) ")
          && line.contains("[--")
      }
      #expect(!synopsisByHand, "\(command.name): a synopsis written by hand in the help")
    }
  }

  /// Once, beside the lines whose words name it (`buy PRODUCT_ID --promo-offer ID …`, the line
  /// of a form that needs it).
  @Test("every option of a command's table is in its synopsis once, each global one on every line")
  func everyOptionIsInTheSynopsis() {
    for command in CommandRegistry.all {
      let words = command.synopsis.split { " \n[]".contains($0) }.map(String.init)
      let lines = command.positionals.count
      func named(_ option: OptionSpec) -> Int {
        command.positionals.filter { $0.split(separator: " ").contains("--\(option.name)") }.count
      }
      for (option, times) in command.options.map({ ($0, 1 + named($0)) })
        + command.globalOptions.map({ ($0, lines) })
      {
        let at = words.indices.filter { words[$0] == "--" + option.name }
        #expect(at.count == times, "\(command.name): --\(option.name), \(times) times")
        if let index = at.first, let valueName = option.valueName {
          #expect(words.dropFirst(index + 1).first == valueName, "\(command.name): \(option.label)")
        }
      }
    }
  }

  @Test("the OPTIONS section lists the same options as the synopsis, own ones first")
  func optionsSectionMatchesTheSynopsis() {
    for command in CommandRegistry.all {
      let listed = command.options + command.globalOptions
      guard !listed.isEmpty else { continue }
      let section = (0...40).map { OptionSpec.helpSection(listed, column: $0) }
      #expect(
        section.contains { command.details.contains($0 + "\n") }, "\(command.name)")
    }
  }

  @Test("each option's line is one of its command's, and what it goes with is in its table")
  func placementsNameWhatTheCommandHas() {
    for command in CommandRegistry.all {
      let names = command.options.map(\.name)
      for option in command.options {
        if let line = option.line {
          #expect(command.positionals.contains(line), "\(command.name) --\(option.name): \(line)")
        }
        switch option.placement {
        case .optional, .required:
          break
        case .within(let other), .alternative(to: let other):
          #expect(names.contains(other), "\(command.name) --\(option.name): --\(other)")
          #expect(option.line == nil, "\(command.name) --\(option.name) goes where --\(other) goes")
        }
      }
    }
  }

  @Test("every synopsis line fits the width")
  func linesFit() {
    for command in CommandRegistry.all {
      for line in command.synopsis.split(separator: "\n") {
        #expect(line.count <= CommandEntry.synopsisWidth, "\(command.name): \(line)")
      }
    }
  }

  @Test("a synopsis writes each placement, a line per positionals, and wraps under the command")
  func writesEachPlacement() {
    let command = CommandEntry(
      name: "try", summary: "", topic: .store, changesState: false,
      positionals: ["ITEM", "", "add"],
      options: [
        .value("offer", "ID"),
        .flag("jws").within("offer"),
        .value("other", "ID").alternative(to: "offer"),
        .repeated("root", "CERT"),
        .value("days", "N").required(),
        .flag("catalog").required(on: ""),
        .value("key", "FILE").required(on: "add"),
        .value("note", "TEXT").optional(on: "add"),
      ],
      globalOptions: EmulatorOptions.global(perAccount: true), details: "Tries."
    ) { _, _ throws(CLIError) in }
    #expect(
      command.synopsis == """
        USAGE: sportstime-store try ITEM [--offer ID [--jws] | --other ID] [--root CERT ...]
                                    --days N [--account NAME] [--state PATH] [--json]
               sportstime-store try --catalog [--account NAME] [--state PATH] [--json]
               sportstime-store try add --key FILE [--note TEXT] [--account NAME] [--state PATH]
                                    [--json]
        """)
    #expect(command.usage == command.synopsis + "\n\nTries.")
  }
}
