#if canImport(SwiftUI)
  #if DEBUG
    import Foundation
    import SportsTimePro
    import StoreModel

    /// A tiny App Store for previews: the products of the package's `SportsTime.storekit`,
    /// purchases that always go through, and a clock that stands still on 2026-01-01.
    ///
    /// Not for tests: those run on the local App Store or their own fakes.
    actor PreviewAppStore: StoreBackend {
      /// When the preview's world stands: 2026-01-01T00:00:00Z.
      static let now = Date(timeIntervalSince1970: 1_767_225_600)
      /// The products of the bundled `SportsTime.storekit`; none if it cannot be read, and the
      /// previews then show why the plans are missing.
      static let catalog: [Product] = {
        guard let url = bundledStoreKitConfigurationURL,
          let data = try? Data(contentsOf: url),
          let catalog = try? Catalog(data: data)
        else { return [] }
        return catalog.products
      }()

      private var owned: [Transaction]
      private var nextID: UInt64 = 1_000

      /// Creates the store; a Pro customer owns the annual plan.
      init(isPro: Bool) {
        let annual = Self.catalog.filter { $0.id == StoreManager.annualProductID }
        owned = isPro ? annual.map { Self.transaction(of: $0, id: 999) } : []
      }

      /// A manager over a new preview store, with fresh flags.
      @MainActor
      static func manager(isPro: Bool) -> StoreManager {
        StoreManager(
          backend: PreviewAppStore(isPro: isPro), storage: InMemoryKeyValueStore(),
          clock: StillClock(now: now))
      }

      // MARK: - StoreBackend

      func products(for requested: [String]) async throws(StoreBackendError) -> [Product] {
        Self.catalog.filter { requested.contains($0.id) }
      }

      func purchase(_ product: Product, options: Set<PurchaseOption>)
        async throws(StoreBackendError) -> PurchaseResult
      {
        let transaction = Self.transaction(of: product, id: nextID)
        nextID += 1
        owned.removeAll { $0.subscriptionGroupID == transaction.subscriptionGroupID }
        owned.append(transaction)
        return .success(.verified(transaction))
      }

      func currentEntitlements() async -> [VerificationResult<Transaction>] {
        owned.map { .verified($0) }
      }

      nonisolated func transactionUpdates() -> AsyncStream<VerificationResult<Transaction>> {
        // Nothing happens outside a purchase in a preview: a stream that never yields.
        AsyncStream { _ in }
      }

      func unfinishedTransactions() async -> [VerificationResult<Transaction>] { [] }

      func finish(_ transaction: Transaction) async {}

      func sync() async throws(StoreBackendError) {}

      func subscriptionStatuses(forGroup groupID: String) async throws(StoreBackendError)
        -> [SubscriptionStatus]
      { [] }

      func appTransaction() async throws(StoreBackendError) -> VerificationResult<AppTransaction> {
        .verified(
          AppTransaction(
            environment: .xcode, bundleID: "com.sportstime.app", appVersion: "1.0",
            originalAppVersion: "1.0", originalPurchaseDate: Self.now, signedDate: Self.now))
      }

      func isEligibleForIntroOffer(for groupID: String) async -> Bool {
        // No transaction of a preview carries an offer (see `transaction(of:id:)`): no customer
        // here ever received an introductory offer, so every one stays eligible.
        true
      }

      // MARK: - Fixtures

      private static func transaction(of product: Product, id: UInt64) -> Transaction {
        Transaction(
          id: id, originalID: id, appBundleID: "com.sportstime.app", productID: product.id,
          productType: product.type, purchaseDate: now, signedDate: now,
          subscriptionGroupID: product.subscription?.subscriptionGroupID,
          expirationDate: product.subscription?.subscriptionPeriod.end(from: now))
      }
    }

    /// A clock that never moves: the preview's world stays on one day, so nothing expires.
    private struct StillClock: WallClock {
      let now: Date

      func sleep(until deadline: Date) async throws {
        guard deadline > now else { return }
        // The deadline never comes; wait until the task is cancelled.
        while true {
          try await Task.sleep(nanoseconds: 3_600_000_000_000)
        }
      }
    }
  #endif
#endif
