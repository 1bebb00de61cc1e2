package import Foundation
package import StoreModel

/// The renewal state of one auto-renewable subscription of one account: what the App Store
/// keeps beside the transactions, and what renewal info is signed from.
///
/// One per account and subscription group: a customer who resubscribes after a lapse, a refund
/// or an upgrade keeps the same `originalTransactionId`, as on the App Store.
package struct SubscriptionRecord: Codable, Hashable {
  /// Where the subscription is in its life.
  package enum Phase: String, Codable {
    /// Paid through ``SubscriptionRecord/expirationDate``.
    case active
    /// A renewal failed at ``SubscriptionRecord/expirationDate``; the App Store retries.
    case billingRetry
    /// Ended: ``SubscriptionRecord/expirationReason`` says why.
    case expired
    /// Its latest transaction was refunded or revoked.
    case revoked
  }

  package var originalID: UInt64
  package var account: String
  var groupID: String
  /// The product of the latest transaction.
  package var productID: String
  /// The product that renews next (a pending downgrade or crossgrade).
  package var autoRenewProductID: String
  package var willAutoRenew: Bool
  package var phase: Phase
  /// The end of the current paid period (the latest transaction's expiration).
  package var expirationDate: Date
  package var expirationReason: ExpirationReason?
  /// Billing retry: when it ends, and when the grace period ends (if one was granted).
  package var retryEndDate: Date?
  package var gracePeriodEndDate: Date?
  /// Billing retry: whether its grace period ended — a due event of its own, which makes
  /// `GRACE_PERIOD_EXPIRED` once. `nil` until it does (and in a state written before it was
  /// kept, whose grace ends the store tells by the notification's event key).
  var gracePeriodEnded: Bool?
  /// The start of the latest run of uninterrupted paid periods.
  var recentStartDate: Date
  /// Renewals since the latest purchase, for the Sandbox's cap of 12; `nil` in a state written
  /// before it was counted (none counted then).
  var renewalsSincePurchase: Int?
  package var appAccountToken: UUID?
  /// The purchase date of the subscription's first transaction.
  var originalPurchaseDate: Date
  /// Pay-as-you-go offer periods still to bill at the offer's price.
  var offerPeriodsLeft: Int
  /// The price its renewals pay, in milli-units: its product's price when it was bought (a
  /// price set while running included), or a price increase the customer agreed to. `nil` (a
  /// record written before it was kept, or a product it changed to at a renewal): the
  /// catalog's.
  var priceMilliunits: Int64?
  /// The promotional or win-back offer those periods belong to; `nil` for the introductory
  /// offer.
  package var offerID: String?
  /// A promotional offer or offer code redeemed while subscribed that starts at the next
  /// renewal, on ``autoRenewProductID`` (the same product, or a downgrade or crossgrade that
  /// waits for the renewal): "the offer period starts at the next billing event" (Apple,
  /// "Implementing promotional offers in your app"). `nil` when none is waiting.
  package var pendingOfferID: String?
  /// For a family member's copy: the purchaser's subscription it mirrors.
  package var sourceOriginalID: UInt64?

  /// A record with every field given (the optional ones default to `nil`).
  package init(
    originalID: UInt64, account: String, groupID: String, productID: String,
    autoRenewProductID: String, willAutoRenew: Bool, phase: Phase, expirationDate: Date,
    expirationReason: ExpirationReason? = nil, retryEndDate: Date? = nil,
    gracePeriodEndDate: Date? = nil, gracePeriodEnded: Bool? = nil, recentStartDate: Date,
    renewalsSincePurchase: Int? = nil, appAccountToken: UUID? = nil, originalPurchaseDate: Date,
    offerPeriodsLeft: Int, offerID: String? = nil, sourceOriginalID: UInt64? = nil
  ) {
    self.originalID = originalID
    self.account = account
    self.groupID = groupID
    self.productID = productID
    self.autoRenewProductID = autoRenewProductID
    self.willAutoRenew = willAutoRenew
    self.phase = phase
    self.expirationDate = expirationDate
    self.expirationReason = expirationReason
    self.retryEndDate = retryEndDate
    self.gracePeriodEndDate = gracePeriodEndDate
    self.gracePeriodEnded = gracePeriodEnded
    self.recentStartDate = recentStartDate
    self.renewalsSincePurchase = renewalsSincePurchase
    self.appAccountToken = appAccountToken
    self.originalPurchaseDate = originalPurchaseDate
    self.offerPeriodsLeft = offerPeriodsLeft
    self.offerID = offerID
    self.sourceOriginalID = sourceOriginalID
  }
}

/// A transaction as the ledger keeps it.
package struct StoredTransaction: Hashable {
  package var transaction: Transaction
  var account: String
  /// Bumped whenever the transaction changes (revoked, upgraded), so that the change is
  /// delivered again.
  var revision: Int
  package var finished: Bool
  /// For a family member's copy: the purchaser's transaction it mirrors.
  var sourceID: UInt64?

  /// A stored transaction with every field given.
  package init(
    transaction: Transaction, account: String, revision: Int, finished: Bool, sourceID: UInt64?
  ) {
    self.transaction = transaction
    self.account = account
    self.revision = revision
    self.finished = finished
    self.sourceID = sourceID
  }
}
