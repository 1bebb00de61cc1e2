import Foundation

/// What an app command prints with `--json`: what happened, and the model of the screen on top.
struct AppOutput: Encodable {
  /// The screen on top: `home`, `progress`, `settings`, `paywall` or `onboarding`.
  var screen: String
  /// What happened, in a sentence.
  var message: String?
  /// Why the action was refused or failed (the command exits 1).
  var failure: String?
  /// Whether the customer has Pro.
  var isPro: Bool
  /// The local App Store's time.
  var date: Date
  /// The saved trips, oldest first.
  var savedTrips: [String]
  var home: HomeScreen?
  var progress: ProgressScreen?
  var settings: SettingsScreen?
  var paywall: PaywallScreen?
  var onboarding: OnboardingScreen?
}
