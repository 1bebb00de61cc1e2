public import Foundation
public import StoreModel

/// The local App Store's own time, kept in its state file, so that time travel persists between
/// processes: what `sportstime-store advance 1m` moves.
///
/// The store refreshes it from the state at the start of every operation and moves it in
/// ``LocalAppStore/advanceTime(by:)``. Code that needs a `WallClock` in step with the store
/// (an app layer re-evaluating at an expiry) reads ``LocalAppStore/clock``.
public final class StoredClock: WallClock, @unchecked Sendable {
  // Sendable: every stored property is a `let` of a lock-guarded value.
  private struct State {
    var now: Date
    var sleepers: [UUID: (deadline: Date, continuation: CheckedContinuation<Void, any Error>)] =
      [:]
  }

  private let state: Locked<State>

  init(now: Date) {
    state = Locked(State(now: now))
  }

  public var now: Date { state.withLock { $0.now } }

  /// Sets the time (never backwards) and wakes the sleepers whose deadline passed.
  func set(_ date: Date) {
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
