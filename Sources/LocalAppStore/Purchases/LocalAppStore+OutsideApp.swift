import Foundation
package import StoreModel

/// Purchases made outside the app: `SKTestSession.buyProduct(identifier:options:)`, and
/// purchases on the customer's other devices, which reach this one only when it syncs.
extension LocalAppStore {
  /// Where a purchase made outside the app happens.
  package enum PurchaseOrigin: String, Sendable, Hashable, CaseIterable {
    /// On this device, outside the app (the App Store, a promoted purchase):
    /// `SKTestSession.buyProduct(identifier:options:)`. A running app receives the transaction
    /// through `Transaction.updates`, as StoreKitTest's page says of that call.
    case thisDevice
    /// On another of the customer's devices. This device learns of it only when it syncs: at
    /// its next `AppStore.sync()` (Restore Purchases, ``sync()``) or its next launch
    /// (``appDidLaunch(account:)``). Until then its entitlements, statuses, history and
    /// updates leave it out; the App Store's own view (``status(account:)``, ``history(account:)``)
    /// has it.
    case anotherDevice
  }

  /// Buys `productID` for `account` (the store's account when `nil`) outside the app:
  /// `SKTestSession.buyProduct(identifier:options:)`.
  ///
  /// Neither Ask to Buy nor an armed fault applies: the purchase is the test's, as with
  /// `SKTestSession`.
  /// - Returns: The purchase's transaction (unsigned), or what the customer already had.
  /// - Throws: `notFound` for a product not in the catalog; `notAllowed` when the App Store
  ///   refuses the purchase (an invalid quantity, an unknown offer).
  @discardableResult
  package func buyProduct(
    _ productID: String, options: Set<PurchaseOption> = [], account: String? = nil,
    from origin: PurchaseOrigin = .thisDevice
  ) throws(LocalAppStoreError) -> Transaction {
    let account = account ?? self.account
    return try operation { (now: Date) throws(LocalAppStoreError) in
      let product = try product(productID)
      let outcome = try executePurchase(
        product, account: account, options: options, now: now, identifier: nil,
        settings: try currentSettings())
      let purchase: Purchase
      switch outcome {
      case .success(let made): purchase = made
      case .failure(let error):
        throw LocalAppStoreError(.notAllowed, "cannot buy \(productID): \(error)")
      }
      guard case .made(let transaction) = purchase else { return purchase.transaction }
      switch origin {
      case .thisDevice:
        let revision = try ledger.transaction(transaction.id)?.revision ?? 0
        try ledger.appendUpdate(account: account, transactionID: transaction.id, revision: revision)
      case .anotherDevice:
        var unsynced = try unsyncedOriginals()
        unsynced[account, default: []].insert(transaction.originalID)
        try saveUnsynced(unsynced)
      }
      return transaction
    }
  }

  /// The app starts on this device for `account` (the store's account when `nil`): purchases
  /// made on other devices since its last sync arrive, through `Transaction.updates` to a
  /// listener and in the entitlements.
  package func appDidLaunch(account: String? = nil) throws(LocalAppStoreError) {
    let account = account ?? self.account
    try operation { (_: Date) throws(LocalAppStoreError) in try syncDevice(account: account) }
  }

  /// The purchases of `account` made on other devices that this device has not synced, by
  /// original transaction identifier.
  package func unsyncedPurchases(account: String? = nil) throws(LocalAppStoreError) -> [UInt64] {
    let account = account ?? self.account
    return try operation { (_: Date) throws(LocalAppStoreError) in
      (try unsyncedOriginals()[account] ?? []).sorted()
    }
  }

  // MARK: - Inside an operation

  /// Makes this device know `account`'s purchases from other devices: each of their
  /// transactions becomes an update.
  func syncDevice(account: String) throws(LocalAppStoreError) {
    var unsynced = try unsyncedOriginals()
    guard let originals = unsynced.removeValue(forKey: account), !originals.isEmpty else {
      return
    }
    try saveUnsynced(unsynced)
    for stored in try ledger.transactions(of: account)
    where originals.contains(stored.transaction.originalID) {
      try ledger.appendUpdate(
        account: account, transactionID: stored.transaction.id, revision: stored.revision)
    }
  }

  /// Whether this device has not yet synced `transaction` of `account`.
  func isUnsynced(_ transaction: Transaction, account: String) throws(LocalAppStoreError) -> Bool {
    try unsyncedOriginals()[account]?.contains(transaction.originalID) ?? false
  }

  /// `account`'s transactions as this device knows them: without the purchases of other
  /// devices it has not synced.
  func deviceTransactions(of account: String) throws(LocalAppStoreError) -> [StoredTransaction] {
    let hidden = try unsyncedOriginals()[account] ?? []
    let all = try ledger.transactions(of: account)
    return hidden.isEmpty ? all : all.filter { !hidden.contains($0.transaction.originalID) }
  }

  private func unsyncedOriginals() throws(LocalAppStoreError) -> [String: Set<UInt64>] {
    guard try ledger.meta("unsyncedPurchases") != nil else { return [:] }
    return try ledger.decodeMeta([String: Set<UInt64>].self, "unsyncedPurchases")
  }

  private func saveUnsynced(_ unsynced: [String: Set<UInt64>]) throws(LocalAppStoreError) {
    try ledger.encodeMeta(unsynced.filter { !$0.value.isEmpty }, "unsyncedPurchases")
  }
}
