import Foundation

/// Runs a blocking system call on a thread of its own and awaits its result.
///
/// A test that blocks one of the cooperative pool's threads in `recv(2)` while the server it
/// waits for needs a pool thread to run its handler can starve that handler: on a machine with
/// two cores the pool has two threads, and two such tests at once hold both until their reads
/// time out. The call here blocks a thread that is not the pool's.
package func blockingCall<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: body()) }
    thread.start()
  }
}

extension HTTPTestClient {
  /// Connects to `host` (an IPv4 or IPv6 literal) and `port`; reads wait at most `timeout`
  /// seconds, each on a thread of its own. The default bounds a hang, far above any answer's
  /// time: under ThreadSanitizer and AddressSanitizer, with the whole suite running at once on
  /// 2 cores, a server's handler waited more than 30 s for the cooperative pool (CI, twice).
  package convenience init(host: String = "127.0.0.1", port: Int, timeout: Int = 180)
    throws(Failure)
  {
    try self.init(host: host, port: port, timeout: timeout) { body in await blockingCall(body) }
  }
}
