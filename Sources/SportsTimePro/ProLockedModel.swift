/// The screen that replaces a Pro feature for a free customer: a lock, the feature's name and
/// description, and "Upgrade to Pro", which opens the paywall — the `ProLockedView` of
/// <doc:ThePlan>.
public struct ProLockedModel: Sendable, Hashable, Codable {
  /// The SF Symbol of the lock.
  package static let lockIcon = "lock.fill"
  /// The button that opens the paywall.
  package static let upgradeButtonTitle = "Upgrade to Pro"

  /// The feature the screen stands in for: its name and copy are the screen's text.
  public let feature: ProFeature

  /// Creates the locked screen of `feature`.
  public init(feature: ProFeature) {
    self.feature = feature
  }

  /// The SF Symbol of the lock.
  public var lockIcon: String { Self.lockIcon }
  /// The feature's SF Symbol.
  public var featureIcon: String { feature.icon }
  /// The title: the feature's name.
  public var title: String { feature.displayName }
  /// The message: the feature's description.
  public var message: String { feature.description }
  /// The button's title: "Upgrade to Pro".
  public var upgradeButtonTitle: String { Self.upgradeButtonTitle }
  /// Where the paywall the button opens comes from.
  public var paywallPlacement: PaywallPlacement { .feature(feature) }
}
