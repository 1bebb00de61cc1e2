import Foundation
import LocalAppStore
import SportsTimePro
import StoreModel

/// The SportsTime app in a terminal: just enough of the app to drive its models as the app does.
///
/// ``launch(on:data:relaunching:)`` runs the app's launch sequence (``AppLaunch``: the listener,
/// the app's data, the entitlements, then the products) on a ``StoreManager`` over a local App
/// Store, and waits for the products; then the app shows its tabs (Home, Progress, Settings) and
/// its sheets (the paywall, the onboarding paywall). Each action is what a tap does in the app;
/// it returns a ``Reply`` naming the screen to show. The screens' state (the open sheet, the
/// onboarding's page, the chosen plan) is kept in the app's data, so that the next command —
/// the next launch — goes on where this one stopped.
@MainActor
final class TerminalApp {
  /// What is on top of the screen.
  enum Surface: String, Sendable {
    case home, progress, settings, paywall, onboarding
  }

  /// The outcome of an action: the screen to show, a line about what happened, and, when the
  /// action was refused or failed, why (the command exits 1).
  struct Reply {
    var surface: Surface
    var message: String?
    var failure: String?
    /// Whether the action was refused before anything happened: the command prints only why.
    var isRefusal = false

    /// An action refused before anything happened, on `surface`.
    static func refused(_ reason: String, on surface: Surface) -> Reply {
      Reply(surface: surface, failure: reason, isRefusal: true)
    }
  }

  /// The locale and time zone of the dates the screens show: fixed, so that output is stable.
  static let locale = Locale(identifier: "en_US")
  static let timeZone = TimeZone(identifier: "UTC") ?? .current

  /// The local App Store the app buys from.
  let appStore: LocalAppStore
  /// The app's device storage: saved trips, flags, screens.
  let data: AppDataStore
  /// The app's `StoreManager`, on the local App Store of the state.
  let manager: StoreManager
  /// The launch sequence, which decided whether the onboarding shows.
  let launchSequence: AppLaunch
  /// The settings' subscription section.
  let settingsModel: SubscriptionSettingsModel
  /// The app's rules.
  let policy = AccessPolicy()
  /// The open paywall.
  private(set) var paywall: PaywallModel?

  private init(appStore: LocalAppStore, data: AppDataStore, manager: StoreManager) {
    self.appStore = appStore
    self.data = data
    self.manager = manager
    launchSequence = AppLaunch(store: manager)
    settingsModel = SubscriptionSettingsModel(
      store: manager, locale: Self.locale, timeZone: Self.timeZone)
  }

  /// Launches the app on `appStore`: the launch sequence, then the products and the renewal
  /// details, which the app shows as they arrive (awaited here, not slept on). `relaunching`
  /// starts the screens afresh, as opening the app does; otherwise the open sheet and the
  /// onboarding's page come back from the app's data.
  static func launch(on appStore: LocalAppStore, data: AppDataStore, relaunching: Bool) async
    -> TerminalApp
  {
    if relaunching {
      // A launch syncs the purchases made on the customer's other devices.
      try? await appStore.appDidLaunch()
    }
    let manager = StoreManager(backend: appStore, storage: data, clock: appStore.clock)
    let app = TerminalApp(appStore: appStore, data: data, manager: manager)
    await app.launchSequence.run()
    await manager.loadProducts()
    await manager.loadRenewalDetails()
    if relaunching {
      data.update { $0.screens = AppData.Screens() }
    }
    app.restoreScreens()
    return app
  }

  /// Stops the app's store: its listener and timers.
  func quit() {
    manager.stop()
  }

  // MARK: - State

  /// Whether the customer has Pro.
  var isPro: Bool { manager.isPro }
  /// The saved trips, oldest first.
  var savedTrips: [String] { data.current.savedTrips }
  /// The tab under the sheets.
  var tab: AppData.Tab { data.current.screens.tab }

