/// The small "PRO" capsule that marks a Pro feature for a free customer — the `ProBadge` of
/// <doc:ThePlan> without its colours (the UI theme holds those).
public struct ProBadgeModel: Sendable, Hashable, Codable {
  package static let text = "PRO"

  /// Whether the badge shows: only to a customer who is not Pro.
  public let isVisible: Bool

  /// The badge as a customer with or without Pro sees it.
  public init(isPro: Bool) {
    isVisible = !isPro
  }

  /// The badge's text: "PRO".
  public var text: String { Self.text }
}
