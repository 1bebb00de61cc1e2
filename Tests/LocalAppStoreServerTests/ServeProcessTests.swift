import AppStoreJWS
import Foundation
import LocalAppStore
import StoreModel
import TestSupport
import Testing

/// `sportstime-store serve` as a process, as a server's tests run it: its first lines, a state
/// that other processes change under it, a kill in the middle of a write, and its stop. Without
/// the built tool the tests are skipped, and say why.
@Suite(.enabled(if: BuiltTool.url != nil, BuiltTool.notBuilt))
struct ServeProcessTests {
  static let monthly = "com.sportstime.pro.monthly"

  /// A state folder and the tool's commands on it.
  struct Session {
    let folder: TemporaryFolder
    var state: String { folder.path("s.sqlite") }

    init() throws { folder = try TemporaryFolder("serve") }

    /// Runs the tool to its end with `--state`; requires exit 0 and returns its output.
    @discardableResult
    func tool(_ arguments: String...) throws -> String {
      let tool = try #require(BuiltTool.url)
      let run = try ChildProcess.run(
        tool.path, arguments + ["--state", state], environment: ["PATH": "/usr/bin:/bin"],
        in: folder.url)
      try #require(run.termination == .exited(0), "\(arguments): \(run.output)")
      return run.output
    }

    /// The identifiers of the state's transactions, in order (`history --json`'s
    /// `transaction.id`).
    func transactionIDs() throws -> [UInt64] {
      struct Entry: Decodable {
        struct Fields: Decodable { var id: UInt64 }
        var transaction: Fields
      }
      let entries = try JSONDecoder().decode(
        [Entry].self, from: Data(tool("history", "--json").utf8))
      return entries.map(\.transaction.id)
    }

    /// A key the state accepts (`api-key --json`), as a server's configuration reads it.
    func credentials() throws -> Credentials {
      struct Key: Decodable {
        var keyId, issuerId, bundleId, privateKeyPath, rootCertificatePath: String
      }
      let fields = try JSONDecoder().decode(Key.self, from: Data(tool("api-key", "--json").utf8))
      let keyPath = fields.privateKeyPath
      let rootPath = fields.rootCertificatePath
      let key = try PrivateKey(pemEncoded: try text(keyPath))
      return Credentials(
        signer: APITokenSigner(
          key: try SubscriptionOfferKey(
            keyID: fields.keyId, privateKey: key),
          issuerID: fields.issuerId,
          bundleID: fields.bundleId),
        root: try Certificate(pemEncoded: try text(rootPath)))
    }

    /// The text of the file at `path`, relative to the folder the tool ran in.
    func text(_ path: String) throws -> String {
      let url =
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.url.appendingPathComponent(path)
      return String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    /// Starts `serve --port 0`; returns the process and its port, read from its first line.
    func serve(host: String = "127.0.0.1", environment extra: [String: String] = [:]) throws -> (
      ChildProcess, Int, String
    ) {
      let tool = try #require(BuiltTool.url)
      let child = try ChildProcess(
        tool.path, ["serve", "--host", host, "--port", "0", "--state", state],
        environment: ["PATH": "/usr/bin:/bin"].merging(extra) { $1 }, in: folder.url)
      let prefix = "listening on http://\(host):"
      let lines = try child.readLines(1, startingWith: prefix)
      let first = try #require(lines.split(separator: "\n").first.map(String.init))
      let port = try #require(Int(first.dropFirst(prefix.count)))
      return (child, port, lines)
    }
  }

  /// A registered key's token signer and the store's root.
  struct Credentials {
    var signer: APITokenSigner
    var root: Certificate

    /// A fresh token, on the wall clock the server judges tokens on.
    func authorization() throws -> (String, String) {
      ("Authorization", "Bearer \(try signer.token(now: Date()))")
    }

    func verifier() throws -> SignedDataVerifier {
      try SignedDataVerifier(
        rootCertificates: [root], bundleID: "com.sportstime.app", environment: .sandbox)
    }
  }

  /// GET `path` on a new connection with a fresh token; the status and the JSON object.
  static func get(
    _ path: String, port: Int, _ credentials: Credentials
  ) async throws -> (Int, [String: Any]) {
    let client = try HTTPTestClient(port: port)
    let response = try await client.request("GET", path, headers: [try credentials.authorization()])
    let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
    return (response.status, object ?? [:])
  }

  @Test("serve's first lines: the URL, then the note on Xcode signing; SIGTERM ends it with 0")
  func firstLines() async throws {
    let session = try Session()
    defer { session.folder.remove() }
    try session.tool("reset", "--date", "2026-01-01T00:00:00Z")
    let tool = try #require(BuiltTool.url)
    let child = try ChildProcess(
      tool.path, ["serve", "--port", "0", "--state", session.state],
      environment: ["PATH": "/usr/bin:/bin"], in: session.folder.url)
    let lines = try child.readLines(1, startingWith: "note: the state signs as Xcode")
    #expect(lines.hasPrefix("listening on http://127.0.0.1:"))
    #expect(lines.contains("`sportstime-store notifications environment Sandbox` switches it"))
    child.send(SIGTERM)
    #expect(try child.wait() == .exited(0))
  }

