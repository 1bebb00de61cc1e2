import Foundation
import StoreInternals
import StoreModel

/// The answers of the local App Store that a test can hold and release: `StoreTesting`'s gates
/// (``LocalAppStore/AnswerGates/hold(_:)``), so that tests of what an app does while an answer
/// is on its way run on the real emulator.
package final class AnswerGates: Sendable {
  /// An answer a gate can hold.
  package enum Kind: Sendable, Hashable {
    /// `products(for:)`, before it reads the catalog.
    case products
    /// `purchase(_:options:)`, before the purchase is made: what it comes to is decided when
    /// the gate opens.
    case purchase
    /// `currentEntitlements()`, before the ledger is read.
    case currentEntitlements
    /// The delivery of updates to `transactionUpdates()` streams (renewals, refunds, approvals,
    /// the unfinished transactions handed to a launch's first listener): held in order,
    /// delivered when the gate opens.
    case updates
  }

  typealias Delivery = (
    result: VerificationResult<Transaction>, key: UpdateHub.Key, account: String, only: UUID?
  )

  private struct State {
    var gates: [Kind: Gate] = [:]
    var heldDeliveries: [Delivery] = []
    var isFlushing = false
  }

  private let state = Locked(State())

  package init() {}

  /// Closes a new gate on `kind`: every such call from now on waits until it opens. Calls a
  /// previous gate holds stay held until that gate opens.
  package func hold(_ kind: Kind) -> Gate {
    let gate = Gate()
    state.withLock { $0.gates[kind] = gate }
    return gate
  }

  /// Waits while a gate on `kind` is closed.
  func pass(_ kind: Kind) async {
    guard let gate = state.withLock({ $0.gates[kind] }) else { return }
    await gate.pass()
  }

  /// Delivers `items` through `hub`, or keeps them, in order, while a gate holds updates (and
  /// until everything it held was delivered).
  func deliver(_ items: [Delivery], through hub: UpdateHub) {
    enum Route {
      case direct, held
      case flush(Gate)
    }
    let route: Route = state.withLock { state in
      guard let gate = state.gates[.updates],
        !gate.isOpen || state.isFlushing || !state.heldDeliveries.isEmpty
      else { return .direct }
      state.heldDeliveries.append(contentsOf: items)
      guard !state.isFlushing else { return .held }
      state.isFlushing = true
      return .flush(gate)
    }
    let flush: Gate
    switch route {
    case .direct:
      for item in items {
        hub.deliver(item.result, key: item.key, account: item.account, only: item.only)
      }
      return
    case .held: return
    case .flush(let gate): flush = gate
    }
    Task {
      await flush.pass()
      while true {
        let batch = state.withLock { state in
          defer { state.heldDeliveries = [] }
          if state.heldDeliveries.isEmpty { state.isFlushing = false }
          return state.heldDeliveries
        }
        if batch.isEmpty { return }
        for item in batch {
          hub.deliver(item.result, key: item.key, account: item.account, only: item.only)
        }
      }
    }
  }

  /// A gate: closed until ``open()``; counts the calls it held.
  package final class Gate: Sendable {
    private struct State {
      var isOpen = false
      var held = 0
      var waiting: [CheckedContinuation<Void, Never>] = []
      var watchers: [(id: UUID, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    package var isOpen: Bool { state.withLock { $0.isOpen } }

    /// How many calls arrived at the gate while it was closed.
    package var heldCount: Int { state.withLock { $0.held } }

    /// Opens the gate for good: every held call goes on, in the order it arrived.
    package func open() {
      let (waiting, watchers) = state.withLock { state in
        state.isOpen = true
        defer {
          state.waiting = []
          state.watchers = []
        }
        return (state.waiting, state.watchers)
      }
      for continuation in waiting { continuation.resume() }
      for watcher in watchers { watcher.continuation.resume() }
    }

    /// Returns once `count` calls arrived at the gate (or the gate opened, or the waiting task
    /// was cancelled: a test's time limit ends the wait).
    package func waitUntilHolding(_ count: Int) async {
      let id = UUID()
      await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          let ready = state.withLock { state in
            guard !state.isOpen, state.held < count, !Task.isCancelled else { return true }
            state.watchers.append((id, count, continuation))
            return false
          }
          if ready { continuation.resume() }
        }
      } onCancel: {
        let watcher = state.withLock { state -> CheckedContinuation<Void, Never>? in
          guard let index = state.watchers.firstIndex(where: { $0.id == id }) else { return nil }
          return state.watchers.remove(at: index).continuation
        }
        watcher?.resume()
      }
    }

    func pass() async {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let (open, ready) = state.withLock {
          state -> (Bool, [CheckedContinuation<Void, Never>]) in
          guard !state.isOpen else { return (true, []) }
          state.held += 1
          state.waiting.append(continuation)
          let held = state.held
          let ready = state.watchers.filter { $0.count <= held }.map(\.continuation)
          state.watchers.removeAll { $0.count <= held }
          return (false, ready)
        }
        if open { continuation.resume() }
        for watcher in ready { watcher.resume() }
      }
    }
  }
}
