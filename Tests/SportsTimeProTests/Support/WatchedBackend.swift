import Foundation
import StoreInternals
import StoreModel

/// A backend seen through: every answer is the wrapped backend's (the local App Store), and the
/// test can count and wait for what the manager did — finishes, reads, listeners — and hold the
/// subscription statuses as a slow network would. It decides nothing: no entitlement, renewal or
/// signature is made here.
///
/// Every wait ends when its task is cancelled (the suites' time limit ends a wait that naive code
/// never satisfies), unlike the continuation waits of the fake it replaces.
final class WatchedBackend: StoreBackend, Sendable {
  private struct State {
    var finished: [UInt64: Int] = [:]
    var listingReads = 0
    var productRequests = 0
    var syncs = 0
    var listeners = 0
    /// The listing served instead of the store's while frozen.
    var frozenListing: [VerificationResult<Transaction>]?
    /// Whether status requests wait at the gate.
    var holdsStatuses = false
    var heldStatuses: [UUID: CheckedContinuation<Void, Never>] = [:]
    var cancelledStatusRequests = 0
    var waiters: [UUID: Waiter] = [:]
    /// The latest delivery of each transaction through the updates, and the open streams.
    var delivered: [UInt64: VerificationResult<Transaction>] = [:]
    var streams: [UUID: AsyncStream<VerificationResult<Transaction>>.Continuation] = [:]
  }

  private struct Waiter {
    let isDue: @Sendable (State) -> Bool
    let continuation: CheckedContinuation<Void, Never>
  }

  private let state = Locked(State())
  /// The backend every call goes to.
  let store: any StoreBackend

  init(_ store: any StoreBackend) { self.store = store }

  // MARK: - What the manager did

  /// How many times transaction `id` was finished.
  func finishCount(_ id: UInt64) -> Int { state.withLock { $0.finished[id, default: 0] } }
  /// How many times `currentEntitlements` was read.
  var listingReads: Int { state.withLock { $0.listingReads } }
  /// How many times the products were requested.
  var productRequests: Int { state.withLock { $0.productRequests } }
  /// How many times the App Store was synced.
  var syncCount: Int { state.withLock { $0.syncs } }
  /// How many `transactionUpdates()` streams are open.
  var listenerCount: Int { state.withLock { $0.listeners } }
  /// How many status requests were cancelled while held.
  var cancelledStatusRequests: Int { state.withLock { $0.cancelledStatusRequests } }

  /// Returns once transaction `id` was finished `times` times.
  func waitUntilFinished(_ id: UInt64, times: Int = 1) async {
    await wait { $0.finished[id, default: 0] >= times }
  }

  /// Returns once exactly `count` listeners are open.
  func waitForListeners(_ count: Int) async {
    await wait { $0.listeners == count }
  }

  /// Returns once `held` status requests wait at the gate and `cancelled` were cancelled there.
  func waitForStatusRequests(held: Int, cancelled: Int = 0) async {
    await wait { $0.heldStatuses.count >= held && $0.cancelledStatusRequests >= cancelled }
  }

  // MARK: - Switches

  /// Makes status requests wait until ``releaseStatuses()`` or their task's cancellation:
  /// `Product.SubscriptionInfo.status(for:)` on a slow network.
  func holdStatuses() { change { $0.holdsStatuses = true } }

  /// Lets the held status requests through, in no particular order, and later ones pass.
  func releaseStatuses() {
    let held = change { state -> [CheckedContinuation<Void, Never>] in
      state.holdsStatuses = false
      defer { state.heldStatuses = [:] }
      return Array(state.heldStatuses.values)
    }
    for continuation in held { continuation.resume() }
  }

  /// Delivers the store's latest delivery of transaction `id` again to every open stream, as
  /// StoreKit sometimes does (the local App Store hands each revision over once).
  func redeliver(_ id: UInt64) {
    let (update, streams) = state.withLock { ($0.delivered[id], Array($0.streams.values)) }
    guard let update else { return }
    for stream in streams { stream.yield(update) }
  }

  /// Serves the listing the store gives now until ``thawListing()``: a device whose
  /// entitlements were not updated since (after a wake-up, offline).
  func freezeListing() async {
    let listing = await store.currentEntitlements()
    change { $0.frozenListing = listing }
  }

