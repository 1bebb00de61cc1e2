import AppStoreJWS
internal import COpenSSL
import Foundation
@_spi(Tools) import LocalAppStore
import LocalAppStoreServer
import OpenSSLOracle
import StoreInternals
import StoreModel
import StoreTesting

/// The server group (`--only server`): the App Store Server API of `LocalAppStoreServer` under
/// `wrk` on loopback, against nginx serving the same bytes and against OpenSSL's bare ES256
/// checks of the same tokens, all in one run.
///
/// The server is this program itself in a child process (`--server-child STATE`:
/// `LocalAppStoreServer(statePath:)` on port 0, the state `serve` would use), so that its
/// resident memory is its own and the bench's token pool is not in it. The state is made here:
/// a Sandbox store with one monthly purchase and an API key registered as `api-key add` does,
/// whose private half mints the tokens with the package's own ``APITokenSigner``.
///
/// Each figure is the median of ``Options/rounds`` runs of ``Options/seconds`` each, the rows
/// interleaved round by round (nginx, then ours, then ours authenticated, for each number of
/// connections), `wrk -t2` (`-t1` at one connection: wrk needs a connection per thread) with
/// `--latency`, keep-alive unless the row says `Connection: close`:
/// - `GET /openapi.json` from the server and from nginx (`worker_processes auto; access_log off;
///   keepalive_requests 1000000`), the same bytes read from a file;
/// - `GET /inApps/v1/transactions/{id}` with a token of its own on each request (a wrk script
///   rotates a pool of ``Options/tokens`` tokens minted beforehand, each thread from its own
///   offset): no official client reuses a token, so the server caches none;
/// - the floor: OpenSSL's ES256 checks of those tokens (SHA-256 and `EVP_PKEY_verify` in a
///   fresh context, the signatures converted to DER beforehand) on as many threads as there are
///   cores, and the package's `APITokenVerifier` on as many, measured bare between the rounds;
/// - the server's `VmRSS` (`/proc/PID/status`) idle and with 512 idle keep-alive connections,
///   each having made one authenticated request.
///
/// Targets (issue 31, item 8): `/openapi.json` at 64 connections ≥ 0.3× nginx; the
/// authenticated row at 64 connections ≥ 0.4× the floor. Without nginx or wrk it says
/// "skipped" and measures nothing.
enum ServerBenchmarks {
  struct Options {
    /// Seconds of each wrk run.
    var seconds = 10
    /// Runs of each row; each figure is their median.
    var rounds = 3
    /// Distinct tokens minted for the authenticated rows.
    var tokens = 60_000
    /// Connections held open for the resident-memory figure.
    var idleConnections = 512
    /// Seconds of each bare verification measurement (one a round).
    var floorSeconds = 3.0
  }

  /// One row's load: how many connections, and whether each request closes its connection.
  struct Load: Hashable {
    var connections: Int
    var closes: Bool

    var name: String { closes ? "\(connections), close" : "\(connections)" }
    var key: String { closes ? "c\(connections)close" : "c\(connections)" }
  }

  static let loads = [
    Load(connections: 1, closes: false), Load(connections: 16, closes: false),
    Load(connections: 64, closes: false), Load(connections: 64, closes: true),
  ]

  /// What a row measures.
  enum Subject: String, CaseIterable {
    case nginx = "nginx_openapi"
    case openAPI = "server_openapi"
    case authenticated = "server_auth"
  }

  /// One wrk run's summary, as its `done()` hook prints it.
  struct WrkRun {
    var requests: Double
    var seconds: Double
    var p99Milliseconds: Double
    /// Socket errors (connect, read, write, timeout) and statuses above 399.
    var errors: Int
    var rate: Double { seconds > 0 ? requests / seconds : 0 }
  }

  // MARK: - The run

  /// Runs the group; records its figures in `report` and returns the table for people.
  static func run(options: Options, into report: inout BenchmarkReport) async -> String {
    guard let nginx = executable("nginx"), let wrk = executable("wrk") else {
      report.notice("skipped: nginx/wrk absent")
      return "server group skipped: nginx/wrk absent (Debian: apt-get install nginx-light wrk)"
    }
    let folder: URL
    do {
      folder = try temporaryFolder()
    } catch {
      report.notice("server group: no temporary folder: \(error)")
      return "server group failed: no temporary folder: \(error)"
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      return try await measure(
        options: options, nginxPath: nginx, wrkPath: wrk, folder: folder, into: &report)
    } catch {
      report.notice("server group failed: \(error)")
      return "server group failed: \(error)"
    }
  }

