import Foundation
import StoreInternals
import StoreModel
import StoreTesting

/// A working in-memory App Store for the app layer's tests: a purchase history, the updates
/// stream, Ask to Buy, refunds, renewals, family sharing, grace periods, tampered signatures and
/// injected failures. Time comes from a shared ``ManualClock``.
actor FakeAppStore: StoreBackend {
  /// How the next purchase goes instead of succeeding.
  enum PurchaseSwitch: Sendable {
    case cancel
    case fail(StoreBackendError)
    case tamper
  }

  nonisolated let clock: ManualClock
  private nonisolated let subscribers = Subscribers()
  private let catalog: [Product]
  private var transactions: [Transaction] = []
  private var unfinished: Set<UInt64> = []
  private var tampered: Set<UInt64> = []
  private var finishCounts: [UInt64: Int] = [:]
  private var finishWaiters:
    [(id: UInt64, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  private var willAutoRenew: [UInt64: Bool] = [:]
  private var graceEnds: [UInt64: Date] = [:]
  private var nextID: UInt64 = 2_000_000_000
  private var pendingRequests: [String] = []
  private var nextPurchase: PurchaseSwitch?
  private var purchaseGate: [CheckedContinuation<Void, Never>]?
  private var heldPurchaseWaiters: [CheckedContinuation<Void, Never>] = []
  private var productsGate: [CheckedContinuation<Void, Never>]?
  private var statusGate: [Int: CheckedContinuation<Void, Never>]?
  private var nextStatusRequest = 0
  private var statusWaiters: [(held: Int, cancelled: Int, CheckedContinuation<Void, Never>)] = []
  private var entitlementsAsOf: Date?
  private(set) var cancelledStatusRequests = 0
  private(set) var productsFailure: StoreBackendError?
  private(set) var syncFailure: StoreBackendError?
  private(set) var statusFailure: StoreBackendError?
  private(set) var askToBuy = false
  private(set) var syncCount = 0
  private(set) var productRequests = 0

  init(clock: ManualClock, catalog: [Product] = Fixtures.catalog) {
    self.clock = clock
    self.catalog = catalog
  }

  // MARK: - StoreBackend

  func products(for ids: [String]) async throws(StoreBackendError) -> [Product] {
    productRequests += 1
    if productsGate != nil {
      await withCheckedContinuation { productsGate?.append($0) }
    }
    if let productsFailure { throw productsFailure }
    return catalog.filter { ids.contains($0.id) }
  }

  func purchase(_ product: Product, options: Set<PurchaseOption>) async throws(StoreBackendError)
    -> PurchaseResult
  {
    if purchaseGate != nil {
      await withCheckedContinuation { continuation in
        purchaseGate?.append(continuation)
        let waiters = heldPurchaseWaiters
        heldPurchaseWaiters = []
        for waiter in waiters { waiter.resume() }
      }
    }
    let outcome = nextPurchase
    nextPurchase = nil
    switch outcome {
    case .cancel: return .userCancelled
    case .fail(let error): throw error
    case .tamper, nil: break
    }
    if askToBuy {
      pendingRequests.append(product.id)
      return .pending
    }
    let transaction = record(product: product, ownership: .purchased)
    if case .tamper = outcome { tampered.insert(transaction.id) }
    return .success(signed(transaction))
  }

  func currentEntitlements() async -> [VerificationResult<Transaction>] {
    let now = entitlementsAsOf ?? clock.now
    return latestOfEachSubscription().filter { transaction in
      guard transaction.revocationDate == nil, !transaction.isUpgraded else { return false }
      if let expiration = transaction.expirationDate, expiration <= now {
        return (graceEnds[transaction.originalID] ?? expiration) > now
      }
      return true
    }.map(signed)
  }

  nonisolated func transactionUpdates() -> AsyncStream<VerificationResult<Transaction>> {
    let stream = subscribers.subscribe()
    Task { await deliverUnfinished() }
    return stream
  }

  func unfinishedTransactions() async -> [VerificationResult<Transaction>] {
    transactions.filter { unfinished.contains($0.id) }.map(signed)
  }

  func finish(_ transaction: Transaction) async {
    unfinished.remove(transaction.id)
    finishCounts[transaction.id, default: 0] += 1
    let count = finishCounts[transaction.id, default: 0]
    let due = finishWaiters.filter { $0.id == transaction.id && $0.count <= count }
    finishWaiters.removeAll { $0.id == transaction.id && $0.count <= count }
    for waiter in due { waiter.continuation.resume() }
  }

  func sync() async throws(StoreBackendError) {
    syncCount += 1
    if let syncFailure { throw syncFailure }
  }

  func subscriptionStatuses(forGroup groupID: String) async throws(StoreBackendError)
    -> [SubscriptionStatus]
  {
    if statusGate != nil {
      nextStatusRequest += 1
      let request = nextStatusRequest
      await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          if Task.isCancelled {
            cancelledStatusRequests += 1
            wakeStatusWaiters()
            continuation.resume()
          } else {
            statusGate?[request] = continuation
            wakeStatusWaiters()
          }
        }
      } onCancel: {
        Task { await self.cancelStatusRequest(request) }
      }
      if Task.isCancelled { throw .networkError("cancelled") }
    }
    if let statusFailure { throw statusFailure }
    let now = clock.now
    return latestOfEachSubscription().filter { $0.subscriptionGroupID == groupID }.map {
      transaction in
      let state: RenewalState
      let grace = graceEnds[transaction.originalID]
      if transaction.revocationDate != nil {
        state = .revoked
      } else if let expiration = transaction.expirationDate, expiration <= now {
        state = (grace ?? expiration) > now ? .inGracePeriod : .expired
      } else {
        state = .subscribed
      }
      let renewal = RenewalInfo(
        originalTransactionID: transaction.originalID, currentProductID: transaction.productID,
        willAutoRenew: willAutoRenew[transaction.originalID] ?? true, signedDate: now,
        isInBillingRetry: state == .inGracePeriod,
        gracePeriodExpirationDate: state == .inGracePeriod ? grace : nil,
        renewalDate: transaction.expirationDate)
      return SubscriptionStatus(
        state: state, transaction: signed(transaction), renewalInfo: .verified(renewal))
    }
  }

  // MARK: - Switches

  func setAskToBuy(_ on: Bool) { askToBuy = on }
  func setNextPurchase(_ outcome: PurchaseSwitch) { nextPurchase = outcome }
  func setProductsFailure(_ error: StoreBackendError?) { productsFailure = error }
  func setSyncFailure(_ error: StoreBackendError?) { syncFailure = error }
  func setStatusFailure(_ error: StoreBackendError?) { statusFailure = error }
  func setAutoRenew(_ on: Bool, originalID: UInt64) { willAutoRenew[originalID] = on }

  /// Makes `products(for:)` wait until ``releaseProducts()``: a slow network.
  func holdProducts() { productsGate = productsGate ?? [] }

  /// Lets the waiting product requests through.
  func releaseProducts() {
    let waiting = productsGate ?? []
    productsGate = nil
    for continuation in waiting { continuation.resume() }
  }

  /// Makes `subscriptionStatuses(forGroup:)` wait until ``releaseStatuses()`` or the caller's
  /// cancellation: `Product.SubscriptionInfo.status(for:)` on a slow network.
  func holdStatuses() { statusGate = statusGate ?? [:] }

  /// Lets the waiting status requests through.
  func releaseStatuses() {
    let waiting = statusGate ?? [:]
    statusGate = nil
    for request in waiting.keys.sorted() { waiting[request]?.resume() }
  }

  /// Makes `currentEntitlements()` answer as of `date` (`nil`: now): the device's entitlements
  /// were not updated since, as after a wake-up or offline.
  func setEntitlements(asOf date: Date?) { entitlementsAsOf = date }

  /// Makes `purchase` wait until ``releasePurchases()``: the App Store's sheet is up.
  func holdPurchases() { purchaseGate = purchaseGate ?? [] }

  /// Lets the waiting purchases through.
  func releasePurchases() {
    let waiting = purchaseGate ?? []
    purchaseGate = nil
    for continuation in waiting { continuation.resume() }
  }

  // MARK: - Events of the App Store

  /// A purchase made before the app launched (or on another device), delivered at launch only
  /// if `unfinished`.
  @discardableResult
  func seedPurchase(
    _ productID: String, ownership: OwnershipType = .purchased, unfinished: Bool = false,
    tampered: Bool = false
  ) -> Transaction {
    let product = catalog.first { $0.id == productID }
    let transaction = record(
      productID: productID, period: product?.subscription?.subscriptionPeriod ?? .monthly,
      ownership: ownership)
    if !unfinished { self.unfinished.remove(transaction.id) }
    if tampered { self.tampered.insert(transaction.id) }
    return transaction
  }

  /// Approves the oldest Ask to Buy request: the transaction arrives through the updates.
  /// A `tampered` approval arrives with a signature that does not verify.
  @discardableResult
  func approvePendingRequest(tampered: Bool = false) -> Transaction? {
    guard !pendingRequests.isEmpty,
      let product = catalog.first(where: { $0.id == pendingRequests[0] })
    else { return nil }
    pendingRequests.removeFirst()
    let transaction = record(product: product, ownership: .purchased)
    if tampered { self.tampered.insert(transaction.id) }
    emit(transaction)
    return transaction
  }

  /// Declines the oldest Ask to Buy request: nothing arrives.
  func declinePendingRequest() {
    if !pendingRequests.isEmpty { pendingRequests.removeFirst() }
  }

  /// A family member shares `productID`: a family-shared transaction arrives.
  @discardableResult
  func familyShare(_ productID: String) -> Transaction? {
    guard let product = catalog.first(where: { $0.id == productID }) else { return nil }
    let transaction = record(product: product, ownership: .familyShared)
    emit(transaction)
    return transaction
  }

  /// Refunds a transaction, or stops sharing a family-shared one: the revoked transaction
  /// arrives through the updates.
  func revoke(_ transactionID: UInt64) {
    guard let index = transactions.firstIndex(where: { $0.id == transactionID }) else { return }
    transactions[index].revocationDate = clock.now
    transactions[index].revocationReason = .other
    transactions[index].revocationType =
      transactions[index].ownershipType == .familyShared ? .familyRevoke : .refundFull
    transactions[index].signedDate = clock.now
    unfinished.insert(transactionID)
    emit(transactions[index])
  }

  /// Renews the subscription of `originalID` from its latest expiry: the renewal arrives.
  @discardableResult
  func renew(originalID: UInt64) -> Transaction? {
    guard
      let latest = latestOfEachSubscription().first(where: { $0.originalID == originalID }),
      let expiration = latest.expirationDate,
      let period = catalog.first(where: { $0.id == latest.productID })?.subscription?
        .subscriptionPeriod
    else { return nil }
    nextID += 1
    var renewal = Transaction(
      id: nextID, originalID: originalID, appBundleID: Fixtures.bundleID,
      productID: latest.productID, productType: .autoRenewable, purchaseDate: expiration,
      signedDate: clock.now, subscriptionGroupID: Fixtures.groupID,
      originalPurchaseDate: latest.originalPurchaseDate,
      expirationDate: period.end(from: expiration), ownershipType: latest.ownershipType,
      reason: .renewal, environment: .localTesting)
    renewal.webOrderLineItemID = "\(nextID)"
    transactions.append(renewal)
    unfinished.insert(renewal.id)
    graceEnds[originalID] = nil
    emit(renewal)
    return renewal
  }

  /// A failed renewal with a grace period until `end`.
  func startGracePeriod(originalID: UInt64, until end: Date) {
    graceEnds[originalID] = end
  }

  /// Delivers a transaction again, re-signed, as StoreKit sometimes does.
  func redeliver(_ transactionID: UInt64) {
    guard let index = transactions.firstIndex(where: { $0.id == transactionID }) else { return }
    transactions[index].signedDate = clock.now
    emit(transactions[index])
  }

  // MARK: - Inspection

  func finishCount(of transactionID: UInt64) -> Int { finishCounts[transactionID, default: 0] }
  func isUnfinished(_ transactionID: UInt64) -> Bool { unfinished.contains(transactionID) }
  var pendingRequestCount: Int { pendingRequests.count }
  nonisolated var subscriberCount: Int { subscribers.count }

  /// Waits until `transactionID` was finished `times` times.
  func waitUntilFinished(_ transactionID: UInt64, times: Int = 1) async {
    if finishCounts[transactionID, default: 0] >= times { return }
    await withCheckedContinuation { finishWaiters.append((transactionID, times, $0)) }
  }

  /// Waits until exactly `count` listeners are subscribed.
  nonisolated func waitForSubscribers(_ count: Int) async {
    await subscribers.waitForCount(count)
  }

  /// Waits until `held` status requests wait at the gate of ``holdStatuses()`` and `cancelled`
  /// were cancelled while they waited.
  func waitForStatusRequests(held: Int, cancelled: Int = 0) async {
    if (statusGate?.count ?? 0) >= held, cancelledStatusRequests >= cancelled { return }
    await withCheckedContinuation { statusWaiters.append((held, cancelled, $0)) }
  }

  private func cancelStatusRequest(_ request: Int) {
    guard let continuation = statusGate?.removeValue(forKey: request) else { return }
    cancelledStatusRequests += 1
    continuation.resume()
    wakeStatusWaiters()
  }

  private func wakeStatusWaiters() {
    let held = statusGate?.count ?? 0
    let cancelled = cancelledStatusRequests
    let due = statusWaiters.filter { held >= $0.held && cancelled >= $0.cancelled }
    statusWaiters.removeAll { held >= $0.held && cancelled >= $0.cancelled }
    for waiter in due { waiter.2.resume() }
  }

  /// Waits until a purchase waits at the gate of ``holdPurchases()``.
  func waitForHeldPurchase() async {
    if !(purchaseGate?.isEmpty ?? true) { return }
    await withCheckedContinuation { heldPurchaseWaiters.append($0) }
  }

  // MARK: - Helpers

  private func record(product: Product, ownership: OwnershipType) -> Transaction {
    record(
      productID: product.id, period: product.subscription?.subscriptionPeriod ?? .monthly,
      ownership: ownership)
  }

  private func record(productID: String, period: SubscriptionPeriod, ownership: OwnershipType)
    -> Transaction
  {
    nextID += 1
    let now = clock.now
    var transaction = Transaction(
      id: nextID, originalID: nextID, appBundleID: Fixtures.bundleID, productID: productID,
      productType: .autoRenewable, purchaseDate: now, signedDate: now,
      subscriptionGroupID: Fixtures.groupID, expirationDate: period.end(from: now),
      ownershipType: ownership, environment: .localTesting)
    transaction.webOrderLineItemID = "\(nextID)"
    transactions.append(transaction)
    unfinished.insert(transaction.id)
    return transaction
  }

  private func latestOfEachSubscription() -> [Transaction] {
    var latest: [UInt64: Transaction] = [:]
    for transaction in transactions {
      if let current = latest[transaction.originalID],
        current.purchaseDate > transaction.purchaseDate
      {
        continue
      }
      latest[transaction.originalID] = transaction
    }
    return latest.values.sorted { $0.id < $1.id }
  }

  private func signed(_ transaction: Transaction) -> VerificationResult<Transaction> {
    tampered.contains(transaction.id)
      ? .unverified(transaction, VerificationError(.invalidSignature, "tampered in the test"))
      : .verified(transaction)
  }

  private func emit(_ transaction: Transaction) {
    subscribers.yield(signed(transaction))
  }

  private func deliverUnfinished() {
    for transaction in transactions where unfinished.contains(transaction.id) {
      subscribers.yield(signed(transaction))
    }
  }
}

