import Foundation
import StoreInternals
import Testing

@testable import LocalAppStoreServer

/// The log of the last requests: what it keeps, and that watching it costs the same on the
/// millionth request as on the first.
struct RequestLogTests {
  static func entry(_ number: Int) -> RequestLog.Entry {
    RequestLog.Entry(
      date: Date(timeIntervalSince1970: Double(number)), method: "GET",
      path: "/inApps/v1/transactions/\(number)", status: 200, cause: nil)
  }

  @Test("keeps the last 1,000 entries, oldest first, and tells the observer of each")
  func keepsTheLast() {
    let log = RequestLog()
    let seen = Locked(0)
    log.observe { _ in seen.withLock { $0 += 1 } }
    for number in 1...1_005 { log.append(Self.entry(number)) }
    #expect(log.all.count == RequestLog.capacity)
    #expect(log.all.first == Self.entry(6))
    #expect(log.all.last == Self.entry(1_005))
    #expect(seen.withLock { $0 } == 1_005)
  }

  /// The observer's frame must sit at the same depth on every call from the same place. When
  /// the observer was itself a `Locked` value, each read wrapped it in two reabstraction thunks:
  /// the n-th call ran n thunks deep (serve spent half its time there, slowing with each
  /// request, and would in the end have run out of stack).
  @Test("the observer is called at the same stack depth on the 1st and the 500th entry")
  func observerDoesNotDeepen() {
    let log = RequestLog()
    let depths = Locked([UInt]())
    log.observe { _ in
      var marker = 0
      let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
      depths.withLock { $0.append(address) }
    }
    for number in 1...500 { log.append(Self.entry(number)) }
    let recorded = depths.withLock { $0 }
    #expect(recorded.count == 500)
    #expect(
      Set(recorded).count == 1,
      "the stack moved by \(Int(bitPattern: recorded[0]) - Int(bitPattern: recorded.last ?? 0)) bytes"
    )
  }
}
