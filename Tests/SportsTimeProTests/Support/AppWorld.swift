import Foundation
import LocalAppStore
import Observation
import SportsTimePro
import StoreModel
import StoreTesting
import Testing

/// One test's world: a manual clock, the local App Store (in memory, polite timing: no lags;
/// `StoreManagerTimingTests` runs the device's), in-memory storage and a store manager over the
/// customer's account, seen through a ``WatchedBackend``.
///
/// The customer is a member of a family whose organiser (`LocalAppStore.purchaser`) shares
/// their purchases with them, so that family-shared copies come from the emulator's own Family
/// Sharing. Every answer, renewal, expiry and signature is the local App Store's.
@MainActor
struct AppWorld {
  /// The account the app runs on.
  static let customer = "customer"

  let clock: ManualClock
  let appStore: TestAppStore
  let storage: InMemoryKeyValueStore
  let store: StoreManager

  /// What the manager talks to.
  var backend: WatchedBackend { appStore.backend }

  init(
    catalog: [Product] = Fixtures.catalog, storage: InMemoryKeyValueStore? = nil,
    settings: EmulatorSettings = .polite
  ) throws {
    clock = ManualClock()
    appStore = TestAppStore(
      try LocalAppStore.sportsTime(
        clock: clock, settings: settings, products: catalog, account: Self.customer))
    self.storage = storage ?? InMemoryKeyValueStore()
    store = StoreManager(backend: appStore.backend, storage: self.storage, clock: clock)
  }

  /// Starts the store and waits for the products and the renewal details.
  func launch() async {
    await store.start()
    await store.loadProducts()
    await store.loadRenewalDetails()
  }
}

/// The local App Store as the app layer's tests drive it: the App Store's own operations (a
/// purchase outside the app, refunds, Ask to Buy, Family Sharing, renewals, injected faults)
/// under the names the tests read, and the gates of `StoreTesting` (``LocalAppStore/hold(_:)``).
@MainActor
final class TestAppStore {
  /// The store, acting for ``AppWorld/customer``.
  let local: LocalAppStore
  /// The customer's backend, seen through.
  let backend: WatchedBackend
  private var productsGate: AnswerGate?
  private var purchaseGate: AnswerGate?
  private var isSharing = false

  init(_ local: LocalAppStore) {
    self.local = local
    backend = WatchedBackend(local)
  }

  // MARK: - Purchases made outside the app

  /// A purchase made outside the app (before it launched, or while it runs: then it arrives
  /// through the updates), finished unless `unfinished`; `.familyShared`: the family organiser
  /// buys it and shares it, and the customer's copy is returned. `tampered`: every token the
  /// store signs from now on is altered, so none verifies.
  @discardableResult
  func seedPurchase(
    _ productID: String, ownership: OwnershipType = .purchased, unfinished: Bool = false,
    tampered: Bool = false
  ) async throws -> Transaction {
    let transaction: Transaction
    switch ownership {
    case .familyShared:
      transaction = try await familyShare(productID)
    default:
      transaction = try await local.buyProduct(productID)
    }
    if !unfinished { await local.finish(transaction) }
    if tampered { try await local.inject(.tamper, sticky: true) }
    return transaction
  }

  /// The family organiser buys `productID` and shares it with the customer: the customer's
  /// family-shared copy, which arrives through their updates.
  @discardableResult
  func familyShare(_ productID: String) async throws -> Transaction {
    try await local.buyProduct(productID, account: LocalAppStore.purchaser)
    if !isSharing {
      try await local.startFamilySharing(with: AppWorld.customer)
      isSharing = true
    }
    let history = try await local.history(account: AppWorld.customer)
    let copy = history.last {
      $0.productID == productID && $0.ownershipType == .familyShared
    }
    return try #require(copy, "no family-shared copy of \(productID)")
  }

  /// A refund of `transactionID`, or, for a family-shared copy, the end of Family Sharing: the
  /// revoked transaction arrives through the updates.
  func revoke(_ transactionID: UInt64) async throws {
    let history = try await local.history(account: AppWorld.customer)
    let copy = history.first { $0.id == transactionID }
    if copy?.ownershipType == .familyShared {
      try await local.stopFamilySharing(with: AppWorld.customer)
      isSharing = false
    } else {
      _ = try await local.refund(transactionID: transactionID)
    }
  }

  /// A renewal of `productID` now, as the App Store makes it: it arrives through the updates.
  @discardableResult
  func renew(_ productID: String) async throws -> Transaction {
    try await local.forceRenewalOfSubscription(productID: productID)
  }

  /// Turns billing issues and the billing grace period on: the next renewal fails and Pro
  /// continues until the grace period the store gives ends.
  func failRenewalsWithGracePeriod() async throws {
    try await local.setBillingIssuesEnabled(true)
    try await local.setGracePeriodEnabled(true)
  }

  /// When the grace period of the customer's subscription ends, as the App Store has it.
  func gracePeriodEnd() async throws -> Date? {
    try await local.status(account: AppWorld.customer).subscriptions.compactMap(
      \.gracePeriodExpirationDate
    ).first
  }

  // MARK: - Switches

