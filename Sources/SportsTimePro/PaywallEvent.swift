public import StoreModel

/// Something that happened on a paywall, for an app to forward to its analytics.
///
/// Subscribe with ``StoreManager/paywallEvents()``. Purchase and restore events come from the
/// ``StoreManager`` itself, whichever screen started them, so an Ask to Buy approval that arrives
/// later through the transaction listener is reported as ``purchased(productID:transactionID:)``
/// too; each transaction is reported once.
public enum PaywallEvent: Sendable, Hashable {
  /// A paywall appeared.
  case shown(PaywallPlacement)
  /// The customer chose a plan.
  case planSelected(productID: String)
  /// The customer tapped subscribe.
  case purchaseStarted(productID: String)
  /// A purchase went through and verified (or an Ask to Buy request was approved).
  case purchased(productID: String, transactionID: UInt64)
  /// The customer cancelled the purchase.
  case cancelled(productID: String)
  /// The purchase failed with `error`; a cancel is `cancelled(productID:)`, not this.
  case failed(productID: String, error: StoreError)
  /// The purchase waits for approval (Ask to Buy) or authentication.
  case pending(productID: String)
  /// A restore finished; `isPro` says whether Pro is active afterwards.
  case restored(isPro: Bool)
  /// A paywall closed without a purchase in it, or after one.
  case closed(PaywallPlacement)
}

extension PaywallEvent {
  /// The event of a purchase of `productID` that ended with `outcome`.
  init(_ outcome: ProPurchaseResult, productID: String) {
    switch outcome {
    case .purchased(let transaction):
      self = .purchased(productID: productID, transactionID: transaction.id)
    case .pending: self = .pending(productID: productID)
    case .cancelled: self = .cancelled(productID: productID)
    case .failed(let error): self = .failed(productID: productID, error: error)
    }
  }
}
