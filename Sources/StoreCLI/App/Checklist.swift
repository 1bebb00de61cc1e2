import Foundation
import LocalAppStore
import SportsTimePro
import StoreModel

/// The manual testing checklist of SportsTime Pro's plan (the SportsTimePro article `ThePlan`,
/// part 14), run automatically: each item on a fresh in-memory local App Store, through the same
/// app the commands drive, reporting what it saw.
@MainActor
enum Checklist {
  /// The outcome of one item.
  struct Result: Encodable, Sendable, Equatable {
    var number: Int
    var title: String
    var passed: Bool
    /// What the item saw, in words: the evidence for a pass, the surprise of a failure.
    var saw: String

    /// The item's line: `PASS  1. App launches … — saw: …`.
    var line: String {
      "\(passed ? "PASS" : "FAIL")  \(number). \(title) — saw: \(saw)"
    }
  }

  /// What an item found.
  private struct Check {
    var passed: Bool
    var saw: String
  }

  private typealias Run = @MainActor (AppSandbox) async -> Check

  /// When every item's store starts: 2026-01-01T00:00:00Z.
  static let start = Date(timeIntervalSince1970: 1_767_225_600)

  private static let firstTrip = "Boston to New York"
  private static let secondTrip = "Chicago Cubs Weekend"

  /// Runs the checklist's items (``ManualChecklist/items``), in order; an item without a run here
  /// fails.
  /// - Throws: ``CLIError/failure(_:)`` when a store cannot be made.
  static func run() async throws(CLIError) -> [Result] {
    var results: [Result] = []
    for item in ManualChecklist.items {
      var check = Check(passed: false, saw: "no automatic run for this item")
      if runs.indices.contains(item.number - 1) {
        check = await runs[item.number - 1](try AppSandbox.fresh(start: start))
      }
      results.append(
        Result(number: item.number, title: item.title, passed: check.passed, saw: check.saw))
    }
    return results
  }

  /// The run of each item of ``ManualChecklist/items``, in the same order.
  private static let runs: [Run] = [
    launchShowsOnboarding, continueWithFree, onFreeApp(homeShows), onFreeApp(progressLocked),
    onFreeApp(upgradeFromProgress), onFreeApp(paywallOptions), onFreeApp(annualPreselected),
    onFreeApp(purchase), onFreeApp(progressUnlocks), onFreeApp(saveOneTrip),
    onFreeApp(secondTripShowsPaywall), onFreeApp(pdfBadge), onFreeApp(pdfShowsPaywall),
    onFreeApp(settingsFree), onFreeApp(settingsPro), onFreeApp(restorePurchases),
  ]

  // MARK: - What each item sees

  /// The run of an item that starts, as most do, on a launched app whose onboarding was
  /// dismissed: `item` sees that app, which quits after it.
  private static func onFreeApp(
    _ item: @escaping @MainActor (TerminalApp, AppSandbox) async -> Check
  ) -> Run {
    { sandbox in
      let app = await sandbox.launch()
      defer { app.quit() }
      _ = app.continueFree()
      return await item(app, sandbox)
    }
  }

  /// `message` without its final full stop, to sit inside a longer line.
  private static func clause(_ message: String?) -> String {
    guard var message else { return "nothing said" }
    if message.hasSuffix(".") { message.removeLast() }
    return message.prefix(1).lowercased() + message.dropFirst()
  }

  private static func describe(_ app: TerminalApp, _ reply: TerminalApp.Reply) -> String {
    if let failure = reply.failure { return "refused: \(failure)" }
    switch reply.surface {
    case .paywall:
      return app.paywallScreen.map { "the paywall (\($0.placement))" } ?? "no paywall"
    case .onboarding:
      return "the onboarding paywall"
    case .home, .progress, .settings:
      return "the \(reply.surface.rawValue) tab"
    }
  }

  private static func launchShowsOnboarding(_ sandbox: AppSandbox) async -> Check {
    let app = await sandbox.launch()
    defer { app.quit() }
    guard app.launchSurface == .onboarding, let screen = app.onboardingScreen else {
      return Check(passed: false, saw: "no onboarding: \(app.launchSurface.rawValue)")
    }
    return Check(
      passed: screen.pageIndex == 0 && screen.title == "Unlimited Trips"
        && screen.continueWithFreeTitle == "Continue with Free",
      saw: "onboarding \(screen.pageLabel.lowercased()) \"\(screen.title)\"")
  }

