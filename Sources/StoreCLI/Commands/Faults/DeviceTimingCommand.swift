import Foundation
import LocalAppStore
import StoreModel

/// `device-timing on|off`.
enum DeviceTimingCommand: CLICommand {
  static let name = "device-timing"
  static let summary = "Keep real StoreKit's lags and empty answers (on) or answer at once (off)"
  static let positionals = ["on|off"]
  static let details = """
    On (the default after reset): a purchase or an approval is missed by the next read of the
    launch that made it, a renewal made by 'advance' by the next launch's first read, a read in
    a cancelled task answers nothing, and unfinished transactions go to a launch's first
    listener only, as on a device. Off: the store answers at once.

    \(optionsSection())

    EXAMPLES:
      sportstime-store device-timing off
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let on = try arguments.onOrOff()
    try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.setDeviceTiming(on ? .device : .polite)
    }
    try SwitchCommand.printState(name, on, arguments, context)
  }

  static let traits = CommandTraits.changesState(under: .faults)
}
