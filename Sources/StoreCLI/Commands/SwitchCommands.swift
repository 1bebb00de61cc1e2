import Foundation
import LocalAppStore
import StoreModel

/// `NAME on|off` for each switch of ``EmulatorSwitch/all``: `ask-to-buy`, `billing-issue`,
/// `grace-period`. The table gives the name, the help and the key; this file gives the rest.
enum SwitchCommand {
  /// The command of `emulatorSwitch`.
  static func entry(_ emulatorSwitch: EmulatorSwitch) -> CommandEntry {
    CommandEntry(
      name: emulatorSwitch.name, summary: emulatorSwitch.summary,
      usage: usage(emulatorSwitch)
    ) { arguments, context throws(CLIError) in
      try await run(emulatorSwitch, arguments, context)
    }
  }

  /// The commands of the switches of ``EmulatorSwitch/all`` other than `listed` (which the
  /// registry places itself), in the table's order: a switch added to the table is a command
  /// without a line here or in the registry.
  static func entries(after listed: [EmulatorSwitch]) -> [CommandEntry] {
    EmulatorSwitch.all.filter { !listed.contains($0) }.map(entry)
  }

  /// The help of `emulatorSwitch`'s command.
  static func usage(_ emulatorSwitch: EmulatorSwitch) -> String {
    """
    USAGE: sportstime-store \(emulatorSwitch.name) on|off [--state PATH] [--json]

    \(emulatorSwitch.help)

    \(Emulator.optionsSection(perAccount: false))

    EXAMPLES:
      sportstime-store \(emulatorSwitch.name) on
    """
  }

  static func run(
    _ emulatorSwitch: EmulatorSwitch, _ arguments: ParsedArguments, _ context: CommandContext
  ) async throws(CLIError) {
    let on = try Emulator.switchValue(arguments)
    let store = try Emulator.openStore(arguments, context, emulatorSwitch.name)
    try await Emulator.perform { () throws(LocalAppStoreError) in
      try await store.set(emulatorSwitch, on)
    }
    try SwitchOutput.print(emulatorSwitch.name, on, arguments, context)
  }
}

/// The output of the on/off commands.
enum SwitchOutput {
  static func print(
    _ name: String, _ on: Bool, _ arguments: ParsedArguments, _ context: CommandContext
  ) throws(CLIError) {
    if arguments.json {
      try context.writeJSON([name: on])
    } else {
      context.out("\(name) is \(on ? "on" : "off").")
    }
  }
}

/// `device-timing on|off`.
enum DeviceTimingCommand: CLICommand {
  static let name = "device-timing"
  static let summary = "Keep real StoreKit's lags and empty answers (on) or answer at once (off)"
  static let usage = """
    USAGE: sportstime-store device-timing on|off [--state PATH] [--json]

    On (the default after reset): a purchase or an approval is missed by the next read of the
    launch that made it, a renewal made by 'advance' by the next launch's first read, a read in
    a cancelled task answers nothing, and unfinished transactions go to a launch's first
    listener only, as on a device. Off: the store answers at once.

    \(Emulator.optionsSection(perAccount: false))

    EXAMPLES:
      sportstime-store device-timing off
    """

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let on = try Emulator.switchValue(arguments)
    let store = try Emulator.openStore(arguments, context, name)
    try await Emulator.perform { () throws(LocalAppStoreError) in
      try await store.setDeviceTiming(on ? .device : .polite)
    }
    try SwitchOutput.print(name, on, arguments, context)
  }
}
