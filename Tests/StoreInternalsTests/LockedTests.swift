import StoreInternals
import Testing

@Suite struct LockedTests {
  @Test("bodies run one at a time: every increment of concurrent tasks counts")
  func mutualExclusion() async {
    let counter = Locked(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask {
          for _ in 0..<1_000 { counter.withLock { $0 += 1 } }
        }
      }
    }
    #expect(counter.withLock { $0 } == 100_000)
  }

  private struct Refusal: Error, Equatable {}

  @Test("a body's typed error comes out as it is, and the lock is free again after it")
  func typedErrors() {
    let value = Locked([1])
    #expect(throws: Refusal()) {
      try value.withLock { (_: inout [Int]) throws(Refusal) in throw Refusal() }
    }
    #expect(value.withLock { $0 } == [1])
  }
}
