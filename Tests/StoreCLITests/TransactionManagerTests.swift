import Foundation
import LocalAppStoreServer
import StoreCLI
import StoreHTTP
import StoreInternals
import TestSupport
import Testing

/// The token the tests' manager hands out.
private let pageToken = String(repeating: "ab", count: 32)

/// The Transaction Manager's API in this process, over a state the commands make: who may call
/// it, what it lists, and that its actions are the tool's commands. The page itself is driven in
/// Chromium by scripts/transaction-manager-story.
@Suite struct TransactionManagerTests {
  static let token = pageToken

  /// A session reset on 2026-01-01 and a Transaction Manager over its state.
  struct Fixture {
    let session: EmulatorSession
    let manager: TransactionManager

    init() async throws {
      session = try EmulatorSession()
      #expect(await session.reset() == 0)
      let api = ServerAPI(source: .state(path: session.state))
      manager = TransactionManager(
        statePath: session.state, api: api,
        context: .capturing(currentDirectory: session.folder), token: TransactionManagerTests.token)
    }

    /// Asks the manager as the page does: the token, its own origin.
    func ask(
      _ method: String, _ path: String, query: [(String, String)] = [], body: String = "",
      headers: [(String, String)]? = nil
    ) async -> (status: Int, text: String, headers: [(name: String, value: String)]) {
      let fields =
        headers ?? [
          ("Host", "127.0.0.1:8080"), ("Origin", "http://127.0.0.1:8080"),
          ("Sec-Fetch-Site", "same-origin"), ("X-Transaction-Manager-Token", token),
        ]
      let request = HTTPRequest(
        method: method, target: path, path: path,
        query: query.map { (name: $0.0, value: $0.1) },
        headers: HTTPHeaders(fields.map { (name: $0.0, value: $0.1) }), body: Array(body.utf8))
      guard let response = await manager.answer(request) else { return (0, "", []) }
      guard case .bytes(let bytes) = response.body else {
        return (response.status, "", response.headers)
      }
      return (response.status, String(decoding: bytes, as: UTF8.self), response.headers)
    }

    func object(_ text: String) throws -> [String: Any] {
      try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func run(_ argv: String...) async throws -> [String: Any] {
      let body = try JSONSerialization.data(withJSONObject: ["argv": argv])
      let answer = await ask("POST", "/ui/api/run", body: String(decoding: body, as: UTF8.self))
      #expect(answer.status == 200, "\(answer.text)")
      return try object(answer.text)
    }

    /// The ids and states of the list's first page.
    func list(_ query: [(String, String)] = []) async throws -> [(id: Int, state: String)] {
      let answer = await ask("GET", "/ui/api/transactions", query: query)
      #expect(answer.status == 200, "\(answer.text)")
      let rows = try object(answer.text)["transactions"] as? [[String: Any]] ?? []
      return rows.map { ($0["id"] as? Int ?? -1, $0["state"] as? String ?? "") }
    }
  }

  @Test("the page is served with its token in it, under a policy that allows its own files only")
  func page() async throws {
    let fixture = try await Fixture()
    defer { fixture.session.remove() }
    let page = await fixture.ask("GET", "/", headers: [("Host", "127.0.0.1:8080")])
    #expect(page.status == 200)
    #expect(page.text.contains("<title>Transaction Manager"))
    #expect(page.text.contains(Self.token))
    #expect(!page.text.contains("__TRANSACTION_MANAGER_TOKEN__"))
    let policy = page.headers.first { $0.name == "Content-Security-Policy" }?.value ?? ""
    #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'"))
    #expect(!policy.contains("unsafe"))
    // Every file the page names, its stylesheet and its scripts, is served with its type.
    let named = page.text.matches(of: /(?:src|href)="(\/ui\/[^"]+)"/).map { String($0.output.1) }
    #expect(named.count == 6 && named.first == "/ui/style.css" && named.last == "/ui/app.js")
    for file in named {
      let answer = await fixture.ask("GET", file, headers: [])
      let type = answer.headers.first { $0.name == "Content-Type" }?.value ?? ""
      #expect(answer.status == 200 && !answer.text.isEmpty, "\(file)")
      #expect(type.hasPrefix(file.hasSuffix(".css") ? "text/css" : "text/javascript"), "\(file)")
    }
    #expect(await fixture.ask("GET", "/ui/nothing.js", headers: []).status == 0)
  }

