import Foundation
import StoreHTTP
import StoreInternals
import TestSupport
import Testing

/// A handler for the end-to-end tests: `/echo` answers the method, path, query and body;
/// `/json` a fixed JSON text; anything else 404.
@Sendable func echoHandler(_ request: HTTPRequest) async -> HTTPResponse {
  switch request.path {
  case "/echo":
    let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
    return .text(
      "\(request.method) \(request.path) [\(query)] "
        + String(decoding: request.body, as: UTF8.self))
  case "/json": return .json("{}")
  default: return .text("not found", status: 404)
  }
}

/// Starts a server with `handler` and returns it with its port.
func startServer(
  _ configuration: HTTPServer.Configuration = HTTPServer.Configuration(),
  handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse = echoHandler
) throws -> (HTTPServer, Int) {
  let server = HTTPServer(configuration: configuration, handler: handler)
  let port = try server.start()
  return (server, port)
}

/// A one-shot signal a test awaits (no sleep): `wait()` returns once `fire()` was called.
final class Signal: Sendable {
  private let state = Locked<(fired: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

  func fire() {
    let waiters = state.withLock { state in
      state.fired = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func wait() async {
    await withCheckedContinuation { continuation in
      let fired = state.withLock { state in
        if !state.fired { state.waiters.append(continuation) }
        return state.fired
      }
      if fired { continuation.resume() }
    }
  }
}

@Suite("The HTTP server over loopback", .serialized, .hangGuard)
struct HTTPServerTests {
  @Test("keep-alive: several requests on one connection, each with Date and Content-Length")
  func keepAlive() async throws {
    let (server, port) = try startServer()
    let client = try HTTPTestClient(port: port)
    for index in 0..<3 {
      let response = try await client.request("GET", "/echo?n=\(index)&n=%41&")
      #expect(response.status == 200)
      #expect(response.text == "GET /echo [n=\(index),n=A] ")
      #expect(response.header("content-length") == "\(response.body.count)")
      #expect(response.header("date")?.hasSuffix(" GMT") == true)
      #expect(response.header("connection") == nil)
    }
    let posted = try await client.request("POST", "/echo", body: Array("{\"a\":1}".utf8))
    #expect(posted.text == "POST /echo [] {\"a\":1}")
    // HEAD: the length of GET's body, no body (the next response reads right after it).
    let head = try await client.request("HEAD", "/json")
    #expect(head.header("content-length") == "2")
    #expect(head.body.isEmpty)
    let missing = try await client.request("GET", "/nothing")
    #expect(missing.status == 404)
    #expect(server.openConnections == 1)
    await server.shutdown()
  }

  @Test("Connection: close and HTTP/1.0 close after the response; HTTP/1.0 keep-alive stays")
  func closing() async throws {
    let (server, port) = try startServer()
    let closing = try HTTPTestClient(port: port)
    let response = try await closing.request("GET", "/json", headers: [("Connection", "close")])
    #expect(response.status == 200)
    #expect(response.text == "{}")
    #expect(response.header("connection") == "close")
    #expect(try await closing.isClosedByServer())

    let old = try HTTPTestClient(port: port)
    try old.send("GET /json HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
    #expect(try await old.readResponse().header("connection") == "close")
    #expect(try await old.isClosedByServer())

    let kept = try HTTPTestClient(port: port)
    for _ in 0..<2 {
      try kept.send("GET /json HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n")
      #expect(try await kept.readResponse().header("connection") == "keep-alive")
    }
    await server.shutdown()
  }

  @Test("pipelined requests are answered in order, one at a time")
  func pipelining() async throws {
    let running = Locked(0)
    let overlapped = Locked(false)
    let (server, port) = try startServer { request in
      let count = running.withLock { value -> Int in
        value += 1
        return value
      }
      if count > 1 { overlapped.withLock { $0 = true } }
      // Time for a second request to start, if the server let it: each yield goes to the back
      // of the cooperative pool's queue, which a loaded suite (a sanitizer's) makes long.
      for _ in 0..<20 { await Task.yield() }
      running.withLock { $0 -= 1 }
      return await echoHandler(request)
    }
    let client = try HTTPTestClient(port: port)
    var bytes = ""
    for index in 0..<10 {
      bytes += "GET /echo?i=\(index) HTTP/1.1\r\nHost: localhost\r\n\r\n"
    }
    try client.send(bytes)
    for index in 0..<10 {
      #expect(try await client.readResponse().text == "GET /echo [i=\(index)] ")
    }
    #expect(!overlapped.withLock { $0 })
    await server.shutdown()
  }

  @Test("a refusal over the wire: its status and reason, then the connection closes")
  func refusals() async throws {
    let (server, port) = try startServer(
      HTTPServer.Configuration(limits: HTTPLimits(body: 10)))
    let cases: [(String, Int, String)] = [
      ("GARBAGE\r\n\r\n", 400, "malformed-request-line"),
      ("GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n", 421, "host-not-allowed"),
      (
        "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 11\r\n\r\n0123456789A", 413,
        "body-too-large"
      ),
      ("GET / HTTP/3.0\r\nHost: localhost\r\n\r\n", 505, "unsupported-version"),
      (
        "POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 411,
        "chunked-request-body"
      ),
    ]
    for (request, status, reason) in cases {
      let client = try HTTPTestClient(port: port)
      try client.send(request)
      let response = try await client.readResponse()
      #expect(response.status == status)
      #expect(response.header("x-refusal-reason") == reason)
      #expect(response.header("connection") == "close")
      #expect(try await client.isClosedByServer(), "\(reason)")
    }
    // A refusal after a good request on the same connection: the good one is answered first.
    let client = try HTTPTestClient(port: port)
    try client.send("GET /json HTTP/1.1\r\nHost: localhost\r\n\r\nGET / HTTP/1.1\nHost: x\r\n\r\n")
    #expect(try await client.readResponse().status == 200)
    #expect(try await client.readResponse().status == 400)
    #expect(try await client.isClosedByServer())
    await server.shutdown()
  }

  @Test("Expect: 100-continue gets 100 Continue before the body is sent")
  func expectContinue() async throws {
    let (server, port) = try startServer()
    let client = try HTTPTestClient(port: port)
    try client.send(
      "PUT /echo HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
    #expect(try await client.readHead().status == 100)
    try client.send("body")
    #expect(try await client.readResponse().text == "PUT /echo [] body")
    await server.shutdown()
  }

  @Test("32 clients at once, 50 requests each, every answer its own")
  func concurrentClients() async throws {
    let (server, port) = try startServer()
    let clients = 32
    let requests = 50
    let started = ContinuousClock.now
    let answered = await withTaskGroup(of: Int.self) { group in
      for client in 0..<clients {
        group.addTask {
          // Each client's reads block a thread of its own (HTTPTestClient's blockingCall).
          var good = 0
          if let connection = try? HTTPTestClient(port: port) {
            for index in 0..<requests {
              let response = try? await connection.request("GET", "/echo?c=\(client)&i=\(index)")
              if response?.text == "GET /echo [c=\(client),i=\(index)] " { good += 1 }
            }
          }
          return good
        }
      }
      return await group.reduce(0, +)
    }
    let elapsed = ContinuousClock.now - started
    #expect(answered == clients * requests)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(
      "HTTPServerTests: \(answered) requests on \(clients) connections in \(elapsed): "
        + "\(Int(Double(answered) / seconds)) requests/s")
    await server.shutdown()
  }

  @Test("shutdown lets a request in flight finish and its response be written, then stops")
  func gracefulShutdown() async throws {
    let entered = Signal()
    let release = Signal()
    let (server, port) = try startServer { request in
      if request.path == "/slow" {
        entered.fire()
        await release.wait()
        return .text("finished")
      }
      return await echoHandler(request)
    }
    let idle = try HTTPTestClient(port: port)
    #expect(try await idle.request("GET", "/json").status == 200)
    let slow = try HTTPTestClient(port: port)
    try slow.send("GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n")
    await entered.wait()
    let stopping = Task { await server.shutdown() }
    // The idle connection is closed by the shutdown; the slow request is still in flight.
    #expect(try await idle.isClosedByServer())
    release.fire()
    let response = try await slow.readResponse()
    #expect(response.status == 200)
    #expect(response.text == "finished")
    #expect(response.header("connection") == "close")
    #expect(try await slow.isClosedByServer())
    await stopping.value
    #expect(server.openConnections == 0)
    // No longer listening; a second shutdown returns at once.
    #expect(throws: HTTPTestClient.Failure.self) { try HTTPTestClient(port: port) }
    await server.shutdown()
  }

  @Test("seeded garbage never takes the server down: each connection refused or closed")
  func garbage() async throws {
    let (server, port) = try startServer()
    var generator = SeededGenerator(seed: 31)
    let statuses: Set<Int> = [400, 404, 413, 414, 421, 431, 505, 411, 501, 417]
    for round in 0..<200 {
      var bytes = (0..<Int.random(in: 1...600, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      // Half the rounds start like a request, so that the parser gets past the first line.
      if round % 2 == 0 {
        bytes = Array("GET / HTTP/1.1\r\nHost: localhost\r\n".utf8) + bytes
      }
      let client = try HTTPTestClient(port: port)
      try? client.send(bytes)
      client.closeWriting()
      let answer = try await client.readToEnd()
      if !answer.isEmpty {
        let text = String(decoding: answer.prefix(12), as: UTF8.self)
        let status = Int(text.dropFirst(9).prefix(3)) ?? 0
        #expect(
          text.hasPrefix("HTTP/1.1 ") && (statuses.contains(status) || status == 200),
          "round \(round): \(text)")
      }
    }
    let client = try HTTPTestClient(port: port)
    #expect(try await client.request("GET", "/json").status == 200)
    await server.shutdown()
  }

  @Test("an idle connection is closed after the idle timeout; a stream is exempt")
  func idleTimeoutAndStreams() async throws {
    let now = Locked(Duration.zero)
    var configuration = HTTPServer.Configuration(idleTimeout: .seconds(10))
    configuration.clock = { now.withLock { $0 } }
    let events = Locked<AsyncStream<[UInt8]>.Continuation?>(nil)
    let ended = Signal()
    let (server, port) = try startServer(configuration) { request in
      guard request.path == "/events" else { return await echoHandler(request) }
      let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
      continuation.onTermination = { _ in ended.fire() }
      continuation.yield(Array("data: 1\n\n".utf8))
      events.withLock { $0 = continuation }
      return .eventStream(stream)
    }
    let idle = try HTTPTestClient(port: port)
    #expect(try await idle.request("GET", "/json").status == 200)
    let stream = try HTTPTestClient(port: port)
    try stream.send("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
    let head = try await stream.readHead()
    #expect(head.header("content-type") == "text/event-stream")
    #expect(head.header("transfer-encoding") == "chunked")
    #expect(try await stream.readChunk() == Array("data: 1\n\n".utf8))

    now.withLock { $0 = .seconds(11) }
    server.checkTimeouts()
    #expect(try await idle.isClosedByServer())
    events.withLock { $0 }?.yield(Array("data: 2\n\n".utf8))
    #expect(try await stream.readChunk() == Array("data: 2\n\n".utf8))
    events.withLock { $0 }?.finish()
    #expect(try await stream.readChunk() == nil)
    // After the stream the connection is idle again, and times out like any other.
    #expect(try await stream.request("GET", "/json").status == 200)
    now.withLock { $0 = .seconds(30) }
    server.checkTimeouts()
    #expect(try await stream.isClosedByServer())
    await ended.wait()
    await server.shutdown()
  }

  @Test("a stream ends when its client goes (its task is cancelled)")
  func streamClientGoes() async throws {
    let ended = Signal()
    let (server, port) = try startServer { _ in
      let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
      continuation.onTermination = { _ in ended.fire() }
      continuation.yield(Array("data: hello\n\n".utf8))
      return .eventStream(stream)
    }
    do {
      let client = try HTTPTestClient(port: port)
      try client.send("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
      _ = try await client.readHead()
      #expect(try await client.readChunk() == Array("data: hello\n\n".utf8))
    }
    await ended.wait()
    await server.shutdown()
  }

  @Test("binds 127.0.0.2; the configured host is an allowed Host")
  func otherLoopbackAddress() async throws {
    let (server, port) = try startServer(HTTPServer.Configuration(host: "127.0.0.2"))
    let client = try HTTPTestClient(host: "127.0.0.2", port: port)
    try client.send("GET /json HTTP/1.1\r\nHost: 127.0.0.2:\(port)\r\n\r\n")
    #expect(try await client.readResponse().status == 200)
    #expect(throws: HTTPTestClient.Failure.self) {
      try HTTPTestClient(host: "127.0.0.1", port: port)
    }
    await server.shutdown()
  }

  @Test(
    "binds ::1 and answers Host: [::1]:port",
    .enabled(
      if: HTTPTestClient.hasIPv6Loopback,
      "this machine has no ::1"))
  func ipv6Loopback() async throws {
    let (server, port) = try startServer(HTTPServer.Configuration(host: "::1"))
    let client = try HTTPTestClient(host: "::1", port: port)
    try client.send("GET /json HTTP/1.1\r\nHost: [::1]:\(port)\r\n\r\n")
    #expect(try await client.readResponse().status == 200)
    await server.shutdown()
  }

  @Test("an address in use or not an address fails start() with its reason; start() once")
  func startFailures() async throws {
    let (server, port) = try startServer()
    let second = HTTPServer(
      configuration: HTTPServer.Configuration(port: UInt16(port)), handler: echoHandler)
    #expect(throws: HTTPServerError.self) { try second.start() }
    let bad = HTTPServer(
      configuration: HTTPServer.Configuration(host: "not-an-address"), handler: echoHandler)
    #expect(throws: HTTPServerError.self) { try bad.start() }
    #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
    await server.shutdown()
    await second.shutdown()
  }
}
