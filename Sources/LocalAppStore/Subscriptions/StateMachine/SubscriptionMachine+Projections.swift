import AppStoreJWS
import Foundation
import StoreModel

/// What a subscription's record says, once: the state its statuses and renewal info report, and
/// the notifications a step from one record to the next makes.
extension SubscriptionMachine {
  /// The state of `record` at `now`, as its renewal info and its notifications' `status` report
  /// it: `status` 1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked (Apple's
  /// `status` page).
  static func state(of record: SubscriptionRecord, at now: Date) -> SubscriptionState {
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

  /// The end of `record`'s grace period when it ended by `now` while the subscription stays in
  /// billing retry (the grace end changes nothing the record holds: its state goes from
  /// `inGracePeriod` to `inBillingRetryPeriod`, and the App Store sends `GRACE_PERIOD_EXPIRED`).
  static func graceEnd(of record: SubscriptionRecord, by now: Date) -> Date? {
    guard record.phase == .billingRetry, let grace = record.gracePeriodEndDate, grace <= now
    else { return nil }
    return grace
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

  // MARK: - Notifications

  /// One notification a change makes.
  struct Notification: Equatable {
    var type: NotificationType
    var subtype: NotificationSubtype?
    /// Signs the record as it was before the change (a grace period that ended before it).
    var usesOldRecord = false
    var eventKey: String?
  }

  /// The notifications the App Store sends when a subscription goes from `old` to `new`, whose
  /// latest transaction is then `latest` (Apple's `notificationType` page; a family member's
  /// copy gets its own, as Apple sends them for `FAMILY_SHARED` transactions).
  static func notifications(
    from old: SubscriptionRecord?, to new: SubscriptionRecord, latest: Transaction?, now: Date
  ) -> [Notification] {
    var events: [Notification] = []
    let latestReason = latest?.reason
    // OFFER_REDEEMED replaces SUBSCRIBED and DID_CHANGE_RENEWAL_PREF UPGRADE when the purchase
    // made now redeemed a promotional offer or an offer code (no SUBSCRIBED goes beside it):
    // "the customer redeemed a promotional offer or
    // offer code" (Apple's notificationType page; an offer code's first purchase arrives as
    // OFFER_REDEEMED / INITIAL_BUY, https://developer.apple.com/forums/thread/731832). An
    // introductory offer is no redemption: SUBSCRIBED, its transaction's offerType 1
    // (https://developer.apple.com/forums/thread/736694).
    let redeemed =
      latest.map {
        ($0.offerType == .promotional || $0.offerType == .code) && $0.reason == .purchase
          && $0.purchaseDate == now
      } ?? false
    let wasLive = old.map { $0.phase == .active || $0.phase == .billingRetry } ?? false
    // GRACE_PERIOD_EXPIRED: "the billing grace period has ended without renewing the
    // subscription"; told before what ends the retry.
    if let old, let grace = graceEnd(of: old, by: now),
      new.phase != .billingRetry || new.gracePeriodEndDate != grace
    {
      events.append(
        Notification(
          type: .gracePeriodExpired, usesOldRecord: true,
          eventKey: LocalAppStore.graceExpiredKey(old, grace)))
    }
    if new.phase == .revoked, old?.phase != .revoked {
      // REFUND: the App Store refunded the transaction; REVOKE: a family member's access
      // through Family Sharing ended (the purchaser stopped sharing or was refunded).
      events.append(Notification(type: new.sourceOriginalID == nil ? .refund : .revoke))
      return events
    }
    if var revived = old, revived.phase == .revoked, new.phase != .revoked {
      revived.phase = new.phase
      if revived == new {
        // REFUND_REVERSED: "the App Store reversed a previously granted refund due to a
        // dispute that the customer raised": the subscription is back as it was, its renewal
        // date unchanged (a new purchase would have changed its dates).
        events.append(Notification(type: .refundReversed))
        return events
      }
    }
    guard let old, wasLive else {
      // SUBSCRIBED: INITIAL_BUY the first time (bought, or received through Family Sharing),
      // RESUBSCRIBE when the customer comes back to the group.
      if new.phase == .active {
        events.append(
          Notification(
            type: redeemed ? .offerRedeemed : .subscribed,
            subtype: old == nil ? .initialBuy : .resubscribe))
      }
      return events
    }
    switch new.phase {
    case .expired:
      let subtype: NotificationSubtype? =
        switch new.expirationReason {
        case .autoRenewDisabled?: .voluntary
        case .billingError?: .billingRetry
        case .didNotConsentToPriceIncrease?: .priceIncrease
        case .productUnavailable?: .productNotForSale
        default: nil
        }
      events.append(Notification(type: .expired, subtype: subtype))
      return events
    case .active
    where new.productID != old.productID && latestReason == .purchase
      && new.expirationDate != old.expirationDate:
      // An upgrade (or a crossgrade of the same duration) takes effect at once, with a new
      // transaction: DID_CHANGE_RENEWAL_PREF UPGRADE.
      events.append(
        Notification(
          type: redeemed ? .offerRedeemed : .didChangeRenewalPreference, subtype: .upgrade))
      return events
    case .billingRetry where old.phase == .active:
      // DID_FAIL_TO_RENEW: GRACE_PERIOD when the customer keeps access through a grace period.
      events.append(
        Notification(
          type: .didFailToRenew, subtype: new.gracePeriodEndDate == nil ? nil : .gracePeriod))
    case .active
    where old.phase == .active && new.productID == old.productID
      && new.expirationDate > old.expirationDate
      && (latest.map { $0.purchaseDate < old.expirationDate } ?? false):
      // RENEWAL_EXTENDED: the renewal date moved later without a new period (no transaction
      // starts at the old renewal date): "the App Store extended the subscription renewal date
      // for a specific subscription" (Extend a Subscription Renewal Date).
      events.append(Notification(type: .renewalExtended))
      return events
    case .active where old.phase == .billingRetry:
      // DID_RENEW BILLING_RECOVERY: a subscription that failed to renew renewed.
      events.append(Notification(type: .didRenew, subtype: .billingRecovery))
    case .active where new.expirationDate != old.expirationDate:
      events.append(Notification(type: .didRenew))
    default:
      break
    }
    if new.willAutoRenew != old.willAutoRenew {
      events.append(
        Notification(
          type: .didChangeRenewalStatus,
          subtype: new.willAutoRenew ? .autoRenewEnabled : .autoRenewDisabled))
    } else if new.autoRenewProductID != old.autoRenewProductID, new.productID == old.productID {
      // DOWNGRADE (or a crossgrade that waits for the renewal); no subtype when the customer
      // goes back to the current product, cancelling the downgrade.
      events.append(
        Notification(
          type: .didChangeRenewalPreference,
          subtype: new.autoRenewProductID == new.productID ? nil : .downgrade))
    }
    return events
  }
}
