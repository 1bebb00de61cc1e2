package import Foundation
package import StoreModel

/// Decides what a customer is entitled to from a purchase history and a moment, exactly as
/// StoreKit 2's `Transaction.currentEntitlements` and `Product.SubscriptionInfo.status(for:)` do.
///
/// Pure: it has no clock of its own; the caller passes the date of the decision, and the engine
/// answers *as of* that date. A transaction whose `purchaseDate` is later does not exist yet, a
/// revocation dated later has not happened yet, so the same ledger answers questions about the
/// past as well as about the present.
///
/// Every query reads the ledger once, grouping transactions by `originalID` in dictionaries: the
/// cost is linear in the number of transactions, whatever their order. ``decide(in:at:)``
/// answers all the questions of one moment from a single reading. The rules are described in
/// <doc:EntitlementSemantics>.
package struct EntitlementEngine: Sendable {
  /// The status of one subscription (one `originalID`) of a group at a date.
  package struct GroupStatus: Sendable, Hashable {
    /// The renewal state at the date.
    package var state: RenewalState
    /// The latest transaction of the subscription.
    package var transaction: Transaction
    /// The subscription's renewal info, when the ledger has it.
    package var renewalInfo: RenewalInfo?

    /// Creates a status.
    package init(state: RenewalState, transaction: Transaction, renewalInfo: RenewalInfo?) {
      self.state = state
      self.transaction = transaction
      self.renewalInfo = renewalInfo
    }

    /// Whether this status grants access: its state is `subscribed` or `inGracePeriod`.
    package var isEntitled: Bool { state.isEntitled }
  }

  /// Creates an engine.
  package init() {}

  /// The transactions that entitle the customer at `date`: StoreKit's
  /// `Transaction.currentEntitlements`.
  ///
  /// - Non-consumables: one transaction per product unless revoked (a purchased one is preferred
  ///   to a family-shared one).
  /// - Non-renewing subscriptions: the latest unrevoked transaction of each product, even after
  ///   its `expirationDate`: their expiry is the app's to manage, as in StoreKit.
  /// - Auto-renewable subscriptions: the latest transaction of each subscription (`originalID`)
  ///   whose state is `subscribed` or `inGracePeriod` — several in one group when family
  ///   sharing gives the customer a shared subscription besides their own
  ///   (https://developer.apple.com/forums/thread/731683): the app chooses which to show.
  /// - Consumables, upgraded-away and revoked transactions, and product types the engine does not
  ///   know, never.
  ///
  /// - Returns: The entitling transactions, ordered by purchase date, then identifier.
  package func currentEntitlements(in ledger: PurchaseLedger, at date: Date) -> [Transaction] {
    LedgerSnapshot(ledger, at: date, scope: .everything).entitlements()
  }

  /// The statuses of subscription group `groupID` at `date`: StoreKit's
  /// `Product.SubscriptionInfo.status(for:)`. Empty when the customer never subscribed.
  ///
  /// There is one status per subscription (`originalID`) of the group that exists at `date`:
  /// several when family sharing gives the customer a shared subscription besides their own.
  /// StoreKit promises no order; these come in the order the subscriptions began
  /// (`originalPurchaseDate`, then `originalID`), *not* best first, so that code reading only
  /// `first` (Apple's sample code's `status.first`) fails here as it does on a device. Use
  /// ``currentStatus(ofGroup:in:at:)`` for the one to show.
  package func statuses(
    ofGroup groupID: String, in ledger: PurchaseLedger, at date: Date
  ) -> [GroupStatus] {
    LedgerSnapshot(ledger, at: date, scope: .group(groupID)).allStatuses()
  }

  /// The status an app shows for group `groupID` at `date`: the one that grants access when any
  /// does, else the most recent one; `nil` when the customer never subscribed.
  ///
  /// The best of ``statuses(ofGroup:in:at:)`` (`subscribed` before `inGracePeriod`, purchased
  /// before family shared, the later end of access first; among the others the most recent):
  /// the safe form of Apple's sample code's `status.first`, which reads whichever status comes
  /// first.
  package func currentStatus(
    ofGroup groupID: String, in ledger: PurchaseLedger, at date: Date
  ) -> GroupStatus? {
    LedgerSnapshot(ledger, at: date, scope: .group(groupID)).currentStatus(ofGroup: groupID)
  }

  /// The earliest date after `date` at which the entitlements could change without a new
  /// transaction (an expiration or the end of a grace period), or `nil` when none is scheduled.
  ///
  /// An app re-evaluates at this date: StoreKit sends no update for a plain expiry.
  ///
  /// Candidates are the expiration date of every `subscribed` subscription, the grace-period end
  /// of every subscription `inGracePeriod`, a revocation dated after `date` of a transaction that
  /// entitles now, and the purchase date of any transaction that can entitle dated after `date`
  /// (a question about the past: that transaction is about to exist). The expiration date of a non-renewing
  /// subscription is not a candidate: it stays among the entitlements after it.
  package func nextChange(in ledger: PurchaseLedger, after date: Date) -> Date? {
    LedgerSnapshot(ledger, at: date, scope: .everything).nextChange()
  }
}
