import Foundation
import LocalAppStore
import StoreCLI
import Testing

/// The commands made from tables: each option declared once with its help, each switch of
/// `EmulatorSwitch.all` a command and a part of `status`.
@Suite struct CommandTableTests {
  @Test("every option a command parses is in its help, with the help it is declared with")
  func declaredOptionsAreInTheHelp() {
    for command in CommandRegistry.all {
      for option in command.options {
        let firstLine = option.help.split(separator: "\n").first.map(String.init) ?? ""
        #expect(!firstLine.isEmpty, "\(command.name) --\(option.name) has no help")
        let row = command.usage.split(separator: "\n").first {
          $0.hasPrefix("  " + option.label + " ")
        }
        #expect(row?.hasSuffix(firstLine) == true, "\(command.name): \(option.label)")
      }
    }
  }

  @Test("the OPTIONS rows align every help line at the column, two spaces after a long label")
  func helpRows() {
    let rows = OptionSpec.helpRows(
      [
        .value("storekit", "FILE", help: "first\nsecond"),
        .flag("a-very-long-option-name", help: "text"),
      ], column: 12)
    #expect(
      rows == """
          --storekit FILE  first
                      second
          --a-very-long-option-name  text
        """)
  }

  @Test("each switch of the table is a command whose value status shows, text and JSON")
  func everySwitchIsACommand() async throws {
    for emulatorSwitch in EmulatorSwitch.all {
      let session = try EmulatorSession()
      defer { session.remove() }
      #expect(await session.reset() == 0)
      let help = await session.run(emulatorSwitch.name, "--help")
      #expect(help.out.contains(emulatorSwitch.help), "\(emulatorSwitch.name)")
      if let sessionName = emulatorSwitch.sessionName {
        #expect(help.out.contains("SKTestSession.\(sessionName)"), "\(emulatorSwitch.name)")
      }
      let on = await session.run(emulatorSwitch.name, "on")
      #expect(on.code == 0 && on.out == "\(emulatorSwitch.name) is on.\n")
      let text = await session.run("status").out
      #expect(text.contains("\(emulatorSwitch.name) on"), "\(emulatorSwitch.name)")
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(await session.run("status", "--json").out.utf8))
          as? [String: Any])
      let settings = try #require(json["settings"] as? [String: Any])
      #expect(settings[emulatorSwitch.key] as? Bool == true, "\(emulatorSwitch.key)")
      #expect(await session.run(emulatorSwitch.name, "off", "--json").out.contains("false"))
    }
  }

  @Test("a state written before a switch existed reads the switch's default")
  func missingSwitchKeyReadsTheDefault() throws {
    let stored = Data(
      #"{"timeRate":0,"storefront":"USA","bundleID":"com.sportstime.app","askToBuyEnabled":true}"#
        .utf8)
    let settings = try JSONDecoder().decode(EmulatorSettings.self, from: stored)
    #expect(settings.askToBuyEnabled)
    for emulatorSwitch in EmulatorSwitch.all where emulatorSwitch != .askToBuy {
      #expect(settings[emulatorSwitch] == emulatorSwitch.defaultValue)
    }
    #expect(settings == EmulatorSettings(askToBuyEnabled: true))
  }

  @Test("switch names and state keys are unique")
  func uniqueNames() {
    #expect(Set(EmulatorSwitch.all.map(\.name)).count == EmulatorSwitch.all.count)
    #expect(Set(EmulatorSwitch.all.map(\.key)).count == EmulatorSwitch.all.count)
    let commands = CommandRegistry.all.map(\.name)
    #expect(Set(commands).count == commands.count)
  }
}
