// sportstime-store-bench: speed of the package's hot paths, each against a baseline taken in the
// same run. `--json` prints one object of figures; otherwise a table. One file per benchmark
// group adds its figures to the report.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
  print("usage: sportstime-store-bench [--json]")
} else {
  var report = BenchmarkReport()
  JWSBenchmarks.run(into: &report)
  print(arguments.contains("--json") ? report.json() : report.text())
}
