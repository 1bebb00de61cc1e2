import Foundation
import StoreInternals

/// What a handler's task hands back to the loop.
enum Completion {
  /// A whole response: its bytes, and whether the connection closes after them.
  case response(UInt64, [UInt8], close: Bool)
  /// The head of a streamed response.
  case streamHead(UInt64, [UInt8])
  /// Bytes of a streamed response.
  case streamBytes(UInt64, [UInt8])
  /// The end of a streamed response (the last chunk, or nothing when the close ends it).
  case streamEnd(UInt64, [UInt8], close: Bool)
}

/// The server's thread and what it shares with the handlers' tasks.
///
/// `@unchecked Sendable` invariant: `connections`, `scratch`, `now`, `listenerOpen` and
/// `nextID` are touched only by the loop's thread (`run()` and what it calls); the tasks reach
/// the loop only through `mailbox` (under its lock) and the wake pipe; the rest is immutable.
final class EventLoop: @unchecked Sendable {
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
