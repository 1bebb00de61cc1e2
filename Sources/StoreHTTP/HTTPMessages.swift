/// Header fields in the order they came, looked up by name without regard to ASCII case (RFC
/// 9110 §5.1: "Field names are case-insensitive").
package struct HTTPHeaders: Sendable, Sequence {
  package private(set) var fields: [(name: String, value: String)]

  package init(_ fields: [(name: String, value: String)] = []) { self.fields = fields }

  /// The first value of the field `name`, or `nil`.
  package subscript(_ name: String) -> String? {
    for field in fields where Self.sameName(field.name, name) { return field.value }
    return nil
  }

  /// Every value of the field `name`, in order.
  package func values(for name: String) -> [String] {
    fields.filter { Self.sameName($0.name, name) }.map(\.value)
  }

  package mutating func append(name: String, value: String) {
    fields.append((name, value))
  }

  package var count: Int { fields.count }

  package func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    fields.makeIterator()
  }

  /// Whether two field names are equal, ASCII letters compared without case.
  package static func sameName(_ a: String, _ b: String) -> Bool {
    var left = a.utf8.makeIterator()
    var right = b.utf8.makeIterator()
    while true {
      switch (left.next(), right.next()) {
      case (nil, nil): return true
      case (let x?, let y?): if lowercased(x) != lowercased(y) { return false }
      default: return false
      }
    }
  }

  static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }
}

/// A request, whole (its body read): what the handler gets.
package struct HTTPRequest: Sendable {
  /// The method as sent ("GET"): methods are case-sensitive (RFC 9110 §9.1).
  package var method: String
  /// The request-target as sent ("/inApps/v1/history/1?revision=x&"); for the absolute form
  /// ("http://host/path"), the path and query only.
  package var target: String
  /// The target before its `?`, not percent-decoded.
  package var path: String
  /// The query's pairs, percent-decoded (a `+` stays a `+`), in order, repeated names kept; an
  /// empty segment (a trailing `?` or `&`, `&&`) gives no pair, a segment without `=` a pair
  /// with an empty value.
  package var query: [(name: String, value: String)]
  package var headers: HTTPHeaders
  package var body: [UInt8]
  /// "HTTP/1.1" or "HTTP/1.0".
  package var version: String

  package init(
    method: String, target: String, path: String, query: [(name: String, value: String)] = [],
    headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], version: String = "HTTP/1.1"
  ) {
    self.method = method
    self.target = target
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
    self.version = version
  }

  /// The first value of the query parameter `name`.
  package func queryValue(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  /// Every value of the query parameter `name`, in order.
  package func queryValues(_ name: String) -> [String] {
    query.filter { $0.name == name }.map(\.value)
  }
}

/// A response's body.
package enum HTTPBody: Sendable {
  /// Bytes known in full: sent with `Content-Length`, in one write with the head where the
  /// socket takes it.
  case bytes([UInt8])
  /// Bytes as they come (server-sent events, a long listing): sent chunked (HTTP/1.1) or until
  /// the connection closes (HTTP/1.0). A connection sending a stream is exempt from the idle
  /// timeout. The stream ends the body when it finishes; when the client goes, or the server
  /// shuts down, the task reading it is cancelled (so is the stream's iteration, and its
  /// `onTermination` runs).
  case stream(AsyncStream<[UInt8]>)
}

/// A response the handler returns.
///
/// The server owns the framing: it writes `Content-Length` or `Transfer-Encoding`, `Connection`
/// and `Date`, and drops those fields from `headers`. It adds no other field (no CORS field:
/// browsers' cross-origin reads are refused by their own default).
package struct HTTPResponse: Sendable {
  package var status: Int
  package var headers: [(name: String, value: String)]
  package var body: HTTPBody

  package init(status: Int, headers: [(name: String, value: String)] = [], body: HTTPBody) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  package init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
    self.init(status: status, headers: headers, body: .bytes(body))
  }

  /// A `text/plain; charset=utf-8` response.
  package static func text(_ text: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [("Content-Type", "text/plain; charset=utf-8")],
      body: Array(text.utf8))
  }

  /// An `application/json` response of bytes already encoded.
  package static func json(_ bytes: [UInt8], status: Int = 200) -> HTTPResponse {
    HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: bytes)
  }

  /// An `application/json` response of a JSON text.
  package static func json(_ text: String, status: Int = 200) -> HTTPResponse {
    json(Array(text.utf8), status: status)
  }

  /// A server-sent events response (`text/event-stream`, not cached) of `events`, each
  /// element written as it comes.
  package static func eventStream(_ events: AsyncStream<[UInt8]>) -> HTTPResponse {
    HTTPResponse(
      status: 200,
      headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")],
      body: .stream(events))
  }
}

