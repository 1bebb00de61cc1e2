public import Foundation

/// A clock whose time is set by its owner, never by the system: the core of the test
/// `ManualClock` and of the local App Store's stored time.
///
/// ``sleep(until:)`` suspends until ``set(to:)`` reaches the deadline, so code that waits for a
/// date (an expiry, a renewal) runs with no real waiting. Time never moves backwards.
public final class SteppedClock: WallClock, @unchecked Sendable {
  // Sendable: the only stored property is a `let` of a lock-guarded value. A lock rather than an
  // actor because `now` is synchronous; `Mutex` would need macOS 15.
  private struct State {
    var now: Date
    var sleepers: [UUID: (deadline: Date, continuation: CheckedContinuation<Void, any Error>)] =
      [:]
  }

  private let state: Guarded<State>

  /// Creates a clock that reads `now`.
  public init(now: Date) {
    state = Guarded(State(now: now))
  }

  public var now: Date { state.withLock { $0.now } }

  /// How many tasks are sleeping on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

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

/// A value guarded by a lock.
private final class Guarded<Value>: @unchecked Sendable {
  // Sendable: `value` is only touched inside `withLock`, under `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
