import Foundation
public import StoreModel

extension LocalAppStore {
  /// The store as another account sees it (a family member): a ``StoreModel/StoreBackend``
  /// over the same ledger, clock and certificate authority.
  public struct Account: StoreBackend {
    /// The store.
    public let store: LocalAppStore
    /// The account this view acts for.
    public let account: String

    public func products(for ids: [String]) async throws(StoreBackendError) -> [Product] {
      try await store.products(for: ids, account: account)
    }

    public func purchase(_ product: Product, options: Set<PurchaseOption>)
      async throws(StoreBackendError) -> PurchaseResult
    {
      await store.gates.pass(.purchase)
      return try await store.purchaseWithOutcome(
        product, options: options, account: account, byApp: true
      ).purchaseResult
    }

    public func currentEntitlements() async -> [VerificationResult<Transaction>] {
      await store.currentEntitlements(account: account)
    }

    public func transactionUpdates() -> AsyncStream<VerificationResult<Transaction>> {
      store.transactionUpdates(account: account)
    }

    public func unfinishedTransactions() async -> [VerificationResult<Transaction>] {
      await store.unfinishedTransactions(account: account)
    }

    public func finish(_ transaction: Transaction) async {
      await store.finish(transaction)
    }

    public func sync() async throws(StoreBackendError) {
      try await store.sync(account: account)
    }

    public func subscriptionStatuses(forGroup groupID: String) async throws(StoreBackendError)
      -> [SubscriptionStatus]
    {
      try await store.subscriptionStatuses(forGroup: groupID, account: account)
    }

    /// Every transaction of the account, oldest first: StoreKit's `Transaction.all`.
    public func allTransactions() async -> [VerificationResult<Transaction>] {
      await store.allTransactions(account: account)
    }
  }
}
