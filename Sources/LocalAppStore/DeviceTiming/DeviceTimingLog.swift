package import Foundation
import StoreInternals

/// What one launch of the app has read, in memory only (``DeviceView``'s launch memory): the lags
/// of the purchases and approvals it made, whether its first listing read happened, whether its
/// first updates listener got the unfinished transactions.
package final class DeviceTimingLog: Sendable {
  private struct State {
    /// Account → transaction → how many reads still miss it.
    var lagging: [String: [UInt64: Int]] = [:]
    /// The accounts whose first `currentEntitlements` read of this launch happened.
    var listed: Set<String> = []
    /// The accounts whose first updates listener of this launch was handed the unfinished ones.
    var handedOver: Set<String> = []
    /// Listeners that subscribed and were not handed their unfinished transactions yet.
    var handovers: [Handover] = []
  }

  /// A listener waiting for the unfinished transactions of its account.
  package struct Handover {
    package var subscriber: UUID
    var account: String
    package var isFirstListener: Bool
  }

  private let state = Locked(State())

  /// Makes the next `reads` reads of `account` miss `transactionID`.
  func lag(_ transactionID: UInt64, account: String, reads: Int) {
    guard reads > 0 else { return }
    state.withLock { $0.lagging[account, default: [:]][transactionID] = reads }
  }

  /// Counts one read of `account` through the app-side port; returns what this read misses.
  @discardableResult
  func read(account: String) -> Set<UInt64> {
    state.withLock { state in
      guard let lagging = state.lagging[account] else { return [] }
      var left: [UInt64: Int] = [:]
      for (id, reads) in lagging where reads > 1 { left[id] = reads - 1 }
      state.lagging[account] = left.isEmpty ? nil : left
      return Set(lagging.keys)
    }
  }

  /// Whether this is the launch's first `currentEntitlements` read of `account` (and marks it).
  func claimFirstListing(account: String) -> Bool {
    state.withLock { $0.listed.insert(account).inserted }
  }

  /// Whether this is the launch's first updates listener of `account` (and marks it).
  func claimHandover(account: String) -> Bool {
    state.withLock { $0.handedOver.insert(account).inserted }
  }

  /// Notes a new listener, to be handed the unfinished transactions before the store's next
  /// operation.
  func enqueueHandover(_ handover: Handover) {
    state.withLock { $0.handovers.append(handover) }
  }

  /// The listeners waiting for their hand-over, in the order they subscribed.
  func takeHandovers() -> [Handover] {
    state.withLock { state in
      defer { state.handovers = [] }
      return state.handovers
    }
  }

  /// Forgets this launch: a new launch begins.
  func reset() {
    state.withLock { $0 = State(handovers: $0.handovers) }
  }
}
