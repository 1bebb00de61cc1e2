package import Foundation
package import StoreModel

/// The app layer's decisions over what a backend lists: which transactions grant Pro, which
/// entitlement the settings show, and when the entitlements must be read again. One home for
/// them, called by ``StoreManager``; what the App Store lists is the backend's to decide (on
/// Linux the local App Store's `EntitlementEngine`, on a device StoreKit).
///
/// Pure: the caller passes the moment of the decision.
package struct ProEntitlements: Sendable, Hashable {
  /// How long after now the manager reads the entitlements again when one of them is still
  /// reported after its end (a transaction that just expired, a grace period that ended while
  /// offline).
  package static let endedEntitlementRecheckDelay: TimeInterval = 60

  /// The products that grant Pro.
  package var productIDs: Set<String>

  /// The rules for the products `productIDs`.
  package init(productIDs: Set<String>) {
    self.productIDs = productIDs
  }

  /// Whether `transaction` may grant Pro: a product of ``productIDs``, neither revoked nor
  /// upgraded away. (Its signature is the caller's to check: only verified transactions reach
  /// here.)
  package func grantsPro(_ transaction: Transaction) -> Bool {
    productIDs.contains(transaction.productID) && transaction.revocationDate == nil
      && !transaction.isUpgraded
  }

  /// The transactions of a listing (`Transaction.currentEntitlements`) that grant Pro: the
  /// verified ones that pass ``grantsPro(_:)``, in the listing's order. An unverified one
  /// grants nothing, whatever its payload says.
  package func granting(_ listing: [VerificationResult<Transaction>]) -> [Transaction] {
    listing.compactMap { result in
      guard case .verified(let transaction) = result, grantsPro(transaction) else { return nil }
      return transaction
    }
  }

  /// The transactions whose details may show: `entitlements` and, when there is any, the latest
  /// verified transaction of each other subscription that `statuses` report entitled
  /// (`subscribed` or `inGracePeriod`) and that passes ``grantsPro(_:)``.
  ///
  /// With family sharing the customer holds several subscriptions of the group, and the App
  /// Store grants the highest level among the entitled statuses; a current-entitlements source
  /// that reports one transaction per group may not report that one. The statuses never make a
  /// customer Pro by themselves: without `entitlements` there are no candidates.
  package func candidates(entitlements: [Transaction], statuses: [SubscriptionStatus])
    -> [Transaction]
  {
    guard !entitlements.isEmpty else { return [] }
    var candidates = entitlements
    var seen = Set(entitlements.map(\.originalID))
    for status in statuses where status.state.isEntitled {
      guard case .verified(let latest) = status.transaction, grantsPro(latest),
        seen.insert(latest.originalID).inserted
      else { continue }
      candidates.append(latest)
    }
    return candidates
  }

  /// The entitlement to show, among `entitlements` (verified, active): the highest level of the
  /// group (level 1 is highest; `levels` maps product identifiers to their `groupLevel`, and an
  /// unknown level ranks last), then a purchased one before a family-shared one, then the one
  /// that lasts longest, then the higher identifier.
  ///
  /// With family sharing, a customer may hold several subscriptions of the group at once (their
  /// own monthly, a family member's annual); the App Store grants the highest level among them.
  package func shown(among entitlements: [Transaction], levels: [String: Int]) -> Transaction? {
    entitlements.max { lhs, rhs in
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
  }

  /// The details of the entitlement ``shown(among:levels:)`` chooses, with the renewal fields of
  /// its status in `statuses` when there is a verified one; `nil` when there is none to show.
  package func details(
    among entitlements: [Transaction], statuses: [SubscriptionStatus], levels: [String: Int]
  ) -> EntitlementDetails? {
    shown(among: entitlements, levels: levels).map { transaction in
      let status = statuses.first { status in
        guard case .verified(let latest) = status.transaction else { return false }
        return latest.originalID == transaction.originalID
      }
      return EntitlementDetails(transaction, status: status)
    }
  }

  /// The earliest moment after `now` at which one of `entitlements` ends by itself (an
  /// expiration, or the end of a grace period that `statuses` report with a verified renewal
  /// info), or `nil` when none ends.
  ///
  /// StoreKit sends no transaction update when a subscription simply expires, so the manager
  /// re-reads the entitlements at this date. An entitlement whose end is already at or before
  /// `now` (a transaction that expired a moment ago, returned at wake-up; a grace period that
  /// ended while offline) is read again ``endedEntitlementRecheckDelay`` after `now`, so that
  /// Pro never outlives its end by more than that.
  package func nextChange(
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
      return end > now ? end : now.addingTimeInterval(Self.endedEntitlementRecheckDelay)
    }.min()
  }
}
