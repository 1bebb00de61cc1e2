import Foundation
import LocalAppStore
import StoreModel

/// `win-back-rules [--min-lapse DAYS] [--max-lapse DAYS] [--min-paid DAYS] [--cooldown DAYS]`:
/// App Store Connect's optional eligibility criteria of win-back offers.
enum WinBackRulesCommand: CLICommand {
  static let name = "win-back-rules"
  static let summary = "Set the optional eligibility criteria of win-back offers"
  static let details = """
    A win-back offer is for a customer whose subscription to the group expired, and only if
    the .storekit file's offer is not switched off (isEligible false, Xcode's simulated
    eligibility). App Store Connect lets a developer ask for more ("the duration of the
    customer's paid subscription, the time since the subscription expired, and the time that
    must pass between redeemed offers", Apple); these set them, in days of store time:
    --min-lapse and --max-lapse, how long the subscription must have been expired, at least
    and at most; --min-paid, how long the customer paid for it (free trials and refunded
    periods left out); --cooldown, how long after redeeming a win-back offer the customer
    waits for the next. Without options the criteria are cleared. The renewal info's
    eligibleWinBackOfferIds follows them.

    \(optionsSection())

    EXAMPLES:
      sportstime-store win-back-rules --min-lapse 30 --cooldown 365
      sportstime-store win-back-rules --max-lapse 730 --min-paid 60
      sportstime-store win-back-rules
    """
  static let options: [OptionSpec] = [
    .value("min-lapse", "DAYS", help: "days the subscription must have been expired"),
    .value("max-lapse", "DAYS", help: "days after which a lapsed subscription is not won back"),
    .value("min-paid", "DAYS", help: "days the customer must have paid for the subscription"),
    .value("cooldown", "DAYS", help: "days between two win-back redemptions"),
  ]

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    guard arguments.positionals.isEmpty else {
      throw .usage("win-back-rules takes options only, not '\(arguments.positionals[0])'")
    }
    let rules = WinBackRules(
      minimumLapseDays: try days(arguments, "min-lapse"),
      maximumLapseDays: try days(arguments, "max-lapse"),
      minimumPaidDays: try days(arguments, "min-paid"),
      cooldownDays: try days(arguments, "cooldown"))
    try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.setWinBackRules(rules)
    }
    let words = [
      rules.minimumLapseDays.map { "lapsed at least \($0) days" },
      rules.maximumLapseDays.map { "lapsed at most \($0) days" },
      rules.minimumPaidDays.map { "paid at least \($0) days" },
      rules.cooldownDays.map { "\($0) days between redemptions" },
    ].compactMap(\.self)
    try context.answer(
      arguments,
      json: JSONObject(
        [
          "minimumLapseDays": rules.minimumLapseDays, "maximumLapseDays": rules.maximumLapseDays,
          "minimumPaidDays": rules.minimumPaidDays, "cooldownDays": rules.cooldownDays,
        ],
        absent: .null),
      text: words.isEmpty
        ? "Win-back offers: no criteria beyond a lapsed subscription."
        : "Win-back offers: " + words.joined(separator: ", ") + ".")
  }

  private static func days(_ arguments: ParsedArguments, _ name: String) throws(CLIError) -> Int? {
    guard let text = arguments.value(name) else { return nil }
    guard let days = Int(text), days >= 0 else {
      throw .usage("--\(name) takes a number of days (0 or more), not '\(text)'")
    }
    return days
  }

  static let traits = CommandTraits.changesState(under: .subscriptions)
}
