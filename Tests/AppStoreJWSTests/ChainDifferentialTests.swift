#if os(Linux)
  import AppStoreJWS
  import Foundation
  import OpenSSLOracle
  import Testing

  /// The Swift chain rules against OpenSSL's `X509_verify_cert` (the oracle, Linux only), in
  /// both readings, on a CI-sized sample; the offline run of a million inputs is
  /// `scripts/chain-differential`.
  @Suite struct ChainDifferentialTests {
    static func realTokens() throws -> [(name: String, jws: String)] {
      guard let folder = Corpus.jws?.appendingPathComponent("real") else { return [] }
      let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0.hasSuffix(".txt") }.sorted()
      return try files.map { file in
        (file, try Corpus.text("real/\(file)").trimmingCharacters(in: .whitespacesAndNewlines))
      }
    }

    @Test(
      "every real App Store chain is accepted by both sides, in both readings",
      .enabled(if: Corpus.isPresent, Corpus.absent))
    func realChains() throws {
      let bases = ChainDifferential.realBases(tokens: try Self.realTokens())
      #expect(bases.count == 56)
      let report = try ChainDifferential(bases: bases).run(count: bases.count, seed: 1)
      #expect(report.disagreements == [])
      #expect(report.bothAccepted == 2 * bases.count)
    }

    @Test("the local CA's chains: its own accepted by both, each wrong one refused by both")
    func localChains() throws {
      let bases = try ChainDifferential.localBases()
      let differential = try ChainDifferential(bases: bases)
      let report = differential.run(count: bases.count, seed: 1)
      #expect(report.disagreements == [])
      // The local CA and its P-384 twin verify, in both readings; every other base is refused.
      #expect(report.bothAccepted == 4)
      #expect(report.bothRefused == 2 * bases.count - 4)
    }

    @Test(
      "3,000 seeded mutations of real and local chains: the same answer from both sides",
      .enabled(if: Corpus.isPresent, Corpus.absent))
    func mutations() throws {
      let bases =
        try ChainDifferential.localBases()
        + ChainDifferential.realBases(tokens: Array(try Self.realTokens().prefix(8)))
      let report = try ChainDifferential(bases: bases).run(count: 3000, seed: 22)
      #expect(report.disagreements == [], "\(report.summary)")
      #expect(report.inputs == 6000)
      // The sample reaches both verdicts, and the rules behind the signatures.
      #expect(report.bothAccepted > 100)
      #expect(report.bothRefused > 1000)
    }
  }
#endif
