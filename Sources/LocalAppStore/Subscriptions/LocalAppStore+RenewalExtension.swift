package import Foundation
import StoreModel

/// The App Store Server API's "Extend a Subscription Renewal Date", which a server calls to
/// compensate a customer for an outage: the renewal date of one active subscription moves
/// later, and the App Store sends `RENEWAL_EXTENDED`.
extension LocalAppStore {
  /// The longest extension, in days (Apple's `extendByDays` page: "a number from 1 to 90").
  package static let maximumExtensionDays = 90
  /// How many extensions a subscription may get within 365 days (Apple, "Extending the renewal
  /// date for auto-renewable subscriptions": "twice within a year (365 days)").
  package static let extensionsPerYear = 2

  /// Extends the renewal date of the subscription that transaction `transactionID` belongs to
  /// by `days` (in the store's time rate, as the sandbox scales them), as "Extend a
  /// Subscription Renewal Date" does: its latest transaction's `expiresDate` and its renewal
  /// date move, family members' copies with them, and `RENEWAL_EXTENDED` is made.
  ///
  /// - Parameter reasonCode: Apple's `extendReasonCode`: 0 undeclared, 1 customer
  ///   satisfaction, 2 other, 3 service issue or outage.
  /// - Returns: The new renewal date (Apple's `effectiveDate`).
  /// - Throws: `invalidArgument` for days outside 1–90 or a reason code outside 0–3;
  ///   `notFound` for no such transaction; `notAllowed` for a subscription Apple's
  ///   `SubscriptionExtensionIneligibleError` names (in a free offer period, in billing retry or
  ///   its grace period, expired or refunded), one extended twice in the past 365 days
  ///   (`SubscriptionMaxExtensionError`), or a family member's copy. Nothing changes then.
  @discardableResult
  package func extendRenewalDate(transactionID: UInt64, days: Int, reasonCode: Int = 0)
    throws(LocalAppStoreError) -> Date
  {
    guard (1...Self.maximumExtensionDays).contains(days) else {
      throw LocalAppStoreError(
        .invalidArgument,
        "cannot extend by \(days) days: Apple's extendByDays is 1 to \(Self.maximumExtensionDays)")
    }
    guard (0...3).contains(reasonCode) else {
      throw LocalAppStoreError(
        .invalidArgument,
        "extendReasonCode \(reasonCode) is not one of Apple's: 0 undeclared, 1 customer "
          + "satisfaction, 2 other, 3 service issue or outage")
    }
    return try operation { (now: Date) throws(LocalAppStoreError) in
      let record = try subscription(ofTransaction: transactionID)
      guard record.phase == .active, let latest = try latestTransaction(of: record) else {
        let state =
          switch record.phase {
          case .billingRetry: "in billing retry"
          case .revoked: "refunded"
          default: "expired"
          }
        throw LocalAppStoreError(
          .notAllowed,
          "subscription \(record.originalID) is \(state): only an active subscription's renewal "
            + "date can be extended (Apple: SubscriptionExtensionIneligibleError)")
      }
      guard latest.offerPaymentMode != .freeTrial else {
        throw LocalAppStoreError(
          .notAllowed,
          "subscription \(record.originalID) is in a free offer period, which Apple does not "
            + "extend (SubscriptionExtensionIneligibleError)")
      }
      var extensions = try renewalExtensions()
      let recent = (extensions[record.originalID] ?? []).filter {
        now.timeIntervalSince($0) < 365 * 86_400
      }
      guard recent.count < Self.extensionsPerYear else {
        throw LocalAppStoreError(
          .notAllowed,
          "subscription \(record.originalID) was extended \(recent.count) times in the past "
            + "365 days, Apple's most (SubscriptionMaxExtensionError)")
      }
      let settings = try currentSettings()
      let renewal = settings.timeRate.end(
        of: SubscriptionPeriod(value: days, unit: .day), from: record.expirationDate)
      var extended = latest
      extended.expirationDate = renewal
      try recorder.update(extended) { $0.expirationDate = renewal }
      try transition(
        .renewalExtension(to: renewal), of: record, at: now, in: machineContext(settings))
      extensions[record.originalID] = recent + [now]
      try ledger.write(extensions, to: .renewalExtensions)
      return renewal
    }
  }

  /// The dates each subscription's renewal date was extended, by original transaction ID.
  private func renewalExtensions() throws(LocalAppStoreError) -> [UInt64: [Date]] {
    try ledger.read(.renewalExtensions)
  }
}
