import AppStoreJWS
import Foundation
package import StoreModel

/// What becomes of a customer's refund request beside a granted refund
/// (``refund(transactionID:reason:)``): the App Store declines it (`REFUND_DECLINED`), or
/// reverses a refund it granted after the customer disputes it (`REFUND_REVERSED`).
extension LocalAppStore {
  /// The App Store declines the customer's request to refund transaction `transactionID`: the
  /// transaction is unchanged, and `REFUND_DECLINED` is made ("the App Store declined a refund
  /// request": Apple's notificationType page).
  /// - Throws: `notFound` for no such transaction; `notAllowed` for one already refunded or a
  ///   family member's copy (the purchaser asks for refunds). Nothing changes then.
  package func declineRefund(transactionID: UInt64) throws(LocalAppStoreError) {
    try operation { (_: Date) throws(LocalAppStoreError) in
      let stored = try purchasersTransaction(transactionID)
      guard stored.transaction.revocationDate == nil else {
        throw LocalAppStoreError(
          .notAllowed, "transaction \(transactionID) is refunded already: no request to decline")
      }
      notifier.emit(.init(.refundDeclined), about: .transaction(transactionID))
    }
  }

  /// The App Store reverses the refund of transaction `transactionID`, as after a dispute the
  /// customer raised: its revocation is removed (family members' copies too, which are shared
  /// again), a refunded subscription is back with its renewal date unchanged (renewing or
  /// expiring at once if that date passed meanwhile), and `REFUND_REVERSED` is made ("If your
  /// app revoked content or services as a result of the related refund, it needs to reinstate
  /// them": Apple's notificationType page).
  /// - Throws: `notFound` for no such transaction; `notAllowed` for one that was not refunded,
  ///   or a family member's copy. Nothing changes then.
  @discardableResult
  package func reverseRefund(transactionID: UInt64) throws(LocalAppStoreError) -> Transaction {
    try operation { (now: Date) throws(LocalAppStoreError) in
      let stored = try purchasersTransaction(transactionID)
      guard stored.transaction.revocationDate != nil else {
        throw LocalAppStoreError(
          .notAllowed, "transaction \(transactionID) was not refunded: no refund to reverse")
      }
      // `revocationPercentage`: "This field doesn't appear if the refund is reversed."
      let reinstate: (inout Transaction) -> Void = {
        $0.revocationDate = nil
        $0.revocationReason = nil
        $0.revocationType = nil
        $0.revocationPercentage = nil
      }
      var transaction = stored.transaction
      reinstate(&transaction)
      let revision = try ledger.update(transaction)
      try ledger.appendUpdate(
        account: stored.account, transactionID: transaction.id, revision: revision)
      // REFUND_REVERSED of a product that is not an auto-renewable subscription (a
      // subscription's is its machine step's, below).
      let oneTime = transaction.productType != .autoRenewable
      if oneTime { notifier.emit(.init(.refundReversed), about: .transaction(transaction.id)) }
      // The copies revoked with the refund (not those a family member lost before it), of the
      // members who still share: one who stopped sharing meanwhile has lost access for that
      // reason too, and their copy stays revoked, as their subscription record does.
      let sharing = try ledger.sharingMembers()
      for copy in try ledger.copies(of: transaction.id)
      where copy.transaction.revocationDate == stored.transaction.revocationDate
        && sharing.contains(copy.account)
      {
        var reinstated = copy.transaction
        reinstate(&reinstated)
        let copyRevision = try ledger.update(reinstated)
        try ledger.appendUpdate(
          account: copy.account, transactionID: reinstated.id, revision: copyRevision)
        if oneTime { notifier.emit(.init(.refundReversed), about: .transaction(reinstated.id)) }
      }
      if let record = try ledger.subscriptions(of: stored.account).first(where: {
        $0.originalID == transaction.originalID && $0.sourceOriginalID == nil
      }), record.phase == .revoked, try latestTransaction(of: record)?.id == transaction.id {
        let increase = try pricing.increase(of: record.originalID)
        try self.transition(
          .refundReversed, of: record, at: now,
          in: machineContext(try currentSettings(), priceIncrease: increase))
      }
      return transaction
    }
  }
}
