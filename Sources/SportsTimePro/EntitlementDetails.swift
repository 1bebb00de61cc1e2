public import Foundation
public import StoreModel

/// What the settings show about the customer's Pro subscription: which plan, until when, whether
/// it renews, whether it is shared by the family or has a billing problem.
///
/// Built from the verified current entitlements and, when the App Store answers, the group's
/// subscription statuses (renewal info). Without the statuses, the renewal fields are `nil`.
public struct EntitlementDetails: Sendable, Hashable {
  /// The product the customer is entitled to.
  public var productID: String
  /// The transaction that entitles the customer.
  public var transactionID: UInt64
  /// The subscription's original transaction.
  public var originalTransactionID: UInt64
  /// When the current period started.
  public var purchaseDate: Date
  /// When the current period ends; `nil` for a product that never expires.
  public var expirationDate: Date?
  /// The subscription's renewal state, when known.
  public var renewalState: RenewalState?
  /// Whether the subscription renews at the end of the period, when known.
  public var willAutoRenew: Bool?
  /// The product the next renewal buys, when it differs from ``productID`` (a pending downgrade
  /// or crossgrade).
  public var nextRenewalProductID: String?
  /// Whether a family member shares the subscription with the customer.
  public var isFamilyShared: Bool
  /// Whether the App Store is retrying a failed renewal.
  public var isInBillingRetry: Bool
  /// When the billing grace period ends, while it runs.
  public var gracePeriodExpirationDate: Date?

  /// Creates details.
  public init(
    productID: String,
    transactionID: UInt64,
    originalTransactionID: UInt64,
    purchaseDate: Date,
    expirationDate: Date?,
    renewalState: RenewalState? = nil,
    willAutoRenew: Bool? = nil,
    nextRenewalProductID: String? = nil,
    isFamilyShared: Bool = false,
    isInBillingRetry: Bool = false,
    gracePeriodExpirationDate: Date? = nil
  ) {
    self.productID = productID
    self.transactionID = transactionID
    self.originalTransactionID = originalTransactionID
    self.purchaseDate = purchaseDate
    self.expirationDate = expirationDate
    self.renewalState = renewalState
    self.willAutoRenew = willAutoRenew
    self.nextRenewalProductID = nextRenewalProductID
    self.isFamilyShared = isFamilyShared
    self.isInBillingRetry = isInBillingRetry
    self.gracePeriodExpirationDate = gracePeriodExpirationDate
  }

  /// Whether the billing grace period runs: Pro continues while the customer fixes the payment.
  public var isInGracePeriod: Bool { renewalState == .inGracePeriod }

  /// When access ends unless something changes: the end of the grace period while it runs,
  /// else the expiration date.
  public var accessEndDate: Date? {
    if let gracePeriodExpirationDate, isInGracePeriod { return gracePeriodExpirationDate }
    return expirationDate
  }
}

extension EntitlementDetails {
  /// How long after now the manager reads the entitlements again when one of them is still
  /// reported after its end (a transaction that just expired, a grace period that ended while
  /// offline).
  static let endedEntitlementRecheckDelay: TimeInterval = 60

  /// The transactions whose details may show: `entitlements` and, when there is any, the latest
  /// verified transaction of each other subscription of `productIDs` that `statuses` report
  /// entitled (`subscribed` or `inGracePeriod`, not revoked or upgraded away).
  ///
  /// With family sharing the customer holds several subscriptions of the group, and the App
  /// Store grants the highest level among the entitled statuses; a current-entitlements source
  /// that reports one transaction per group may not report that one. The statuses never make a
  /// customer Pro by themselves: without `entitlements` there are no candidates.
  static func candidates(
    entitlements: [Transaction], statuses: [SubscriptionStatus], productIDs: Set<String>
  ) -> [Transaction] {
    guard !entitlements.isEmpty else { return [] }
    var candidates = entitlements
    var seen = Set(entitlements.map(\.originalID))
    for status in statuses where status.state.isEntitled {
      guard case .verified(let latest) = status.transaction,
        productIDs.contains(latest.productID), latest.revocationDate == nil, !latest.isUpgraded,
        seen.insert(latest.originalID).inserted
      else { continue }
      candidates.append(latest)
    }
    return candidates
  }

