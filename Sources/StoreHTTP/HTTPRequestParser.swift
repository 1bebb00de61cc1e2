import StoreInternals

/// The sizes a request may not pass.
package struct HTTPLimits: Sendable, Equatable {
  /// Bytes of the request line, its CRLF included (414 past it). Default 8 KiB, RFC 9112 §3's
  /// recommended minimum for a request line ("at least 8000 octets").
  package var requestLine = 8 * 1024
  /// Header field lines (431 past it). Default 100.
  package var headerCount = 100
  /// Bytes of the header section after the request line, CRLFs and the empty line included (431
  /// past it). Default 16 KiB.
  package var headerBytes = 16 * 1024
  /// Bytes of a body (413 past it, told by `Content-Length` before any is read). Default 1 MiB.
  package var body = 1024 * 1024

  package init(
    requestLine: Int = 8 * 1024, headerCount: Int = 100, headerBytes: Int = 16 * 1024,
    body: Int = 1024 * 1024
  ) {
    self.requestLine = requestLine
    self.headerCount = headerCount
    self.headerBytes = headerBytes
    self.body = body
  }
}

/// A request the server refuses: the status it answers with, then it closes the connection.
package struct HTTPRefusal: Error, Sendable, Equatable, CustomStringConvertible {
  package var status: Int
  /// A short code naming the rule ("request-line-too-long"), sent as `X-Refusal-Reason`.
  package var reason: String

  package init(_ status: Int, _ reason: String) {
    self.status = status
    self.reason = reason
  }

  package var description: String { "\(status) \(reason)" }
}

/// The names a request's `Host` may give (the port is not compared, so that a forwarded port
/// still reaches the server): a guard against DNS rebinding, where a page of another site whose
/// name was made to resolve to 127.0.0.1 would otherwise read the local server's answers.
package struct HostRule: Sendable {
  /// Lowercased, IPv6 literals in brackets.
  private let names: Set<String>

  /// Allows `localhost` (and names under `.localhost`, RFC 6761 §6.3), IPv4 literals in
  /// 127.0.0.0/8, `[::1]`, `configuredHost` and each of `allowedHosts`.
  package init(configuredHost: String, allowedHosts: [String]) {
    var names: Set<String> = ["localhost", "[::1]"]
    for name in [configuredHost] + allowedHosts {
      let lowered = name.lowercased()
      names.insert(lowered.contains(":") && !lowered.hasPrefix("[") ? "[\(lowered)]" : lowered)
    }
    self.names = names
  }

  /// Whether the host `name` (no port; an IPv6 literal in brackets) is allowed.
  package func allows(_ name: String) -> Bool {
    var lowered = name.lowercased()
    if lowered.hasSuffix("."), lowered.count > 1 { lowered.removeLast() }
    if names.contains(lowered) || lowered.hasSuffix(".localhost") { return true }
    return Self.isIPv4Loopback(lowered)
  }

  /// A dotted-decimal IPv4 literal whose first number is 127 (RFC 1122 §3.2.1.3).
  static func isIPv4Loopback(_ name: String) -> Bool {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4, parts[0] == "127" else { return false }
    return parts.allSatisfy { part in
      part.count >= 1 && part.count <= 3 && part.allSatisfy(\.isASCIIDigit)
        && Int(part).map { $0 <= 255 } == true
    }
  }

  /// The host of a `Host` value or an authority (`name[:port]`, `[v6][:port]`), or `nil` when
  /// it is not one (RFC 9110 §7.2, RFC 3986 §3.2.2).
  static func hostOfAuthority(_ value: Substring) -> Substring? {
    var host = value
    var port: Substring = ""
    if value.hasPrefix("[") {
      guard let close = value.firstIndex(of: "]") else { return nil }
      host = value[...close]
      let rest = value[value.index(after: close)...]
      if !rest.isEmpty {
        guard rest.hasPrefix(":") else { return nil }
        port = rest.dropFirst()
      }
      let inner = host.dropFirst().dropLast()
      guard !inner.isEmpty, inner.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
        return nil
      }
    } else {
      if let colon = value.firstIndex(of: ":") {
        host = value[..<colon]
        port = value[value.index(after: colon)...]
      }
      // reg-name or IPv4: unreserved, sub-delims and percent escapes (RFC 3986 §3.2.2).
      let allowed = "-._~!$&'()*+,;=%"
      guard !host.isEmpty,
        host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || allowed.contains($0)) })
      else { return nil }
    }
    guard port.allSatisfy(\.isASCIIDigit) else { return nil }
    return host
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

