// sportstime-store-bench: speed of the package's hot paths, each against a baseline taken in the
// same run. `--json` prints one object of figures; otherwise a table. One file per benchmark
// group adds its figures to the report.

import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
  print("usage: sportstime-store-bench [--json] [--corpus DIR] [--only emulator]")
  print(
    "       sportstime-store-bench --chain-differential N [--seed S] [--corpus DIR] "
      + "[--label LABEL]")
  print("       sportstime-store-bench --parser-fuzz N [--seed S] [--corpus DIR]")
} else if let only = arguments.firstIndex(of: "--only"),
  !arguments.indices.contains(only + 1) || arguments[only + 1] != "emulator"
{
  FileHandle.standardError.write(
    Data("sportstime-store-bench: --only takes one group: emulator\n".utf8))
  exit(2)
} else if arguments.contains("--parser-fuzz") {
  exit(ParserFuzzRun.run(arguments: arguments))
} else if arguments.contains("--chain-differential") {
  exit(ChainDifferentialRun.run(arguments: arguments))
} else {
  var report = BenchmarkReport()
  // `--only emulator` runs the emulator's figures alone (a quick before and after).
  let onlyEmulator = arguments.contains("--only")
  if !onlyEmulator {
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
