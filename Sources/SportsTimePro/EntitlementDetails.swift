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
  /// The identifier of the subscription's first transaction, the same across its renewals.
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
  /// The details of `transaction`, with the renewal fields of `status` when its renewal info
  /// is verified (``ProEntitlements/details(among:statuses:levels:)`` chooses which).
  init(_ transaction: Transaction, status: SubscriptionStatus?) {
    productID = transaction.productID
    transactionID = transaction.id
    originalTransactionID = transaction.originalID
    purchaseDate = transaction.purchaseDate
    expirationDate = transaction.expirationDate
    isFamilyShared = transaction.ownershipType == .familyShared
    guard let status, case .verified(let renewal) = status.renewalInfo else {
      isInBillingRetry = false
      return
    }
    renewalState = status.state
    willAutoRenew = renewal.willAutoRenew
    isInBillingRetry = renewal.isInBillingRetry
    gracePeriodExpirationDate = renewal.gracePeriodExpirationDate
    if let next = renewal.autoRenewPreference, next != transaction.productID {
      nextRenewalProductID = next
    }
  }
}
