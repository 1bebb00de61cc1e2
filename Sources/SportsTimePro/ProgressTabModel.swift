/// What the progress tab shows: the progress for Pro, the locked screen for a free customer.
public enum ProgressTabModel: Sendable, Hashable, Codable {
  /// The stadium visits, badges and bucket list.
  case progress
  /// The locked screen, whose button opens the paywall.
  case locked(ProLockedModel)

  /// The progress tab as a customer with or without Pro sees it.
  public init(isPro: Bool, policy: AccessPolicy = AccessPolicy()) {
    switch policy.canOpenProgress(isPro: isPro) {
    case .allowed: self = .progress
    case .showPaywall(let feature): self = .locked(ProLockedModel(feature: feature))
    }
  }

  /// Whether a free customer's locked screen shows instead of the progress.
  public var isLocked: Bool {
    if case .locked = self { return true }
    return false
  }
}
