import Foundation
import StoreInternals

/// Why the server could not start.
package enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `start()` was called before (a server starts once).
  case alreadyStarted
  /// The listening socket could not be made: the call that failed and its error.
  case cannotListen(String)

  package var description: String {
    switch self {
    case .alreadyStarted: "the server was started already"
    case .cannotListen(let reason): "cannot listen: \(reason)"
    }
  }
}

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

// MARK: - The event loop

/// What a handler's task hands back to the loop.
private enum Completion {
  /// A whole response: its bytes, and whether the connection closes after them.
  case response(UInt64, [UInt8], close: Bool)
  /// The head of a streamed response.
  case streamHead(UInt64, [UInt8])
  /// Bytes of a streamed response.
  case streamBytes(UInt64, [UInt8])
  /// The end of a streamed response (the last chunk, or nothing when the close ends it).
  case streamEnd(UInt64, [UInt8], close: Bool)
}

/// One client's connection: only the loop's thread touches it.
private final class Connection {
  let id: UInt64
  let descriptor: Int32
  var parser: HTTPRequestParser
  var input: [UInt8] = []
  var inputStart = 0
  var output: [UInt8] = []
  var outputStart = 0
  /// A request is with the handler, or its stream is being written.
  var inFlight = false
  var streaming = false
  var task: Task<Void, Never>?
  /// Close once the output is written (after a half-close and a drain).
  var closeAfterWrite = false
  var lingerDeadline: Duration?
  var peerClosed = false
  var lastActivity: Duration

  init(id: UInt64, descriptor: Int32, parser: HTTPRequestParser, now: Duration) {
    self.id = id
    self.descriptor = descriptor
    self.parser = parser
    self.lastActivity = now
  }

  var hasOutput: Bool { outputStart < output.count }
}

/// The server's thread and what it shares with the handlers' tasks.
///
/// `@unchecked Sendable` invariant: `connections`, `scratch`, `now`, `listenerOpen` and
/// `nextID` are touched only by the loop's thread (`run()` and what it calls); the tasks reach
/// the loop only through `mailbox` (under its lock) and the wake pipe; the rest is immutable.
private final class EventLoop: @unchecked Sendable {
  struct Mailbox {
    var completions: [Completion] = []
    var wakePending = false
    var shuttingDown = false
    var finished = false
    var waiters: [CheckedContinuation<Void, Never>] = []
    var openConnections = 0
  }

  let listener: Int32
  let port: Int
  let configuration: HTTPServer.Configuration
  let handler: @Sendable (HTTPRequest) async -> HTTPResponse
  let hosts: HostRule
  let wakeReader: Int32
  let wakeWriter: Int32
  let mailbox = Locked(Mailbox())
  let date = Locked<(second: Int, text: [UInt8])>((-1, []))

