package import Foundation
package import StoreModel

/// The device's view of the App Store: what the app on this device reads, where the ledger
/// holds what the App Store knows.
///
/// The two differ in three ways, and this type owns each:
/// - **Device timing** (``DeviceTiming``, rules 1 to 6 there): the launch's memory
///   (``DeviceTimingLog``: the lags of the purchases it made, its first listing read, its first
///   updates listener) and the launch markers (renewals made while no launch ran, kept in the
///   state, because the next launch is another process).
/// - **Unsynced purchases**: purchases made on the customer's other devices that this one has
///   not synced (kept in the state), which its entitlements, statuses, history and updates leave
///   out until `AppStore.sync()` or the next launch.
/// - **The entitlement engine**, which decides what `Transaction.currentEntitlements` and
///   `Product.SubscriptionInfo.status(for:)` answer from what the device knows.
///
/// It holds no store: the ledger, the settings and the date are the caller's, passed to each
/// call that needs them, and a call that takes a ledger runs inside the caller's operation (one
/// SQLite transaction). It is told who listens to `Transaction.updates` (the store's
/// ``UpdateHub``), because a renewal no listener saw is missed at the next launch. A launch is
/// one value of it: ``startNewLaunch()`` begins the next one.
package final class DeviceView: Sendable {
  /// What this launch has read.
  private let launch = DeviceTimingLog()
  /// Who listens to each account's `Transaction.updates`.
  private let listeners: UpdateHub
  /// How the device decides entitlements and statuses from what it knows.
  package let engine = EntitlementEngine()

  /// Creates the view of a new launch; `listeners` are the subscribers of the store's updates.
  package init(listeners: UpdateHub) {
    self.listeners = listeners
  }

  /// Starts a new launch of the app, as a new process that opens the state does: the lags of
  /// this launch are over, the unfinished transactions go again to the first updates listener,
  /// and renewals made while no listener was open are missed by the first listing read.
  package func startNewLaunch() {
    launch.reset()
  }

  // MARK: - Device timing

  /// A purchase or an approval made now in this launch: missed by the next reads (1, 2).
  ///
  /// Real StoreKit, macOS 26.6: `currentEntitlements` lacks a purchase straight after
  /// `Product.purchase()` returns and lists it about a second later; an approved Ask to Buy
  /// arrives on `Transaction.updates` about half a second before the listing has it
  /// (Kosikowski/swift-storekit, `docs/10-decisions.md`, D3, D4, D28). The iOS 27.0 simulator
  /// lists both at once.
  package func noteListingLag(
    of transaction: Transaction, account: String, settings: EmulatorSettings
  ) {
    launch.lag(transaction.id, account: account, reads: settings.deviceTiming.effectiveLag)
  }

  /// A renewal made now: when no launch runs (nobody listens to the account's updates), the
  /// next launch's first listing read misses it (5; the forum thread
  /// https://developer.apple.com/forums/thread/697006 reports a renewal made while the app was
  /// not running missing from the first `currentEntitlements` at launch; not measured by
  /// Kosikowski/swift-storekit). Kept in `ledger`: the next launch is another process.
  package func noteRenewal(
    _ transaction: Transaction, account: String, settings: EmulatorSettings,
    in ledger: LedgerStore
  ) throws(LocalAppStoreError) {
    guard settings.deviceTiming.isEnabled, !listeners.hasSubscribers(account: account) else {
      return
    }
    var markers = try ledger.read(.launchMarkers)
    markers.removeAll { $0.account == account && $0.originalID == transaction.originalID }
    markers.append(
      LaunchMarker(
        account: account, transactionID: transaction.id, originalID: transaction.originalID))
    // Written on every renewal no launch sees, and read again by the next: by hand (the
    // encoder's bytes), and kept as decoded (strings and identifiers round-trip exactly).
    try ledger.write(
      markers, json: String(decoding: PayloadWriter.json(of: markers), as: UTF8.self),
      to: .launchMarkers)
  }

  /// What a `currentEntitlements` read of `account` misses; `nil` when the read answers nothing
  /// (a cancelled task, 4).
  ///
  /// Counts the read (1, 2) and, at the launch's first listing read, takes the renewals made
  /// while no launch ran (5) out of `ledger` (unless it is read-only).
  package func listingRead(account: String, settings: EmulatorSettings, in ledger: LedgerStore)
    throws(LocalAppStoreError) -> Set<UInt64>?
  {
    // 4. Real StoreKit yields 0 of N entitlements in a cancelled task (Kosikowski/swift-storekit,
    // `docs/10-decisions.md`, D2; macOS 26.6, iOS 27.0).
    if settings.deviceTiming.isEnabled, Task.isCancelled { return nil }
    var missed = launch.read(account: account)
    guard settings.deviceTiming.isEnabled, launch.claimFirstListing(account: account) else {
      return settings.deviceTiming.isEnabled ? missed : []
    }
    let markers = try ledger.read(.launchMarkers)
    let mine = markers.filter { $0.account == account }
    guard !mine.isEmpty else { return missed }
    missed.formUnion(mine.map(\.transactionID))
    if !ledger.isReadOnly {
      try ledger.write(markers.filter { $0.account != account }, to: .launchMarkers)
    }
    return missed
  }

  /// Counts a read of `account`'s unfinished transactions toward the lags (1, 2).
  package func unfinishedRead(account: String) {
    launch.read(account: account)
  }

  /// Whether a `products` read answers (`false`: an empty list, not an error, as real StoreKit
  /// answers a cancelled `Product.products(for:)`: Kosikowski/swift-storekit,
  /// `docs/10-decisions.md`, D20, D26, macOS 26.6 and iOS 27.0). It does not spend the listing
  /// lag: the measurements behind the lag are of `currentEntitlements`, `updates` and
  /// `unfinished` reads, and none of a product request.
  package func productsRead(settings: EmulatorSettings) -> Bool {
    !(settings.deviceTiming.isEnabled && Task.isCancelled)
  }

  // MARK: - Hand-over of the unfinished transactions

  /// A new updates listener `subscriber` of `account`: counts as a read (1, 2), and waits for
  /// its unfinished transactions until ``takeHandovers()``, marked whether it is the launch's
  /// first listener of the account.
  package func listenerSubscribed(_ subscriber: UUID, account: String) {
    launch.read(account: account)
    let first = launch.claimHandover(account: account)
    launch.enqueueHandover(
      DeviceTimingLog.Handover(subscriber: subscriber, account: account, isFirstListener: first))
  }

  /// The listeners waiting for their unfinished transactions, in the order they subscribed.
  package func takeHandovers() -> [DeviceTimingLog.Handover] {
    launch.takeHandovers()
  }

  /// Whether a new updates listener gets the unfinished transactions (6): with device timing,
  /// only the launch's first one. Apple's `Transaction.updates` page
  /// (https://developer.apple.com/documentation/storekit/transaction/updates): a listener
  /// receives the unfinished transactions right after the app launches; DTS on
  /// https://developer.apple.com/forums/thread/787431: once, upon launch. A listener started late
  /// was handed nothing while `Transaction.unfinished` still had them
  /// (Kosikowski/swift-storekit, `docs/10-decisions.md`, D29, macOS 26.6).
  package func handsOverUnfinished(firstListener: Bool, settings: EmulatorSettings) -> Bool {
    firstListener || !settings.deviceTiming.isEnabled
  }

  // MARK: - Purchases made outside the app

  /// A purchase made outside the app reaches this device: through `Transaction.updates` at once
  /// when made on it, or on another device while an app here listens (whose listing reads then
  /// miss it for the device's lag); otherwise it is held, unsynced, until ``sync(account:in:)``.
  package func receive(
    _ transaction: Transaction, madeOn origin: LocalAppStore.PurchaseOrigin, account: String,
    settings: EmulatorSettings, in ledger: LedgerStore
  ) throws(LocalAppStoreError) {
    switch origin {
    case .thisDevice:
      let revision = try ledger.transaction(transaction.id)?.revision ?? 0
      try ledger.appendUpdate(account: account, transactionID: transaction.id, revision: revision)
    case .anotherDevice where listeners.hasSubscribers(account: account):
      let revision = try ledger.transaction(transaction.id)?.revision ?? 0
      try ledger.appendUpdate(account: account, transactionID: transaction.id, revision: revision)
      noteListingLag(of: transaction, account: account, settings: settings)
    case .anotherDevice, .notSynced:
      var unsynced = try ledger.read(.unsyncedPurchases)
      unsynced[account, default: []].insert(transaction.originalID)
      try saveUnsynced(unsynced, in: ledger)
    }
  }

  /// Makes this device know `account`'s purchases from other devices: each of their
  /// transactions becomes an update.
  package func sync(account: String, in ledger: LedgerStore) throws(LocalAppStoreError) {
    var unsynced = try ledger.read(.unsyncedPurchases)
    guard let originals = unsynced.removeValue(forKey: account), !originals.isEmpty else {
      return
    }
    try saveUnsynced(unsynced, in: ledger)
    for stored in try ledger.transactions(of: account)
    where originals.contains(stored.transaction.originalID) {
      try ledger.appendUpdate(
        account: account, transactionID: stored.transaction.id, revision: stored.revision)
    }
  }

  /// The purchases of `account` made on other devices that this device has not synced, by
  /// original transaction identifier, in order.
  package func unsyncedPurchases(of account: String, in ledger: LedgerStore)
    throws(LocalAppStoreError)
    -> [UInt64]
  {
    (try ledger.read(.unsyncedPurchases)[account] ?? []).sorted()
  }

  /// Whether this device has not yet synced `transaction` of `account`.
  package func isUnsynced(_ transaction: Transaction, account: String, in ledger: LedgerStore)
    throws(LocalAppStoreError) -> Bool
  {
    try ledger.read(.unsyncedPurchases)[account]?.contains(transaction.originalID) ?? false
  }

  /// `account`'s transactions as this device knows them: without the purchases of other
  /// devices it has not synced.
  package func transactions(of account: String, in ledger: LedgerStore) throws(LocalAppStoreError)
    -> [StoredTransaction]
  {
    let hidden = try ledger.read(.unsyncedPurchases)[account] ?? []
    let all = try ledger.transactions(of: account)
    return hidden.isEmpty ? all : all.filter { !hidden.contains($0.transaction.originalID) }
  }

  private func saveUnsynced(_ unsynced: [String: Set<UInt64>], in ledger: LedgerStore)
    throws(LocalAppStoreError)
  {
    try ledger.write(unsynced.filter { !$0.value.isEmpty }, to: .unsyncedPurchases)
  }
}

/// A renewal made while no launch ran, missed by the first listing read of the next launch.
package struct LaunchMarker: Codable, Hashable {
  var account: String
  var transactionID: UInt64
  var originalID: UInt64

  /// A marker of `account`'s transaction `transactionID`, of subscription `originalID`.
  package init(account: String, transactionID: UInt64, originalID: UInt64) {
    self.account = account
    self.transactionID = transactionID
    self.originalID = originalID
  }
}
