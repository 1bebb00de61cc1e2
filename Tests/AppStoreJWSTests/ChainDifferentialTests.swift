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

    /// The subject's `countryName` of the local CA's leaf with its value re-tagged, signed again.
    static func leafWithCountryTag(_ tag: UInt8, in base: ChainDifferential.Base) throws
      -> [UInt8]
    {
      let leaf = base.leaf
      // SEQUENCE (long form, 2 length bytes) { tbsCertificate SEQUENCE (2 length bytes) ... }
      let tbsLength = Int(leaf[6]) << 8 | Int(leaf[7])
      var tbs = Array(leaf[4..<(8 + tbsLength)])
      let country: [UInt8] = [0x06, 0x03, 0x55, 0x04, 0x06, 0x13, 0x02]
      let subjectCountry = try #require(
        tbs.indices.last { tbs[$0...].starts(with: country) })
      tbs[subjectCountry + 5] = tag
      return try CertificateSigning.certificate(
        tbs: tbs, signedBy: try #require(base.leafIssuerKey))
    }

    // Found by the offline run (scripts/chain-differential, seed 20261202): a leaf whose name
    // attribute value had become a context-specific [21] or [0] string, re-signed, was accepted
    // by the Swift reader (a name attribute's value was any element) and refused by OpenSSL
    // (an X509_NAME_ENTRY's value is an ASN1_PRINTABLE: universal string types only). With the
    // old NameString.check this test fails for every tag (watched).
    @Test(
      "a name attribute's value of a type no name has: refused by both sides",
      arguments: [0x95, 0x80, 0x42, 0x1A, 0x04, 0x17] as [UInt8])
    func nameValueOfAnotherType(tag: UInt8) throws {
      let base = try ChainDifferential.localBases()[0]
      let differential = try ChainDifferential(bases: [base])
      var report = ChainDifferential.Report()
      differential.compare(
        0, try Self.leafWithCountryTag(tag, in: base), base.intermediate, base.time,
        label: "countryName re-tagged \(tag)", into: &report)
      #expect(report.disagreements == [])
      #expect(report.bothRefused == 2)
    }

    @Test("a name attribute's value OpenSSL keeps as it is (an unnamed type): refused for `names`")
    func nameValueOfAnUnnamedType() throws {
      let base = try ChainDifferential.localBases()[0]
      let differential = try ChainDifferential(bases: [base])
      var report = ChainDifferential.Report()
      differential.compare(
        0, try Self.leafWithCountryTag(0x1D, in: base), base.intermediate, base.time,
        label: "countryName re-tagged 29", into: &report)
      #expect(report.disagreements == [])
      #expect(report.stricter == ["names": 2])
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
