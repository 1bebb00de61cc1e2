#if os(Linux)
  import AppStoreJWS
  import OpenSSLOracle

  /// Fuzzes the Swift DER and X.509 readers (certificates, PEM, PKCS#8 and SEC 1 keys, ECDSA
  /// signatures) on any bytes, and compares the chain rules with OpenSSL's on each input put in
  /// the local CA's chain as the leaf, then as the intermediate (both readings). The oracle: no
  /// crash, no hang, no leak, no disagreement (see `ChainDifferential`).
  @_spi(Fuzz) public final class X509Harness: Sendable {
    /// The harness of the process.
    public static let shared = X509Harness()

    private let differential: ChainDifferential
    private let base: ChainDifferential.Base

    private init() {
      do {
        guard let base = try ChainDifferential.localBases().first else {
          fuzzFinding("the local CA has no chain")
        }
        self.base = base
        self.differential = try ChainDifferential(bases: [base])
      } catch {
        fuzzFinding("cannot make the local CA's chain: \(error)")
      }
    }

    /// Checks one input.
    public func check(_ bytes: UnsafeBufferPointer<UInt8>) {
      let input = Array(bytes)
      _ = ColdPathParts.parse(input)
      _ = ColdPathParts.parsePrivateKey(input)
      _ = ColdPathParts.parseSignature(input)
      _ = try? Certificate.certificates(pemEncoded: String(decoding: input, as: UTF8.self))
      var report = ChainDifferential.Report()
      differential.compare(
        0, input, base.intermediate, base.time, label: "the input as the leaf", into: &report)
      differential.compare(
        0, base.leaf, input, base.time, label: "the input as the intermediate", into: &report)
      if let disagreement = report.disagreements.first { fuzzFinding(disagreement) }
    }
  }
#endif
