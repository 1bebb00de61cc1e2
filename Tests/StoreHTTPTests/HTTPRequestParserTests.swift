import Foundation
import StoreHTTP
import TestSupport
import Testing

/// What the parser made of some bytes, in a form the tests compare.
enum Parsed: Equatable, CustomStringConvertible {
  case request(String, keepAlive: Bool)
  case sendContinue
  case refused(Int, String)

  var description: String {
    switch self {
    case .request(let summary, let keepAlive): "request(\(summary), keepAlive: \(keepAlive))"
    case .sendContinue: "100-continue"
    case .refused(let status, let reason): "refused(\(status) \(reason))"
    }
  }
}

let testHosts = HostRule(configuredHost: "127.0.0.1", allowedHosts: ["store.test"])

/// Parses `bytes` fed whole, or `step` bytes at a time, until the parser needs more or refuses.
func parseAll(
  _ bytes: [UInt8], limits: HTTPLimits = HTTPLimits(), hosts: HostRule = testHosts,
  step: Int? = nil
) -> (events: [Parsed], requests: [HTTPRequest]) {
  var parser = HTTPRequestParser(limits: limits, hosts: hosts)
  var buffer: [UInt8] = []
  var start = 0
  var events: [Parsed] = []
  var requests: [HTTPRequest] = []
  var fed = 0
  let size = step ?? max(bytes.count, 1)
  repeat {
    buffer += bytes[fed..<min(fed + size, bytes.count)]
    fed = min(fed + size, bytes.count)
    loop: while true {
      switch parser.next(buffer, start: &start) {
      case .needMore: break loop
      case .sendContinue: events.append(.sendContinue)
      case .request(let request, let keepAlive):
        requests.append(request)
        events.append(
          .request(
            "\(request.method) \(request.path) body \(request.body.count)", keepAlive: keepAlive))
      case .refused(let refusal):
        events.append(.refused(refusal.status, refusal.reason))
        return (events, requests)
      }
    }
  } while fed < bytes.count
  return (events, requests)
}

func parseAll(_ text: String, limits: HTTPLimits = HTTPLimits(), hosts: HostRule = testHosts)
  -> (events: [Parsed], requests: [HTTPRequest])
{
  parseAll(Array(text.utf8), limits: limits, hosts: hosts)
}

@Suite("The request parser")
struct HTTPRequestParserTests {
  @Test("a GET: method, raw target, path, query, fields looked up without case")
  func simpleGet() throws {
    let (events, requests) = parseAll(
      "GET /inApps/v1/history/1?revision=x%3D&b=1 HTTP/1.1\r\nHost: localhost\r\n"
        + "Authorization: Bearer abc\r\nX-Two: a\r\nx-two:  b \r\n\r\n")
    #expect(events == [.request("GET /inApps/v1/history/1 body 0", keepAlive: true)])
    let request = try #require(requests.first)
    #expect(request.target == "/inApps/v1/history/1?revision=x%3D&b=1")
    #expect(request.query.map { "\($0.name)=\($0.value)" } == ["revision=x=", "b=1"])
    #expect(request.headers["authorization"] == "Bearer abc")
    #expect(request.headers["AUTHORIZATION"] == "Bearer abc")
    #expect(request.headers.values(for: "X-TWO") == ["a", "b"])
    #expect(request.headers.fields.map(\.name) == ["Host", "Authorization", "X-Two", "x-two"])
    #expect(request.version == "HTTP/1.1")
  }

  @Test(
    "the query: percent-decoded, '+' kept, repeated names kept in order, empty segments dropped",
    arguments: [
      ("/a?x=1&x=2&y=%20b+c&&z&", ["x=1", "x=2", "y= b+c", "z="]),
      ("/a?", []),
      ("/a?&", []),
      ("/a", []),
      ("/a?status=1&status=2&", ["status=1", "status=2"]),
      ("/a?%C3%A9t%C3%A9=%E2%82%AC", ["été=€"]),
      ("/a?=v&n=", ["=v", "n="]),
      ("/a?k=a=b", ["k=a=b"]),
    ])
  func query(target: String, pairs: [String]) throws {
    let (_, requests) = parseAll("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\r\n")
    let request = try #require(requests.first)
    #expect(request.query.map { "\($0.name)=\($0.value)" } == pairs)
    #expect(request.path == "/a")
  }

