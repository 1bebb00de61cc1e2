public import StoreModel

/// How a call to ``StoreManager/purchase(_:)`` ended.
public enum PurchaseOutcome: Sendable, Hashable {
  /// The purchase verified, Pro was granted and the transaction finished.
  case purchased(Transaction)
  /// The purchase waits for approval; ``StoreManager/purchaseState`` is `.pending`.
  case pending
  /// The customer cancelled; nothing is shown.
  case cancelled
  /// The purchase failed; ``StoreManager/lastError`` holds the same error.
  case failed(StoreError)
}
