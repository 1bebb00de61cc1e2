import StoreModel

/// A failure the local App Store injects into its next operation, or into every one (`fail`).
/// StoreKitTest's `SKTestSession.setSimulatedError(_:forAPI:)` is `simulate-error`'s, with
/// StoreKit's own error cases; these are the one-shot failures and the kinds StoreKit has no
/// word for: a network failure of the next call that reaches the App Store, a signed transaction
/// that fails verification or was altered.
package struct Fault: OpenEnumeration, CaseIterable {
  package let rawValue: String
  package init(rawValue: String) { self.rawValue = rawValue }

  /// `products(for:)` throws a system error (StoreKitTest's `loadProducts`).
  package static let loadProducts = Fault(rawValue: "load-products")
  /// `purchase` throws a system error (StoreKitTest's `purchase`).
  package static let purchase = Fault(rawValue: "purchase")
  /// `sync` throws a system error (StoreKitTest's `appStoreSync`).
  package static let sync = Fault(rawValue: "sync")
  /// `subscriptionStatuses(forGroup:)` throws a system error (StoreKitTest's
  /// `subscriptionStatus`).
  package static let subscriptionStatus = Fault(rawValue: "subscription-status")
  /// The next call that reaches the App Store (loading products, a purchase, a sync, a
  /// subscription status) throws a network error.
  package static let network = Fault(rawValue: "network")
  /// `purchase` returns `.userCancelled`, as when the customer dismisses the sheet.
  package static let userCancel = Fault(rawValue: "user-cancel")
  /// The next signed transaction or renewal info is signed by another certificate authority
  /// (a whole chain of its own, which the verifier does not trust), so that verification
  /// genuinely fails (StoreKitTest's `verification`).
  package static let verification = Fault(rawValue: "verification")
  /// The next signed transaction is altered after signing, so that its signature no longer
  /// matches.
  package static let tamper = Fault(rawValue: "tamper")

  package static let allCases: [Fault] = [
    .loadProducts, .purchase, .sync, .subscriptionStatus, .network, .userCancel, .verification,
    .tamper,
  ]
}
