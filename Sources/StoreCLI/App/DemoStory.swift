import Foundation
import LocalAppStore
import SportsTimePro
import StoreModel

/// The guided tour of `demo`: a free customer meets the Pro gates, subscribes, renews a month
/// later, is refunded, and keeps every saved trip — one running app on a local App Store,
/// with time travel, told in screens and short lines.
///
/// Every beat checks what the app shows; a beat that does not come true ends the tour with
/// an error rather than telling a story the code did not live.
@MainActor
struct DemoStory {
  /// One part of the story.
  struct Beat: Encodable, Sendable {
    var title: String
    var lines: [String]
  }

  /// When the story starts: 2026-03-01T00:00:00Z.
  nonisolated static let start = Date(timeIntervalSince1970: 1_772_323_200)

  private static let firstTrip = "Boston to New York"
  private static let secondTrip = "Chicago Cubs"
  private static let thirdTrip = "Denver Rockies"

  /// The opening lines.
  nonisolated static let introduction = [
    "SportsTime Pro, a guided tour: the app's screens, in a terminal, on a local App Store that",
    "signs every transaction (ES256) and verifies it as Apple's are verified. The store's clock",
    "starts on March 1, 2026; time travel moves it. Lines starting with $ are the commands that",
    "do the same step on your own state.",
  ]

  /// The closing lines: what to try next.
  nonisolated static let conclusion = [
    "Try it yourself (the state lives in .sportstime-store/ unless --state says otherwise):",
    "  sportstime-store reset                 a fresh local App Store",
    "  sportstime-store launch                the app's first run",
    "  sportstime-store paywall subscribe     buy Pro (annual is selected)",
    "  sportstime-store advance 1m            a month later",
    "  sportstime-store status                what the App Store holds",
    "  sportstime-store checklist             the plan's 16 checks",
    "  sportstime-store --help                every command",
  ]

  private let sandbox: AppSandbox
  private(set) var beats: [Beat] = []

  init(sandbox: AppSandbox) {
    self.sandbox = sandbox
  }

  // MARK: - Telling

  private mutating func begin(_ title: String) {
    beats.append(Beat(title: title, lines: []))
  }

  private mutating func add(_ lines: [String]) {
    guard !beats.isEmpty else { return }
    beats[beats.count - 1].lines += lines
  }

  /// A command and what it did: `  $ progress              Locked: …`, each of `results` wrapped
  /// in the right column.
  private mutating func step(_ command: String, _ results: String...) {
    step(command, results: results)
  }

  private mutating func step(_ command: String, results: [String]) {
    let column = 36
    let indent = String(repeating: " ", count: column)
    let wrapped = results.flatMap { TextBox.wrap($0, width: 90 - column) }
    let head = "  $ " + command
    if head.count < column, let first = wrapped.first {
      add([head.paddedRight(to: column) + first])
      add(wrapped.dropFirst().map { indent + $0 })
    } else {
      add([head] + wrapped.map { indent + $0 })
    }
  }

  private func expect(_ condition: Bool, _ what: @autoclosure () -> String) throws(CLIError) {
    guard condition else { throw .failure("the demo went off script: \(what())") }
  }

  private static func quoted(_ name: String) -> String { "\"\(name)\"" }

  // MARK: - The story

  /// Tells the whole story.
  /// - Throws: ``CLIError/failure(_:)`` when a beat does not come true.
  mutating func tell() async throws(CLIError) {
    let app = await sandbox.launch()
    defer { app.quit() }
    try firstLaunch(app)
    try meetTheGates(app)
    try await subscribe(app)
    let renewal = try await renew(app)
    try await refund(app, renewal)
    try lapsed(app)
  }

  private mutating func firstLaunch(_ app: TerminalApp) throws(CLIError) {
    begin("1. First launch: the onboarding paywall")
    try expect(app.launchSurface == .onboarding, "the onboarding paywall did not show")
    step("launch", "The onboarding paywall covers Home, as on a first run:")
    add(app.lines(of: .onboarding))
    let reply = app.continueFree()
    try expect(reply.surface == .home && !app.isPro, "Continue with Free did not lead Home")
    step("onboarding continue-free", "Home, on the free plan. The onboarding never shows again.")
  }