/// A response's bytes on the wire.
package enum ResponseWriter {
  /// Fields the server writes itself, dropped from a handler's response.
  static func isFraming(_ name: String) -> Bool {
    HTTPHeaders.sameName(name, "content-length") || HTTPHeaders.sameName(name, "transfer-encoding")
      || HTTPHeaders.sameName(name, "connection") || HTTPHeaders.sameName(name, "date")
  }

  /// The head (and, for `.bytes`, the body) of `response`, in one array.
  ///
  /// - Parameters:
  ///   - close: the connection closes after this response (`Connection: close`).
  ///   - http10: the request was HTTP/1.0: a kept connection says `Connection: keep-alive`, and
  ///     a stream is not chunked (it ends with the connection).
  ///   - headRequest: the request was HEAD: the length is sent, the body is not.
  package static func head(
    _ response: HTTPResponse, close: Bool, http10: Bool, headRequest: Bool, date: [UInt8]
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    var bodyLength = 0
    if case .bytes(let body) = response.body { bodyLength = body.count }
    bytes.reserveCapacity(128 + response.headers.count * 48 + (headRequest ? 0 : bodyLength))
    bytes.append(contentsOf: "HTTP/1.1 ".utf8)
    let status = (100...999).contains(response.status) ? response.status : 500
    bytes.append(contentsOf: String(status).utf8)
    bytes.append(0x20)
    bytes.append(contentsOf: reasonPhrase(status).utf8)
    bytes.append(contentsOf: "\r\nDate: ".utf8)
    bytes.append(contentsOf: date)
    for (name, value) in response.headers where !isFraming(name) {
      bytes.append(contentsOf: "\r\n".utf8)
      appendField(name, &bytes)
      bytes.append(contentsOf: ": ".utf8)
      appendField(value, &bytes)
    }
    let noBody = status == 204 || status == 304 || (100..<200).contains(status)
    switch response.body {
    case .bytes:
      if !noBody {
        bytes.append(contentsOf: "\r\nContent-Length: ".utf8)
        bytes.append(contentsOf: String(bodyLength).utf8)
      }
    case .stream:
      if !http10 && !noBody { bytes.append(contentsOf: "\r\nTransfer-Encoding: chunked".utf8) }
    }
    if close {
      bytes.append(contentsOf: "\r\nConnection: close".utf8)
    } else if http10 {
      bytes.append(contentsOf: "\r\nConnection: keep-alive".utf8)
    }
    bytes.append(contentsOf: "\r\n\r\n".utf8)
    if case .bytes(let body) = response.body, !headRequest, !noBody {
      bytes.append(contentsOf: body)
    }
    return bytes
  }

  /// A field name or value as sent, with CR, LF and NUL (which would split or end the head)
  /// made spaces.
  private static func appendField(_ text: String, _ bytes: inout [UInt8]) {
    for byte in text.utf8 {
      bytes.append(byte == 0x0D || byte == 0x0A || byte == 0 ? 0x20 : byte)
    }
  }

  /// One chunk of a chunked body (RFC 9112 §7.1): its length in hexadecimal, CRLF, the bytes,
  /// CRLF. An empty array is not a chunk (it would end the body): nothing.
  package static func chunk(_ data: [UInt8], chunked: Bool) -> [UInt8] {
    guard chunked else { return data }
    guard !data.isEmpty else { return [] }
    var bytes = Array(String(data.count, radix: 16).utf8)
    bytes.reserveCapacity(bytes.count + data.count + 4)
    bytes.append(contentsOf: [0x0D, 0x0A])
    bytes.append(contentsOf: data)
    bytes.append(contentsOf: [0x0D, 0x0A])
    return bytes
  }

  /// The last chunk and the empty trailer section.
  static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)

  /// The interim response to `Expect: 100-continue` (RFC 9110 §10.1.1).
  static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

  /// The reason phrase of `status` (RFC 9110 §15; empty for a code it does not name, which
  /// RFC 9112 §4 allows).
  static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 100: "Continue"
    case 200: "OK"
    case 201: "Created"
    case 202: "Accepted"
    case 204: "No Content"
    case 206: "Partial Content"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 304: "Not Modified"
    case 307: "Temporary Redirect"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 406: "Not Acceptable"
    case 408: "Request Timeout"
    case 409: "Conflict"
    case 410: "Gone"
    case 411: "Length Required"
    case 413: "Content Too Large"
    case 414: "URI Too Long"
    case 415: "Unsupported Media Type"
    case 417: "Expectation Failed"
    case 421: "Misdirected Request"
    case 422: "Unprocessable Content"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    case 505: "HTTP Version Not Supported"
    default: ""
    }
  }

  /// `seconds` since 1970 as an IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT", RFC 9110
  /// §5.6.7), from the civil calendar's arithmetic (no locale, no time zone).
  package static func httpDate(_ seconds: Int) -> [UInt8] {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    // 1970-01-01 was a Thursday.
    let weekday = ((days % 7) + 7 + 4) % 7
    // Days to a proleptic Gregorian date (the era-based algorithm: 400-year eras from 0000-03-01).
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let text =
      "\(weekdays[weekday]), \(two(day)) \(months[month - 1]) \(year) "
      + "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) GMT"
    return Array(text.utf8)
  }
}
