// sportstime-store-bench: speed of the package's hot paths, each against a baseline taken in the
// same run. `--json` prints one object of figures; otherwise a table. One file per benchmark
// group adds its figures to the report.

import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let groups = ["emulator", "server"]

/// The value after `flag`, if the flag is given.
func value(after flag: String) -> String? {
  arguments.firstIndex(of: flag).flatMap {
    arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
  }
}

func usageError(_ message: String) -> Never {
  FileHandle.standardError.write(Data("sportstime-store-bench: \(message)\n".utf8))
  exit(2)
}

if arguments.contains("--help") || arguments.contains("-h") {
  print("usage: sportstime-store-bench [--json] [--corpus DIR] [--only emulator|server]")
  print("                              [--server-seconds N]")
  print(
    "       sportstime-store-bench --chain-differential N [--seed S] [--corpus DIR] "
      + "[--label LABEL]")
  print("       sportstime-store-bench --parser-fuzz N [--seed S] [--corpus DIR]")
  print("")
  print("Without --only: the JWS, signing, engine and emulator groups (not the server's).")
  print("--only emulator: the emulator's figures alone, each against its floor (a quick before")
  print("  and after: scripts/bench-compare runs two commits' alternately).")
  print("--only server: the App Store Server API under wrk on loopback, against nginx serving")
  print("  the same /openapi.json and against OpenSSL's bare ES256 checks of the same tokens;")
  print("  each figure the median of 3 interleaved runs of --server-seconds (default 10; about")
  print("  7 minutes in all); needs nginx and wrk (Debian: nginx-light, wrk), else it says")
  print("  \"skipped\". Its server is this program, run as --server-child STATE.")
} else if let state = value(after: "--server-child") {
  exit(ServerBenchmarks.serveChild(statePath: state))
} else if arguments.contains("--only"), !groups.contains(value(after: "--only") ?? "") {
  usageError("--only takes one group: emulator or server")
} else if arguments.contains("--parser-fuzz") {
  exit(ParserFuzzRun.run(arguments: arguments))
} else if arguments.contains("--chain-differential") {
  exit(ChainDifferentialRun.run(arguments: arguments))
} else {
  var report = BenchmarkReport()
  let only = value(after: "--only")
  if only == "server" {
    var options = ServerBenchmarks.Options()
    if let text = value(after: "--server-seconds") {
      // The tokens live an hour: 3 rounds of 12 runs stay well inside it up to 60 s a run.
      guard let seconds = Int(text), (1...60).contains(seconds) else {
        usageError("--server-seconds takes 1 to 60")
      }
      options.seconds = seconds
    }
    let table = await ServerBenchmarks.run(options: options, into: &report)
    print(arguments.contains("--json") ? report.json() : table)
  } else {
    if only == nil {
      JWSBenchmarks.run(into: &report)
      for (key, value) in runSigningBenchmarks().sorted(by: { $0.key < $1.key }) {
        report.record(key, value, label: key)
      }
      for (key, value) in runEngineBenchmarks().sorted(by: { $0.key < $1.key }) {
        report.record(key, value, label: key)
      }
    }
    for (key, value) in await runEmulatorBenchmarks().sorted(by: { $0.key < $1.key }) {
      report.record(key, value, label: key)
    }
    print(arguments.contains("--json") ? report.json() : report.text())
  }
}
