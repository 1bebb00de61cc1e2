import Foundation
import StoreTesting
import Testing

@Suite struct ManualClockTests {
  @Test("a sleeper wakes when time reaches its deadline, not before")
  func sleeperWakes() async throws {
    let clock = ManualClock()
    let deadline = clock.now.addingTimeInterval(60)
    let sleeper = Task { try await clock.sleep(until: deadline) }
    while clock.sleeperCount == 0 { await Task.yield() }
    clock.advance(by: 59)
    #expect(clock.sleeperCount == 1)
    clock.advance(by: 1)
    try await sleeper.value
    #expect(clock.sleeperCount == 0)
  }

  @Test("a cancelled sleeper throws and leaves the clock")
  func cancelledSleeper() async {
    let clock = ManualClock()
    let sleeper = Task { try await clock.sleep(until: clock.now.addingTimeInterval(60)) }
    while clock.sleeperCount == 0 { await Task.yield() }
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test("time never moves backwards")
  func neverBackwards() {
    let clock = ManualClock()
    let start = clock.now
    clock.set(to: start.addingTimeInterval(-10))
    #expect(clock.now == start)
  }
}
