import SportsTimePro

/// What the SportsTime app keeps on the device, beside the App Store's state: the saved trips,
/// its `UserDefaults` flags (`hasSeenOnboardingPaywall`), and where the screens stood when the
/// last command ended (the open sheet, the onboarding's page), so that the next command goes on
/// from there.
struct AppData: Codable, Equatable, Sendable {
  /// The tab the app shows under any sheet.
  enum Tab: String, Codable, Sendable, CaseIterable {
    case home, progress, settings

    /// The tab's name in the tab bar.
    var title: String {
      switch self {
      case .home: "Home"
      case .progress: "Progress"
      case .settings: "Settings"
      }
    }
  }

  /// A paywall sheet left open, kept with the app's data so that the next command finds it.
  struct PaywallSheet: Codable, Equatable, Sendable {
    /// Where it was opened from.
    var placement: PaywallPlacement
    /// The plan the customer picked, if they picked one.
    var chosenProductID: String?
  }

  /// The state of the screens between commands.
  struct Screens: Codable, Equatable, Sendable {
    /// The tab under the sheets.
    var tab: Tab = .home
    /// The onboarding's page, while it shows.
    var onboardingPage = 0
    /// The plan picked on the onboarding's pricing page.
    var onboardingProductID: String?
    /// The paywall sheet open now, if any: the next `paywall` command acts on it.
    var paywall: PaywallSheet?
  }

  /// Which local App Store state this data goes with: a fingerprint of its root certificate,
  /// which `reset` makes anew; data of another state is stale and starts afresh.
  var storeFingerprint: String?
  /// The saved trips' names, oldest first.
  var savedTrips: [String] = []
  /// The app's boolean defaults.
  var flags: [String: Bool] = [:]
  /// The app's text defaults.
  var strings: [String: String] = [:]
  /// Where the screens stand.
  var screens = Screens()
}

extension AppData.Tab {
  /// The tab bar with `self` selected: `● Home   ○ Progress   ○ Settings`.
  var bar: String {
    Self.allCases.map { ($0 == self ? "● " : "○ ") + $0.title }.joined(
      separator: String(repeating: " ", count: 12))
  }
}
