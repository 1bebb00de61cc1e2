/// Where a paywall was opened from: the onboarding, a gated feature, or the settings.
public enum PaywallPlacement: Sendable, Hashable, Codable {
  /// The first-launch onboarding paywall.
  case onboarding
  /// A gate of a Pro feature (a second trip, a PDF, the progress tab).
  case feature(ProFeature)
  /// The "Upgrade to Pro" row of the settings.
  case settings
}
