package import Foundation
package import StoreModel

/// What a purchase did, in more detail than StoreKit's `Product.PurchaseResult`: whether the
/// customer was charged for a new transaction, already had what they bought, or changed what
/// renews next.
///
/// StoreKit 2 answers all three with `.success` and a transaction, and so does
/// ``LocalAppStore/purchase(_:options:)``; ``LocalAppStore/purchaseWithOutcome(_:options:account:)``
/// tells them apart, for a tool or a test that reports exactly what happened.
package enum PurchaseOutcome: Sendable, Hashable {
  /// A new transaction: a first purchase, a resubscription after a lapse, a consumable, or an
  /// upgrade (or a crossgrade of the same duration), which takes effect at once.
  case purchased(VerificationResult<Transaction>)
  /// The customer already has the product (the same active subscription, an owned
  /// non-consumable): nothing was charged and the result carries the current transaction.
  ///
  /// `restoredRenewal` tells whether the purchase turned auto-renew back on or cancelled a
  /// pending change, so that the subscription renews as this product again.
  case alreadyOwned(VerificationResult<Transaction>, restoredRenewal: Bool)
  /// A downgrade, or a crossgrade to another duration: `productID` starts at the next renewal,
  /// on `date`; nothing was charged and the result carries the current transaction. So does
  /// an offer redeemed on either, or on the product the customer has (`productID` is then the
  /// current transaction's): "the offer period starts at the next billing event" (Apple,
  /// "Implementing promotional offers in your app").
  case scheduledChange(VerificationResult<Transaction>, productID: String, date: Date)
  /// Ask to Buy is on: request `requestID` waits for approval.
  case pending(requestID: UInt64)
  /// The customer dismissed the purchase (a `user-cancel` fault).
  case userCancelled

  /// The result StoreKit's `Product.purchase(options:)` gives for this outcome.
  package var purchaseResult: PurchaseResult {
    switch self {
    case .purchased(let result), .alreadyOwned(let result, _),
      .scheduledChange(let result, _, _):
      .success(result)
    case .pending: .pending
    case .userCancelled: .userCancelled
    }
  }
}
