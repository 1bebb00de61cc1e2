public import Foundation

/// The errors the app shows, each with its message: the `StoreError` of SportsTime Pro's plan
/// (SportsTimePro's `ThePlan` article), with two more that real purchases need.
///
/// ``userCancelled`` has no message: a cancel shows nothing.
public enum StoreError: Error, Sendable, Hashable, CaseIterable, LocalizedError {
  /// A product could not be loaded.
  case productNotFound
  /// The App Store refused the purchase or could not make it.
  case purchaseFailed
  /// The purchase's signed transaction did not verify.
  case verificationFailed
  /// The customer cancelled; no message is shown.
  case userCancelled
  /// The purchase waits for a parent's approval (Ask to Buy) or authentication.
  case pendingApproval
  /// The App Store could not be reached.
  case networkUnavailable

  /// The message shown to the customer; `nil` for ``userCancelled``.
  public var message: String? {
    switch self {
    case .productNotFound: "Product not found. Please try again later."
    case .purchaseFailed: "Purchase failed. Please try again."
    case .verificationFailed: "Could not verify purchase. Please contact support."
    case .userCancelled: nil
    case .pendingApproval:
      "Your purchase is waiting for approval. You'll get Pro as soon as it's approved."
    case .networkUnavailable:
      "Can't connect to the App Store. Check your connection and try again."
    }
  }

  public var errorDescription: String? { message }

  /// The case's name, a stable code for a log (`verificationFailed`): what
  /// `StoreManager.lastErrorCode` says when no backend error came with it.
  package var code: String {
    switch self {
    case .productNotFound: "productNotFound"
    case .purchaseFailed: "purchaseFailed"
    case .verificationFailed: "verificationFailed"
    case .userCancelled: "userCancelled"
    case .pendingApproval: "pendingApproval"
    case .networkUnavailable: "networkUnavailable"
    }
  }
}
