import AppStoreJWS
package import Foundation
import StoreModel

/// What a subscription's record says, once: the state its statuses, renewal info and
/// notifications report.
extension SubscriptionMachine {
  /// The state of `record` at `now`, as its renewal info and its notifications' `status` report
  /// it: `status` 1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked (Apple's
  /// `status` page).
  package static func state(of record: SubscriptionRecord, at now: Date) -> SubscriptionState {
    let live = isLive(record)
    let retrying = record.phase == .billingRetry
    let state: RenewalState =
      switch record.phase {
      case .active: .subscribed
      case .expired: .expired
      case .revoked: .revoked
      case .billingRetry:
        if let grace = record.gracePeriodEndDate, now < grace {
          .inGracePeriod
        } else {
          .inBillingRetryPeriod
        }
      }
    return SubscriptionState(
      originalTransactionID: record.originalID, account: record.account,
      groupID: record.groupID, productID: record.productID, state: state,
      expirationDate: record.expirationDate, willAutoRenew: live && record.willAutoRenew,
      autoRenewProductID: record.autoRenewProductID, isInBillingRetry: retrying,
      gracePeriodExpirationDate: state == .inGracePeriod ? record.gracePeriodEndDate : nil,
      expirationReason: expirationReason(of: record))
  }

  /// Why the subscription expired: in billing retry (its grace period included) the renewal
  /// already failed, and Apple sets `expirationReason` to `billingError` beside
  /// `isInBillingRetry` (the RenewalInfo `isInBillingRetry` page's table: billing retry and
  /// grace period both carry `billingError`); once expired, the reason recorded then.
  static func expirationReason(of record: SubscriptionRecord) -> ExpirationReason? {
    switch record.phase {
    case .billingRetry: .billingError
    case .expired: record.expirationReason
    case .active, .revoked: nil
    }
  }
}