/// The subscribers of a fake's updates stream.
final class Subscribers: Sendable {
  private struct State {
    var continuations: [UUID: AsyncStream<VerificationResult<Transaction>>.Continuation] = [:]
    var countWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = Locked(State())

  func subscribe() -> AsyncStream<VerificationResult<Transaction>> {
    let (stream, continuation) = AsyncStream.makeStream(of: VerificationResult<Transaction>.self)
    let id = UUID()
    continuation.onTermination = { [weak self] _ in self?.remove(id) }
    let due = state.withLock { state in
      state.continuations[id] = continuation
      return Self.takeDue(&state)
    }
    for waiter in due { waiter.resume() }
    return stream
  }

  func yield(_ update: VerificationResult<Transaction>) {
    for continuation in state.withLock({ Array($0.continuations.values) }) {
      continuation.yield(update)
    }
  }

  var count: Int { state.withLock { $0.continuations.count } }

  func waitForCount(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> Bool in
        if state.continuations.count == count { return true }
        state.countWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  private func remove(_ id: UUID) {
    let due = state.withLock { state in
      state.continuations[id] = nil
      return Self.takeDue(&state)
    }
    for waiter in due { waiter.resume() }
  }

  private static func takeDue(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
    let count = state.continuations.count
    let due = state.countWaiters.filter { $0.count == count }.map(\.continuation)
    state.countWaiters.removeAll { $0.count == count }
    return due
  }
}
