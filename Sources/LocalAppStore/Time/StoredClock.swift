package import Foundation
import StoreModel

/// The local App Store's own time, kept in its state file, so that time travel persists between
/// processes: what `sportstime-store advance 1m` moves.
///
/// The store refreshes it from the state at the start of every operation and moves it in
/// ``LocalAppStore/advanceTime(by:)``. Code that needs a `WallClock` in step with the store
/// (an app layer re-evaluating at an expiry) reads ``LocalAppStore/clock``.
package final class StoredClock: WallClock {
  private let base: SteppedClock

  init(now: Date) {
    base = SteppedClock(now: now)
  }

  package var now: Date { base.now }

  /// Sets the time (never backwards) and wakes the sleepers whose deadline passed.
  func set(_ date: Date) { base.set(to: date) }

  package func sleep(until deadline: Date) async throws {
    try await base.sleep(until: deadline)
  }
}
