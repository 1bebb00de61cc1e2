import Foundation
import LocalAppStore
import StoreCLI
import TestSupport
import Testing

/// A transport that records the URLs it was handed.
private actor RecordingTransport: NotificationTransport {
  private(set) var urls: [URL] = []
  func post(_ body: Data, to url: URL, timeout: TimeInterval) async -> NotificationPostOutcome {
    urls.append(url)
    return .status(204)
  }
}

/// The tool's HTTP/1.1 client on Linux: the request it writes, the status it reads, and that
/// the tool does not link FoundationNetworking (no HTTP inside `swift test`: the end-to-end post
/// is `scripts/notifications-story`'s).
@Suite struct HTTPPostTransportTests {
  @Test("the request is a POST of the JSON body to the URL's path and query, with its Host")
  func request() throws {
    let url = try #require(URL(string: "http://127.0.0.1:8123/hooks/app%20store?env=sandbox"))
    let target = try #require(HTTPPostTransport.Target(url))
    let body = Data("{\"signedPayload\":\"a.b.c\"}".utf8)
    let text = String(decoding: target.request(body: body), as: UTF8.self)
    #expect(
      text
        == "POST /hooks/app%20store?env=sandbox HTTP/1.1\r\nHost: 127.0.0.1:8123\r\n"
        + "Content-Type: application/json\r\nContent-Length: 25\r\nAccept: */*\r\n"
        + "Connection: close\r\n\r\n{\"signedPayload\":\"a.b.c\"}")
  }

  @Test("a URL without a path posts to /, port 80, and an IPv6 host keeps its brackets")
  func defaults() throws {
    let plainURL = try #require(URL(string: "http://host"))
    let plain = try #require(HTTPPostTransport.Target(plainURL))
    #expect((plain.host, plain.port, plain.path) == ("host", 80, "/"))
    #expect(String(decoding: plain.request(body: Data()), as: UTF8.self).contains("Host: host\r\n"))
    let sixURL = try #require(URL(string: "http://[::1]:81/"))
    let six = try #require(HTTPPostTransport.Target(sixURL))
    #expect(six.host == "::1")
    #expect(
      String(decoding: six.request(body: Data()), as: UTF8.self).contains("Host: [::1]:81\r\n"))
  }

  @Test(
    "the status comes from the status line; anything else is INVALID_RESPONSE",
    arguments: [
      ("HTTP/1.1 200 OK", 200), ("HTTP/1.0 503 Service Unavailable", 503),
      ("HTTP/1.1 204 ", 204), ("HTTP/1.1 100 Continue", 100),
    ])
  func status(line: String, expected: Int) throws {
    #expect(try HTTPPostTransport.parseStatus(Array((line + "\r\nServer: x").utf8)) == expected)
  }

  @Test(
    "a head that is not HTTP/1.x NNN is refused",
    arguments: ["SSH-2.0-OpenSSH", "HTTP/1.1 20 OK", "HTTP/2 200", ""])
  func notHTTP(line: String) {
    #expect(throws: HTTPPostTransport.Failure.self) {
      try HTTPPostTransport.parseStatus(Array(line.utf8))
    }
  }

  @Test("the head ends at the first empty line, once it is all in")
  func headEnd() {
    #expect(HTTPPostTransport.headEnd(in: Array("HTTP/1.1 200 OK\r\n".utf8)) == nil)
    #expect(HTTPPostTransport.headEnd(in: Array("HTTP/1.1 200 OK\r\n\r\nbody".utf8)) == 15)
  }

  @Test("an https URL goes to the fallback; without one it fails as OTHER, nothing sent")
  func otherSchemes() async throws {
    let url = try #require(URL(string: "https://example.invalid/hook"))
    let fallback = RecordingTransport()
    let posted = await HTTPPostTransport(fallback: fallback).post(Data(), to: url, timeout: 1)
    #expect(posted == .status(204))
    #expect(await fallback.urls == [url])
    guard
      case .failed(let result, let reason) = await HTTPPostTransport().post(
        Data(), to: url, timeout: 1)
    else {
      Issue.record("an https post without a fallback did not fail")
      return
    }
    #expect(result == "OTHER")
    #expect(reason.contains("only http://"))
  }

  /// Every process of the tool loaded FoundationNetworking, libcurl and about thirty more
  /// libraries while the tool posted with `URLSession`: its dynamic section must not need it.
  @Test(
    "the built tool does not link FoundationNetworking",
    .enabled(if: BuiltTool.url != nil, BuiltTool.notBuilt))
  func noFoundationNetworking() throws {
    #if os(Linux)
      let tool = try #require(BuiltTool.url)
      let binary = try Data(contentsOf: tool)
      #expect(binary.range(of: Data("libFoundation.so".utf8)) != nil)
      #expect(binary.range(of: Data("libFoundationNetworking.so".utf8)) == nil)
      #expect(binary.range(of: Data("libcurl".utf8)) == nil)
    #endif
  }
}
