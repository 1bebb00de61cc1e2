import Foundation
import LocalAppStoreServer
import StoreInternals
import Testing

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

  /// The observer must be called through the same number of frames every time from the same
  /// place. When the observer was itself a `Locked` value, each read wrapped it in two
  /// reabstraction thunks: the n-th call ran n thunks deep (serve spent half its time there,
  /// slowing with each request, and would in the end have run out of stack). Frames are counted,
  /// not stack addresses: AddressSanitizer moves locals to a fake stack of its own.
  @Test("the observer is called through as many frames on the 500th entry as on the 1st")
  func observerDoesNotDeepen() {
    let log = RequestLog()
    let depths = Locked([Int]())
    log.observe { _ in
      let depth = Thread.callStackReturnAddresses.count
      depths.withLock { $0.append(depth) }
    }
    for number in 1...500 { log.append(Self.entry(number)) }
    let recorded = depths.withLock { $0 }
    #expect(recorded.count == 500)
    #expect(
      Set(recorded).count == 1,
      "\(recorded.first ?? 0) frames on the 1st call, \(recorded.last ?? 0) on the 500th")
  }
}