  func setAskToBuy(_ on: Bool) async throws { try await local.setAskToBuyEnabled(on) }
  func setProductsFailure(_ error: StoreBackendError?) async throws {
    try await local.setSimulatedError(error, forAPI: .loadProducts)
  }
  func setSyncFailure(_ error: StoreBackendError?) async throws {
    try await local.setSimulatedError(error, forAPI: .appStoreSync)
  }
  func setStatusFailure(_ error: StoreBackendError?) async throws {
    try await local.setSimulatedError(error, forAPI: .subscriptionStatus)
  }
  func setAutoRenew(_ on: Bool, originalID: UInt64) async throws {
    try await local.setWillAutoRenew(on, forTransaction: originalID)
  }

  /// How the next purchase goes instead of succeeding.
  enum PurchaseSwitch {
    case cancel
    case fail(StoreBackendError)
    case tamper
  }

  /// Makes the next purchase (or, for `fail`, every one) go as `outcome` says.
  func setNextPurchase(_ outcome: PurchaseSwitch) async throws {
    switch outcome {
    case .cancel: try await local.inject(.userCancel)
    case .fail(let error): try await local.setSimulatedError(error, forAPI: .purchase)
    case .tamper: try await local.inject(.tamper)
    }
  }

  /// Holds `products(for:)` until ``releaseProducts()``: a slow network.
  func holdProducts() { productsGate = local.hold(.products) }
  func releaseProducts() { productsGate?.release() }

  /// Holds purchases (the payment sheet is up) until ``releasePurchases()``.
  func holdPurchases() { purchaseGate = local.hold(.purchase) }
  func releasePurchases() { purchaseGate?.release() }
  /// Returns once a purchase waits at the gate of ``holdPurchases()``.
  func waitForHeldPurchase() async { await purchaseGate?.waitUntilHolding(1) }

  // MARK: - Ask to Buy

  /// Approves the customer's oldest pending request: the transaction arrives through the
  /// updates, signed so that it does not verify when `tampered`.
  @discardableResult
  func approvePendingRequest(tampered: Bool = false) async throws -> Transaction? {
    guard let request = try await pendingRequests().first else { return nil }
    if tampered { try await local.inject(.tamper) }
    return try await local.approveAskToBuy(request.id)
  }

  /// Declines the customer's oldest pending request: nothing arrives.
  func declinePendingRequest() async throws {
    if let request = try await pendingRequests().first {
      try await local.declineAskToBuy(request.id)
    }
  }

  /// How many of the customer's requests wait for a decision.
  func pendingRequestCount() async throws -> Int { try await pendingRequests().count }

  private func pendingRequests() async throws -> [AskToBuyRequest] {
    try await local.askToBuyRequests(account: AppWorld.customer).filter { $0.status == .pending }
  }

  // MARK: - Inspection

  func finishCount(of transactionID: UInt64) -> Int { backend.finishCount(transactionID) }
  func waitUntilFinished(_ transactionID: UInt64, times: Int = 1) async {
    await backend.waitUntilFinished(transactionID, times: times)
  }
  var syncCount: Int { backend.syncCount }
  var productRequests: Int { backend.productRequests }
  var listenerCount: Int { backend.listenerCount }
  var cancelledStatusRequests: Int { backend.cancelledStatusRequests }
  func waitForListeners(_ count: Int) async { await backend.waitForListeners(count) }
  func holdStatuses() { backend.holdStatuses() }
  func releaseStatuses() { backend.releaseStatuses() }
  func waitForStatusRequests(held: Int, cancelled: Int = 0) async {
    await backend.waitForStatusRequests(held: held, cancelled: cancelled)
  }
  func redeliver(_ transactionID: UInt64) { backend.redeliver(transactionID) }
  func freezeListing() async { await backend.freezeListing() }
  func thawListing() { backend.thawListing() }
  func currentEntitlements() async -> [VerificationResult<Transaction>] {
    await local.currentEntitlements()
  }

  func isUnfinished(_ transactionID: UInt64) async -> Bool {
    await local.unfinishedTransactions().contains { $0.unsafePayloadValue.id == transactionID }
  }
}

/// Waits until `condition` holds, re-checking whenever an observed property it reads changes;
/// no sleeps. The suites' time limit stops a condition that never comes true: it cancels the
/// test's task, which ends the wait and records where it waited.
@MainActor
func waitUntil(
  _ condition: @escaping @MainActor () -> Bool,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  if await !ObservedCondition.wait(timeout: nil, until: condition) {
    Issue.record("cancelled while waiting for a condition", sourceLocation: sourceLocation)
  }
}

/// Reads the paywall events of a subscription up to now.
@MainActor
struct EventLog {
  private static let marker = PaywallEvent.planSelected(productID: "test.marker")
  private let store: StoreManager
  private var iterator: AsyncStream<PaywallEvent>.Iterator

  /// Subscribes to `store`'s paywall events.
  init(_ store: StoreManager) {
    self.store = store
    iterator = store.paywallEvents().makeAsyncIterator()
  }

  /// The events emitted since the last call.
  mutating func drain() async -> [PaywallEvent] {
    store.record(Self.marker)
    var events: [PaywallEvent] = []
    var reader = iterator
    while let event = await reader.next(), event != Self.marker {
      events.append(event)
    }
    iterator = reader
    return events
  }
}
