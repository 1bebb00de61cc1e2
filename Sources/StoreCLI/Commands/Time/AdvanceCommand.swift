import Foundation
import LocalAppStore
import StoreModel

/// `advance DURATION`: time travel.
enum AdvanceCommand: CLICommand {
  static let name = "advance"
  static let summary = "Move the emulator's time forward (1d, 2w, 1m, 1y, P1M)"
  static let positionals = ["DURATION"]
  static let details = """
    Moves the local App Store's time forward by DURATION and makes every renewal, expiry,
    grace period and billing-retry step that falls due, in order. The time is kept in the
    state, so it persists between commands.

    DURATION: 1d, 2w, 1m (a calendar month), 1y, 12h, 30min, 90s, or ISO 8601 (P1M, P1Y2M,
    PT12H). The time stays before 9999-12-31T23:59:59Z, the end of the validity of the
    store's certificates: a DURATION that goes further is refused and nothing changes.

    \(optionsSection())

    EXAMPLES:
      sportstime-store advance 1m
      sportstime-store advance P1Y
    """

  struct Output: Encodable {
    var date: Date
    var newTransactions: [TransactionFields]
  }
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let text = try arguments.single("a duration")
    guard let duration = EmulatorDuration(text) else {
      throw .usage("'\(text)' is not a duration (1d, 2w, 1m, 1y, P1M)")
    }
    let store = try StoreAccess.openStore(arguments, context, name)
    // The operation reports what its transitions made: no reading of the history around it.
    let advance = try await StoreAccess.perform { () throws(LocalAppStoreError) in
      try await store.advanceTimeReporting(by: duration)
    }
    let made = advance.newTransactions(of: store.account)
    if arguments.json {
      try context.writeJSON(
        Output(date: advance.date, newTransactions: made.map(TransactionFields.init)))
      return
    }
    context.out("Time is now \(TextFormat.date(advance.date)).")
    for transaction in made {
      context.out("New: " + TextFormat.line(transaction))
    }
  }

  static let traits = CommandTraits.changesState(under: .time)
}
