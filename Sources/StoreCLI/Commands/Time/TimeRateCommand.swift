import Foundation
import LocalAppStore
import StoreModel

/// `time-rate RATE`: how fast subscriptions renew from now on.
enum TimeRateCommand: CLICommand {
  static let name = "time-rate"
  static let summary = "Change how fast subscriptions renew (SKTestSession.timeRate)"
  static let positionals = ["RATE"]
  static let details = """
    Sets SKTestSession.timeRate while the store runs. RATE is StoreKitTest's name
    (oneRenewalEveryTwoSeconds, monthlyRenewalEveryThirtySeconds, realTime, ...) or its raw
    value (1005). Periods that already began keep their end; the next ones, and any grace
    period or billing retry that starts later, follow the new rate (Apple's table for the rate
    where it gives one).

    RATES:
    \(rates)

    \(optionsSection())

    EXAMPLES:
      sportstime-store time-rate oneRenewalEveryTwoSeconds
      sportstime-store time-rate realTime
    """
  private static var rates: String {
    TimeRate.all.map {
      "  \($0.rawValue)\(String(repeating: " ", count: 6 - "\($0.rawValue)".count))\($0.name)"
    }
    .joined(separator: "\n")
  }
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let text = try arguments.single("a time rate")
    guard let rate = TimeRate.named(text) ?? Int(text).flatMap(TimeRate.init(rawValue:)) else {
      throw .usage("unknown time rate '\(text)'; see the RATES of --help")
    }
    try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.setTimeRate(rate)
    }
    try context.answer(arguments, json: ["timeRate": rate.name], text: "Time rate is \(rate.name).")
  }

  static let traits = CommandTraits.changesState(under: .time)
}
