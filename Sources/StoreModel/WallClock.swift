public import Foundation

/// The source of the current date, injected wherever a rule needs the time.
///
/// Rules read ``now`` at the moment of decision and never call `Date()` themselves.
public protocol WallClock: Sendable {
  /// The time now, as this clock tells it; a rule reads it once per decision.
  var now: Date { get }

  /// Suspends until ``now`` reaches `deadline`.
  /// - Throws: `CancellationError` when the task is cancelled first.
  func sleep(until deadline: Date) async throws
}

/// The device's own clock (`Date()`), the one clock the app reads in production.
public struct SystemClock: WallClock {
  /// Creates the system clock.
  public init() {}

  public var now: Date { Date() }

  public func sleep(until deadline: Date) async throws {
    let interval = deadline.timeIntervalSinceNow
    guard interval > 0 else { return }
    try await Task.sleep(nanoseconds: UInt64(min(interval, 86_400 * 365) * 1_000_000_000))
  }
}
