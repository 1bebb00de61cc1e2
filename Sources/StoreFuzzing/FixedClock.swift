import Foundation
import StoreModel

/// A clock that never moves: the fuzz targets' time, so that an input behaves the same on
/// every run.
struct FixedClock: WallClock {
  let now: Date

  /// A clock stopped at `now`.
  init(_ now: Date) { self.now = now }

  /// Returns at once: the fuzz targets never wait for time to pass.
  func sleep(until deadline: Date) async throws {}
}
