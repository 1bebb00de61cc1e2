package import Foundation
package import LocalAppStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Posts server notifications to an `http://` URL with one HTTP/1.1 request over a POSIX socket:
/// the tool's client on Linux, where Foundation's `URLSession` lives in FoundationNetworking,
/// which links libcurl and about thirty more shared libraries (GnuTLS, Kerberos, LDAP, …) into
/// every process that links it, whether or not it ever posts.
///
/// The notifications go to a server under test, on this machine or the next; the request is
/// the least HTTP/1.1 (RFC 9112) asks: `POST` with `Host`, `Content-Type: application/json`,
/// `Content-Length` and `Connection: close`, and only the status line of the answer is read
/// (RFC 9112 §4), past any interim `1xx` answers. A URL of another scheme (`https`) goes to
/// `fallback`, which the tool gives only where it has one.
///
/// Failures are named as `URLSession`'s were: no connection, a host that does not resolve or a
/// connection closed before the status line is `NO_RESPONSE`; the deadline passing is
/// `TIMED_OUT`; an answer that is not HTTP is `INVALID_RESPONSE` (Apple's `sendAttemptResult`
/// names, "App Store Server API > sendAttemptResult",
/// https://developer.apple.com/documentation/appstoreserverapi/sendattemptresult).
package struct HTTPPostTransport: NotificationTransport {
  /// What posts to a URL that is not `http://`; `nil` fails such a post with `OTHER`.
  let fallback: (any NotificationTransport)?

  /// A transport that posts `http://` itself and gives every other URL to `fallback`.
  package init(fallback: (any NotificationTransport)? = nil) {
    self.fallback = fallback
  }

  package func post(_ body: Data, to url: URL, timeout: TimeInterval) async
    -> NotificationPostOutcome
  {
    guard url.scheme?.lowercased() == "http" else {
      if let fallback { return await fallback.post(body, to: url, timeout: timeout) }
      return .failed(
        result: "OTHER", reason: "this build of the tool posts only http:// URLs, not \(url)")
    }
    guard let target = Target(url) else {
      return .failed(result: "OTHER", reason: "\(url) has no host to post to")
    }
    let request = target.request(body: body)
    let deadline = ContinuousClock.now + .milliseconds(Int64(max(0, timeout) * 1000))
    // The exchange blocks in poll(2); it runs on a thread of its own, not the task's.
    return await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(returning: Self.exchange(request, with: target, until: deadline))
      }
    }
  }

  /// Where a post goes: host, port and request target of an `http://` URL.
  struct Target {
    var host: String
    var port: Int
    var explicitPort: Bool
    /// The path and query, percent-encoded as in the URL; `/` when it has none.
    var path: String

    init?(_ url: URL) {
      guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
        var host = components.host, !host.isEmpty
      else { return nil }
      if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
      self.host = host
      port = components.port ?? 80
      explicitPort = components.port != nil
      let path = components.percentEncodedPath
      self.path =
        (path.isEmpty ? "/" : path)
        + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    /// The request's bytes: the head, then `body`.
    func request(body: Data) -> [UInt8] {
      let name = host.contains(":") ? "[\(host)]" : host
      let head =
        "POST \(path) HTTP/1.1\r\n"
        + "Host: \(name)\(explicitPort ? ":\(port)" : "")\r\n"
        + "Content-Type: application/json\r\n"
        + "Content-Length: \(body.count)\r\n"
        + "Accept: */*\r\n"
        + "Connection: close\r\n\r\n"
      return Array(head.utf8) + Array(body)
    }
  }

  /// Why an exchange ended without a status.
  struct Failure: Error {
    var result: String
    var reason: String
  }

  /// Connects, sends `request`, reads the status: the whole exchange, bounded by `deadline`.
  static func exchange(
    _ request: [UInt8], with target: Target, until deadline: ContinuousClock.Instant
  ) -> NotificationPostOutcome {
    do {
      let handle = try openConnection(to: target, until: deadline)
      defer { close(handle) }
      try sendAll(request, on: handle, until: deadline)
      return .status(try readStatus(from: handle, until: deadline))
    } catch {
      return .failed(result: error.result, reason: error.reason)
    }
  }

  /// A connected, non-blocking TCP socket to `target`: its addresses tried in turn.
  private static func openConnection(to target: Target, until deadline: ContinuousClock.Instant)
    throws(Failure) -> Int32
  {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = streamType
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(target.host, String(target.port), &hints, &list)
    guard status == 0, let first = list else {
      throw Failure(
        result: "NO_RESPONSE",
        reason: "cannot find host \(target.host): \(String(cString: gai_strerror(status)))")
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
      reason: "could not connect to \(target.host) port \(target.port): \(lastError)")
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
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let noSignal = Int32(MSG_NOSIGNAL)
  #else
    private static let streamType = SOCK_STREAM
    private static let noSignal: Int32 = 0
  #endif
}