  /// The onboarding paywall, while it shows.
  var onboarding: OnboardingPaywallModel? {
    launchSequence.isShowingOnboardingPaywall ? launchSequence.onboarding : nil
  }

  /// The open paywall, unless it closed itself (Pro).
  var openPaywall: PaywallModel? {
    guard let paywall, !paywall.isDismissed else { return nil }
    return paywall
  }

  /// What shows at launch: the onboarding over Home, or Home.
  var launchSurface: Surface { onboarding == nil ? .home : .onboarding }

  private func restoreScreens() {
    let screens = data.current.screens
    if let onboarding {
      onboarding.onAppear()
      onboarding.show(page: screens.onboardingPage)
      if let productID = screens.onboardingProductID { onboarding.select(productID) }
    }
    if let sheet = screens.paywall, !isPro {
      present(sheet.placement, chosen: sheet.chosenProductID)
    } else if screens.paywall != nil {
      data.update { $0.screens.paywall = nil }
    }
  }

  private func present(_ placement: PaywallPlacement, chosen: String? = nil) {
    let model = PaywallModel(store: manager, placement: placement)
    model.onAppear()
    if let chosen { model.select(chosen) }
    paywall = model
    data.update {
      $0.screens.paywall = AppData.PaywallSheet(placement: placement, chosenProductID: chosen)
    }
  }

  private func dismissPaywall() {
    paywall = nil
    data.update { $0.screens.paywall = nil }
  }

  private func show(_ tab: AppData.Tab) -> Reply {
    data.update { $0.screens.tab = tab }
    return Reply(surface: Surface(tab))
  }

  // MARK: - Tabs

  /// Shows the Home tab.
  func home() -> Reply { show(.home) }

  /// Shows the Progress tab: progress for Pro, the locked screen for a free customer.
  func progress() -> Reply { show(.progress) }

  /// Shows the Settings tab.
  func settings() -> Reply { show(.settings) }

  /// "Upgrade to Pro" on the locked Progress tab: opens the paywall.
  func upgradeFromProgress() -> Reply {
    data.update { $0.screens.tab = .progress }
    guard case .locked(let locked) = ProgressTabModel(isPro: isPro, policy: policy) else {
      return .refused("the Progress tab is not locked: SportsTime Pro is active", on: .progress)
    }
    present(locked.paywallPlacement)
    return Reply(surface: .paywall)
  }

  /// "Upgrade to Pro" in the settings: opens the paywall.
  func upgradeFromSettings() -> Reply {
    data.update { $0.screens.tab = .settings }
    guard !isPro else {
      return .refused(
        "SportsTime Pro is active: the settings offer Manage Subscription instead", on: .settings)
    }
    present(settingsModel.upgradePlacement)
    return Reply(surface: .paywall)
  }

  /// "Restore Purchases" in the settings.
  func restoreFromSettings() async -> Reply {
    data.update { $0.screens.tab = .settings }
    let wasPro = isPro
    await settingsModel.restore()
    await manager.loadRenewalDetails()
    if isPro {
      return Reply(
        surface: .settings, message: wasPro ? nil : "Restored: SportsTime Pro is active.")
    }
    if let error = manager.lastError, let message = error.message {
      return Reply(surface: .settings, failure: "restore failed: \(message)")
    }
    return Reply(surface: .settings)
  }

  /// "Manage Subscription" in the settings.
  func manageSubscription() -> Reply {
    data.update { $0.screens.tab = .settings }
    guard isPro else {
      return .refused("there is no subscription to manage: the account is free", on: .settings)
    }
    return Reply(
      surface: .settings,
      message:
        "Manage Subscription opens the App Store's subscriptions (\(settingsModel.manageSubscriptionsURL.absoluteString)); here, 'sportstime-store cancel-renewal' turns auto-renew off."
    )
  }

  // MARK: - Trips

