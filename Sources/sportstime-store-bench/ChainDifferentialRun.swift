import AppStoreJWS
import Foundation
import OpenSSLOracle

/// `--chain-differential N [--seed S] [--corpus DIR] [--label LABEL]`: the offline run of the
/// differential check of the Swift chain rules against OpenSSL (`scripts/chain-differential`):
/// N inputs, each in both readings, from the real chains of the corpus and the local CA's;
/// prints the counts and every disagreement (with its batch and the leaf, base64); exit status 1
/// if there is one. `--label LABEL` checks only the inputs whose label contains LABEL.
enum ChainDifferentialRun {
  static func run(arguments: [String]) -> Int32 {
    func value(_ flag: String) -> String? {
      arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    let count = value("--chain-differential").flatMap(Int.init) ?? 1_000_000
    let seed = value("--seed").flatMap(UInt64.init) ?? 1
    let onlyLabel = value("--label")
    var tokens: [(name: String, jws: String)] = []
    if let folder = JWSBenchmarks.realTokenFolder(arguments: arguments),
      let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
    {
      for file in files.sorted() where file.hasSuffix(".txt") {
        if let text = try? String(
          contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        {
          tokens.append((file, text.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
      }
    }
    do {
      let bases =
        try ChainDifferential.localBases() + ChainDifferential.realBases(tokens: tokens)
      print("chain-differential: \(bases.count) base chains (\(tokens.count) real), seed \(seed)")
      let differential = try ChainDifferential(bases: bases)
      let start = Date()
      var total = ChainDifferential.Report()
      var done = 0
      while done < count {
        let batch = min(10_000, count - done)
        let report = differential.run(
          count: batch, seed: seed &+ UInt64(done), onlyLabel: onlyLabel)
        total.inputs += report.inputs
        total.bothAccepted += report.bothAccepted
        total.bothRefused += report.bothRefused
        total.stricter.merge(report.stricter, uniquingKeysWith: +)
        total.disagreements += report.disagreements
        for disagreement in report.disagreements {
          print("DISAGREEMENT (batch from \(done)): \(disagreement)")
        }
        done += batch
        print("  \(done) chains, \(Int(Date().timeIntervalSince(start))) s: \(total.summary)")
      }
      print("chain-differential: \(total.summary)")
      return total.disagreements.isEmpty ? 0 : 1
    } catch {
      print("chain-differential: \(error)")
      return 1
    }
  }
}
