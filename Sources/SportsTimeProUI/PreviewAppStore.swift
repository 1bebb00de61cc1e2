#if canImport(SwiftUI)
  #if DEBUG
    import Foundation
    import SportsTimePro
    import StoreModel

    /// A tiny App Store for previews: the plan's two products in US dollars, purchases that
    /// always go through, and a clock that stands still on 2026-01-01.
    ///
    /// Not for tests: those run on the local App Store or their own fakes.
    actor PreviewAppStore: StoreBackend {
      /// When the preview's world stands: 2026-01-01T00:00:00Z.
      static let now = Date(timeIntervalSince1970: 1_767_225_600)
      private static let groupID = "21482999"
      private static let locale = Locale(identifier: "en_US")
      /// The catalog: monthly $4.99, annual $49.99.
      static let catalog = [
        product(id: StoreManager.monthlyProductID, name: "Monthly", price: "4.99", .monthly),
        product(id: StoreManager.annualProductID, name: "Annual", price: "49.99", .yearly),
      ]

      private var owned: [Transaction]
      private var nextID: UInt64 = 1_000

      /// Creates the store; a Pro customer owns the annual plan.
      init(isPro: Bool) {
        owned = isPro ? Self.catalog.suffix(1).map { Self.transaction(of: $0, id: 999) } : []
      }

      /// A manager over a new preview store, with fresh flags.
      @MainActor
      static func manager(isPro: Bool) -> StoreManager {
        StoreManager(
          backend: PreviewAppStore(isPro: isPro), storage: InMemoryKeyValueStore(),
          clock: StillClock(now: now))
      }

      // MARK: - StoreBackend

      func products(for ids: [String]) async throws(StoreBackendError) -> [Product] {
        Self.catalog.filter { ids.contains($0.id) }
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

      // MARK: - Fixtures

      private static func product(
        id: String, name: String, price: String, _ period: SubscriptionPeriod
      ) -> Product {
        let amount = Decimal(string: price) ?? 0
        return Product(
          id: id, type: .autoRenewable, displayName: name, description: name, price: amount,
          displayPrice: amount.formatted(.currency(code: "USD").locale(locale)),
          currencyCode: "USD", locale: locale, isFamilyShareable: true,
          subscription: Product.SubscriptionInfo(
            subscriptionGroupID: groupID, groupDisplayName: groupID, groupLevel: 1,
            subscriptionPeriod: period))
      }

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