  private mutating func meetTheGates(_ app: TerminalApp) throws(CLIError) {
    begin("2. A free user meets the Pro gates")
    var reply = app.saveTrip(named: Self.firstTrip)
    try expect(app.savedTrips == [Self.firstTrip], "the first trip was not saved")
    step("save-trip \(Self.quoted(Self.firstTrip))", "Saved: 1 of 1 free trip.")
    reply = app.saveTrip(named: Self.secondTrip)
    try expect(reply.surface == .paywall, "the second save did not open the paywall")
    step("save-trip \(Self.quoted(Self.secondTrip))", "The paywall opens instead of a save:")
    add(app.lines(of: .paywall))
    reply = app.closePaywall()
    step("paywall close", "Back Home, still 1 trip.")
    _ = app.progress()
    let locked = app.progressScreen.locked
    try expect(locked != nil, "the Progress tab was not locked")
    step(
      "progress",
      "Locked: \(locked?.title ?? "") · [ \(locked?.upgradeButtonTitle ?? "") ]")
    reply = app.exportPDF(trip: Self.firstTrip)
    try expect(reply.surface == .paywall, "the PDF button did not open the paywall")
    step(
      "export-pdf \(Self.quoted(Self.firstTrip))",
      "The button wears [PRO]; tapping it opens the paywall.")
  }

  private mutating func subscribe(_ app: TerminalApp) async throws(CLIError) {
    begin("3. Subscribing")
    var reply = app.selectPlan(StoreManager.monthlyProductID)
    let selected = app.paywallScreen?.plans.first(where: \.isSelected)
    try expect(selected?.productID == StoreManager.monthlyProductID, "Monthly was not selected")
    step(
      "paywall select monthly",
      "(●) \(selected?.title ?? "") \(selected?.billedPrice ?? "") \(selected?.billingPeriod ?? "")"
    )
    reply = await app.subscribe()
    try expect(app.isPro && reply.failure == nil, "the purchase failed: \(reply.failure ?? "")")
    step("paywall subscribe", reply.message ?? "")
    reply = app.saveTrip(named: Self.secondTrip)
    try expect(app.savedTrips.count == 2, "the second trip was not saved with Pro")
    step("save-trip \(Self.quoted(Self.secondTrip))", "Saved: 2 trips, unlimited with Pro.")
    reply = app.exportPDF(trip: Self.firstTrip)
    try expect(reply.surface == .home, "the PDF export did not run")
    step("export-pdf \(Self.quoted(Self.firstTrip))", reply.message ?? "")
    _ = app.progress()
    try expect(!app.progressScreen.isLocked, "the Progress tab stayed locked")
    step("progress", "Unlocked: stadium visits, badges, the bucket list.")
    settings(app)
  }

  /// The settings' subscription section in a few lines: the title, then each detail.
  private func settingsSummary(_ app: TerminalApp) -> [String] {
    switch app.settingsModel.section {
    case .pro(let pro):
      ["\(pro.title) · \(pro.subtitle)"] + pro.details
    case .free(let free):
      ["[ \(free.upgradeTitle) ] · [ \(free.restoreButtonTitle) ]"]
    }
  }

  private mutating func settings(_ app: TerminalApp) {
    step("settings", results: settingsSummary(app))
  }

  private mutating func renew(_ app: TerminalApp) async throws(CLIError) -> Transaction {
    begin("4. A month later: the renewal")
    let store = sandbox.appStore
    guard let month = EmulatorDuration("1m") else { throw .failure("no duration 1m") }
    let history: [Transaction]
    do {
      _ = try await store.advanceTime(by: month)
      history = try await store.history()
    } catch {
      throw .failure(error.reason)
    }
    guard let renewal = history.last, renewal.reason == .renewal else {
      throw .failure("the demo went off script: the subscription did not renew")
    }
    let manager = app.manager
    let heard = await ObservedCondition.wait { manager.entitlement?.transactionID == renewal.id }
    try expect(heard, "the running app did not hear of renewal #\(renewal.id)")
    await manager.loadRenewalDetails()
    step(
      "advance 1m",
      "The App Store renews: #\(renewal.id) reaches the running app through Transaction.updates."
    )
    settings(app)
    return renewal
  }

  private mutating func refund(_ app: TerminalApp, _ renewal: Transaction) async throws(CLIError) {
    begin("5. A refund")
    do {
      try await sandbox.appStore.refund(transactionID: renewal.id)
    } catch {
      throw .failure(error.reason)
    }
    let manager = app.manager
    let lapsed = await ObservedCondition.wait { !manager.isPro }
    try expect(lapsed, "Pro stayed on after the refund")
    step(
      "refund \(renewal.id)",
      "Apple refunds #\(renewal.id). The revocation reaches the running app through Transaction.updates: Pro is off at once, no relaunch."
    )
    settings(app)
  }

  private mutating func lapsed(_ app: TerminalApp) throws(CLIError) {
    begin("6. Lapsed, and nothing lost")
    _ = app.home()
    try expect(app.savedTrips.count == 2, "saved trips were lost")
    step("launch", "Both trips stay; the PDF buttons wear [PRO] again:")
    add(app.lines(of: .home))
    let reply = app.saveTrip(named: Self.thirdTrip)
    try expect(reply.surface == .paywall && app.savedTrips.count == 2, "a new save was not gated")
    step("save-trip \(Self.quoted(Self.thirdTrip))", "Only new saves are gated: the paywall opens.")
  }
}