  /// Saves a trip, or opens the paywall when a free customer already holds the free limit.
  func saveTrip(named name: String) -> Reply {
    data.update { $0.screens.tab = .home }
    guard !savedTrips.contains(name) else {
      return .refused("a trip named \"\(name)\" is already saved", on: .home)
    }
    let refusal =
      "Free accounts save \(policy.freeTripLimit) trip: the paywall opens instead of saving \"\(name)\"."
    return follow(policy.canSaveTrip(savedCount: savedTrips.count, isPro: isPro), refusal) {
      data.update { $0.savedTrips.append(name) }
      return Reply(surface: .home, message: "Saved \"\(name)\".")
    }
  }

  /// The PDF button of a saved trip: exports for Pro, opens the paywall for a free customer.
  func exportPDF(trip name: String) -> Reply {
    data.update { $0.screens.tab = .home }
    guard savedTrips.contains(name) else {
      let known =
        savedTrips.isEmpty ? "none" : savedTrips.map { "\"\($0)\"" }.joined(separator: ", ")
      return .refused("no saved trip named \"\(name)\" (saved: \(known))", on: .home)
    }
    let refusal = "\(HomeScreen.pdfButtonTitle) [PRO] needs Pro: the paywall opens."
    return follow(policy.canExportPDF(isPro: isPro), refusal) {
      Reply(surface: .home, message: "Exported \"\(name)\" as a PDF itinerary, ready to share.")
    }
  }

  /// Does what the access policy's `decision` allows, or opens the paywall at the feature it
  /// names, with `refusal` as the reply's message.
  private func follow(_ decision: AccessDecision, _ refusal: String, allowed: () -> Reply)
    -> Reply
  {
    switch decision {
    case .allowed:
      return allowed()
    case .showPaywall(let feature):
      present(.feature(feature))
      return Reply(surface: .paywall, message: refusal)
    }
  }

  // MARK: - The paywall

  /// Shows the open paywall, or opens it as the settings' "Upgrade to Pro" does.
  func showPaywall() -> Reply {
    guard !isPro else {
      return .refused("SportsTime Pro is active: the paywall does not show", on: Surface(tab))
    }
    if openPaywall == nil { present(.settings) }
    return Reply(surface: .paywall)
  }

  /// Selects the plan of `productID` on the paywall.
  func selectPlan(_ productID: String) -> Reply {
    let reply = showPaywall()
    guard reply.failure == nil, let paywall = openPaywall else { return reply }
    if let failure = plansUnavailable(paywall.productsMessage, retry: "paywall retry") {
      return Reply(surface: .paywall, failure: failure)
    }
    paywall.select(productID)
    data.update { $0.screens.paywall?.chosenProductID = productID }
    return Reply(surface: .paywall)
  }

  /// "Subscribe Now": buys the selected plan.
  func subscribe() async -> Reply {
    let reply = showPaywall()
    guard reply.failure == nil, let paywall = openPaywall else { return reply }
    if let failure = plansUnavailable(paywall.productsMessage, retry: "paywall retry") {
      return Reply(surface: .paywall, failure: failure)
    }
    let productID = paywall.selectedProductID
    await paywall.subscribe()
    return await outcomeOfPurchase(of: productID, sheetClosed: paywall.isDismissed)
  }

  /// "Restore Purchases" on the paywall: closes it when Pro is found.
  func restore() async -> Reply {
    let reply = showPaywall()
    guard reply.failure == nil, let paywall = openPaywall else { return reply }
    await paywall.restore()
    await manager.loadRenewalDetails()
    if paywall.isDismissed {
      dismissPaywall()
      return Reply(surface: Surface(tab), message: "Restored: SportsTime Pro is active.")
    }
    if let message = paywall.errorMessage {
      return Reply(surface: .paywall, failure: "restore failed: \(message)")
    }
    return Reply(surface: .paywall)
  }

  /// The paywall's close button: the sheet closes, and nothing is bought.
  func closePaywall() -> Reply {
    guard let paywall = openPaywall else {
      return .refused("no paywall is open", on: Surface(tab))
    }
    paywall.close()
    dismissPaywall()
    return Reply(surface: Surface(tab))
  }

