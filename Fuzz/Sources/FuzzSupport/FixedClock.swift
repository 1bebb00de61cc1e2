public import Foundation
public import StoreModel

/// A clock that never moves: the fuzz targets' time, so that an input behaves the same on
/// every run.
public struct FixedClock: WallClock {
  public let now: Date

  /// A clock stopped at `now`.
  public init(_ now: Date) { self.now = now }

  /// Returns at once: the fuzz targets never wait for time to pass.
  public func sleep(until deadline: Date) async throws {}
}
