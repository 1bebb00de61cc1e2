package import Foundation
package import LocalAppStore

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
  package struct Target {
    package var host: String
    package var port: Int
    var explicitPort: Bool
    /// The path and query, percent-encoded as in the URL; `/` when it has none.
    package var path: String

    package init?(_ url: URL) {
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
    package func request(body: Data) -> [UInt8] {
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

  /// Why an exchange ended without a status (HTTPExchange's).
  package typealias Failure = HTTPExchange.Failure

  /// Connects, sends `request`, reads the status: the whole exchange, bounded by `deadline`.
  static func exchange(
    _ request: [UInt8], with target: Target, until deadline: ContinuousClock.Instant
  ) -> NotificationPostOutcome {
    do {
      let status = try HTTPExchange.status(
        of: request, host: target.host, port: target.port, until: deadline)
      return .status(status)
    } catch {
      return .failed(result: error.result, reason: error.reason)
    }
  }

  /// Where the head of an answer ends (HTTPExchange's).
  package static func headEnd(in bytes: [UInt8]) -> Int? { HTTPExchange.headEnd(in: bytes) }

  /// The status code of a head's status line (HTTPExchange's).
  package static func parseStatus(_ head: [UInt8]) throws(Failure) -> Int {
    try HTTPExchange.parseStatus(head)
  }
}