  /// "Try Again" under plans that failed to load; a failure when they still do not load.
  func retryLoadingProducts(on surface: Surface) async -> Reply {
    await manager.loadProducts()
    if case .failed(let error) = manager.productsState {
      return Reply(surface: surface, failure: "the plans did not load: \(error.message ?? "")")
    }
    return Reply(surface: surface)
  }

  /// Why a plan cannot be selected or bought while `message` replaces the plans, naming the
  /// command that loads them again.
  private func plansUnavailable(_ message: String?, retry command: String) -> String? {
    message.map { "the plans are not available: \($0) ('\(command)' loads them again)" }
  }

  /// What a purchase of `productID` came to, from the store's state after it.
  private func outcomeOfPurchase(of productID: String?, sheetClosed: Bool) async -> Reply {
    await manager.loadRenewalDetails()
    let name = productID.flatMap { manager.product(id: $0)?.displayName } ?? "the plan"
    if sheetClosed && isPro {
      dismissPaywall()
      var message = "Purchased \(name)"
      if let product = productID.flatMap(manager.product(id:)),
        let period = product.subscription?.subscriptionPeriod
      {
        let unit = period.unit.rawValue
        message +=
          ", \(product.displayPrice) "
          + (period.value == 1 ? "per \(unit)" : "every \(period.value) \(unit)s")
      }
      if let entitlement = manager.entitlement {
        message += " (transaction #\(entitlement.transactionID), signed and verified)"
      }
      message += ": SportsTime Pro is active."
      if let productID, manager.heldProductIDs.contains(productID) {
        // Device timing: this launch's listing lags, as a device's does.
        message +=
          " This device's listing does not show the purchase yet; the app holds it until it does."
      }
      return Reply(surface: Surface(tab), message: message)
    }
    if manager.purchaseState.isPending {
      let requests = (try? await appStore.askToBuyRequests(account: appStore.account)) ?? []
      let request = requests.last { $0.status == .pending }
      let message = request.map {
        "Ask to Buy: request #\($0.id) waits for approval ('sportstime-store approve \($0.id)')."
      }
      return Reply(surface: .paywall, message: message)
    }
    switch manager.lastError {
    case .userCancelled?:
      return Reply(surface: .paywall, failure: "the purchase of \(name) was cancelled")
    case let error?:
      return Reply(
        surface: .paywall, failure: "the purchase of \(name) failed: \(error.message ?? "")")
    case nil:
      return Reply(surface: .paywall, failure: "the purchase of \(name) did not go through")
    }
  }

  // MARK: - The onboarding paywall

  /// Why the onboarding paywall does not show, when it does not.
  private var onboardingAbsence: String {
    isPro
      ? "the onboarding paywall never shows to a Pro customer"
      : "the onboarding paywall was already seen (it shows once, on first launch)"
  }

  private func saveOnboardingPage() {
    guard let onboarding else { return }
    data.update { $0.screens.onboardingPage = onboarding.pageIndex }
  }

  /// Shows the onboarding paywall's current page.
  func showOnboarding() -> Reply {
    guard onboarding != nil else {
      return .refused(onboardingAbsence, on: Surface(tab))
    }
    return Reply(surface: .onboarding)
  }

  /// "Next": the next page.
  func nextOnboardingPage() async -> Reply {
    guard let onboarding else { return .refused(onboardingAbsence, on: Surface(tab)) }
    guard !onboarding.isOnPricingPage else {
      return .refused(
        "this is the last page: 'onboarding subscribe' or 'onboarding continue-free'",
        on: .onboarding)
    }
    await onboarding.primaryAction()
    saveOnboardingPage()
    return Reply(surface: .onboarding)
  }

