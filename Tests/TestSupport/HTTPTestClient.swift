#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A raw HTTP/1.1 client on a blocking socket, for the tests of the HTTP server: it sends
/// exactly the bytes it is given and reads exactly what comes back (no URLSession, which would
/// fix the requests it makes and hide the connection). Every read waits at most `timeout`
/// seconds (`SO_RCVTIMEO`), so a server that never answers fails the test instead of hanging
/// it. Imports only Glibc or Darwin and names nothing declared elsewhere.
package final class HTTPTestClient {
  /// A failure: the call and `errno`, or what was wrong with the response.
  package struct Failure: Error, CustomStringConvertible {
    package let description: String
  }

  /// A response as read.
  package struct Response {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]

    package func header(_ name: String) -> String? {
      headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    package var text: String { String(decoding: body, as: UTF8.self) }
  }

  private let descriptor: Int32
  /// Runs a blocking read off the cooperative pool (BlockingCall.swift's `blockingCall`, given
  /// by the convenience initializer there: this file imports only Glibc or Darwin).
  package typealias Reader =
    @Sendable (@escaping @Sendable () -> ([UInt8], Int32)) async -> (
      [UInt8], Int32
    )
  private let reader: Reader
  private var buffer: [UInt8] = []

  /// Connects to `host` (an IPv4 or IPv6 literal) and `port`.
  package init(host: String, port: Int, timeout: Int, reader: @escaping Reader) throws(Failure) {
    self.reader = reader
    var address4 = in_addr()
    var address6 = in6_addr()
    let family: Int32
    if inet_pton(AF_INET, host, &address4) == 1 {
      family = AF_INET
    } else if inet_pton(AF_INET6, host, &address6) == 1 {
      family = AF_INET6
    } else {
      throw Failure(description: "not an address: \(host)")
    }
    #if canImport(Glibc)
      let stream = Int32(SOCK_STREAM.rawValue)
    #else
      let stream = SOCK_STREAM
    #endif
    descriptor = socket(family, stream, 0)
    guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
    var limit = timeval(tv_sec: timeout, tv_usec: 0)
    _ = setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    _ = setsockopt(
      descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    #if canImport(Darwin)
      var one: Int32 = 1
      _ = setsockopt(
        descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    #endif
    let connected: Int32
    if family == AF_INET {
      var address = sockaddr_in()
      #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
      #endif
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = UInt16(port).bigEndian
      address.sin_addr = address4
      connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    } else {
      var address = sockaddr_in6()
      #if canImport(Darwin)
        address.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
      #endif
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = UInt16(port).bigEndian
      address.sin6_addr = address6
      connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    }
    guard connected == 0 else {
      let code = errno
      _ = close(descriptor)
      throw Failure(description: "connect(\(host), \(port)): errno \(code)")
    }
  }

  deinit { _ = close(descriptor) }

  /// Sends every byte (or fails: the server closed).
  package func send(_ bytes: [UInt8]) throws(Failure) {
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0
    #endif
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes {
        systemSend(descriptor, $0.baseAddress! + sent, bytes.count - sent, flags)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw Failure(description: "send: errno \(errno)") }
      sent += count
    }
  }

  package func send(_ text: String) throws(Failure) { try send(Array(text.utf8)) }

  /// Sends a request with `Host: localhost` and the given fields and body.
  package func request(
    _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
  ) async throws(Failure) -> Response {
    var head = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
    try send(Array((head + "\r\n").utf8) + body)
    return try await readResponse(method: method)
  }

  /// Reads more bytes into the buffer; false at the end of the stream (or a reset). The read
  /// blocks a thread of its own (`blockingCall`), never one of the cooperative pool's, which
  /// the server under test may need to answer.
  private func fill() async throws(Failure) -> Bool {
    let descriptor = self.descriptor
    let (chunk, code) = await reader { () -> ([UInt8], Int32) in
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count >= 0 { return (Array(chunk[0..<count]), 0) }
        let code = errno
        if code != EINTR { return ([], code) }
      }
    }
    if !chunk.isEmpty {
      buffer.append(contentsOf: chunk)
      return true
    }
    if code == 0 || code == ECONNRESET { return false }
    throw Failure(description: "recv: errno \(code) (EAGAIN: the read timed out)")
  }

  /// The next line (without its CRLF).
  private func line() async throws(Failure) -> String {
    while true {
      if let end = buffer.firstIndex(of: 0x0A) {
        var bytes = Array(buffer[..<end])
        buffer.removeFirst(end + 1)
        if bytes.last == 0x0D { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
      }
      guard try await fill() else { throw Failure(description: "the connection closed mid-line") }
    }
  }

  private func bytes(_ count: Int) async throws(Failure) -> [UInt8] {
    while buffer.count < count {
      guard try await fill() else { throw Failure(description: "the connection closed mid-body") }
    }
    defer { buffer.removeFirst(count) }
    return Array(buffer[..<count])
  }

  /// Reads the head of a response: status and fields (interim 1xx responses are returned too).
  package func readHead() async throws(Failure) -> Response {
    let statusLine = try await line()
    let parts = statusLine.split(separator: " ", maxSplits: 2)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
      throw Failure(description: "not a status line: \(statusLine)")
    }
    var headers: [(name: String, value: String)] = []
    while true {
      let field = try await line()
      if field.isEmpty { break }
      guard let colon = field.firstIndex(of: ":") else {
        throw Failure(description: "not a field: \(field)")
      }
      headers.append(
        (
          String(field[..<colon]),
          String(field[field.index(after: colon)...].drop { $0 == " " })
        ))
    }
    return Response(status: status, headers: headers, body: [])
  }

  /// Reads one whole response (its body by `Content-Length`, chunks, or the end of the stream).
  package func readResponse(method: String = "GET") async throws(Failure) -> Response {
    var response = try await readHead()
    if method == "HEAD" || response.status == 204 || response.status == 304
      || response.status < 200
    {
      return response
    }
    if let length = response.header("content-length").flatMap({ Int($0) }) {
      response.body = try await bytes(length)
    } else if response.header("transfer-encoding")?.lowercased() == "chunked" {
      while let chunk = try await readChunk() { response.body += chunk }
    } else {
      response.body = try await readToEnd()
    }
    return response
  }

  /// The next chunk of a chunked body, or `nil` after the last chunk (and the trailer).
  package func readChunk() async throws(Failure) -> [UInt8]? {
    let sizeLine = try await line()
    guard let size = Int(sizeLine.split(separator: ";")[0], radix: 16) else {
      throw Failure(description: "not a chunk size: \(sizeLine)")
    }
    if size == 0 {
      while try await !line().isEmpty {}
      return nil
    }
    let data = try await bytes(size)
    guard try await line().isEmpty else { throw Failure(description: "no CRLF after a chunk") }
    return data
  }

  /// Everything until the server closes.
  package func readToEnd() async throws(Failure) -> [UInt8] {
    while try await fill() {}
    defer { buffer.removeAll() }
    return buffer
  }

  /// Whether the server has closed the connection (reads to the end; false if bytes came).
  package func isClosedByServer() async throws(Failure) -> Bool {
    if !buffer.isEmpty { return false }
    return try await !fill()
  }

  /// Whether a socket can be bound to ::1 (a container may have no IPv6 loopback).
  package static let hasIPv6Loopback: Bool = {
    #if canImport(Glibc)
      let stream = Int32(SOCK_STREAM.rawValue)
    #else
      let stream = SOCK_STREAM
    #endif
    let descriptor = socket(AF_INET6, stream, 0)
    guard descriptor >= 0 else { return false }
    defer { _ = close(descriptor) }
    var address = sockaddr_in6()
    #if canImport(Darwin)
      address.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
    #endif
    address.sin6_family = sa_family_t(AF_INET6)
    guard inet_pton(AF_INET6, "::1", &address.sin6_addr) == 1 else { return false }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
      }
    }
  }()

  /// Closes the writing side (the server reads the end of the stream).
  package func closeWriting() { _ = shutdown(descriptor, Int32(SHUT_WR)) }
}

/// `send(2)`, out of the class, whose method `send(_:)` hides the name inside it.
private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32)
  -> Int
{
  send(fd, bytes, count, flags)
}
