import Foundation
import StoreModel

/// A clock that always reads the same instant and never sleeps past it.
struct FixedClock: WallClock {
  let now: Date
  init(_ now: Date) { self.now = now }
  func sleep(until deadline: Date) async throws {
    throw CancellationError()
  }
}