  /// Serves the store's listing again.
  func thawListing() { change { $0.frozenListing = nil } }

  // MARK: - StoreBackend

  func products(for ids: [String]) async throws(StoreBackendError) -> [Product] {
    change { $0.productRequests += 1 }
    return try await store.products(for: ids)
  }

  func purchase(_ product: Product, options: Set<PurchaseOption>) async throws(StoreBackendError)
    -> PurchaseResult
  {
    try await store.purchase(product, options: options)
  }

  func currentEntitlements() async -> [VerificationResult<Transaction>] {
    let frozen = change { state -> [VerificationResult<Transaction>]? in
      state.listingReads += 1
      return state.frozenListing
    }
    if let frozen { return frozen }
    return await store.currentEntitlements()
  }

  func transactionUpdates() -> AsyncStream<VerificationResult<Transaction>> {
    // Subscribed now, as the store's own stream is.
    let updates = store.transactionUpdates()
    let (stream, continuation) = AsyncStream.makeStream(of: VerificationResult<Transaction>.self)
    let id = UUID()
    let forward = Task { [weak self] in
      for await update in updates {
        self?.change { $0.delivered[update.unsafePayloadValue.id] = update }
        continuation.yield(update)
      }
      continuation.finish()
    }
    change {
      $0.listeners += 1
      $0.streams[id] = continuation
    }
    continuation.onTermination = { [weak self] _ in
      forward.cancel()
      self?.change {
        $0.listeners -= 1
        $0.streams[id] = nil
      }
    }
    return stream
  }

  func unfinishedTransactions() async -> [VerificationResult<Transaction>] {
    await store.unfinishedTransactions()
  }

  func finish(_ transaction: Transaction) async {
    await store.finish(transaction)
    change { $0.finished[transaction.id, default: 0] += 1 }
  }

  func sync() async throws(StoreBackendError) {
    change { $0.syncs += 1 }
    try await store.sync()
  }

  func subscriptionStatuses(forGroup groupID: String) async throws(StoreBackendError)
    -> [SubscriptionStatus]
  {
    if state.withLock({ $0.holdsStatuses }) {
      let request = UUID()
      await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          let passes = change { state -> Bool in
            guard state.holdsStatuses else { return true }
            if Task.isCancelled {
              state.cancelledStatusRequests += 1
              return true
            }
            state.heldStatuses[request] = continuation
            return false
          }
          if passes { continuation.resume() }
        }
      } onCancel: {
        let held = change { state -> CheckedContinuation<Void, Never>? in
          guard let held = state.heldStatuses.removeValue(forKey: request) else { return nil }
          state.cancelledStatusRequests += 1
          return held
        }
        held?.resume()
      }
    }
    // What a cancelled request gets is the store's to say.
    return try await store.subscriptionStatuses(forGroup: groupID)
  }

  func appTransaction() async throws(StoreBackendError) -> VerificationResult<AppTransaction> {
    try await store.appTransaction()
  }

  func isEligibleForIntroOffer(for groupID: String) async -> Bool {
    await store.isEligibleForIntroOffer(for: groupID)
  }

  // MARK: - Waiting

  /// Changes the state, then wakes the waiters whose condition now holds.
  @discardableResult
  private func change<T>(_ body: (inout State) -> T) -> T {
    let (result, due) = state.withLock { state -> (T, [CheckedContinuation<Void, Never>]) in
      let result = body(&state)
      let snapshot = state
      let due = state.waiters.filter { $0.value.isDue(snapshot) }
      for id in due.keys { state.waiters[id] = nil }
      return (result, due.values.map(\.continuation))
    }
    for continuation in due { continuation.resume() }
    return result
  }

  /// Returns once `condition` holds, or the task is cancelled.
  private func wait(until condition: @escaping @Sendable (State) -> Bool) async {
    let id = UUID()
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let ready = state.withLock { state -> Bool in
          if condition(state) || Task.isCancelled { return true }
          state.waiters[id] = Waiter(isDue: condition, continuation: continuation)
          return false
        }
        if ready { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
      waiter?.continuation.resume()
    }
  }
}
