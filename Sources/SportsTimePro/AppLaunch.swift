public import Observation

/// The launch sequence and what it shows: the app's lifecycle of <doc:ThePlan>, corrected so
/// that launch never waits on the network.
///
/// ``run(loadingAppData:)`` starts the transaction listener first, lets the app load its own
/// data, then starts the store (unfinished transactions and entitlements, which are local; the
/// products load in the background) and shows the home screen, with the onboarding paywall over
/// it when it was not seen and the customer is not Pro.
@Observable
@MainActor
public final class AppLaunch {
  /// The screen under any sheet.
  public enum Screen: Sendable, Hashable, Codable {
    /// The launch screen, while the sequence runs.
    case launching
    /// The home screen, once the launch is done.
    case home
  }

  /// The store the app runs on.
  public let store: StoreManager
  /// The screen under any sheet.
  public private(set) var screen: Screen = .launching
  /// The onboarding paywall, when the launch decided to show it.
  package private(set) var onboarding: OnboardingPaywallModel?

  /// Creates the launch sequence of an app over `store`.
  public init(store: StoreManager) {
    self.store = store
  }

  /// Whether the onboarding paywall covers the home screen now.
  public var isShowingOnboardingPaywall: Bool {
    guard let onboarding else { return false }
    return !onboarding.isDismissed
  }

  /// Runs the launch sequence; `loadAppData` loads the app's own data (saved trips and so on)
  /// while the listener already runs.
  public func run(loadingAppData loadAppData: @MainActor () async -> Void = {}) async {
    guard screen == .launching else { return }
    store.startListening()
    await loadAppData()
    await store.start()
    if OnboardingPaywallModel.shouldShow(isPro: store.isPro, storage: store.storage) {
      onboarding = OnboardingPaywallModel(store: store)
    }
    screen = .home
  }
}
