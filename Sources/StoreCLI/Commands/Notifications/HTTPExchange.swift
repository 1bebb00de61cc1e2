#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// No Foundation here: the socket calls below differ between Glibc and Darwin, and
// scripts/check-darwin type-checks this file's Darwin shape alone.

/// One HTTP/1.1 exchange over a POSIX socket, for ``HTTPPostTransport``: connect (each address
/// of the host in turn, non-blocking), send the request, read the status line of the first final
/// answer, all bounded by one deadline.
package enum HTTPExchange {
  /// Why an exchange ended without a status.
  package struct Failure: Error {
    var result: String
    var reason: String
  }

  /// Connects to `host` on `port`, sends `request`, reads the status of the first final answer:
  /// the whole exchange, bounded by `deadline`.
  static func status(
    of request: [UInt8], host: String, port: Int, until deadline: ContinuousClock.Instant
  ) throws(Failure) -> Int {
    let handle = try openConnection(host: host, port: port, until: deadline)
    defer { close(handle) }
    try sendAll(request, on: handle, until: deadline)
    return try readStatus(from: handle, until: deadline)
  }

  /// A connected, non-blocking TCP socket to `host`: its addresses tried in turn.
  private static func openConnection(
    host: String, port: Int, until deadline: ContinuousClock.Instant
  ) throws(Failure) -> Int32 {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = streamType
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let first = list else {
      throw Failure(
        result: "NO_RESPONSE",
        reason: "cannot find host \(host): \(String(cString: gai_strerror(status)))")
    }
    defer { freeaddrinfo(first) }
    var lastError = "no address"
    var next: UnsafeMutablePointer<addrinfo>? = first
    while let address = next {
      next = address.pointee.ai_next
      let handle = socket(address.pointee.ai_family, streamType, 0)
      guard handle >= 0 else {
        lastError = String(cString: strerror(errno))
        continue
      }
      _ = fcntl(handle, F_SETFD, FD_CLOEXEC)
      #if canImport(Darwin)
        // The Darwin branch sends without MSG_NOSIGNAL (recent in Darwin's socket.h, under
        // __DARWIN_C_LEVEL >= 200809L): a send on a connection the server closed would raise
        // SIGPIPE and end the tool, unless the socket says otherwise (SO_NOSIGPIPE, "APPLE: No
        // SIGPIPE on EPIPE", xnu's bsd/sys/socket.h).
        var one: Int32 = 1
        _ = setsockopt(handle, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
      #endif
      _ = fcntl(handle, F_SETFL, fcntl(handle, F_GETFL, 0) | O_NONBLOCK)
      if connect(handle, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
        return handle
      }
      guard errno == EINPROGRESS else {
        lastError = String(cString: strerror(errno))
        close(handle)
        continue
      }
      do {
        try wait(for: Int16(POLLOUT), on: handle, until: deadline, doing: "connecting")
      } catch {
        close(handle)
        throw error
      }
      var code: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      getsockopt(handle, SOL_SOCKET, SO_ERROR, &code, &length)
      if code == 0 { return handle }
      lastError = String(cString: strerror(code))
      close(handle)
    }
    throw Failure(
      result: "NO_RESPONSE",
      reason: "could not connect to \(host) port \(port): \(lastError)")
  }

  private static func sendAll(
    _ bytes: [UInt8], on handle: Int32, until deadline: ContinuousClock.Instant
  ) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { buffer in
        send(handle, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, noSignal)
      }
      if sent > 0 {
        offset += sent
      } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
        try wait(for: Int16(POLLOUT), on: handle, until: deadline, doing: "sending")
      } else {
        throw Failure(
          result: "NO_RESPONSE",
          reason: "the connection was lost while sending: \(String(cString: strerror(errno)))")
      }
    }
  }

  /// The status of the first final (not `1xx`) answer.
  private static func readStatus(from handle: Int32, until deadline: ContinuousClock.Instant)
    throws(Failure) -> Int
  {
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      while let end = headEnd(in: received) {
        let status = try parseStatus(Array(received[..<end]))
        guard (100...199).contains(status) else { return status }
        received.removeSubrange(..<(end + 4))
      }
      guard received.count <= 65_536 else {
        throw Failure(result: "INVALID_RESPONSE", reason: "the answer's head exceeds 64 KiB")
      }
      try wait(for: Int16(POLLIN), on: handle, until: deadline, doing: "waiting for the answer")
      let count = chunk.withUnsafeMutableBytes { recv(handle, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        received += chunk[..<count]
      } else if count == 0 {
        throw Failure(
          result: "NO_RESPONSE", reason: "the server closed the connection without an answer")
      } else if errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR {
        throw Failure(
          result: "NO_RESPONSE",
          reason: "the connection was lost: \(String(cString: strerror(errno)))")
      }
    }
  }

  /// Where the head of an answer ends (the index of its `CR LF CR LF`), if it is all in.
  static func headEnd(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13
      && bytes[index + 3] == 10
    {
      return index
    }
    return nil
  }

  /// The status code of a head's status line, `HTTP/1.x NNN reason` (RFC 9112 §4).
  static func parseStatus(_ head: [UInt8]) throws(Failure) -> Int {
    let line = String(decoding: head.prefix { $0 != 13 }, as: UTF8.self)
    let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3,
      let status = Int(parts[1]), (100...999).contains(status)
    else {
      throw Failure(
        result: "INVALID_RESPONSE", reason: "not an HTTP answer: '\(line.prefix(80))'")
    }
    return status
  }

  /// Waits until the socket `handle` is ready for `events`, or throws `TIMED_OUT` at `deadline`.
  private static func wait(
    for events: Int16, on handle: Int32, until deadline: ContinuousClock.Instant, doing: String
  ) throws(Failure) {
    while true {
      let left = deadline - ContinuousClock.now
      let (seconds, attoseconds) = left.components
      let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
      guard milliseconds > 0 else {
        throw Failure(result: "TIMED_OUT", reason: "the request timed out while \(doing)")
      }
      var descriptor = pollfd(fd: handle, events: events, revents: 0)
      let ready = poll(&descriptor, 1, Int32(clamping: milliseconds))
      if ready > 0 { return }
      if ready < 0, errno != EINTR {
        throw Failure(
          result: "NO_RESPONSE", reason: "poll failed: \(String(cString: strerror(errno)))")
      }
    }
  }

  #if canImport(Glibc)
    static let streamType = Int32(SOCK_STREAM.rawValue)
    static let noSignal = Int32(MSG_NOSIGNAL)
  #else
    static let streamType = SOCK_STREAM
    static let noSignal: Int32 = 0
  #endif
}
