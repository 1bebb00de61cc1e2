/// What happens when a customer reaches a gated feature.
public enum AccessDecision: Sendable, Hashable, Codable {
  /// The action runs.
  case allowed
  /// The paywall opens, for `feature`, instead of the action.
  case showPaywall(ProFeature)

  /// Whether the action runs.
  public var isAllowed: Bool { self == .allowed }
}
