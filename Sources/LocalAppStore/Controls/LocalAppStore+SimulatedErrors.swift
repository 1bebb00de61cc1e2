import Foundation
package import StoreModel

/// `SKTestSession.setSimulatedError(_:forAPI:)` with the error chosen: any case of StoreKit's
/// `StoreKitError` and `Product.PurchaseError` (``StoreBackendError``), for each API the store
/// serves, until cleared. (``Fault``s stay for the one-shot and network failures.)
extension LocalAppStore {
  /// The APIs a simulated error can fail, and the command-line name of each.
  package static let simulatableAPIs: [(api: CatalogSettings.StoreKitAPI, name: String)] = [
    (.loadProducts, "load-products"), (.purchase, "purchase"), (.appStoreSync, "app-store-sync"),
    (.subscriptionStatus, "subscription-status"), (.offerCodeRedeem, "offer-code-redeem"),
  ]

  /// Makes every call of `api` fail with `error` until it is cleared with `nil`:
  /// `SKTestSession.setSimulatedError(_:forAPI:)`. A purchase's `userCancelled` is the
  /// `.userCancelled` result, as StoreKit reports a cancel.
  /// - Throws: `invalidArgument` for an API the store does not serve (the sheets, app
  ///   transaction); for verification arm the ``Fault/verification`` fault, which signs with an
  ///   untrusted authority.
  package func setSimulatedError(
    _ error: StoreBackendError?, forAPI api: CatalogSettings.StoreKitAPI
  ) throws(LocalAppStoreError) {
    guard Self.simulatableAPIs.contains(where: { $0.api == api }) else {
      throw LocalAppStoreError(
        .invalidArgument,
        "the local App Store cannot simulate errors for \(api) (it serves "
          + Self.simulatableAPIs.map(\.name).joined(separator: ", ") + ")")
    }
    try operation { (_: Date) throws(LocalAppStoreError) in
      var errors = try simulatedErrors()
      errors[api.rawValue] = error.map {
        SimulatedError(caseName: $0.caseName, reason: $0.reason ?? "")
      }
      try ledger.write(errors, to: .simulatedErrors)
    }
  }

  /// The error simulated for `api`, if any: `SKTestSession.simulatedError(forAPI:)`.
  package func simulatedError(forAPI api: CatalogSettings.StoreKitAPI) throws(LocalAppStoreError)
    -> StoreBackendError?
  {
    try operation { (_: Date) throws(LocalAppStoreError) in try simulatedError(for: api) }
  }

  /// The error simulated for `api`, inside an operation.
  func simulatedError(for api: CatalogSettings.StoreKitAPI) throws(LocalAppStoreError)
    -> StoreBackendError?
  {
    guard let stored = try simulatedErrors()[api.rawValue] else { return nil }
    return StoreBackendError(
      caseName: stored.caseName,
      reason: stored.reason.isEmpty ? "simulated \(stored.caseName) for \(api)" : stored.reason)
  }

  /// A simulated error as the state keeps it: the `StoreBackendError` case's name and its reason.
  struct SimulatedError: Codable {
    var caseName: String
    var reason: String
  }

  private func simulatedErrors() throws(LocalAppStoreError) -> [String: SimulatedError] {
    try ledger.read(.simulatedErrors)
  }
}