  @Test(
    "a request from another origin, another site, or without the token is refused (403) and changes nothing",
    arguments: [
      [
        ("Host", "127.0.0.1:8080"), ("Origin", "http://evil.example"),
        ("X-Transaction-Manager-Token", pageToken),
      ],
      [
        ("Host", "127.0.0.1:8080"), ("Sec-Fetch-Site", "cross-site"),
        ("X-Transaction-Manager-Token", pageToken),
      ],
      [("Host", "127.0.0.1:8080"), ("Origin", "http://127.0.0.1:8080")],
      [
        ("Host", "127.0.0.1:8080"),
        ("X-Transaction-Manager-Token", String(repeating: "ab", count: 31) + "ac"),
      ],
      [("Host", "127.0.0.1:8080"), ("Origin", "null"), ("X-Transaction-Manager-Token", pageToken)],
    ])
  func refusedOrigins(_ headers: [(String, String)]) async throws {
    let fixture = try await Fixture()
    defer { fixture.session.remove() }
    #expect(await fixture.session.run("buy", "com.sportstime.pro.monthly").code == 0)
    let before = try #require(fixture.session.stateBytes)
    let refund = await fixture.ask(
      "POST", "/ui/api/run", body: #"{"argv": ["refund", "1"]}"#, headers: headers)
    #expect(refund.status == 403, "\(refund.text)")
    #expect(try fixture.object(refund.text)["error"] is String)
    let read = await fixture.ask("GET", "/ui/api/state", headers: headers)
    #expect(read.status == 403)
    #expect(fixture.session.stateBytes == before)
  }

  @Test("an action is the tool's command: the same words, the same change, its output")
  func actionsAreCommands() async throws {
    let fixture = try await Fixture()
    defer { fixture.session.remove() }
    let buy = try await fixture.run("buy", "com.sportstime.pro.monthly")
    #expect(buy["command"] as? String == "sportstime-store buy com.sportstime.pro.monthly")
    #expect(buy["status"] as? Int == 0)
    let refund = try await fixture.run("refund", "1")
    #expect(refund["command"] as? String == "sportstime-store refund 1")
    #expect((refund["output"] as? String ?? "").contains("Refunded"))
    let history = await fixture.session.run("history", "--json")
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(history.out.utf8)) as? [[String: Any]])
    let revoked = (rows.first?["transaction"] as? [String: Any])?["revocationDate"]
    #expect(rows.count == 1 && revoked is String)
    #expect(try await fixture.list().map(\.state) == ["revoked"])
    // A refusal of the command is still an answer: its exit code and reason.
    let again = try await fixture.run("refund", "99")
    #expect(again["status"] as? Int == 1)
    #expect(!(again["errors"] as? String ?? "").isEmpty)
  }

  @Test(
    "what the page may not run: other commands, and options that pick a file or another state",
    arguments: [
      #"{"argv": ["serve"]}"#, #"{"argv": ["reset", "--storekit", "/etc/passwd"]}"#,
      #"{"argv": ["buy", "com.sportstime.pro.monthly", "--state", "/tmp/other.sqlite"]}"#,
      #"{"argv": ["status", "--export-root=/tmp/root.pem"]}"#, #"{"argv": []}"#,
      #"{"argv": "refund 1"}"#, #"{"argv": ["refund", 1]}"#, "not json",
    ])
  func refusedCommands(_ body: String) async throws {
    let fixture = try await Fixture()
    defer { fixture.session.remove() }
    let before = try #require(fixture.session.stateBytes)
    let answer = await fixture.ask("POST", "/ui/api/run", body: body)
    #expect([400, 403].contains(answer.status), "\(answer.text)")
    #expect(fixture.session.stateBytes == before)
  }

  @Test("the list: newest first, paged by the last id, filtered, one state word per row")
  func list() async throws {
    let fixture = try await Fixture()
    defer { fixture.session.remove() }
    let session = fixture.session
    #expect(await session.run("billing-issue", "off").code == 0)
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 0)  // 1
    #expect(await session.run("advance", "1m").code == 0)  // renewal 2
    #expect(await session.run("grace-period", "on").code == 0)
    #expect(await session.run("billing-issue", "on").code == 0)
    #expect(await session.run("advance", "1m").code == 0)  // the renewal fails: billing retry
    var rows = try await fixture.list()
    #expect(rows.map(\.id) == [2, 1])
    #expect(rows.map(\.state) == ["grace", "expired"])
    #expect(await session.run("advance", "20d").code == 0)  // past the grace period
    #expect(try await fixture.list().first?.state == "billing-retry")

    rows = try await fixture.list([("limit", "1")])
    #expect(rows.map(\.id) == [2])
    let first = try fixture.object(
      await fixture.ask("GET", "/ui/api/transactions", query: [("limit", "1")]).text)
    #expect(first["total"] as? Int == 2)
    #expect(first["next"] as? Int == 2)
    let second = try fixture.object(
      await fixture.ask("GET", "/ui/api/transactions", query: [("limit", "1"), ("before", "2")])
        .text)
    #expect((second["transactions"] as? [[String: Any]])?.first?["id"] as? Int == 1)
    #expect(second["next"] is NSNull)
    #expect(try await fixture.list([("state", "expired")]).map(\.id) == [1])
    #expect(try await fixture.list([("q", "2")]).map(\.id).contains(2))
    #expect(try await fixture.list([("q", "renewal")]).map(\.id) == [2])
    #expect(try await fixture.list([("product", "com.sportstime.pro.annual")]).isEmpty)
    #expect(try await fixture.list([("type", "Consumable")]).isEmpty)
    for bad in [("state", "sleeping"), ("before", "x"), ("limit", "0"), ("limit", "501")] {
      #expect(await fixture.ask("GET", "/ui/api/transactions", query: [bad]).status == 400)
    }
  }

  @Test("the inspector: the transaction decoded, its renewal info, its JWS, and that it verifies")
  func inspector() async throws {
    let fixture = try await Fixture()
    defer { fixture.session.remove() }
    #expect(await fixture.session.run("buy", "com.sportstime.pro.monthly").code == 0)
    let answer = await fixture.ask("GET", "/ui/api/transactions/1")
    #expect(answer.status == 200, "\(answer.text)")
    let detail = try fixture.object(answer.text)
    #expect(detail["verified"] as? Bool == true)
    let transaction = try #require(detail["transaction"] as? [String: Any])
    #expect(transaction["productId"] as? String == "com.sportstime.pro.monthly")
    #expect(transaction["transactionId"] as? String == "1")
    let renewal = try #require(detail["renewalInfo"] as? [String: Any])
    #expect(renewal["autoRenewStatus"] as? Int == 1)
    #expect((detail["jws"] as? String ?? "").split(separator: ".").count == 3)
    #expect(await fixture.ask("GET", "/ui/api/transactions/9").status == 404)
    #expect(await fixture.ask("GET", "/ui/api/transactions/x").status == 400)
  }

  @Test(
    "export gives the state; an import of it restores it; a file that is no state changes nothing")
  func exportImport() async throws {
    let fixture = try await Fixture()
    defer { fixture.session.remove() }
    #expect(await fixture.session.run("buy", "com.sportstime.pro.monthly").code == 0)
    let exported = await fixture.ask("GET", "/ui/api/state")
    #expect(exported.status == 200)
    let request = HTTPRequest(
      method: "GET", target: "/ui/api/state", path: "/ui/api/state",
      query: [(name: "token", value: Self.token)],
      headers: HTTPHeaders([(name: "Host", value: "127.0.0.1:8080")]))
    let response = try #require(await fixture.manager.answer(request))
    guard case .bytes(let snapshot) = response.body else {
      Issue.record("the export is not bytes")
      return
    }
    #expect(snapshot.starts(with: Array("SQLite format 3".utf8)))
    #expect(await fixture.session.run("refund", "1").code == 0)
    #expect(try await fixture.list().map(\.state) == ["revoked"])

    let before = try #require(fixture.session.stateBytes)
    for garbage in ["", "not a database", String(repeating: "x", count: 8192)] {
      let refused = await fixture.ask("POST", "/ui/api/state", body: garbage)
      #expect(refused.status == 400, "\(refused.text)")
    }
    #expect(fixture.session.stateBytes == before)

    let upload = HTTPRequest(
      method: "POST", target: "/ui/api/state", path: "/ui/api/state",
      headers: HTTPHeaders([
        (name: "Host", value: "127.0.0.1:8080"), (name: "Origin", value: "http://127.0.0.1:8080"),
        (name: "X-Transaction-Manager-Token", value: Self.token),
      ]), body: snapshot)
    #expect(await fixture.manager.answer(upload)?.status == 200)
    #expect(try await fixture.list().map(\.state) == ["active"])
    #expect(await fixture.session.run("history").out.contains("#1"))
  }

  @Test("a change made by another command is seen: the watcher's version moves and streams hear it")
  func liveChanges() async throws {
    let fixture = try await Fixture()
    defer { fixture.session.remove() }
    let watcher = fixture.manager.watcher
    let start = await watcher.check()
    #expect(await watcher.check() == start)
    var events = await watcher.subscribe().makeAsyncIterator()
    let hello = String(decoding: await events.next() ?? [], as: UTF8.self)
    #expect(hello.contains("event: hello"))
    #expect(await fixture.session.run("advance", "1d").code == 0)
    #expect(await watcher.check() == start + 1)
    let change = String(decoding: await events.next() ?? [], as: UTF8.self)
    #expect(change == "event: change\ndata: {\"version\":\(start + 1)}\n\n")
    #expect(await watcher.check() == start + 1)
  }

  @Test("the screens are drawn on a copy: the state is left as it was")
  func screens() async throws {
    let fixture = try await Fixture()
    defer { fixture.session.remove() }
    #expect(await fixture.session.run("buy", "com.sportstime.pro.monthly").code == 0)
    let before = try #require(fixture.session.stateBytes)
    let answer = await fixture.ask("GET", "/ui/api/screens")
    #expect(answer.status == 200, "\(answer.text)")
    let screens = try fixture.object(answer.text)
    #expect((screens["home"] as? String ?? "").contains("SportsTime"))
    #expect((screens["paywall"] as? String ?? "").isEmpty == false)
    #expect((screens["settings"] as? String ?? "").contains("Settings"))
    #expect(fixture.session.stateBytes == before)
  }

  @Test("the token: 64 hex digits from the generator; compared whole")
  func token() {
    var generator = SeededGenerator(seed: 7)
    let token = PageGuard.makeToken(using: &generator)
    #expect(token.count == 64 && token.allSatisfy(\.isHexDigit))
    var same = SeededGenerator(seed: 7)
    #expect(PageGuard.makeToken(using: &same) == token)
    #expect(PageGuard.equalInConstantTime(token, token))
    #expect(!PageGuard.equalInConstantTime(token, String(token.dropLast())))
    #expect(!PageGuard.equalInConstantTime(token, String(token.dropLast()) + "g"))
  }

  @Test("a command line as a person types it")
  func commandLine() {
    #expect(TransactionManager.commandLine(["refund", "7"]) == "sportstime-store refund 7")
    #expect(
      TransactionManager.commandLine(["buy-product", "x", "--app-account-token", "it's"])
        == "sportstime-store buy-product x --app-account-token 'it'\\''s'")
    #expect(TransactionManager.commandLine(["advance", ""]) == "sportstime-store advance ''")
  }
}
