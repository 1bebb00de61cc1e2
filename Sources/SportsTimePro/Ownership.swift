/// What the app knows of the customer's Pro: not known yet, free, or Pro.
///
/// "Not known yet" is not "free": until the first reading of the entitlements is in, the models
/// decide nothing — no paywall, no locked screen, no PRO badge — so that a paying customer
/// whose reading is late (StoreKit answers a cancelled read with nothing, and lists a purchase a
/// moment late) never meets a gate. Read it from ``StoreManager/ownership``.
public enum Ownership: Sendable, Hashable, Codable {
  /// The entitlements were not read yet.
  case unknown
  /// Read: no Pro.
  case free
  /// Read (or held, see ``StoreManager/heldProductIDs``): Pro.
  case pro

  /// Whether the customer has Pro, once known; `nil` before.
  public var isPro: Bool? {
    switch self {
    case .unknown: nil
    case .free: false
    case .pro: true
    }
  }
}

extension StoreManager {
  /// What the app knows of Pro: ``Ownership/unknown`` until the entitlements were read once
  /// (``hasLoadedEntitlements``), unless a verified grant already arrived.
  public var ownership: Ownership {
    if isPro { return .pro }
    return hasLoadedEntitlements ? .free : .unknown
  }
}

extension AccessPolicy {
  /// The decision for `feature`, or `nil` while `ownership` is not known: nothing is decided
  /// before the first reading is in.
  public func decision(for feature: ProFeature, ownership: Ownership) -> AccessDecision? {
    ownership.isPro.map { decision(for: feature, isPro: $0) }
  }

  /// Whether one more trip may be saved, or `nil` while `ownership` is not known.
  public func canSaveTrip(savedCount: Int, ownership: Ownership) -> AccessDecision? {
    ownership.isPro.map { canSaveTrip(savedCount: savedCount, isPro: $0) }
  }
}

extension ProgressTabModel {
  /// The progress tab, or `nil` (show neither the progress nor the locked screen) while
  /// `ownership` is not known.
  public init?(ownership: Ownership, policy: AccessPolicy = AccessPolicy()) {
    guard let isPro = ownership.isPro else { return nil }
    self.init(isPro: isPro, policy: policy)
  }
}

extension TripDetailGates {
  /// The trip detail's gates, or `nil` (no badge, no paywall) while `ownership` is not known.
  public init?(ownership: Ownership, savedTripCount: Int, policy: AccessPolicy = AccessPolicy()) {
    guard let isPro = ownership.isPro else { return nil }
    self.init(isPro: isPro, savedTripCount: savedTripCount, policy: policy)
  }
}
