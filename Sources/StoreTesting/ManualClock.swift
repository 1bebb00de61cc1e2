public import Foundation
public import StoreModel

/// A clock that moves only when told to: time travel for tests.
///
/// ``sleep(until:)`` suspends until ``advance(by:)`` or ``set(to:)`` reaches the deadline, so
/// code that waits for an expiry runs in tests with no real waiting.
public final class ManualClock: WallClock, @unchecked Sendable {
  // Sendable: every stored property is a `let` of a lock-guarded value.
  private struct State {
    var now: Date
    var sleepers: [UUID: (deadline: Date, continuation: CheckedContinuation<Void, any Error>)] =
      [:]
  }

  // Guards `now` (read synchronously by `WallClock.now`) and the sleepers. A lock rather than an
  // actor because `now` is synchronous; `Mutex` would need macOS 15.
  private let state: LockedValue<State>

  /// Creates a clock that reads `now`.
  public init(now: Date = Date(timeIntervalSince1970: 1_767_225_600)) {  // 2026-01-01T00:00:00Z
    state = LockedValue(State(now: now))
  }

  public var now: Date { state.withLock { $0.now } }

  /// Moves time forward by `interval` seconds and wakes every sleeper whose deadline passed.
  public func advance(by interval: TimeInterval) {
    set(to: now.addingTimeInterval(max(0, interval)))
  }

  /// Moves time to `date` (never backwards) and wakes every sleeper whose deadline passed.
  public func set(to date: Date) {
    let woken = state.withLock { state in
      state.now = max(state.now, date)
      let due = state.sleepers.filter { $0.value.deadline <= state.now }
      for key in due.keys { state.sleepers[key] = nil }
      return due.values.map(\.continuation)
    }
    for continuation in woken { continuation.resume() }
  }

  /// How many tasks are sleeping on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  public func sleep(until deadline: Date) async throws {
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
