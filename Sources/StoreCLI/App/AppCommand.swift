import Foundation
import LocalAppStore
import SportsTimePro
import StoreModel

/// A command of the app's screens (`Commands/AppScreens/`): it is listed under the app's
/// heading, may change the state (the app's data and the store), and lists the app's global
/// options (``AppCommand/options``).
protocol AppScreenCommand: CLICommand {}

extension AppScreenCommand {
  static var traits: CommandTraits { .changesState(under: .app) }
  static var globalOptions: [OptionSpec] { AppCommand.options }
}

/// What the app commands share: launching the app on the state file, running one action, and
/// printing the screen it leads to (or its model with `--json`).
enum AppCommand {
  /// The global options as the app commands explain them: each app command lists them
  /// (``AppScreenCommand``'s ``CLICommand/globalOptions``).
  static let options: [OptionSpec] = [
    .account("the customer whose device this is (default: purchaser)"), .state,
    .json("the screen's model instead of the screen"),
  ]

  /// Launches the app on the state of `--state`, runs `action`, prints the screen it leads to,
  /// and stops the app.
  ///
  /// The app's data (saved trips, flags, the screens) lives in the state file; `relaunching`
  /// starts the screens afresh, as opening the app does.
  /// - Throws: ``CLIError/failure(_:)`` when the state cannot be opened, the app's data cannot
  ///   be saved, or the action was refused or failed (after the screen is printed).
  @MainActor
  static func run(
    _ arguments: ParsedArguments, _ context: CommandContext, relaunching: Bool = false,
    _ action: @MainActor (TerminalApp) async throws(CLIError) -> TerminalApp.Reply
  ) async throws(CLIError) {
    let appStore = try StoreAccess.open(arguments, context)
    let data = try AppDataStore.open(on: appStore, fingerprint: fingerprint(of: appStore))
    let app = await TerminalApp.launch(on: appStore, data: data, relaunching: relaunching)
    defer { app.quit() }
    let reply = try await action(app)
    try print(reply, of: app, arguments, context)
    if let failure = data.writeFailure { throw .failure(failure) }
    if let failure = reply.failure { throw .failure(failure) }
  }

  /// Prints `reply`: its message, the screen and what to try next; or the JSON model.
  @MainActor
  static func print(
    _ reply: TerminalApp.Reply, of app: TerminalApp, _ arguments: ParsedArguments,
    _ context: CommandContext
  ) throws(CLIError) {
    if arguments.json {
      try context.writeJSON(app.output(of: reply))
      return
    }
    guard !reply.isRefusal else { return }
    if let message = reply.message { context.out(message) }
    for line in app.lines(of: reply.surface) { context.out(line) }
    if let hint = hint(for: reply.surface, app) { context.out(hint) }
  }

  /// The commands that make sense next on `surface`.
  @MainActor
  static func hint(for surface: TerminalApp.Surface, _ app: TerminalApp) -> String? {
    let commands: [String]
    switch surface {
    case .home:
      commands = ["save-trip NAME", "export-pdf TRIP", "progress", "settings"]
    case .progress:
      commands = app.isPro ? ["settings", "save-trip NAME"] : ["progress upgrade", "settings"]
    case .settings:
      commands =
        app.isPro ? ["settings manage", "progress"] : ["settings upgrade", "settings restore"]
    case .paywall:
      guard let paywall = app.openPaywall else { return nil }
      if paywall.productsMessage == nil {
        commands = [
          "paywall select monthly|annual", "paywall subscribe", "paywall restore",
          "paywall close",
        ]
      } else {
        // No plans to select or buy: only what still works.
        commands =
          (paywall.canRetryLoadingProducts ? ["paywall retry"] : [])
          + ["paywall restore", "paywall close"]
      }
    case .onboarding:
      guard let onboarding = app.onboarding else { return nil }
      if !onboarding.isOnPricingPage {
        commands = ["onboarding next", "onboarding continue-free"]
      } else if onboarding.productsMessage == nil {
        commands = [
          "onboarding select annual|monthly", "onboarding subscribe", "onboarding continue-free",
        ]
      } else {
        commands =
          (onboarding.canRetryLoadingProducts ? ["onboarding retry"] : [])
          + ["onboarding continue-free"]
      }
    }
    return "Try: " + commands.joined(separator: " · ")
  }

  /// The product a plan argument names: `monthly`, `annual`, or a product identifier. While the
  /// products are not loaded, the text itself (the action then says the plans are unavailable).
  /// - Throws: ``CLIError/usage(_:)`` for a plan the loaded products do not have.
  @MainActor
  static func productID(forPlan text: String, in app: TerminalApp) throws(CLIError) -> String {
    let store = app.manager
    guard !store.products.isEmpty else { return text }
    switch text.lowercased() {
    case "monthly": if let product = store.monthlyProduct { return product.id }
    case "annual", "yearly": if let product = store.annualProduct { return product.id }
    default: if let product = store.product(id: text) { return product.id }
    }
    let known = ["monthly", "annual"] + store.products.map(\.id)
    throw .usage("no plan '\(text)' (plans: \(known.joined(separator: ", ")))")
  }

  /// The sub-action of a command: its first positional, checked against `actions`, with at most
  /// `maximumArguments` more positionals.
  static func subAction(
    _ arguments: ParsedArguments, _ actions: [String: Int]
  ) throws(CLIError) -> (action: String?, rest: [String]) {
    guard let first = arguments.positionals.first else { return (nil, []) }
    guard let count = actions[first] else {
      let names = actions.keys.sorted().joined(separator: ", ")
      throw .usage("unknown action '\(first)' (actions: \(names))")
    }
    let rest = Array(arguments.positionals.dropFirst())
    guard rest.count == count else {
      throw .usage(
        count == 0
          ? "'\(first)' takes no argument"
          : "'\(first)' takes \(count) argument\(count == 1 ? "" : "s")")
    }
    return (first, rest)
  }

  /// A fingerprint of the store's state: FNV-1a of its root certificate, which `reset` makes
  /// anew, so that app data of an earlier state is recognized as stale.
  static func fingerprint(of appStore: LocalAppStore) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in appStore.rootCertificateDER {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