  private var connections: [UInt64: Connection] = [:]
  private var nextID: UInt64 = 0
  private var listenerOpen = true
  /// The clock, read once a round of the loop.
  private var now = Duration.zero
  private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 8)
  /// How much a connection with a request in flight may buffer of the next ones before the loop
  /// stops reading it.
  private let pipelineBuffer = 65_536
  /// How much of a stream a slow client may leave unread before it is dropped.
  private let streamBacklog = 8 * 1024 * 1024

  init(
    listener: Int32, port: Int, configuration: HTTPServer.Configuration,
    handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
  ) throws(SocketFailure) {
    let pipe: (reader: Int32, writer: Int32)
    do {
      pipe = try PosixSocket.makePipe()
    } catch {
      PosixSocket.closeDescriptor(listener)
      throw error
    }
    self.listener = listener
    self.port = port
    self.configuration = configuration
    self.handler = handler
    self.hosts = HostRule(
      configuredHost: configuration.host, allowedHosts: configuration.allowedHosts)
    self.wakeReader = pipe.reader
    self.wakeWriter = pipe.writer
  }

  var openConnections: Int { mailbox.withLock { $0.openConnections } }

  var isShuttingDown: Bool { mailbox.withLock { $0.shuttingDown } }

  func wake() {
    let signal = mailbox.withLock { box -> Bool in
      defer { box.wakePending = true }
      return !box.wakePending
    }
    if signal { PosixSocket.signal(wakeWriter) }
  }

  func post(_ completion: Completion) {
    let signal = mailbox.withLock { box -> Bool in
      box.completions.append(completion)
      defer { box.wakePending = true }
      return !box.wakePending
    }
    if signal { PosixSocket.signal(wakeWriter) }
  }

  func shutdown(_ waiter: CheckedContinuation<Void, Never>) {
    let finished = mailbox.withLock { box -> Bool in
      guard !box.finished else { return true }
      box.shuttingDown = true
      box.waiters.append(waiter)
      return false
    }
    if finished { waiter.resume() } else { wake() }
  }

  /// The `Date` field's value for now, made once a second.
  func dateBytes() -> [UInt8] {
    let now = PosixSocket.epochSeconds()
    return date.withLock { cached in
      if cached.second != now { cached = (now, ResponseWriter.httpDate(now)) }
      return cached.text
    }
  }

  // MARK: The loop's thread

  func run() {
    var entries: [pollfd] = []
    var polled: [Connection] = []
    var shuttingDown = false
    while true {
      now = configuration.clock()
      if shuttingDown && listenerOpen {
        PosixSocket.closeDescriptor(listener)
        listenerOpen = false
        for connection in connections.values { beginShutdown(connection) }
      }
      if shuttingDown && connections.isEmpty { break }
      entries.removeAll(keepingCapacity: true)
      polled.removeAll(keepingCapacity: true)
      entries.append(PosixSocket.pollEntry(wakeReader, PosixSocket.readable))
      let accepting = listenerOpen && connections.count < configuration.maximumConnections
      if accepting { entries.append(PosixSocket.pollEntry(listener, PosixSocket.readable)) }
      var deadline = now + .seconds(1)
      for connection in connections.values {
        var events: Int16 = 0
        if wantsInput(connection) { events |= PosixSocket.readable }
        if connection.hasOutput { events |= PosixSocket.writable }
        entries.append(PosixSocket.pollEntry(connection.descriptor, events))
        polled.append(connection)
        if let limit = timeLimit(connection) { deadline = min(deadline, limit) }
      }
      let wait = max(Duration.zero, deadline - now)
      let milliseconds = Int32(
        clamping: wait.components.seconds * 1000 + wait.components.attoseconds
          / 1_000_000_000_000_000
          + 1)
      _ = PosixSocket.pollDescriptors(&entries, milliseconds: milliseconds)
      // The time of this round: whatever it stamps (a read, a write) happened after it, so a
      // test that reads an answer and then moves the clock sees the answer stamped before.
      now = configuration.clock()

      if entries[0].revents != 0 {
        PosixSocket.drain(wakeReader)
        let (completions, stopping) = mailbox.withLock { box in
          defer {
            box.completions.removeAll(keepingCapacity: true)
            box.wakePending = false
          }
          return (box.completions, box.shuttingDown)
        }
        shuttingDown = stopping
        for completion in completions { apply(completion) }
      }
      if accepting && entries[1].revents != 0 { acceptConnections() }
      let offset = accepting ? 2 : 1
      for (index, connection) in polled.enumerated() {
        let events = entries[index + offset].revents
        guard events != 0, connections[connection.id] != nil else { continue }
        if events & (PosixSocket.readable | PosixSocket.hangUp | PosixSocket.error) != 0 {
          readInput(connection)
        }
        if connections[connection.id] != nil, events & PosixSocket.writable != 0 {
          flush(connection)
        }
        if connections[connection.id] != nil, events & PosixSocket.invalid != 0 {
          close(connection)
        }
      }
      expireConnections()
    }
    PosixSocket.closeDescriptor(wakeReader)
    PosixSocket.closeDescriptor(wakeWriter)
    scratch.deallocate()
    let waiters = mailbox.withLock { box in
      box.finished = true
      box.openConnections = 0
      defer { box.waiters.removeAll() }
      return box.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  private func wantsInput(_ connection: Connection) -> Bool {
    if connection.lingerDeadline != nil { return true }
    if connection.peerClosed || connection.closeAfterWrite { return false }
    return !connection.inFlight || connection.input.count - connection.inputStart < pipelineBuffer
  }

  /// When the connection's timeout falls, or `nil` when it is exempt.
  private func timeLimit(_ connection: Connection) -> Duration? {
    if let linger = connection.lingerDeadline { return linger }
    if connection.inFlight { return nil }
    return connection.lastActivity + configuration.idleTimeout
  }

  private func expireConnections() {
    for connection in connections.values {
      if let limit = timeLimit(connection), now >= limit { close(connection) }
    }
  }

  private func acceptConnections() {
    for _ in 0..<64 where connections.count < configuration.maximumConnections {
      guard let descriptor = PosixSocket.acceptConnection(listener) else { break }
      nextID += 1
      let connection = Connection(
        id: nextID, descriptor: descriptor,
        parser: HTTPRequestParser(limits: configuration.limits, hosts: hosts),
        now: now)
      connections[nextID] = connection
    }
    updateCount()
  }

  private func updateCount() {
    let count = connections.count
    mailbox.withLock { $0.openConnections = count }
  }

  private func readInput(_ connection: Connection) {
    while true {
      switch PosixSocket.receive(connection.descriptor, into: scratch) {
      case .moved(let count):
        connection.lastActivity = now
        if connection.lingerDeadline != nil { continue }  // drained, not read
        connection.input.append(
          contentsOf: UnsafeRawBufferPointer(rebasing: scratch[0..<count]).bindMemory(
            to: UInt8.self))
        if count < scratch.count { return process(connection) }
        if connection.inFlight && connection.input.count - connection.inputStart >= pipelineBuffer {
          return process(connection)
        }
      case .wouldBlock:
        return process(connection)
      case .endOfStream:
        // Again (poll reports a hang-up whatever it was asked), or while draining: done.
        if connection.peerClosed || connection.lingerDeadline != nil { return close(connection) }
        connection.peerClosed = true
        // A response in flight is still written (a client may half-close after its request);
        // a stream ends.
        if connection.streaming { connection.task?.cancel() }
        if !connection.inFlight { process(connection) }
        return
      case .failed:
        return close(connection)
      }
    }
  }

  /// Hands the connection's next whole request to the handler, or refuses it.
  private func process(_ connection: Connection) {
    while !connection.inFlight && !connection.closeAfterWrite {
      if isShuttingDown {
        connection.closeAfterWrite = true
        break
      }
      switch connection.parser.next(connection.input, start: &connection.inputStart) {
      case .needMore:
        compact(connection)
        if connection.peerClosed { connection.closeAfterWrite = true }
        return finishIfDone(connection)
      case .sendContinue:
        connection.output.append(contentsOf: ResponseWriter.continueResponse)
      case .request(let request, let keepAlive):
        connection.inFlight = true
        dispatch(request, keepAlive: keepAlive, on: connection)
      case .refused(let refusal):
        configuration.onRefusal?(refusal)
        connection.output.append(contentsOf: refusalBytes(refusal))
        connection.closeAfterWrite = true
      }
    }
    compact(connection)
    flush(connection)
  }

  private func compact(_ connection: Connection) {
    if connection.inputStart == connection.input.count {
      connection.input.removeAll(keepingCapacity: connection.input.capacity <= 65_536)
      connection.inputStart = 0
    } else if connection.inputStart >= 32_768 {
      connection.input.removeFirst(connection.inputStart)
      connection.inputStart = 0
    }
  }

  private func refusalBytes(_ refusal: HTTPRefusal) -> [UInt8] {
    let response = HTTPResponse(
      status: refusal.status,
      headers: [
        ("Content-Type", "text/plain; charset=utf-8"), ("X-Refusal-Reason", refusal.reason),
      ],
      body: Array("\(refusal.status) \(refusal.reason)\n".utf8))
    return ResponseWriter.head(
      response, close: true, http10: false, headRequest: false, date: dateBytes())
  }

  private func dispatch(_ request: HTTPRequest, keepAlive: Bool, on connection: Connection) {
    let id = connection.id
    let handler = handler
    let configuration = configuration
    connection.task = Task { [self] in
      let began = configuration.clock()
      let response = await handler(request)
      let http10 = request.version == "HTTP/1.0"
      let headRequest = request.method == "HEAD"
      switch response.body {
      case .bytes:
        let close = !keepAlive || isShuttingDown
        post(
          .response(
            id,
            ResponseWriter.head(
              response, close: close, http10: http10, headRequest: headRequest,
              date: dateBytes()),
            close: close))
      case .stream(let stream):
        // HTTP/1.0 has no chunked coding: the close ends the body.
        let head = ResponseWriter.head(
          response, close: !keepAlive || http10, http10: http10, headRequest: headRequest,
          date: dateBytes())
        post(.streamHead(id, head))
        if !headRequest {
          for await bytes in stream where !bytes.isEmpty {
            post(.streamBytes(id, ResponseWriter.chunk(bytes, chunked: !http10)))
          }
        }
        let close = !keepAlive || http10 || isShuttingDown
        post(.streamEnd(id, http10 || headRequest ? [] : ResponseWriter.lastChunk, close: close))
      }
      configuration.onResponse?(request, response.status, configuration.clock() - began)
    }
  }

  private func apply(_ completion: Completion) {
    switch completion {
    case .response(let id, let bytes, let close):
      guard let connection = connections[id] else { return }
      connection.output.append(contentsOf: bytes)
      connection.inFlight = false
      connection.task = nil
      connection.lastActivity = now
      if close || connection.peerClosed { connection.closeAfterWrite = true }
      process(connection)
    case .streamHead(let id, let bytes):
      guard let connection = connections[id] else { return }
      connection.streaming = true
      connection.output.append(contentsOf: bytes)
      flush(connection)
    case .streamBytes(let id, let bytes):
      guard let connection = connections[id] else { return }
      connection.output.append(contentsOf: bytes)
      if connection.output.count - connection.outputStart > streamBacklog {
        return close(connection)
      }
      flush(connection)
    case .streamEnd(let id, let bytes, let close):
      guard let connection = connections[id] else { return }
      connection.output.append(contentsOf: bytes)
      connection.streaming = false
      connection.inFlight = false
      connection.task = nil
      connection.lastActivity = now
      if close || connection.peerClosed { connection.closeAfterWrite = true }
      process(connection)
    }
  }

  /// Writes what the socket takes of the connection's output.
  private func flush(_ connection: Connection) {
    while connection.hasOutput {
      let result = connection.output.withUnsafeBytes {
        PosixSocket.sendBytes(
          connection.descriptor, UnsafeRawBufferPointer(rebasing: $0[connection.outputStart...]))
      }
      switch result {
      case .moved(let count):
        connection.outputStart += count
        connection.lastActivity = now
      case .wouldBlock:
        return
      case .endOfStream, .failed:
        return close(connection)
      }
    }
    connection.output.removeAll(keepingCapacity: connection.output.capacity <= 65_536)
    connection.outputStart = 0
    finishIfDone(connection)
  }

  /// Closes a connection whose last response is written: at once when the client has nothing
  /// more to send, else after a half-close and a drain (bounded by `lingerTimeout`).
  private func finishIfDone(_ connection: Connection) {
    guard connection.closeAfterWrite, !connection.inFlight, !connection.hasOutput,
      connection.lingerDeadline == nil, connections[connection.id] != nil
    else { return }
    if connection.peerClosed { return close(connection) }
    if isShuttingDown {
      // Not waiting for a drain when stopping: what came is read and dropped first, so that
      // the close is an orderly one (a close with unread input resets the connection).
      while case .moved = PosixSocket.receive(connection.descriptor, into: scratch) {}
      return close(connection)
    }
    PosixSocket.shutdownWriting(connection.descriptor)
    connection.lingerDeadline = now + configuration.lingerTimeout
  }

  /// At shutdown: connections with nothing in flight close (a partial request is dropped); a
  /// stream is ended; a response in flight is awaited.
  private func beginShutdown(_ connection: Connection) {
    if connection.lingerDeadline != nil {
      // Its last response is written and its writing side closed: what the client sent since
      // is read and dropped, and the connection closed without waiting for the linger's end.
      while case .moved = PosixSocket.receive(connection.descriptor, into: scratch) {}
      return close(connection)
    }
    if connection.streaming { connection.task?.cancel() }
    if !connection.inFlight {
      connection.closeAfterWrite = true
      if !connection.hasOutput && connection.lingerDeadline == nil { close(connection) }
    }
  }

  private func close(_ connection: Connection) {
    guard connections.removeValue(forKey: connection.id) != nil else { return }
    if connection.streaming { connection.task?.cancel() }
    PosixSocket.closeDescriptor(connection.descriptor)
    updateCount()
  }
}
