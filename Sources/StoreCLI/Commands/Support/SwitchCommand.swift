import Foundation
import LocalAppStore
import StoreModel

/// `NAME on|off` for each switch of ``EmulatorSwitch/all``: `ask-to-buy`, `billing-issue`,
/// `grace-period`. The table gives the name, the help and the key; this file gives the rest.
enum SwitchCommand {
  /// The `NAME on|off` command that turns `emulatorSwitch` on or off.
  static func entry(_ emulatorSwitch: EmulatorSwitch) -> CommandEntry {
    CommandEntry(
      name: emulatorSwitch.name, summary: emulatorSwitch.summary, topic: topic(emulatorSwitch),
      changesState: true, positionals: ["on|off"], details: details(emulatorSwitch)
    ) { arguments, context throws(CLIError) in
      try await run(emulatorSwitch, arguments, context)
    }
  }

  /// The heading `--help` lists `emulatorSwitch` under: Ask to Buy's own, interrupted
  /// purchases with the faults, the consumable history with the store, every other switch
  /// (billing, grace, intro offers) with the subscription controls.
  static func topic(_ emulatorSwitch: EmulatorSwitch) -> CommandTopic {
    switch emulatorSwitch {
    case .askToBuy: .askToBuy
    case .interruptedPurchases: .faults
    case .consumableHistory: .store
    default: .subscriptions
    }
  }

  /// The commands of the switches of ``EmulatorSwitch/all`` other than `listed` (which the
  /// registry places itself), in the table's order: a switch added to the table is a command
  /// without a line here or in the registry.
  static func entries(after listed: [EmulatorSwitch]) -> [CommandEntry] {
    EmulatorSwitch.all.filter { !listed.contains($0) }.map(entry)
  }

  /// The help of `emulatorSwitch`'s command after its synopsis.
  static func details(_ emulatorSwitch: EmulatorSwitch) -> String {
    """
    \(emulatorSwitch.help)

    \(OptionSpec.helpSection(EmulatorOptions.global(perAccount: false)))

    EXAMPLES:
      sportstime-store \(emulatorSwitch.name) on
    """
  }

  static func run(
    _ emulatorSwitch: EmulatorSwitch, _ arguments: ParsedArguments, _ context: CommandContext
  ) async throws(CLIError) {
    let on = try arguments.onOrOff()
    let store = try StoreAccess.openStore(arguments, context, emulatorSwitch.name)
    try await StoreAccess.perform { () throws(LocalAppStoreError) in
      try await store.set(emulatorSwitch, on)
    }
    try printState(emulatorSwitch.name, on, arguments, context)
  }

  /// Prints a switch's new state: `{"NAME": true}` under `--json`, else `NAME is on.`
  static func printState(
    _ name: String, _ on: Bool, _ arguments: ParsedArguments, _ context: CommandContext
  ) throws(CLIError) {
    try context.answer(arguments, json: [name: on], text: "\(name) is \(on ? "on" : "off").")
  }
}