  private static func measure(
    options: Options, nginxPath: String, wrkPath: String, folder: URL,
    into report: inout BenchmarkReport
  ) async throws -> String {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    progress("server: making the state, a key and \(options.tokens) tokens")
    let fixture = try await Fixture.make(in: folder)
    let tokens = try mintTokens(fixture.signer, count: options.tokens, threads: cores)
    let tokensPath = folder.appendingPathComponent("tokens.txt").path
    try Data((tokens.joined(separator: "\n") + "\n").utf8).write(
      to: URL(fileURLWithPath: tokensPath))
    let prepared = try tokens.map(PreparedToken.init)
    let bareKey = try BareKey(der: fixture.publicKeyDER)

    let server = try ChildServer(statePath: fixture.statePath)
    defer { server.stop() }
    let apiPath = "/inApps/v1/transactions/\(fixture.transactionID)"
    let check = try Loopback.exchange(
      port: server.port, path: apiPath, authorization: "Bearer " + tokens[0])
    guard check.status == 200 else {
      throw BenchError("a token of the pool was refused: \(check.status) \(check.refusal ?? "")")
    }
    let document = try Loopback.exchange(
      port: server.port, path: "/openapi.json", authorization: nil)
    guard document.status == 200, !document.body.isEmpty else {
      throw BenchError("GET /openapi.json answered \(document.status)")
    }
    let www = folder.appendingPathComponent("www")
    try FileManager.default.createDirectory(
      at: www, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    let documentFile = www.appendingPathComponent("openapi.json")
    try Data(document.body).write(to: documentFile)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o644], ofItemAtPath: documentFile.path)
    let idleRSS = residentBytes(of: server.pid)

    let nginx = try NginxServer(path: nginxPath, folder: folder)
    defer { nginx.stop() }
    let scripts = try WrkScripts(folder: folder, tokensPath: tokensPath)

    var runs: [Subject: [Load: [WrkRun]]] = [:]
    var floorRates: [Double] = []
    var verifierRates: [Double] = []
    for round in 1...options.rounds {
      let floor = parallelRate(threads: cores, seconds: options.floorSeconds) { thread, index in
        prepared[(thread * 7_919 + index) % prepared.count].verify(with: bareKey)
      }
      let verifier = fixture.verifier
      let verified = parallelRate(threads: cores, seconds: options.floorSeconds) {
        thread, index in
        let token = tokens[(thread * 7_919 + index) % tokens.count]
        return verifier.verify(authorization: "Bearer " + token, now: Date()) == nil
      }
      guard floor.failures == 0, verified.failures == 0 else {
        throw BenchError("a token failed its bare check (\(floor.failures), \(verified.failures))")
      }
      floorRates.append(floor.rate)
      verifierRates.append(verified.rate)
      progress(
        "server: round \(round)/\(options.rounds): ES256 floor \(Int(floor.rate))/s, "
          + "APITokenVerifier \(Int(verified.rate))/s on \(cores) threads")
      for load in loads {
        for subject in Subject.allCases {
          let url =
            subject == .nginx
            ? "http://127.0.0.1:\(nginx.port)/openapi.json"
            : "http://127.0.0.1:\(server.port)"
              + (subject == .authenticated ? apiPath : "/openapi.json")
          let run = try wrk(
            wrkPath, url: url, load: load, seconds: options.seconds,
            script: subject == .authenticated ? scripts.tokens : scripts.plain,
            threads: min(2, load.connections))
          runs[subject, default: [:]][load, default: []].append(run)
          progress(
            "server: round \(round)/\(options.rounds): \(subject.rawValue) at \(load.name): "
              + "\(Int(run.rate)) req/s, p99 \(format(run.p99Milliseconds)) ms"
              + (run.errors > 0 ? ", \(run.errors) errors" : ""))
        }
      }
    }
    let loadedRSS = residentBytes(of: server.pid)
    let idle = try Loopback.holdIdle(
      count: options.idleConnections, port: server.port, path: apiPath,
      authorizations: tokens.prefix(options.idleConnections).map { "Bearer " + $0 })
    try? await Task.sleep(for: .seconds(1))
    let connectedRSS = residentBytes(of: server.pid)
    Loopback.close(idle)

