import Foundation
public import LocalAppStore
public import StoreModel

/// The local App Store as a test uses it: a SportsTime store in one line, buying by product
/// identifier, and gates that hold an answer while a test looks at what an app does meanwhile.
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

  /// An answer of the local App Store that a test can hold (``hold(_:)``).
  public enum HeldAnswer: Sendable, Hashable, CaseIterable {
    /// `products(for:)` (StoreKit's `Product.products(for:)`), before the catalog is read.
    case products
    /// `purchase(_:options:)` (the payment sheet is up): what the purchase comes to is decided
    /// when the gate opens.
    case purchase
    /// `currentEntitlements()` (StoreKit's `Transaction.currentEntitlements`), before the
    /// ledger is read: a purchase made meanwhile is in the answer.
    case currentEntitlements
    /// Deliveries to the `transactionUpdates()` streams (renewals, refunds, approvals, family
    /// copies, the unfinished transactions handed to a launch's first listener): kept in order
    /// and delivered when the gate opens.
    case updates

    var kind: AnswerGates.Kind {
      switch self {
      case .products: .products
      case .purchase: .purchase
      case .currentEntitlements: .currentEntitlements
      case .updates: .updates
      }
    }
  }

  /// Holds every `answer` of this store from now until the gate is released: a way to write,
  /// on the real emulator, tests of what an app does while an answer is on its way (a purchase
  /// in flight, a listing read racing a cancellation, a delivery arriving late).
  ///
  /// ```swift
  /// let gate = store.hold(.currentEntitlements)
  /// let launch = Task { await manager.start() }
  /// await gate.waitUntilHolding(1)   // the read is parked, no sleeping
  /// launch.cancel()
  /// gate.release()
  /// await launch.value
  /// ```
  ///
  /// A new gate on the same answer holds the calls from then on; the calls the previous gate
  /// holds wait for that one's release, so that a test can let answers go in an order of its
  /// choosing.
  public nonisolated func hold(_ answer: HeldAnswer) -> AnswerGate {
    AnswerGate(gates.hold(answer.kind))
  }
}