  private static func continueWithFree(_ sandbox: AppSandbox) async -> Check {
    let app = await sandbox.launch()
    let reply = app.continueFree()
    let seen = sandbox.data.bool(forKey: OnboardingPaywallModel.hasSeenKey)
    app.quit()
    let relaunched = await sandbox.launch()
    defer { relaunched.quit() }
    let passed =
      reply.failure == nil && reply.surface == .home && app.onboarding == nil && seen
      && relaunched.launchSurface == .home
    return Check(
      passed: passed,
      saw:
        "[ Continue with Free ] → \(describe(app, reply)); \(OnboardingPaywallModel.hasSeenKey) = \(seen); a relaunch shows the \(relaunched.launchSurface.rawValue) tab"
    )
  }

  private static func homeShows(_ app: TerminalApp, _ sandbox: AppSandbox) async -> Check {
    let reply = app.home()
    let screen = app.homeScreen
    let lines = app.lines(of: reply.surface)
    let passed =
      reply.surface == .home && !screen.isPro && screen.savedTrips.isEmpty
      && lines.contains { $0.contains("My Trips") }
      && lines.contains { $0.contains(AppData.Tab.home.bar) }
    return Check(
      passed: passed,
      saw:
        "Home, \(screen.isPro ? "Pro" : "free"), \(screen.savedTrips.count) saved trips, tabs \(AppData.Tab.allCases.map(\.title).joined(separator: " · "))"
    )
  }

  private static func progressLocked(_ app: TerminalApp, _ sandbox: AppSandbox) async -> Check {
    _ = app.progress()
    guard let locked = app.progressScreen.locked else {
      return Check(passed: false, saw: "the progress, unlocked")
    }
    return Check(
      passed: locked.feature == .progressTracking && locked.upgradeButtonTitle == "Upgrade to Pro",
      saw: "locked \"\(locked.title)\" with [ \(locked.upgradeButtonTitle) ]")
  }

  private static func upgradeFromProgress(_ app: TerminalApp, _ sandbox: AppSandbox) async -> Check
  {
    _ = app.progress()
    let reply = app.upgradeFromProgress()
    let paywall = app.paywallScreen
    return Check(
      passed: reply.surface == .paywall && paywall?.placement == "feature:progressTracking"
        && paywall?.hero.title == "Upgrade to Pro",
      saw: "[ Upgrade to Pro ] opened \(describe(app, reply))")
  }

  private static func paywallOptions(_ app: TerminalApp, _ sandbox: AppSandbox) async -> Check {
    _ = app.showPaywall()
    let plans = app.paywallScreen?.plans ?? []
    let prices = app.manager.products.map(\.displayPrice)
    let saw = plans.map { plan in
      ([plan.title, plan.billedPrice, plan.billingPeriod]
        + [plan.pricePerMonth, plan.savingsBadge]
        .compactMap { $0 }).joined(separator: " ")
    }
    return Check(
      passed: plans.map(\.title) == ["Monthly", "Annual"] && plans.map(\.billedPrice) == prices
        && plans.count == 2,
      saw: saw.isEmpty ? "no plans" : saw.joined(separator: "; "))
  }

  private static func annualPreselected(_ app: TerminalApp, _ sandbox: AppSandbox) async -> Check {
    _ = app.showPaywall()
    let selected = app.paywallScreen?.plans.filter(\.isSelected) ?? []
    return Check(
      passed: selected.map(\.productID) == [StoreManager.annualProductID],
      saw: selected.isEmpty
        ? "nothing selected" : selected.map { "(●) \($0.title) \($0.billedPrice)" }.joined())
  }

  private static func purchase(_ app: TerminalApp, _ sandbox: AppSandbox) async -> Check {
    _ = app.upgradeFromProgress()
    let reply = await app.subscribe()
    // That the App Store holds the purchase is read from its own view, not from the app-side
    // listing, which lags after a purchase under device timing (and counts as the app's read).
    let held = (try? await sandbox.appStore.status().entitledProductIDs) ?? []
    let verified = (try? await sandbox.appStore.allTransactions().last?.payloadValue) != nil
    return Check(
      passed: reply.failure == nil && app.isPro && app.openPaywall == nil
        && held == [StoreManager.annualProductID] && verified,
      saw: reply.failure.map { "refused: \($0)" }
        ?? "\(clause(reply.message)); the paywall \(app.openPaywall == nil ? "closed" : "stayed open"); the App Store holds \(held.isEmpty ? "nothing" : held.joined(separator: ", "))"
    )
  }

  private static func progressUnlocks(_ app: TerminalApp, _ sandbox: AppSandbox) async -> Check {
    _ = app.progress()
    let before = app.progressScreen.isLocked
    _ = app.upgradeFromProgress()
    let reply = await app.subscribe()
    let after = app.progressScreen.isLocked
    return Check(
      passed: before && !after && reply.surface == .progress,
      saw:
        "\(before ? "locked" : "unlocked") before, \(after ? "locked" : "the progress") after the purchase, on the \(reply.surface.rawValue) tab"
    )
  }

