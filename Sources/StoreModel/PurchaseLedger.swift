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
    Self.keep(transaction, in: &transactions, sameAs: \.id, signed: \.signedDate)
  }

  /// Adds renewal info, or replaces the subscription's renewal info if it was signed before it.
  ///
  /// - Returns: Whether the ledger changed.
  @discardableResult
  package mutating func record(_ renewalInfo: RenewalInfo) -> Bool {
    Self.keep(
      renewalInfo, in: &renewalInfos, sameAs: \.originalTransactionID, signed: \.signedDate)
  }

  /// Puts `copy` into `copies`: appended when no copy has its `key`, else in place of the last
  /// copy with that key when it differs from it and was signed no earlier.
  ///
  /// - Returns: Whether `copies` changed.
  private static func keep<Copy: Equatable, Key: Equatable, Signed: Comparable>(
    _ copy: Copy, in copies: inout [Copy], sameAs key: KeyPath<Copy, Key>,
    signed signedDate: KeyPath<Copy, Signed>
  ) -> Bool {
    let id = copy[keyPath: key]
    guard let index = copies.lastIndex(where: { $0[keyPath: key] == id }) else {
      copies.append(copy)
      return true
    }
    guard copies[index] != copy, copy[keyPath: signedDate] >= copies[index][keyPath: signedDate]
    else { return false }
    copies[index] = copy
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
