import AppStoreJWS
import Foundation

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
