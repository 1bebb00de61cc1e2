import Foundation
import LocalAppStore
import StoreModel

/// `ask-to-buy on|off`.
enum AskToBuyCommand: CLICommand {
  static let name = "ask-to-buy"
  static let summary = "Turn Ask to Buy on or off (purchases wait for approval)"
  static let usage = """
    USAGE: sportstime-store ask-to-buy on|off [--state PATH] [--json]

    With Ask to Buy on (SKTestSession.askToBuyEnabled), a purchase returns pending and waits
    for 'approve REQUEST_ID' or 'decline REQUEST_ID'.

    \(Emulator.optionsSection(perAccount: false))

    EXAMPLES:
      sportstime-store ask-to-buy on
    """

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let on = try Emulator.switchValue(arguments)
    let store = try Emulator.openStore(arguments, context, name)
    try await Emulator.perform { () throws(LocalAppStoreError) in
      try await store.setAskToBuyEnabled(on)
    }
    try SwitchOutput.print("ask-to-buy", on, arguments, context)
  }
}

/// `billing-issue on|off`.
enum BillingIssueCommand: CLICommand {
  static let name = "billing-issue"
  static let summary = "Make renewals fail (billing retry) or recover them"
  static let usage = """
    USAGE: sportstime-store billing-issue on|off [--state PATH] [--json]

    On: each renewal that falls due fails and the subscription enters billing retry
    (SKTestSession.shouldEnterBillingRetryOnRenewal), with a grace period when grace-period is
    on; retry ends after 60 days and the subscription expires. Off: every subscription in
    billing retry recovers now with a renewal.

    \(Emulator.optionsSection(perAccount: false))

    EXAMPLES:
      sportstime-store billing-issue on
    """

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let on = try Emulator.switchValue(arguments)
    let store = try Emulator.openStore(arguments, context, name)
    try await Emulator.perform { () throws(LocalAppStoreError) in
      try await store.setBillingIssuesEnabled(on)
    }
    try SwitchOutput.print("billing-issue", on, arguments, context)
  }
}

/// `grace-period on|off`.
enum GracePeriodCommand: CLICommand {
  static let name = "grace-period"
  static let summary = "Grant a billing grace period (16 days, 6 for weekly) or not"
  static let usage = """
    USAGE: sportstime-store grace-period on|off [--state PATH] [--json]

    On (SKTestSession.billingGracePeriodIsEnabled), billing retry starts with a grace period
    during which the customer keeps access: 16 days, 6 for weekly subscriptions.

    \(Emulator.optionsSection(perAccount: false))

    EXAMPLES:
      sportstime-store grace-period on
    """

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let on = try Emulator.switchValue(arguments)
    let store = try Emulator.openStore(arguments, context, name)
    try await Emulator.perform { () throws(LocalAppStoreError) in
      try await store.setGracePeriodEnabled(on)
    }
    try SwitchOutput.print("grace-period", on, arguments, context)
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
