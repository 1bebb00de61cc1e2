import Foundation
import StoreModel

/// The renewal state of one auto-renewable subscription of one account: what the App Store
/// keeps beside the transactions, and what renewal info is signed from.
///
/// One per account and subscription group: a customer who resubscribes after a lapse, a refund
/// or an upgrade keeps the same `originalTransactionId`, as on the App Store.
struct SubscriptionRecord: Codable, Hashable {
  /// Where the subscription is in its life.
  enum Phase: String, Codable {
    /// Paid through ``SubscriptionRecord/expirationDate``.
    case active
    /// A renewal failed at ``SubscriptionRecord/expirationDate``; the App Store retries.
    case billingRetry
    /// Ended: ``SubscriptionRecord/expirationReason`` says why.
    case expired
    /// Its latest transaction was refunded or revoked.
    case revoked
  }

  var originalID: UInt64
  var account: String
  var groupID: String
  /// The product of the latest transaction.
  var productID: String
  /// The product that renews next (a pending downgrade or crossgrade).
  var autoRenewProductID: String
  var willAutoRenew: Bool
  var phase: Phase
  /// The end of the current paid period (the latest transaction's expiration).
  var expirationDate: Date
  var expirationReason: ExpirationReason?
  /// Billing retry: when it ends, and when the grace period ends (if one was granted).
  var retryEndDate: Date?
  var gracePeriodEndDate: Date?
  /// Billing retry: whether its grace period ended — a due event of its own, which makes
  /// `GRACE_PERIOD_EXPIRED` once. `nil` until it does (and in a state written before it was
  /// kept, whose grace ends the store tells by the notification's event key).
  var gracePeriodEnded: Bool?
  /// The start of the latest run of uninterrupted paid periods.
  var recentStartDate: Date
  /// Renewals since the latest purchase, for the Sandbox's cap of 12; `nil` in a state written
  /// before it was counted (none counted then).
  var renewalsSincePurchase: Int?
  var appAccountToken: UUID?
  /// The purchase date of the subscription's first transaction.
  var originalPurchaseDate: Date
  /// Pay-as-you-go offer periods still to bill at the offer's price.
  var offerPeriodsLeft: Int
  /// The promotional or win-back offer those periods belong to; `nil` for the introductory
  /// offer.
  var offerID: String?
  /// For a family member's copy: the purchaser's subscription it mirrors.
  var sourceOriginalID: UInt64?
}

/// A transaction as the ledger keeps it.
struct StoredTransaction: Hashable {
  var transaction: Transaction
  var account: String
  /// Bumped whenever the transaction changes (revoked, upgraded), so that the change is
  /// delivered again.
  var revision: Int
  var finished: Bool
  /// For a family member's copy: the purchaser's transaction it mirrors.
  var sourceID: UInt64?
}
