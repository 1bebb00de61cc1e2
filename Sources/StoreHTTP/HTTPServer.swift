import Foundation
import StoreInternals

/// An HTTP/1.1 server on the platform's sockets: one thread polls every connection, each
/// whole request goes to the async handler on a task of its own, the response comes back to
/// the thread, which writes it.
///
/// What it does:
/// - HTTP/1.1 and HTTP/1.0 (RFC 9112), persistent connections (HTTP/1.1 unless
///   `Connection: close`; HTTP/1.0 with `Connection: keep-alive`), pipelined requests
///   answered in order, one at a time per connection (the next request of a connection goes to
///   the handler after the previous response, so that a client that pipelines a change and a
///   read reads the change).
/// - Bodies with `Content-Length`; `Expect: 100-continue` answered with `100 Continue` when the
///   body has not come with the head (a refused length gets its refusal instead, RFC 9110
///   §10.1.1).
/// - Responses of known length written with their head in one `send` where the socket takes
///   it; streamed responses (``HTTPBody/stream(_:)``, server-sent events) chunked, exempt from
///   the idle timeout, and ended when the client goes (the stream's task is cancelled).
/// - Limits (``HTTPLimits``): 414 for the request line, 431 for the header fields' count or
///   bytes, 413 for the body; a connection idle for `idleTimeout` (no request in flight, no
///   stream) is closed without a response (RFC 9112 §9.5).
/// - The `Host` rule (``HostRule``): a request naming another host gets 421.
/// - ``shutdown()``: stops accepting, lets the requests handed to the handler finish and their
///   responses be written (`Connection: close`), closes the rest, then returns.
///
/// What it refuses, each time with the status and `X-Refusal-Reason`, then closing the
/// connection after a half-close and a short drain of what the client still sends (so that its
/// last bytes do not make the kernel reset the connection before the client reads the
/// refusal): malformed syntax (400: bare LF, whitespace before a colon, obsolete line folding,
/// control characters, a target that is not origin-, absolute- or asterisk-form, a missing,
/// repeated or malformed `Host`, a bad `Content-Length`, a malformed percent escape or non-UTF-8
/// in the query), versions other than 1.0 and 1.1 (505), chunked request bodies (411: send
/// `Content-Length`) and other transfer codings (501), expectations other than 100-continue
/// (417).
///
/// What it does not do: TLS, HTTP/2, compression, `Range`, CORS (no `Access-Control-*` field
/// is ever added: a page of another origin cannot read the answers), trailers in requests,
/// timing out a handler that never returns (``shutdown()`` waits for it).
package final class HTTPServer: Sendable {
  package struct Configuration: Sendable {
    /// The address to listen on: an IPv4 or IPv6 literal ("127.0.0.1", "::1", "127.0.0.2"), or
    /// "localhost" for 127.0.0.1.
    package var host = "127.0.0.1"
    /// 0: a port the system picks (``HTTPServer/port`` tells it).
    package var port: UInt16 = 0
    /// Names a request's `Host` may give besides the loopback ones and `host`.
    package var allowedHosts: [String] = []
    package var limits = HTTPLimits()
    /// How long a connection may wait between requests, or for the rest of one, before it is
    /// closed. Default 60 s.
    package var idleTimeout: Duration = .seconds(60)
    /// How long a refused connection's remaining input is drained before it is closed.
    package var lingerTimeout: Duration = .seconds(2)
    /// Connections open at once; past it the listener waits (the kernel's backlog holds them).
    package var maximumConnections = 1024
    /// The monotonic clock the timeouts read (injected by the tests; the server also wakes at
    /// least once a second to read it).
    package var clock: @Sendable () -> Duration = HTTPServer.monotonicNow
    /// Called after each handled request's response is handed to the connection (not for
    /// refusals): the request, the status, the handler's time.
    package var onResponse: (@Sendable (HTTPRequest, Int, Duration) -> Void)?
    /// Called for each refused request.
    package var onRefusal: (@Sendable (HTTPRefusal) -> Void)?

    package init(
      host: String = "127.0.0.1", port: UInt16 = 0, allowedHosts: [String] = [],
      limits: HTTPLimits = HTTPLimits(), idleTimeout: Duration = .seconds(60)
    ) {
      self.host = host
      self.port = port
      self.allowedHosts = allowedHosts
      self.limits = limits
      self.idleTimeout = idleTimeout
    }
  }

  private static let origin = ContinuousClock.now

  /// Time since the process first asked, on the continuous clock.
  package static let monotonicNow: @Sendable () -> Duration = { ContinuousClock.now - origin }

  package let configuration: Configuration
  private let handler: @Sendable (HTTPRequest) async -> HTTPResponse
  private let loop = Locked<EventLoop?>(nil)

  package init(
    configuration: Configuration, handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
  ) {
    self.configuration = configuration
    self.handler = handler
  }

  /// Binds and listens, starts the server's thread, and returns the port.
  @discardableResult
  package func start() throws(HTTPServerError) -> Int {
    try loop.withLock { (loop: inout EventLoop?) throws(HTTPServerError) -> Int in
      guard loop == nil else { throw HTTPServerError.alreadyStarted }
      let host = configuration.host == "localhost" ? "127.0.0.1" : configuration.host
      do {
        let listener = try PosixSocket.listening(
          host: host, port: configuration.port, backlog: 1024)
        let started = try EventLoop(
          listener: listener.descriptor, port: Int(listener.port), configuration: configuration,
          handler: handler)
        loop = started
        let thread = Thread { started.run() }
        thread.name = "StoreHTTP \(host):\(listener.port)"
        thread.start()
        return started.port
      } catch {
        throw HTTPServerError.cannotListen("\(error)")
      }
    }
  }

  /// The port listened on (0 before ``start()``).
  package var port: Int { loop.withLock { $0?.port ?? 0 } }

  /// Stops accepting, lets the requests in flight finish and their responses be written, closes
  /// every connection, and returns when the server's thread has ended. Streams are ended.
  /// Calling it again, or on a server never started, returns at once when that is done.
  package func shutdown() async {
    guard let loop = loop.withLock({ $0 }) else { return }
    await withCheckedContinuation { continuation in loop.shutdown(continuation) }
  }

  /// Wakes the server's thread to read its clock again (for the tests that move an injected
  /// clock past a timeout).
  package func checkTimeouts() {
    loop.withLock { $0 }?.wake()
  }

  /// Connections open now (for the tests).
  package var openConnections: Int { loop.withLock { $0 }?.openConnections ?? 0 }
}