  /// Selects a plan on the pricing page (showing it).
  func selectOnboardingPlan(_ productID: String) -> Reply {
    guard let onboarding else { return .refused(onboardingAbsence, on: Surface(tab)) }
    onboarding.show(page: onboarding.pages.count - 1)
    saveOnboardingPage()
    if let failure = plansUnavailable(onboarding.productsMessage, retry: "onboarding retry") {
      return Reply(surface: .onboarding, failure: failure)
    }
    onboarding.select(productID)
    data.update { $0.screens.onboardingProductID = productID }
    return Reply(surface: .onboarding)
  }

  /// "Subscribe" on the pricing page (showing it first).
  func subscribeFromOnboarding() async -> Reply {
    guard let onboarding else { return .refused(onboardingAbsence, on: Surface(tab)) }
    onboarding.show(page: onboarding.pages.count - 1)
    saveOnboardingPage()
    if let failure = plansUnavailable(onboarding.productsMessage, retry: "onboarding retry") {
      return Reply(surface: .onboarding, failure: failure)
    }
    let productID = onboarding.selectedProductID
    await onboarding.subscribe()
    if onboarding.isDismissed {
      return await outcomeOfPurchase(of: productID, sheetClosed: true)
    }
    var reply = await outcomeOfPurchase(of: productID, sheetClosed: false)
    reply.surface = .onboarding
    return reply
  }

  /// "Try Again" on the pricing page (showing it first), when the plans did not load.
  func retryOnboardingPlans() async -> Reply {
    guard let onboarding else { return .refused(onboardingAbsence, on: Surface(tab)) }
    onboarding.show(page: onboarding.pages.count - 1)
    saveOnboardingPage()
    return await retryLoadingProducts(on: .onboarding)
  }

  /// "Continue with Free": closes the onboarding for good.
  func continueFree() -> Reply {
    guard let onboarding else { return .refused(onboardingAbsence, on: Surface(tab)) }
    onboarding.continueWithFree()
    data.update { $0.screens.tab = .home }
    return Reply(surface: .home)
  }

  // MARK: - Screens

  /// The Home tab now.
  var homeScreen: HomeScreen { HomeScreen(isPro: isPro, trips: savedTrips, policy: policy) }
  /// The Progress tab now.
  var progressScreen: ProgressScreen {
    ProgressScreen(ProgressTabModel(isPro: isPro, policy: policy), savedTripCount: savedTrips.count)
  }
  /// The Settings tab now.
  var settingsScreen: SettingsScreen { SettingsScreen(settingsModel) }
  /// The open paywall now.
  var paywallScreen: PaywallScreen? { openPaywall.map(PaywallScreen.init) }
  /// The onboarding's page now.
  var onboardingScreen: OnboardingScreen? { onboarding.map(OnboardingScreen.init) }

  /// The text `surface` prints, line by line.
  func lines(of surface: Surface) -> [String] {
    switch surface {
    case .home: homeScreen.lines
    case .progress: progressScreen.lines
    case .settings: settingsScreen.lines
    case .paywall: paywallScreen?.lines ?? lines(of: Surface(tab))
    case .onboarding: onboardingScreen?.lines ?? homeScreen.lines
    }
  }

  /// The JSON of `reply`: what happened and the model of the screen on top.
  func output(of reply: Reply) -> AppOutput {
    var output = AppOutput(
      screen: reply.surface.rawValue, message: reply.message, failure: reply.failure,
      isPro: isPro, date: appStore.clock.now, savedTrips: savedTrips)
    switch reply.surface {
    case .home: output.home = homeScreen
    case .progress: output.progress = progressScreen
    case .settings: output.settings = settingsScreen
    case .paywall: output.paywall = paywallScreen
    case .onboarding: output.onboarding = onboardingScreen
    }
    return output
  }
}

extension TerminalApp.Surface {
  /// The surface of a tab.
  init(_ tab: AppData.Tab) {
    switch tab {
    case .home: self = .home
    case .progress: self = .progress
    case .settings: self = .settings
    }
  }
}