  @Test("serve --host 127.0.0.2 binds that loopback address, says so, and answers there")
  func otherHost() async throws {
    let session = try Session()
    defer { session.folder.remove() }
    try session.tool("reset", "--date", "2026-01-01T00:00:00Z")
    let (child, port, _) = try session.serve(host: "127.0.0.2")
    defer {
      child.send(SIGTERM)
      _ = try? child.wait()
    }
    let client = try HTTPTestClient(host: "127.0.0.2", port: port)
    let response = try await client.request("GET", "/inApps/v1/transactions/1")
    #expect(response.status == 401)
    #expect(response.text.hasPrefix("Unauthenticated\n"))
  }

  @Test(
    "nothing stale: a reset with another catalog while serve runs is seen by its next request (4040010 for an old id, the new root signs)"
  )
  func resetUnderServe() async throws {
    let session = try Session()
    defer { session.folder.remove() }
    try session.tool("reset", "--date", "2026-01-01T00:00:00Z")
    try session.tool("notifications", "environment", "Sandbox")
    try session.tool("buy", Self.monthly)
    try session.tool("buy", "com.sportstime.pro.annual")
    let old = try #require(session.transactionIDs().last)
    let before = try session.credentials()
    let (server, port, _) = try session.serve()
    defer {
      server.send(SIGTERM)
      _ = try? server.wait()
    }
    let (status, answer) = try await Self.get("/inApps/v1/transactions/\(old)", port: port, before)
    try #require(status == 200)
    let signed = try #require(answer["signedTransactionInfo"] as? String)
    #expect(try before.verifier().verifyTransaction(signed).payloadValue.id == old)

    // Another process replaces the catalog and the signing root.
    let catalog = try OfferCatalogFile.write(into: session.folder.url)
    try session.tool("reset", "--storekit", catalog, "--date", "2026-03-01T00:00:00Z")
    try session.tool("notifications", "environment", "Sandbox")
    try session.tool("buy", Self.monthly)
    let after = try session.credentials()
    #expect(after.root.derRepresentation != before.root.derRepresentation)
    let ids = try session.transactionIDs()
    try #require(ids.count == 1 && !ids.contains(old), "\(ids) after the reset")
    let new = ids[0]

    let (gone, refusal) = try await Self.get("/inApps/v1/transactions/\(old)", port: port, after)
    #expect(gone == 404)
    #expect((refusal["errorCode"] as? NSNumber)?.intValue == 4_040_010)
    let (fresh, renewed) = try await Self.get("/inApps/v1/transactions/\(new)", port: port, after)
    try #require(fresh == 200)
    let newSigned = try #require(renewed["signedTransactionInfo"] as? String)
    let payload = try after.verifier().verifyTransaction(newSigned).payloadValue
    #expect(payload.purchaseDate == Date(timeIntervalSince1970: 1_772_323_200))  // 2026-03-01
    #expect(throws: VerificationError.self) {
      try before.verifier().verifyTransaction(newSigned).payloadValue
    }
  }

  /// Where `serve` is killed during a PUT: before or after its write's commit.
  static let crashPoints = ["before-commit", "after-commit"]

  @Test(
    "kill -9 of serve during a PUT of an app account token: the state is the one before or after, never between",
    arguments: crashPoints)
  func killedDuringPut(_ point: String) async throws {
    let session = try Session()
    defer { session.folder.remove() }
    try session.tool("reset", "--date", "2026-01-01T00:00:00Z")
    try session.tool("notifications", "environment", "Sandbox")
    try session.tool("buy", Self.monthly)
    let original = try #require(session.transactionIDs().first)
    let credentials = try session.credentials()
    let history = try session.tool("history", "--json")
    let (server, port, _) = try session.serve(environment: ["SPORTSTIME_STORE_CRASH_AT": point])
    let token = "c0ffee00-0000-4000-8000-00000000beef"
    let client = try HTTPTestClient(port: port)
    let sent = try? await client.request(
      "PUT", "/inApps/v1/transactions/\(original)/appAccountToken",
      headers: [try credentials.authorization(), ("Content-Type", "application/json")],
      body: Array(#"{"appAccountToken":"\#(token)"}"#.utf8))
    #expect(sent == nil, "the server answered \(sent?.status ?? 0) before it was killed")
    #expect(try server.wait() == .signalled(SIGKILL))

    let store = try LocalAppStore(openingStateAt: session.state)
    let transactions = try await store.history()
    #expect(transactions.map(\.id) == [original])
    let written = transactions.first?.appAccountToken?.uuidString.lowercased()
    if point == "before-commit" {
      #expect(written == nil, "an uncommitted write left a trace")
      #expect(try session.tool("history", "--json") == history)
    } else {
      #expect(written == token)
    }
  }
}