  private static func saveOneTrip(_ app: TerminalApp, _ sandbox: AppSandbox) async -> Check {
    let reply = app.saveTrip(named: firstTrip)
    return Check(
      passed: reply.surface == .home && app.savedTrips == [firstTrip] && !app.isPro,
      saw: reply.failure.map { "refused: \($0)" }
        ?? "\(clause(reply.message)) (\(app.savedTrips.count) of \(app.policy.freeTripLimit) free)"
    )
  }

  private static func secondTripShowsPaywall(_ app: TerminalApp, _ sandbox: AppSandbox) async
    -> Check
  {
    _ = app.saveTrip(named: firstTrip)
    let reply = app.saveTrip(named: secondTrip)
    return Check(
      passed: reply.surface == .paywall
        && app.paywallScreen?.placement == "feature:unlimitedTrips"
        && app.savedTrips == [firstTrip],
      saw: "\(describe(app, reply)); \(app.savedTrips.count) trip saved")
  }

  private static func pdfBadge(_ app: TerminalApp, _ sandbox: AppSandbox) async -> Check {
    _ = app.saveTrip(named: firstTrip)
    guard let trip = app.homeScreen.savedTrips.first else {
      return Check(passed: false, saw: "no saved trip")
    }
    let button = "[ \(trip.pdfButtonTitle) ]" + (trip.pdfButtonBadge.map { " [\($0)]" } ?? "")
    return Check(
      passed: trip.pdfButtonBadge == "PRO"
        && app.lines(of: .home).contains { $0.contains(button) },
      saw: "\"\(trip.name)\" \(button)")
  }

  private static func pdfShowsPaywall(_ app: TerminalApp, _ sandbox: AppSandbox) async -> Check {
    _ = app.saveTrip(named: firstTrip)
    let reply = app.exportPDF(trip: firstTrip)
    return Check(
      passed: reply.surface == .paywall && app.paywallScreen?.placement == "feature:pdfExport",
      saw: describe(app, reply))
  }

  private static func settingsFree(_ app: TerminalApp, _ sandbox: AppSandbox) async -> Check {
    _ = app.settings()
    guard let section = app.settingsScreen.free else {
      return Check(passed: false, saw: "the Pro section")
    }
    return Check(
      passed: section.upgradeTitle == "Upgrade to Pro"
        && section.upgradeSubtitle == "Unlimited trips, PDF export, progress tracking",
      saw:
        "[ \(section.upgradeTitle) ] \"\(section.upgradeSubtitle)\", [ \(section.restoreButtonTitle) ]"
    )
  }

  private static func settingsPro(_ app: TerminalApp, _ sandbox: AppSandbox) async -> Check {
    _ = app.upgradeFromSettings()
    let reply = await app.subscribe()
    guard let section = app.settingsScreen.pro else {
      return Check(passed: false, saw: "the free section after \(describe(app, reply))")
    }
    return Check(
      passed: section.manageButtonTitle == "Manage Subscription" && reply.surface == .settings,
      saw:
        "\(section.title), \(section.subtitle), \(section.details.joined(separator: ", ")), [ \(section.manageButtonTitle) ]"
    )
  }

  private static func restorePurchases(_ app: TerminalApp, _ sandbox: AppSandbox) async -> Check {
    _ = app.showPaywall()
    _ = await app.restore()
    let nothing = app.paywallScreen?.restoreMessage ?? "no message"
    // The customer subscribes on another device, and this one has not synced it (the rare case
    // `AppStore.sync()` is for; a synced one would reach the running app's updates): this
    // device learns of it only when it syncs (Restore Purchases) or launches again; reading the
    // entitlements again finds nothing.
    guard
      (try? await sandbox.appStore.buyProduct(
        StoreManager.monthlyProductID, from: .notSynced)) != nil
    else {
      return Check(passed: false, saw: "the purchase on another device failed")
    }
    await app.manager.refreshEntitlements()
    let freeBefore = !app.isPro
    let reply = await app.restore()
    return Check(
      passed: nothing == PaywallModel.nothingToRestoreMessage && freeBefore && app.isPro
        && app.openPaywall == nil && reply.failure == nil,
      saw:
        "with nothing bought, \"\(nothing)\"; after a purchase on another device, \(reply.failure ?? clause(reply.message)) and the paywall \(app.openPaywall == nil ? "closed" : "stayed open")"
    )
  }
}
