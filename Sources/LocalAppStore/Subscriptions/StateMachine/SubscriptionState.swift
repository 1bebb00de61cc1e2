package import Foundation
package import StoreModel

/// A subscription's state as the App Store decided it (``SubscriptionMachine``), before anything
/// is signed: what its renewal info and its notifications' `status` report.
///
/// A device reads the same facts again from the signed transactions and renewal info
/// (``EntitlementEngine``); the two agree at every step of a history.
package struct SubscriptionState: Sendable, Hashable {
  /// The subscription's original transaction identifier (a family member's copy has its own).
  package var originalTransactionID: UInt64
  /// The customer whose subscription it is.
  package var account: String
  package var groupID: String
  /// The product of its latest transaction.
  package var productID: String
  /// Subscribed, in its grace period, in billing retry, expired or revoked.
  package var state: RenewalState
  /// The end of the current paid period (its latest transaction's expiration).
  package var expirationDate: Date
  /// Whether it renews: never once it ended.
  package var willAutoRenew: Bool
  /// The product that renews next.
  package var autoRenewProductID: String
  package var isInBillingRetry: Bool
  /// The end of the grace period, while in billing retry with one.
  package var gracePeriodExpirationDate: Date?
  package var expirationReason: ExpirationReason?
}

/// One account's subscriptions as the App Store decided them, beside what it signs for the
/// account (``LocalAppStore/decidedStates(of:)``).
package struct DecidedStates: Sendable, Hashable {
  package var account: String
  /// The state machine's state of each of the account's subscriptions.
  package var states: [SubscriptionState]
  /// The latest transaction of each of the account's purchases, and the renewal info of each of
  /// its subscriptions, as they are signed.
  package var signed: PurchaseLedger
}
