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

/// A clock stopped at one instant: the time of a verifier's checks in tests and fuzz targets,
/// so that a token verifies the same on every run.
package struct FixedClock: WallClock {
  package let now: Date

  /// A clock stopped at `now`.
  package init(_ now: Date) { self.now = now }

  /// Returns at once for a deadline already reached; any later one never comes, so the wait
  /// ends at once with `CancellationError`, as a cancelled wait does.
  package func sleep(until deadline: Date) async throws {
    if deadline > now { throw CancellationError() }
  }
}
