import Foundation
public import LocalAppStore
public import StoreModel

extension LocalAppStore {
  /// A local App Store selling SportsTime Pro on a private in-memory ledger: one line per test.
  ///
  /// ```swift
  /// let clock = ManualClock()
  /// let store = try LocalAppStore.sportsTime(clock: clock)
  /// ```
  public static func sportsTime(
    clock: ManualClock = ManualClock(), settings: EmulatorSettings = EmulatorSettings(),
    products: [Product] = SportsTimeFixtures.products, account: String = LocalAppStore.purchaser
  ) throws(LocalAppStoreError) -> LocalAppStore {
    try LocalAppStore(products: products, settings: settings, clock: clock, account: account)
  }

  /// Buys the product named `productID` for this store's account.
  ///
  /// - Throws: `StoreBackendError.productUnavailable` when the catalog has no such product.
  @discardableResult
  public func buy(_ productID: String, options: Set<PurchaseOption> = [])
    async throws(StoreBackendError) -> PurchaseResult
  {
    guard let product = allProducts.first(where: { $0.id == productID }) else {
      throw .productUnavailable("no product \(productID) in the catalog")
    }
    return try await purchase(product, options: options)
  }

  /// Buys `productID` and returns its verified transaction, finished.
  ///
  /// - Throws: The backend's error, or `systemError` when the purchase did not succeed with a
  ///   verified transaction (pending, cancelled, unverified).
  @discardableResult
  public func buyVerified(_ productID: String, options: Set<PurchaseOption> = [])
    async throws(StoreBackendError) -> Transaction
  {
    let result = try await buy(productID, options: options)
    guard case .success(.verified(let transaction)) = result else {
      throw .systemError("purchase of \(productID) did not verify: \(result)")
    }
    await finish(transaction)
    return transaction
  }
}
