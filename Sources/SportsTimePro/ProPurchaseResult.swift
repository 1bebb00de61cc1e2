public import StoreModel

/// How buying Pro through ``StoreManager/purchase(_:)`` ended, for the app: granted, waiting,
/// cancelled or failed with a `StoreError`, whose message the paywall shows.
///
/// Not the backend's answer (StoreKit's `PurchaseResult`, which the manager turns into this),
/// nor ``PurchaseState`` (where a purchase stands while it runs); the local App Store's
/// `PurchaseOutcome` is the emulator's own, finer account of a purchase.
public enum ProPurchaseResult: Sendable, Hashable {
  /// The purchase verified, Pro was granted and the transaction finished.
  case purchased(Transaction)
  /// The purchase waits for approval; ``StoreManager/purchaseState`` is `.pending`.
  case pending
  /// The customer cancelled; nothing is shown.
  case cancelled
  /// The purchase failed; ``StoreManager/lastError`` holds the same error.
  case failed(StoreError)
}

extension ProPurchaseResult {
  /// How a purchase ended, from the backend's answer: a verified transaction is purchased, an
  /// unverified one fails with `StoreError/verificationFailed`.
  init(_ result: PurchaseResult) {
    switch result {
    case .success(.verified(let transaction)): self = .purchased(transaction)
    case .success(.unverified): self = .failed(.verificationFailed)
    case .userCancelled: self = .cancelled
    case .pending: self = .pending
    }
  }

  /// The error ``StoreManager/lastError`` shows for this ending: `StoreError/userCancelled`
  /// after a cancel, the failure's error; `nil` when purchased or pending.
  var error: StoreError? {
    switch self {
    case .purchased, .pending: nil
    case .cancelled: .userCancelled
    case .failed(let error): error
    }
  }
}
