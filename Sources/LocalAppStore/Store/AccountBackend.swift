import Foundation
package import StoreModel

/// The store as another account sees it (a family member): a ``StoreModel/StoreBackend``
/// over the same ledger, clock and certificate authority.
package struct AccountBackend: StoreBackend {
  /// The store whose ledger, clock and certificate authority this account shares.
  package let store: LocalAppStore
  /// The account this view acts for.
  package let account: String

  package func products(for ids: [String]) async throws(StoreBackendError) -> [Product] {
    try await store.products(for: ids, account: account)
  }

  package func purchase(_ product: Product, options: Set<PurchaseOption>)
    async throws(StoreBackendError) -> PurchaseResult
  {
    await store.gates.pass(.purchase)
    return try await store.purchaseWithOutcome(
      product, options: options, account: account, byApp: true
    ).purchaseResult
  }

  package func currentEntitlements() async -> [VerificationResult<Transaction>] {
    await store.currentEntitlements(account: account)
  }

  package func transactionUpdates() -> AsyncStream<VerificationResult<Transaction>> {
    store.transactionUpdates(account: account)
  }

  package func unfinishedTransactions() async -> [VerificationResult<Transaction>] {
    await store.unfinishedTransactions(account: account)
  }

  package func finish(_ transaction: Transaction) async {
    await store.finish(transaction)
  }

  package func sync() async throws(StoreBackendError) {
    try await store.sync(account: account)
  }

  package func subscriptionStatuses(forGroup groupID: String) async throws(StoreBackendError)
    -> [SubscriptionStatus]
  {
    try await store.subscriptionStatuses(forGroup: groupID, account: account)
  }

  /// Every transaction of the account, oldest first: StoreKit's `Transaction.all`.
  package func allTransactions() async -> [VerificationResult<Transaction>] {
    await store.allTransactions(account: account)
  }

  package func isEligibleForIntroOffer(for groupID: String) async -> Bool {
    await store.isEligibleForIntroOffer(for: groupID, account: account)
  }

  package func appTransaction() async throws(StoreBackendError)
    -> VerificationResult<AppTransaction>
  {
    try await store.appTransaction(account: account)
  }
}
