import Foundation

/// What the runs come to: the medians, the report's figures, the table for people and the
/// targets.
extension ServerBenchmarks {
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

  // MARK: - Figures

  /// The median of `values` (0 for none).
  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  static func ratio(_ value: Double, _ base: Double) -> Double { base > 0 ? value / base : 0 }

  static func format(_ milliseconds: Double) -> String {
    milliseconds < 10 ? String(format: "%.2f", milliseconds) : String(format: "%.1f", milliseconds)
  }

  /// `12,345`.
  static func grouped(_ value: Double) -> String {
    let digits = String(Int(value.rounded()))
    var result = ""
    for (index, digit) in digits.reversed().enumerated() {
      if index > 0, index % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return String(result.reversed())
  }
}