    let summary = Summary(
      runs: runs, floor: median(floorRates), verifier: median(verifierRates),
      rss: (idleRSS, loadedRSS, connectedRSS), options: options, cores: cores,
      documentBytes: document.body.count, nginxConfiguration: nginx.configuration)
    summary.record(into: &report)
    return summary.text()
  }

  // MARK: - The summary

  /// The medians of the runs, the table and the targets.
  struct Summary {
    var runs: [Subject: [Load: [WrkRun]]]
    var floor: Double
    var verifier: Double
    var rss: (idle: Double?, afterLoad: Double?, connected: Double?)
    var options: Options
    var cores: Int
    var documentBytes: Int
    var nginxConfiguration: String

    func rate(_ subject: Subject, _ load: Load) -> Double {
      median((runs[subject]?[load] ?? []).map(\.rate))
    }

    func p99(_ subject: Subject, _ load: Load) -> Double {
      median((runs[subject]?[load] ?? []).map(\.p99Milliseconds))
    }

    func errors(_ subject: Subject, _ load: Load) -> Int {
      (runs[subject]?[load] ?? []).map(\.errors).reduce(0, +)
    }

    private var headline: Load { Load(connections: 64, closes: false) }

    var openAPIRatio: Double { ratio(rate(.openAPI, headline), rate(.nginx, headline)) }
    var authenticatedRatio: Double { ratio(rate(.authenticated, headline), floor) }

    func record(into report: inout BenchmarkReport) {
      for subject in Subject.allCases {
        for load in loads {
          let key = "\(subject.rawValue)_\(load.key)"
          report.record(key + "_per_s", rate(subject, load), label: key, listed: false)
          report.record(key + "_p99_ms", p99(subject, load), label: key, listed: false)
          if errors(subject, load) > 0 {
            report.notice("\(key): \(errors(subject, load)) failed requests")
          }
          if subject != .nginx {
            let overNginx = ratio(rate(subject, load), rate(.nginx, load))
            report.record(key + "_over_nginx", overNginx, label: key, listed: false)
          }
          if subject == .authenticated {
            let overFloor = ratio(rate(subject, load), floor)
            report.record(key + "_over_floor", overFloor, label: key, listed: false)
          }
        }
      }
      report.record("es256_floor_per_s", floor, label: "es256_floor", listed: false)
      report.record("api_token_verifier_per_s", verifier, label: "verifier", listed: false)
      let memory = [
        ("server_rss_idle_bytes", rss.idle), ("server_rss_after_load_bytes", rss.afterLoad),
        ("server_rss_\(options.idleConnections)_idle_connections_bytes", rss.connected),
      ]
      for (key, value) in memory {
        if let value { report.record(key, value, label: key, listed: false) }
      }
      report.record(
        "server_openapi_target_met", openAPIRatio >= 0.3 ? 1 : 0, label: "", listed: false)
      report.record(
        "server_auth_target_met", authenticatedRatio >= 0.4 ? 1 : 0, label: "", listed: false)
    }

    func text() -> String {
      var lines = [
        "server group: wrk -t2 (-t1 at 1 connection) --latency on loopback, keep-alive unless "
          + "\"close\"; each figure the median of \(options.rounds) interleaved "
          + "\(options.seconds) s runs",
        "nginx, serving the same \(documentBytes) bytes of /openapi.json from a file:",
      ]
      lines += nginxConfiguration.split(separator: "\n").map { "  | " + $0 }
      lines.append(
        "authenticated: GET /inApps/v1/transactions/{id}, each request with a token of its own "
          + "(a pool of \(options.tokens) rotated by a wrk script)")
      lines.append("")
      var table = [
        [
          "row", "connections", "req/s", "p99", "nginx req/s", "nginx p99", "× nginx",
          "× floor", "errors",
        ]
      ]
      for subject in [Subject.openAPI, .authenticated] {
        for load in loads {
          table.append([
            subject == .openAPI ? "GET /openapi.json" : "GET transaction info, fresh token",
            load.name,
            grouped(rate(subject, load)),
            format(p99(subject, load)) + " ms",
            grouped(rate(.nginx, load)),
            format(p99(.nginx, load)) + " ms",
            String(format: "%.2f×", ratio(rate(subject, load), rate(.nginx, load))),
            subject == .authenticated
              ? String(format: "%.2f×", ratio(rate(subject, load), floor)) : "",
            "\(errors(subject, load) + errors(.nginx, load))",
          ])
        }
      }
      lines += layout(table)
      lines.append("")
      lines.append(
        "floor: OpenSSL ES256 checks of the same tokens, bare, on \(cores) threads: "
          + "\(grouped(floor))/s; the package's APITokenVerifier.verify on \(cores) threads: "
          + "\(grouped(verifier))/s")
      lines.append(
        "server VmRSS: idle \(megabytes(rss.idle)), after the runs \(megabytes(rss.afterLoad)), "
          + "with \(options.idleConnections) idle keep-alive connections "
          + "\(megabytes(rss.connected))")
      lines.append("")
      lines.append(
        "target: GET /openapi.json at 64 connections ≥ 0.3× nginx: "
          + String(format: "%.2f×", openAPIRatio) + (openAPIRatio >= 0.3 ? ", met" : ", missed"))
      lines.append(
        "target: authenticated at 64 connections ≥ 0.4× the floor: "
          + String(format: "%.2f×", authenticatedRatio)
          + (authenticatedRatio >= 0.4 ? ", met" : ", missed"))
      let failed = Subject.allCases.flatMap { subject in loads.map { errors(subject, $0) } }
        .reduce(0, +)
      if failed > 0 {
        lines.append("warning: \(failed) requests failed (socket errors or statuses above 399)")
      }
      return lines.joined(separator: "\n")
    }

    private func layout(_ rows: [[String]]) -> [String] {
      let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
      return rows.map { row in
        row.indices.map { column in
          column == 0
            ? row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
            : String(repeating: " ", count: widths[column] - row[column].count) + row[column]
        }.joined(separator: "  ")
      }
    }

    private func megabytes(_ bytes: Double?) -> String {
      bytes.map { String(format: "%.1f MiB", $0 / 1_048_576) } ?? "unknown"
    }
  }

  // MARK: - The state, the key and the tokens

  /// A Sandbox state with one purchase, and the key its API accepts.
  struct Fixture {
    var statePath: String
    var transactionID: UInt64
    var signer: APITokenSigner
    var verifier: APITokenVerifier
    var publicKeyDER: [UInt8]

    static func make(in folder: URL) async throws -> Fixture {
      let statePath = folder.appendingPathComponent("state.sqlite").path
      let store = try LocalAppStore.create(
        atPath: statePath, products: SportsTimeFixtures.products,
        startDate: Date(timeIntervalSince1970: 1_767_225_600))
      try await store.setSigningEnvironment(.sandbox)
      guard
        case .purchased(let purchase) = try await store.purchaseWithOutcome(
          SportsTimeFixtures.monthly)
      else { throw BenchError("the fixture's purchase made no transaction") }
      // As `api-key` makes its key: 10 characters of App Store Connect's alphabet, a UUID.
      let key = try SubscriptionOfferKey.generate(keyID: "BENCH2X9R4")
      let issuerID = UUID().uuidString.lowercased()
      let publicKeyDER = key.privateKey.publicKeyDER
      try await store.registerAPIKey(
        .init(
          keyID: key.keyID, issuerID: issuerID, publicKey: publicKeyDER.base64EncodedString(),
          isGenerated: false))
      let bundleID = try await store.serverSettings().bundleID
      let verificationKey = try OfferVerificationKey(keyID: key.keyID, publicKeyDER: publicKeyDER)
      return Fixture(
        statePath: statePath, transactionID: purchase.unsafePayloadValue.id,
        signer: APITokenSigner(key: key, issuerID: issuerID, bundleID: bundleID),
        verifier: APITokenVerifier(
          keys: [.init(issuerID: issuerID, key: verificationKey)], bundleID: bundleID),
        publicKeyDER: Array(publicKeyDER))
    }
  }

  /// `count` distinct tokens as Apple documents them (`iss`, `iat`, `exp` an hour on, `aud`,
  /// `bid`), minted on `threads` threads; ECDSA's random nonce makes each signature differ.
  static func mintTokens(_ signer: APITokenSigner, count: Int, threads: Int) throws -> [String] {
    let now = Int64(Date().timeIntervalSince1970)
    let slices = Locked([[String]](repeating: [], count: threads))
    let failures = Locked(0)
    let group = DispatchGroup()
    for thread in 0..<threads {
      group.enter()
      Thread {
        var made: [String] = []
        let share = count / threads + (thread < count % threads ? 1 : 0)
        made.reserveCapacity(share)
        for _ in 0..<share {
          let claims: [String: APITokenSigner.Claim] = [
            "iss": .string(signer.issuerID), "iat": .number(now), "exp": .number(now + 3_600),
            "aud": .string(APITokenVerifier.audience), "bid": .string(signer.bundleID),
          ]
          if let token = try? signer.sign(claims: claims) {
            made.append(token)
          } else {
            failures.withLock { $0 += 1 }
          }
        }
        slices.withLock { $0[thread] = made }
        group.leave()
      }.start()
    }
    group.wait()
    let tokens = slices.withLock { $0.flatMap { $0 } }
    guard failures.withLock({ $0 }) == 0, Set(tokens).count == count else {
      throw BenchError("could not mint \(count) distinct tokens")
    }
    return tokens
  }

  /// A token split for OpenSSL: its signing input and its signature in DER.
  struct PreparedToken: Sendable {
    let signingInput: [UInt8]
    let derSignature: [UInt8]

    init(_ token: String) throws {
      let parsed = try UnverifiedJWS(parsing: token)
      guard let der = OpenSSLBaseline.derSignature(raw: Array(parsed.signature)) else {
        throw BenchError("a token's signature is not r‖s")
      }
      signingInput = Array(parsed.signingInput.utf8)
      derSignature = der
    }

    /// SHA-256 of the signing input, then `EVP_PKEY_verify` in a fresh context: a one-off ES256
    /// check as OpenSSL does it.
    func verify(with key: BareKey) -> Bool {
      var digest = [UInt8](repeating: 0, count: 32)
      _ = SHA256(signingInput, signingInput.count, &digest)
      guard let context = EVP_PKEY_CTX_new(key.pointer, nil) else { return false }
      defer { EVP_PKEY_CTX_free(context) }
      guard EVP_PKEY_verify_init(context) == 1 else { return false }
      return EVP_PKEY_verify(context, derSignature, derSignature.count, digest, 32) == 1
    }
  }

  /// The API key's public half in libcrypto.
  ///
  /// `@unchecked Sendable` invariant: the key is never changed after `init`, and OpenSSL lets
  /// threads use one `EVP_PKEY` at once for verification (openssl-threads(7): an object may be
  /// used by several threads when none of them changes it).
  final class BareKey: @unchecked Sendable {
    let pointer: OpaquePointer

    init(der: [UInt8]) throws {
      var cursor: UnsafePointer<UInt8>? = nil
      let key = der.withUnsafeBufferPointer { bytes -> OpaquePointer? in
        cursor = bytes.baseAddress
        return d2i_PUBKEY(nil, &cursor, bytes.count)
      }
      guard let key else { throw BenchError("libcrypto refused the API key's public half") }
      pointer = key
    }

    deinit { EVP_PKEY_free(pointer) }
  }

  /// Runs `body` on `threads` threads for `seconds` each (wall clock), and returns the sum of
  /// the threads' rates and the calls that returned `false`.
  static func parallelRate(
    threads: Int, seconds: Double, _ body: @escaping @Sendable (Int, Int) -> Bool
  ) -> (rate: Double, failures: Int) {
    let rates = Locked([Double](repeating: 0, count: threads))
    let failures = Locked(0)
    let group = DispatchGroup()
    for thread in 0..<threads {
      group.enter()
      Thread {
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline = start + UInt64(seconds * 1e9)
        var calls = 0
        var failed = 0
        var now = start
        while now < deadline {
          for _ in 0..<16 where !body(thread, calls) { failed += 1 }
          calls += 16
          now = DispatchTime.now().uptimeNanoseconds
        }
        let rate = Double(calls) / (Double(now - start) / 1e9)
        rates.withLock { $0[thread] = rate }
        failures.withLock { $0 += failed }
        group.leave()
      }.start()
    }
    group.wait()
    return (rates.withLock { $0.reduce(0, +) }, failures.withLock { $0 })
  }

  // MARK: - The server child

  /// `--server-child STATE`: serves the state on 127.0.0.1, port 0, prints `port N`, and exits
  /// when its standard input ends (the bench closed it, or the bench died).
  static func serveChild(statePath: String) -> Int32 {
    let server = LocalAppStoreServer(statePath: statePath)
    let port: Int
    do {
      port = try server.start()
    } catch {
      FileHandle.standardError.write(Data("sportstime-store-bench: \(error)\n".utf8))
      return 1
    }
    FileHandle.standardOutput.write(Data("port \(port)\n".utf8))
    _ = FileHandle.standardInput.readDataToEndOfFile()
    return 0
  }

  /// The server child as the bench sees it.
  final class ChildServer {
    let process = Process()
    let input = Pipe()
    let port: Int
    var pid: Int32 { process.processIdentifier }

    init(statePath: String) throws {
      let output = Pipe()
      process.executableURL = URL(
        fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
      )
      process.arguments = ["--server-child", statePath]
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      var line = Data()
      while !line.contains(UInt8(ascii: "\n")) {
        let more = output.fileHandleForReading.availableData
        if more.isEmpty { break }
        line.append(more)
      }
      let text = String(decoding: line, as: UTF8.self).trimmingCharacters(
        in: .whitespacesAndNewlines)
      guard text.hasPrefix("port "), let port = Int(text.dropFirst(5)) else {
        process.terminate()
        throw BenchError("the server child said \"\(text)\", not its port")
      }
      self.port = port
    }

    func stop() {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
  }

  // MARK: - nginx

  /// nginx serving `www/openapi.json` of the folder on a free loopback port, in the foreground.
  final class NginxServer {
    let process = Process()
    let port: Int
    let configuration: String

    init(path: String, folder: URL) throws {
      port = try Loopback.freePort()
      let root = folder.path
      configuration = """
        worker_processes auto;
        daemon off;
        pid \(root)/nginx.pid;
        error_log \(root)/nginx-error.log;
        events { worker_connections 1024; }
        http {
          access_log off;
          keepalive_requests 1000000;
          client_body_temp_path \(root)/nginx-body;
          server {
            listen 127.0.0.1:\(port);
            root \(root)/www;
            location = /openapi.json { default_type application/json; }
          }
        }
        """
      let file = folder.appendingPathComponent("nginx.conf")
      try Data(configuration.utf8).write(to: file)
      process.executableURL = URL(fileURLWithPath: path)
      process.arguments = [
        "-p", root, "-c", file.path, "-e", folder.appendingPathComponent("nginx-error.log").path,
      ]
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      let deadline = Date().addingTimeInterval(10)
      while true {
        if let answer = try? Loopback.exchange(
          port: port, path: "/openapi.json", authorization: nil),
          answer.status == 200
        {
          break
        }
        guard process.isRunning, Date() < deadline else {
          stop()
          let log =
            (try? String(
              contentsOf: folder.appendingPathComponent("nginx-error.log"), encoding: .utf8)) ?? ""
          throw BenchError("nginx did not serve /openapi.json: \(log)")
        }
        Thread.sleep(forTimeInterval: 0.05)
      }
    }

    func stop() {
      guard process.isRunning else { return }
      process.terminate()
      process.waitUntilExit()
    }
  }

  // MARK: - wrk

  /// The two wrk scripts: `plain` only reports; `tokens` also puts a token of the pool in each
  /// request.
  struct WrkScripts {
    var plain: String
    var tokens: String

    /// wrk's scripting API (its SCRIPTING file): `done(summary, latency, requests)` gets the
    /// totals and the latency histogram in microseconds; `setup(thread)` runs once per thread
    /// before `init`, and `thread:set` gives the thread's environment a global; `request()`
    /// returns each request's bytes, best pre-generated in `init`; `wrk.format` adds only
    /// `Host` of `wrk.headers` to the headers it is given, so the `-H` ones are copied in.
    init(folder: URL, tokensPath: String) throws {
      let done = """
        function done(summary, latency, requests)
          local e = summary.errors
          io.write(string.format(
            "wrk-summary requests=%.0f duration_us=%.0f p99_us=%.0f errors=%.0f\\n",
            summary.requests, summary.duration, latency:percentile(99.0),
            e.connect + e.read + e.write + e.timeout + e.status))
        end
        """
      let rotation = """
        local threads = 0
        function setup(thread)
          thread:set("slot", threads)
          threads = threads + 1
        end

        local requests = {}
        local position = 0
        function init(args)
          local headers = {}
          for name, value in pairs(wrk.headers) do headers[name] = value end
          for token in io.lines("\(tokensPath)") do
            headers["Authorization"] = "Bearer " .. token
            requests[#requests + 1] = wrk.format("GET", wrk.path, headers)
          end
          local count = tonumber(args[1]) or 1
          position = math.floor(#requests * slot / count)
        end

        function request()
          position = position % #requests + 1
          return requests[position]
        end
        """
      plain = folder.appendingPathComponent("plain.lua").path
      tokens = folder.appendingPathComponent("tokens.lua").path
      try Data((done + "\n").utf8).write(to: URL(fileURLWithPath: plain))
      try Data((rotation + "\n\n" + done + "\n").utf8).write(to: URL(fileURLWithPath: tokens))
    }
  }

  /// One wrk run: `threads` threads, the load's connections, `--latency`.
  static func wrk(
    _ path: String, url: String, load: Load, seconds: Int, script: String, threads: Int
  ) throws -> WrkRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    var arguments = [
      "-t\(threads)", "-c\(load.connections)", "-d\(seconds)s", "--latency", "-s", script,
    ]
    if load.closes { arguments += ["-H", "Connection: close"] }
    arguments += [url, "--", "\(threads)"]
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0,
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("wrk-summary ") })
    else {
      throw BenchError("wrk \(arguments.joined(separator: " ")) failed:\n\(text)")
    }
    var fields: [String: Double] = [:]
    for pair in line.split(separator: " ").dropFirst() {
      let parts = pair.split(separator: "=")
      if parts.count == 2, let value = Double(parts[1]) { fields[String(parts[0])] = value }
    }
    return WrkRun(
      requests: fields["requests"] ?? 0, seconds: (fields["duration_us"] ?? 0) / 1e6,
      p99Milliseconds: (fields["p99_us"] ?? 0) / 1e3, errors: Int(fields["errors"] ?? 0))
  }

  // MARK: - Helpers

  /// The executable's path: on `PATH`, or in the system folders nginx lives in.
  static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders =
      path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin", "/usr/local/sbin"]
    return folders.map { $0 + "/" + name }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// A fresh folder that nginx's workers (another user when it runs as root) can read.
  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sportstime-store-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    return folder
  }

  /// `VmRSS` of the process, in bytes (Linux: `/proc/PID/status`).
  static func residentBytes(of pid: Int32) -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
    else { return nil }
    return kilobytes * 1_024
  }

  static func progress(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}

/// The median of `values` (0 for none).
private func median(_ values: [Double]) -> Double {
  guard !values.isEmpty else { return 0 }
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

private func ratio(_ value: Double, _ base: Double) -> Double { base > 0 ? value / base : 0 }

private func format(_ milliseconds: Double) -> String {
  milliseconds < 10 ? String(format: "%.2f", milliseconds) : String(format: "%.1f", milliseconds)
}

/// `12,345`.
private func grouped(_ value: Double) -> String {
  let digits = String(Int(value.rounded()))
  var result = ""
  for (index, digit) in digits.reversed().enumerated() {
    if index > 0, index % 3 == 0 { result.append(",") }
    result.append(digit)
  }
  return String(result.reversed())
}

/// Why the server group stopped.
struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
