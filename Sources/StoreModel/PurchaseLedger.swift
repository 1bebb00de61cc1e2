/// What the entitlement engine decides from: a customer's transactions and, for each
/// auto-renewable subscription, its latest renewal information.
///
/// The engine tolerates a ledger that holds several signed copies of one transaction (StoreKit
/// delivers a transaction again when it is refunded or upgraded, and sometimes simply twice):
/// the copy signed last counts. `record(_:)` keeps one copy per identifier.
package struct PurchaseLedger: Sendable, Hashable {
  /// Every transaction of the customer, in any order: purchases, renewals, revoked ones.
  package var transactions: [Transaction]
  /// The latest renewal information of each subscription, keyed by nothing: at most one per
  /// `originalTransactionID`.
  package var renewalInfos: [RenewalInfo]

  /// Creates a ledger.
  package init(transactions: [Transaction] = [], renewalInfos: [RenewalInfo] = []) {
    self.transactions = transactions
    self.renewalInfos = renewalInfos
  }

  /// Adds a transaction, or replaces the copy of it (same `id`) that was signed before it.
  ///
  /// Idempotent: recording the same delivery twice leaves one copy. A copy signed earlier than
  /// the one held is ignored. Linear in the number of transactions held.
  ///
  /// - Returns: Whether the ledger changed.
  @discardableResult
  package mutating func record(_ transaction: Transaction) -> Bool {
    guard let index = transactions.lastIndex(where: { $0.id == transaction.id }) else {
      transactions.append(transaction)
      return true
    }
    guard transactions[index] != transaction,
      transaction.signedDate >= transactions[index].signedDate
    else { return false }
    transactions[index] = transaction
    return true
  }

  /// Adds renewal info, or replaces the subscription's renewal info if it was signed before it.
  ///
  /// - Returns: Whether the ledger changed.
  @discardableResult
  package mutating func record(_ renewalInfo: RenewalInfo) -> Bool {
    let id = renewalInfo.originalTransactionID
    guard let index = renewalInfos.lastIndex(where: { $0.originalTransactionID == id }) else {
      renewalInfos.append(renewalInfo)
      return true
    }
    guard renewalInfos[index] != renewalInfo,
      renewalInfo.signedDate >= renewalInfos[index].signedDate
    else { return false }
    renewalInfos[index] = renewalInfo
    return true
  }

  /// The renewal info of subscription `originalID` (the one signed last when there are several).
  package func renewalInfo(for originalID: UInt64) -> RenewalInfo? {
    var found: RenewalInfo?
    for info in renewalInfos where info.originalTransactionID == originalID {
      if let kept = found, kept.signedDate > info.signedDate { continue }
      found = info
    }
    return found
  }
}
