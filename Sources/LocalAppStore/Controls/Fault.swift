import StoreModel

/// A kind of failure `fail` injects into the next call it applies to, or into every one: the
/// kinds StoreKit has no word for (a network failure of whichever call reaches the App Store
/// next, a signed transaction that fails verification or was altered) and shorthands for an
/// API's system error or a cancel. One of the three kinds of target of the one mechanism
/// (``Controls``' failures table): StoreKit's simulated errors (`simulate-error`,
/// `SKTestSession.setSimulatedError(_:forAPI:)`, with StoreKit's own error cases) are asked
/// first, then these; the App Store Server API's faults (`api-fault`) are the third.
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
