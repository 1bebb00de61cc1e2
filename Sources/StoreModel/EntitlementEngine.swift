public import Foundation

/// Decides what a customer is entitled to from a purchase history and a moment, exactly as
/// StoreKit 2's `Transaction.currentEntitlements` and `Product.SubscriptionInfo.status(for:)` do.
///
/// Pure: it has no clock of its own; the caller passes the date of the decision.
public struct EntitlementEngine: Sendable {
  /// The status of one subscription (one `originalID`) of a group at a date.
  public struct GroupStatus: Sendable, Hashable {
    /// The renewal state at the date.
    public var state: RenewalState
    /// The latest transaction of the subscription.
    public var transaction: Transaction
    /// The subscription's renewal info, when the ledger has it.
    public var renewalInfo: RenewalInfo?

    /// Creates a status.
    public init(state: RenewalState, transaction: Transaction, renewalInfo: RenewalInfo?) {
      self.state = state
      self.transaction = transaction
      self.renewalInfo = renewalInfo
    }
  }

  /// Creates an engine.
  public init() {}

  /// The transactions that entitle the customer at `date`: StoreKit's
  /// `Transaction.currentEntitlements`.
  public func currentEntitlements(in ledger: PurchaseLedger, at date: Date) -> [Transaction] {
    // Placeholder until the engine lands: nothing is entitled.
    _ = (ledger, date)
    return []
  }

  /// The statuses of subscription group `groupID` at `date`: StoreKit's
  /// `Product.SubscriptionInfo.status(for:)`. Empty when the customer never subscribed.
  public func statuses(
    ofGroup groupID: String, in ledger: PurchaseLedger, at date: Date
  ) -> [GroupStatus] {
    _ = (groupID, ledger, date)
    return []
  }

  /// The earliest date after `date` at which the entitlements could change without a new
  /// transaction (an expiration or the end of a grace period), or `nil` when none is scheduled.
  ///
  /// An app re-evaluates at this date: StoreKit sends no update for a plain expiry.
  public func nextChange(in ledger: PurchaseLedger, after date: Date) -> Date? {
    _ = (ledger, date)
    return nil
  }
}