  @Test(
    "a malformed escape or non-UTF-8 in the query is refused with 400",
    arguments: ["/a?x=%2", "/a?x=%zz", "/a?%G1=1", "/a?x=%FF", "/a?x=%", "/a?x=%C3"])
  func malformedQuery(target: String) {
    let (events, _) = parseAll("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\r\n")
    #expect(events == [.refused(400, "malformed-query")])
  }

  @Test("the requests Apple's Python client sent (Fuzz/seeds/http) parse, query and body whole")
  func applesClient() throws {
    let folder = PackageFolders.root.appendingPathComponent("Fuzz/seeds/http")
    var requests: [String: HTTPRequest] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
      let (events, parsed) = parseAll(bytes)
      #expect(events.count == 1, "\(name): \(events)")
      requests[name] = parsed.first
    }
    #expect(requests.count == 6)
    let statuses = try #require(requests["get-all-subscription-statuses.http"])
    #expect(statuses.queryValues("status") == ["1", "4"])
    let history = try #require(requests["get-transaction-history.http"])
    #expect(history.path == "/inApps/v2/history/2000000000000001")
    #expect(history.queryValue("revision") == "eyJyZXZpc2lvbiI6IjEifQ==")
    #expect(history.queryValues("productType") == ["AUTO_RENEWABLE", "CONSUMABLE"])
    let extend = try #require(requests["extend-subscription-renewal-date.http"])
    #expect(extend.method == "PUT")
    #expect(String(decoding: extend.body, as: UTF8.self).hasPrefix("{\"extendByDays\": 7"))
    #expect(requests["request-test-notification.http"]?.method == "POST")
    #expect(
      requests["get-transaction-info.http"]?.headers["authorization"]?.hasPrefix("Bearer ey")
        == true)
  }

  @Test("the path is not percent-decoded; methods keep their case")
  func rawPath() throws {
    let (_, requests) = parseAll("get /a%2Fb HTTP/1.1\r\nHost: localhost\r\n\r\n")
    let request = try #require(requests.first)
    #expect(request.path == "/a%2Fb")
    #expect(request.method == "get")
  }

  @Test("pipelined requests come out one after another, bodies by Content-Length")
  func pipelining() {
    let text =
      "POST /one HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello"
      + "GET /two HTTP/1.1\r\nHost: localhost\r\n\r\n"
      + "PUT /three HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
    let expected: [Parsed] = [
      .request("POST /one body 5", keepAlive: true), .request("GET /two body 0", keepAlive: true),
      .request("PUT /three body 2", keepAlive: false),
    ]
    #expect(parseAll(text).events == expected)
    // Fed a byte at a time, or in uneven pieces, the same requests come out.
    for step in [1, 2, 7, 64] {
      #expect(parseAll(Array(text.utf8), step: step).events == expected, "step \(step)")
    }
    #expect(parseAll(text).requests.first?.body == Array("hello".utf8))
  }

  @Test(
    "persistence: HTTP/1.1 unless close, HTTP/1.0 only with keep-alive",
    arguments: [
      ("HTTP/1.1", "", true), ("HTTP/1.1", "Connection: close\r\n", false),
      ("HTTP/1.1", "Connection: Keep-Alive, CLOSE\r\n", false), ("HTTP/1.0", "", false),
      ("HTTP/1.0", "Connection: keep-alive\r\n", true),
    ])
  func keepAlive(version: String, field: String, kept: Bool) {
    let (events, _) = parseAll("GET / \(version)\r\nHost: localhost\r\n\(field)\r\n")
    #expect(events == [.request("GET / body 0", keepAlive: kept)])
  }

  @Test("empty lines before a request line are skipped")
  func leadingEmptyLines() {
    let (events, _) = parseAll("\r\n\r\nGET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
    #expect(events == [.request("GET / body 0", keepAlive: true)])
  }

  @Test("Expect: 100-continue asks for the interim response once, when the body has not come")
  func expectContinue() {
    let head =
      "POST /p HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n"
    var parser = HTTPRequestParser(limits: HTTPLimits(), hosts: testHosts)
    var buffer = Array(head.utf8)
    var start = 0
    guard case .sendContinue = parser.next(buffer, start: &start) else {
      Issue.record("no 100-continue")
      return
    }
    guard case .needMore = parser.next(buffer, start: &start) else {
      Issue.record("asked twice")
      return
    }
    buffer += Array("abc".utf8)
    guard case .request(let request, _) = parser.next(buffer, start: &start) else {
      Issue.record("no request")
      return
    }
    #expect(request.body == Array("abc".utf8))
    #expect(start == buffer.count)
    // The body with the head: no interim response. HTTP/1.0: the expectation is ignored.
    #expect(parseAll(head + "abc").events == [.request("POST /p body 3", keepAlive: true)])
    #expect(
      parseAll(head.replacingOccurrences(of: "HTTP/1.1", with: "HTTP/1.0")).events == [])
  }

  @Test("absolute-form targets: the authority is the host checked, the path is the rest")
  func absoluteForm() throws {
    let (events, requests) = parseAll(
      "GET http://localhost:9/a/b?x=1 HTTP/1.1\r\nHost: ignored.example\r\n\r\n")
    #expect(events == [.request("GET /a/b body 0", keepAlive: true)])
    #expect(try #require(requests.first).query.first?.value == "1")
    #expect(
      parseAll("GET http://evil.example/ HTTP/1.1\r\nHost: localhost\r\n\r\n").events == [
        .refused(421, "host-not-allowed")
      ])
    #expect(
      parseAll("OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n").events == [
        .request("OPTIONS * body 0", keepAlive: true)
      ])
  }

  static let limits = HTTPLimits(requestLine: 64, headerCount: 4, headerBytes: 128, body: 16)

  @Test(
    "every refusal: its status and reason",
    arguments: [
      // Limits.
      ("GET /" + String(repeating: "a", count: 80), 414, "request-line-too-long"),
      (
        "GET /" + String(repeating: "a", count: 80) + " HTTP/1.1\r\n\r\n", 414,
        "request-line-too-long"
      ),
      (
        "GET / HTTP/1.1\r\nHost: localhost\r\n" + String(repeating: "A: b\r\n", count: 4) + "\r\n",
        431, "too-many-header-fields"
      ),
      (
        "GET / HTTP/1.1\r\nHost: localhost\r\nA: " + String(repeating: "b", count: 130), 431,
        "header-section-too-large"
      ),
      ("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 17\r\n\r\n", 413, "body-too-large"),
      (
        "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 99999999999999999999999\r\n\r\n",
        413,
        "body-too-large"
      ),
      // Syntax.
      ("GET / HTTP/1.1\nHost: localhost\r\n\r\n", 400, "bare-line-feed"),
      ("GET / HTTP/1.1\r\nHost: localhost\n\r\n", 400, "bare-line-feed"),
      ("GET  / HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "malformed-request-line"),
      ("GET /\r\nHost: localhost\r\n\r\n", 400, "malformed-request-line"),
      ("G(T / HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "malformed-method"),
      ("GET / HTTP/1.1 \r\nHost: localhost\r\n\r\n", 400, "malformed-request-line"),
      ("GET / http/1.1\r\nHost: localhost\r\n\r\n", 400, "malformed-version"),
      ("GET / HTTP/11\r\nHost: localhost\r\n\r\n", 400, "malformed-version"),
      ("GET / HTTP/2.0\r\nHost: localhost\r\n\r\n", 505, "unsupported-version"),
      ("GET / HTTP/0.9\r\nHost: localhost\r\n\r\n", 505, "unsupported-version"),
      ("GET a HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "invalid-target"),
      ("GET /a#b HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "invalid-target"),
      ("GET * HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "invalid-target"),
      ("GET /\u{7F} HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "invalid-target"),
      ("GET / HTTP/1.1\r\nHost: localhost\r\n folded\r\n\r\n", 400, "obsolete-line-folding"),
      ("GET / HTTP/1.1\r\nHost : localhost\r\n\r\n", 400, "malformed-header-field"),
      ("GET / HTTP/1.1\r\nHost: localhost\r\nNo colon\r\n\r\n", 400, "malformed-header-field"),
      ("GET / HTTP/1.1\r\nHost: localhost\r\n: empty\r\n\r\n", 400, "malformed-header-field"),
      ("GET / HTTP/1.1\r\nHost: localhost\r\nA: b\u{0}c\r\n\r\n", 400, "invalid-field-value"),
      ("GET / HTTP/1.1\r\nHost: localhost\r\nA: b\rc\r\n\r\n", 400, "invalid-field-value"),
      // Host.
      ("GET / HTTP/1.1\r\n\r\n", 400, "missing-host"),
      ("GET / HTTP/1.0\r\n\r\n", 400, "missing-host"),
      ("GET / HTTP/1.1\r\nHost: localhost\r\nHost: localhost\r\n\r\n", 400, "multiple-host"),
      ("GET / HTTP/1.1\r\nHost: [::1\r\n\r\n", 400, "malformed-host"),
      ("GET / HTTP/1.1\r\nHost: localhost:80x\r\n\r\n", 400, "malformed-host"),
      ("GET / HTTP/1.1\r\nHost: a/b\r\n\r\n", 400, "malformed-host"),
      ("GET / HTTP/1.1\r\nHost:\r\n\r\n", 400, "malformed-host"),
      ("GET / HTTP/1.1\r\nHost: example.com\r\n\r\n", 421, "host-not-allowed"),
      ("GET http://localhost/ HTTP/1.1\r\nHost: [ x\r\n\r\n", 400, "malformed-host"),
      ("GET http://local host/ HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "malformed-request-line"),
      ("GET http://a b/ HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "malformed-request-line"),
      ("GET http:///x HTTP/1.1\r\nHost: localhost\r\n\r\n", 400, "malformed-host"),
      // Bodies and expectations.
      (
        "POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n", 411,
        "chunked-request-body"
      ),
      (
        "POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: gzip\r\n\r\n", 501,
        "unsupported-transfer-coding"
      ),
      (
        "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1, 2\r\n\r\n", 400,
        "malformed-content-length"
      ),
      (
        "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400,
        "malformed-content-length"
      ),
      (
        "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: -1\r\n\r\n", 400,
        "malformed-content-length"
      ),
      (
        "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: \r\n\r\n", 400,
        "malformed-content-length"
      ),
      (
        "POST / HTTP/1.1\r\nHost: localhost\r\nExpect: something\r\n\r\n", 417,
        "unsupported-expectation"
      ),
    ])
  func refusal(text: String, status: Int, reason: String) {
    let (events, _) = parseAll(text, limits: Self.limits)
    #expect(events == [.refused(status, reason)])
    // The same refusal, fed a byte at a time.
    #expect(
      parseAll(Array(text.utf8), limits: Self.limits, step: 1).events == [.refused(status, reason)])
  }

  @Test("the limits themselves pass: a request line, fields and a body exactly at each limit")
  func atTheLimits() {
    // 64 bytes of request line with its CRLF.
    let line = "PUT /" + String(repeating: "a", count: 64 - 16) + " HTTP/1.1\r\n"
    #expect(line.utf8.count == 64)
    // 4 fields, 128 bytes with the empty line.
    let start = "Host: localhost\r\nContent-Length: 16\r\nC: d\r\nE: "
    let fields = start + String(repeating: "f", count: 128 - 4 - start.utf8.count) + "\r\n\r\n"
    #expect(fields.utf8.count == 128)
    let events = parseAll(line + fields + String(repeating: "x", count: 16), limits: Self.limits)
    #expect(
      events.events == [
        .request("PUT /" + String(repeating: "a", count: 48) + " body 16", keepAlive: true)
      ])
  }

  @Test(
    "the Host rule: loopback names, the configured host and allowed hosts, any port",
    arguments: [
      ("localhost", true), ("localhost:8080", true), ("LOCALHOST", true), ("localhost.", true),
      ("app.localhost:1", true), ("127.0.0.1", true), ("127.0.0.1:443", true),
      ("127.1.2.3", true), ("[::1]", true), ("[::1]:9000", true), ("store.test", true),
      ("store.test:443", true), ("STORE.TEST", true), ("example.com", false),
      ("example.com:80", false), ("128.0.0.1", false), ("127.0.0.256", false),
      ("127.0.0.1.evil.example", false), ("localhost.evil.example", false), ("[::2]", false),
      ("10.0.0.1", false), ("127.0.1", false),
    ])
  func hostRule(host: String, allowed: Bool) {
    let (events, _) = parseAll("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
    #expect(
      events == [
        allowed ? .request("GET / body 0", keepAlive: true) : .refused(421, "host-not-allowed")
      ])
  }

  @Test("the configured host: an IPv4 address, or an IPv6 one in brackets")
  func configuredHost() {
    let lan = HostRule(configuredHost: "192.168.1.5", allowedHosts: [])
    #expect(lan.allows("192.168.1.5"))
    #expect(!lan.allows("192.168.1.6"))
    let v6 = HostRule(configuredHost: "fd00::5", allowedHosts: ["[fd00::6]"])
    #expect(v6.allows("[fd00::5]"))
    #expect(v6.allows("[FD00::6]"))
    #expect(!v6.allows("[fd00::7]"))
  }
}

@Suite("Responses on the wire")
struct ResponseWriterTests {
  @Test("a response's head: status line, Date, fields, Content-Length, then the body")
  func head() {
    let response = HTTPResponse(
      status: 201, headers: [("X-A", "1"), ("Content-Length", "99"), ("Connection", "x")],
      body: Array("hi".utf8))
    let bytes = ResponseWriter.head(
      response, close: false, http10: false, headRequest: false,
      date: Array("Thu, 01 Jan 1970 00:00:00 GMT".utf8))
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "HTTP/1.1 201 Created\r\nDate: Thu, 01 Jan 1970 00:00:00 GMT\r\nX-A: 1\r\n"
        + "Content-Length: 2\r\n\r\nhi")
    let closing = ResponseWriter.head(
      HTTPResponse(status: 204), close: true, http10: false, headRequest: false, date: [])
    #expect(String(decoding: closing, as: UTF8.self).hasSuffix("Connection: close\r\n\r\n"))
  }

  @Test(
    "IMF-fixdate",
    arguments: [
      (0, "Thu, 01 Jan 1970 00:00:00 GMT"), (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
      (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
      (1_798_761_599, "Thu, 31 Dec 2026 23:59:59 GMT"),
    ])
  func httpDate(seconds: Int, text: String) {
    #expect(String(decoding: ResponseWriter.httpDate(seconds), as: UTF8.self) == text)
  }

  @Test("chunks: hexadecimal length, CRLF, bytes, CRLF; an empty one is nothing")
  func chunk() {
    #expect(
      ResponseWriter.chunk(Array(repeating: 0x61, count: 26), chunked: true)
        == Array("1a\r\n".utf8) + Array(repeating: 0x61, count: 26) + Array("\r\n".utf8))
    #expect(ResponseWriter.chunk([], chunked: true) == [])
  }
}