  /// The details of the entitlement to show, chosen among `entitlements` (verified, active):
  /// the highest level of the group (level 1 is highest; `levels` maps product identifiers to
  /// their `groupLevel`, and an unknown level ranks last), then a purchased one before a
  /// family-shared one, then the one that lasts longest.
  ///
  /// With family sharing, a customer may hold several subscriptions of the group at once (their
  /// own monthly, a family member's annual); the App Store grants the highest level among them.
  static func choose(
    from entitlements: [Transaction], statuses: [SubscriptionStatus], levels: [String: Int] = [:]
  ) -> EntitlementDetails? {
    let chosen = entitlements.max { lhs, rhs in
      let lhsLevel = levels[lhs.productID] ?? .max
      let rhsLevel = levels[rhs.productID] ?? .max
      if lhsLevel != rhsLevel { return lhsLevel > rhsLevel }
      let lhsPurchased = lhs.ownershipType != .familyShared
      let rhsPurchased = rhs.ownershipType != .familyShared
      if lhsPurchased != rhsPurchased { return rhsPurchased }
      let lhsEnd = lhs.expirationDate ?? .distantFuture
      let rhsEnd = rhs.expirationDate ?? .distantFuture
      if lhsEnd != rhsEnd { return lhsEnd < rhsEnd }
      return lhs.id < rhs.id
    }
    guard let transaction = chosen else { return nil }
    var details = EntitlementDetails(
      productID: transaction.productID,
      transactionID: transaction.id,
      originalTransactionID: transaction.originalID,
      purchaseDate: transaction.purchaseDate,
      expirationDate: transaction.expirationDate,
      isFamilyShared: transaction.ownershipType == .familyShared)
    let status = statuses.first { status in
      guard case .verified(let latest) = status.transaction else { return false }
      return latest.originalID == transaction.originalID
    }
    if let status, case .verified(let renewal) = status.renewalInfo {
      details.renewalState = status.state
      details.willAutoRenew = renewal.willAutoRenew
      details.isInBillingRetry = renewal.isInBillingRetry
      details.gracePeriodExpirationDate = renewal.gracePeriodExpirationDate
      if let next = renewal.autoRenewPreference, next != transaction.productID {
        details.nextRenewalProductID = next
      }
    }
    return details
  }

  /// The earliest moment after `now` at which one of `entitlements` ends by itself (an
  /// expiration, or the end of a grace period that `statuses` report), or `nil` when none ends.
  ///
  /// StoreKit sends no transaction update when a subscription simply expires, so the manager
  /// re-reads the entitlements at this date. An entitlement whose end is already at or before
  /// `now` (a transaction that expired a moment ago, returned at wake-up; a grace period that
  /// ended while offline) is read again ``endedEntitlementRecheckDelay`` after `now`, so that
  /// Pro never outlives its end.
  static func nextChange(
    of entitlements: [Transaction], statuses: [SubscriptionStatus], after now: Date
  ) -> Date? {
    var graceEnds: [UInt64: Date] = [:]
    for status in statuses where status.state == .inGracePeriod {
      guard case .verified(let latest) = status.transaction,
        case .verified(let renewal) = status.renewalInfo,
        let end = renewal.gracePeriodExpirationDate
      else { continue }
      graceEnds[latest.originalID] = end
    }
    return entitlements.compactMap { transaction -> Date? in
      guard let expiration = transaction.expirationDate else { return nil }
      let end = max(expiration, graceEnds[transaction.originalID] ?? expiration)
      return end > now ? end : now.addingTimeInterval(endedEntitlementRecheckDelay)
    }.min()
  }
}
