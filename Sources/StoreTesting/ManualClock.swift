public import Foundation
public import StoreModel

/// A clock that moves only when told to: time travel for tests.
///
/// ``sleep(until:)`` suspends until ``advance(by:)`` or ``set(to:)`` reaches the deadline, so
/// code that waits for an expiry runs in tests with no real waiting.
public final class ManualClock: WallClock {
  private let base: SteppedClock

  /// Creates a clock that reads `now`.
  public init(now: Date = Date(timeIntervalSince1970: 1_767_225_600)) {  // 2026-01-01T00:00:00Z
    base = SteppedClock(now: now)
  }

  public var now: Date { base.now }

  /// Moves time forward by `interval` seconds and wakes every sleeper whose deadline passed.
  public func advance(by interval: TimeInterval) {
    base.set(to: base.now.addingTimeInterval(max(0, interval)))
  }

  /// Moves time to `date` (never backwards) and wakes every sleeper whose deadline passed.
  public func set(to date: Date) { base.set(to: date) }

  /// How many tasks are sleeping on this clock.
  public var sleeperCount: Int { base.sleeperCount }

  public func sleep(until deadline: Date) async throws {
    try await base.sleep(until: deadline)
  }
}
