package import Foundation
import StoreInternals

/// A clock whose time is set by its owner, never by the system: the core of the test
/// `ManualClock` and of the local App Store's stored time.
///
/// ``sleep(until:)`` suspends until ``set(to:)`` reaches the deadline, so code that waits for a
/// date (an expiry, a renewal) runs with no real waiting. Time never moves backwards.
package final class SteppedClock: WallClock, Sendable {
  // A lock rather than an actor because `now` is synchronous.
  private struct State {
    var now: Date
    var sleepers: [UUID: (deadline: Date, continuation: CheckedContinuation<Void, any Error>)] =
      [:]
  }

  private let state: Locked<State>

  /// Creates a clock that reads `now`.
  package init(now: Date) {
    state = Locked(State(now: now))
  }

  package var now: Date { state.withLock { $0.now } }

  /// How many tasks are sleeping on this clock.
  package var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Moves time to `date` (never backwards) and wakes every sleeper whose deadline passed.
  package func set(to date: Date) {
    let woken = state.withLock { state in
      state.now = max(state.now, date)
      let due = state.sleepers.filter { $0.value.deadline <= state.now }
      for key in due.keys { state.sleepers[key] = nil }
      return due.values.map(\.continuation)
    }
    for continuation in woken { continuation.resume() }
  }

  package func sleep(until deadline: Date) async throws {
    let id = UUID()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let resumeNow = state.withLock { state -> Bool in
          if deadline <= state.now || Task.isCancelled { return true }
          state.sleepers[id] = (deadline, continuation)
          return false
        }
        if resumeNow {
          if Task.isCancelled {
            continuation.resume(throwing: CancellationError())
          } else {
            continuation.resume()
          }
        }
      }
    } onCancel: {
      let continuation = state.withLock { $0.sleepers.removeValue(forKey: id)?.continuation }
      continuation?.resume(throwing: CancellationError())
    }
  }
}
