/// What the entitlement engine decides from: a customer's transactions and, for each
/// auto-renewable subscription, its latest renewal information.
public struct PurchaseLedger: Sendable, Hashable {
  /// Every transaction of the customer, in any order: purchases, renewals, revoked ones.
  public var transactions: [Transaction]
  /// The latest renewal information of each subscription, keyed by nothing: at most one per
  /// `originalTransactionID`.
  public var renewalInfos: [RenewalInfo]

  /// Creates a ledger.
  public init(transactions: [Transaction] = [], renewalInfos: [RenewalInfo] = []) {
    self.transactions = transactions
    self.renewalInfos = renewalInfos
  }
}