/// Reads requests from a connection's bytes as they come, one after another (pipelining).
///
/// Strict HTTP/1.1 (RFC 9112): lines end with CRLF (a bare LF or CR is refused), no
/// whitespace around the request line's parts or before a field's colon, no obsolete line
/// folding, no control character in a field value but HTAB, one `Host`, bodies told by
/// `Content-Length` only (a chunked request body is refused with 411: no client of this
/// server sends one; Apple's Python client sends `Content-Length`). Empty lines before a
/// request line are skipped (RFC 9112 §2.2).
package struct HTTPRequestParser: Sendable {
  /// What ``next(_:start:)`` found.
  package enum Event: Sendable {
    /// The request so far is incomplete: read more.
    case needMore
    /// The request asked `Expect: 100-continue` and its body has not come: write the interim
    /// response, then read more (given once a request).
    case sendContinue
    /// A whole request; `keepAlive` says whether the connection stays open after its response.
    case request(HTTPRequest, keepAlive: Bool)
    /// A request refused: answer with its status, then close.
    case refused(HTTPRefusal)
  }

  /// A head read whole, waiting for its body.
  private struct Head: Sendable {
    var request: HTTPRequest
    var keepAlive: Bool
    var headLength: Int
    var bodyLength: Int
    var expectsContinue: Bool
  }

  package let limits: HTTPLimits
  package let hosts: HostRule

  // The request being read, as offsets from its first byte.
  private var head: Head?
  private var scanned = 0
  private var lineStart = 0
  private var lines = 0
  private var continueAsked = false
  private var requestLineLength = 0

  package init(limits: HTTPLimits, hosts: HostRule) {
    self.limits = limits
    self.hosts = hosts
  }

  /// The next event of the bytes `buffer[start...]`. On `.request`, `start` moves past the
  /// request; on `.needMore` it may move past skipped empty lines. Call again with the same
  /// buffer grown (or compacted with `start` moved to match) until `.needMore`.
  package mutating func next(_ buffer: [UInt8], start: inout Int) -> Event {
    if head == nil {
      let found = buffer.withUnsafeBufferPointer { scan($0, start: &start) }
      switch found {
      case .needMore: return .needMore
      case .refused(let refusal): return .refused(refusal)
      case .head(let length):
        let parsed = buffer.withUnsafeBufferPointer {
          Self.parseHead(
            UnsafeBufferPointer(rebasing: $0[start..<start + length]), limits: limits,
            hosts: hosts)
        }
        switch parsed {
        case .failure(let refusal): return .refused(refusal)
        case .success(let value): head = value
        }
      }
    }
    guard let pending = head else { return .needMore }
    let total = pending.headLength + pending.bodyLength
    guard buffer.count - start >= total else {
      if pending.expectsContinue && !continueAsked {
        continueAsked = true
        return .sendContinue
      }
      return .needMore
    }
    var request = pending.request
    if pending.bodyLength > 0 {
      request.body = Array(buffer[start + pending.headLength..<start + total])
    }
    start += total
    head = nil
    scanned = 0
    lineStart = 0
    lines = 0
    requestLineLength = 0
    continueAsked = false
    return .request(request, keepAlive: pending.keepAlive)
  }

  private enum Scan {
    case needMore
    case head(length: Int)
    case refused(HTTPRefusal)
  }

  /// Looks for the end of the head (an empty line) from where the last call stopped, checking
  /// the limits and the line endings as it goes.
  private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, start: inout Int) -> Scan {
    var index = start + scanned
    while index < bytes.count {
      if bytes[index] == 0x0A {
        let line = start + lineStart
        guard index > line, bytes[index - 1] == 0x0D else {
          return .refused(HTTPRefusal(400, "bare-line-feed"))
        }
        if index == line + 1 {
          if lines == 0 {
            // An empty line before the request line: skipped (RFC 9112 §2.2).
            start = index + 1
            index = start
            scanned = 0
            lineStart = 0
            continue
          }
          return .head(length: index + 1 - start)
        }
        lines += 1
        if lines > limits.headerCount + 1 {
          return .refused(HTTPRefusal(431, "too-many-header-fields"))
        }
        lineStart = index + 1 - start
        if lines == 1 { requestLineLength = lineStart }
      }
      index += 1
      if lines == 0 {
        if index - start > limits.requestLine {
          return .refused(HTTPRefusal(414, "request-line-too-long"))
        }
      } else if index - start - requestLineLength > limits.headerBytes {
        return .refused(HTTPRefusal(431, "header-section-too-large"))
      }
    }
    scanned = index - start
    return .needMore
  }

  // MARK: - The head

  /// token characters (RFC 9110 §5.6.2).
  static let tokenCharacters: [Bool] = (0..<256).map { byte in
    switch UInt8(byte) {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: Array("!#$%&'*+-.^_`|~".utf8).contains(UInt8(byte))
    }
  }

  static func isToken(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    !bytes.isEmpty && bytes.allSatisfy { tokenCharacters[Int($0)] }
  }

  /// Reads the head (request line to the empty line, CRLFs checked by the scan).
  private static func parseHead(
    _ bytes: UnsafeBufferPointer<UInt8>, limits: HTTPLimits, hosts: HostRule
  ) -> Result<Head, HTTPRefusal> {
    var lineStart = 0
    var lineEnds: [Int] = []
    for index in 0..<bytes.count where bytes[index] == 0x0A { lineEnds.append(index - 1) }
    // The request line: method SP request-target SP HTTP-version (RFC 9112 §3).
    let requestLine = UnsafeBufferPointer(rebasing: bytes[0..<lineEnds[0]])
    let spaces = requestLine.indices.filter { requestLine[$0] == 0x20 }
    guard spaces.count == 2 else { return .failure(HTTPRefusal(400, "malformed-request-line")) }
    let methodBytes = UnsafeBufferPointer(rebasing: requestLine[0..<spaces[0]])
    let targetBytes = UnsafeBufferPointer(rebasing: requestLine[spaces[0] + 1..<spaces[1]])
    let versionBytes = UnsafeBufferPointer(rebasing: requestLine[(spaces[1] + 1)...])
    guard isToken(methodBytes) else { return .failure(HTTPRefusal(400, "malformed-method")) }
    // HTTP-version = "HTTP/" DIGIT "." DIGIT (RFC 9112 §2.3).
    let digit: (UInt8) -> Bool = { $0 >= 0x30 && $0 <= 0x39 }
    guard versionBytes.count == 8, versionBytes.starts(with: "HTTP/".utf8), digit(versionBytes[5]),
      versionBytes[6] == UInt8(ascii: "."), digit(versionBytes[7])
    else { return .failure(HTTPRefusal(400, "malformed-version")) }
    let http10: Bool
    switch (versionBytes[5], versionBytes[7]) {
    case (UInt8(ascii: "1"), UInt8(ascii: "1")): http10 = false
    case (UInt8(ascii: "1"), UInt8(ascii: "0")): http10 = true
    default: return .failure(HTTPRefusal(505, "unsupported-version"))
    }
    // request-target: visible ASCII, no fragment.
    guard !targetBytes.isEmpty,
      targetBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "#") })
    else { return .failure(HTTPRefusal(400, "invalid-target")) }
    let method = String(decoding: methodBytes, as: UTF8.self)
    var target = String(decoding: targetBytes, as: UTF8.self)
    var targetAuthority: Substring?
    if targetBytes[0] == UInt8(ascii: "/") {
      // origin-form
    } else if target == "*" && method == "OPTIONS" {
      // asterisk-form (RFC 9112 §3.2.4)
    } else if target.lowercased().hasPrefix("http://") {
      // absolute-form (RFC 9112 §3.2.2): the authority replaces `Host`.
      let rest = target.dropFirst("http://".count)
      let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
      targetAuthority = rest[..<end]
      let remainder = rest[end...]
      target = remainder.hasPrefix("/") ? String(remainder) : "/" + remainder
    } else {
      return .failure(HTTPRefusal(400, "invalid-target"))
    }

    // Header fields: field-name ":" OWS field-value OWS (RFC 9112 §5).
    var headers: [(name: String, value: String)] = []
    headers.reserveCapacity(lineEnds.count - 2)
    lineStart = lineEnds[0] + 2
    for end in lineEnds.dropFirst().dropLast() {
      let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<end])
      lineStart = end + 2
      guard line[0] != 0x20 && line[0] != 0x09 else {
        return .failure(HTTPRefusal(400, "obsolete-line-folding"))
      }
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")),
        isToken(UnsafeBufferPointer(rebasing: line[0..<colon]))
      else { return .failure(HTTPRefusal(400, "malformed-header-field")) }
      var valueStart = colon + 1
      var valueEnd = line.count
      while valueStart < valueEnd && (line[valueStart] == 0x20 || line[valueStart] == 0x09) {
        valueStart += 1
      }
      while valueEnd > valueStart && (line[valueEnd - 1] == 0x20 || line[valueEnd - 1] == 0x09) {
        valueEnd -= 1
      }
      let value = UnsafeBufferPointer(rebasing: line[valueStart..<valueEnd])
      // field-content: VCHAR, SP, HTAB, obs-text; no other control character (RFC 9110 §5.5).
      guard value.allSatisfy({ ($0 >= 0x20 && $0 != 0x7F) || $0 == 0x09 }) else {
        return .failure(HTTPRefusal(400, "invalid-field-value"))
      }
      headers.append(
        (
          String(decoding: UnsafeBufferPointer(rebasing: line[0..<colon]), as: UTF8.self),
          String(decoding: value, as: UTF8.self)
        ))
    }
    if headers.count > limits.headerCount {
      return .failure(HTTPRefusal(431, "too-many-header-fields"))
    }
    let fields = HTTPHeaders(headers)

    // Host: exactly one, well formed, allowed (RFC 9112 §3.2; the rule of HostRule).
    let hostValues = fields.values(for: "host")
    guard hostValues.count == 1 else {
      return .failure(HTTPRefusal(400, hostValues.isEmpty ? "missing-host" : "multiple-host"))
    }
    // `Host` is checked for its form even when an absolute-form target's authority is the host
    // (RFC 9112 §3.2: 400 for "a Host header field with an invalid field value"; fuzz-http's
    // first finding, Fuzz/regressions/http/crash-9cbd8880…).
    guard let fieldHost = HostRule.hostOfAuthority(hostValues[0][...]),
      let host = targetAuthority.map(HostRule.hostOfAuthority) ?? fieldHost
    else {
      return .failure(HTTPRefusal(400, "malformed-host"))
    }
    guard hosts.allows(String(host)) else {
      return .failure(HTTPRefusal(421, "host-not-allowed"))
    }

    // The body's length: Content-Length only (RFC 9112 §6).
    if !fields.values(for: "transfer-encoding").isEmpty {
      let codings = fields.values(for: "transfer-encoding").joined(separator: ",")
      let last = codings.split(separator: ",").last?.trimmingSpaces.lowercased()
      return .failure(
        last == "chunked"
          ? HTTPRefusal(411, "chunked-request-body")
          : HTTPRefusal(501, "unsupported-transfer-coding"))
    }
    var bodyLength = 0
    let lengths = fields.values(for: "content-length").flatMap {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(\.trimmingSpaces)
    }
    if let first = lengths.first {
      // A list of one length repeated is that length (RFC 9110 §8.6); anything else is refused.
      guard !first.isEmpty, first.utf8.allSatisfy(digit), lengths.allSatisfy({ $0 == first })
      else { return .failure(HTTPRefusal(400, "malformed-content-length")) }
      let significant = first.drop { $0 == "0" }
      guard significant.count <= 18, let length = Int(first), length <= limits.body else {
        return .failure(HTTPRefusal(413, "body-too-large"))
      }
      bodyLength = length
    }

    // Expect: 100-continue, ignored in HTTP/1.0 (RFC 9110 §10.1.1); any other is refused (417).
    var expectsContinue = false
    if let expect = fields["expect"], !expect.isEmpty {
      guard expect.lowercased() == "100-continue" else {
        return .failure(HTTPRefusal(417, "unsupported-expectation"))
      }
      expectsContinue = !http10 && bodyLength > 0
    }

    // Persistence (RFC 9112 §9.3): HTTP/1.1 unless `close`, HTTP/1.0 only with `keep-alive`.
    var close = false
    var keepAlive = false
    for value in fields.values(for: "connection") {
      for option in value.split(separator: ",") {
        let token = option.trimmingSpaces.lowercased()
        if token == "close" { close = true }
        if token == "keep-alive" { keepAlive = true }
      }
    }
    let persistent = !close && (!http10 || keepAlive)

    // The query: split, then percent-decoded.
    let path: String
    var query: [(name: String, value: String)] = []
    if let mark = target.firstIndex(of: "?") {
      path = String(target[..<mark])
      for segment in target[target.index(after: mark)...].split(separator: "&") {
        let equals = segment.firstIndex(of: "=")
        guard let name = percentDecoded(segment[..<(equals ?? segment.endIndex)]),
          let value = equals.map({ percentDecoded(segment[segment.index(after: $0)...]) }) ?? ""
        else { return .failure(HTTPRefusal(400, "malformed-query")) }
        query.append((name, value))
      }
    } else {
      path = target
    }

    let request = HTTPRequest(
      method: method, target: target, path: path, query: query, headers: fields,
      version: http10 ? "HTTP/1.0" : "HTTP/1.1")
    return .success(
      Head(
        request: request, keepAlive: persistent, headLength: bytes.count, bodyLength: bodyLength,
        expectsContinue: expectsContinue))
  }

  /// `text` with each `%XX` made its byte (a `+` stays), or `nil` for an escape that is not two
  /// hexadecimal digits or bytes that are not UTF-8.
  static func percentDecoded(_ text: Substring) -> String? {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(hexValue),
        let low = iterator.next().flatMap(hexValue)
      else { return nil }
      bytes.append(high << 4 | low)
    }
    guard isWellFormedUTF8(bytes) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

extension Substring {
  /// Without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: Substring {
    var result = self
    while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
    while let last = result.last, last == " " || last == "\t" { result.removeLast() }
    return result
  }
}
