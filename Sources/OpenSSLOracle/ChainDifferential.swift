#if os(Linux)
  package import AppStoreJWS
  import StoreInternals
  internal import Foundation

  /// The differential check of the Swift chain rules against OpenSSL's `X509_verify_cert`:
  /// the same chains to both, in both readings (OpenSSL's default flags against the verifier's
  /// rules, `X509_V_FLAG_X509_STRICT` against the strict profile), the same answer required.
  ///
  /// A disagreement is either the Swift side accepting what OpenSSL refuses (never allowed), or
  /// refusing what OpenSSL accepts without naming a rule of the closed list (`StricterRule`,
  /// SECURITY.md). Inputs are base chains — the real App Store chains of the corpus and the
  /// local CA's, with chains re-signed to be expired, not yet valid, without or with wrong
  /// markers, with a non-CA intermediate, an unknown critical extension, P-384 keys — and
  /// seeded mutations of them: bytes flipped anywhere, certificates swapped or repeated,
  /// trailing bytes, the outer lengths made non-minimal or indefinite, and edits inside
  /// `tbsCertificate` that are signed again with the issuer's key (so the rules behind the
  /// signature are reached): serials negative or huge, validity and extensions changed, names
  /// changed, absurd lengths.
  package struct ChainDifferential: Sendable {
    /// A chain and what verifies it.
    package struct Base: Sendable {
      package var name: String
      package var leaf: [UInt8]
      package var intermediate: [UInt8]
      package var roots: [Certificate]
      package var time: Int64
      /// The keys that signed the leaf and the intermediate, when known (the local CA's): to
      /// sign mutations of their to-be-signed parts again.
      package var leafIssuerKey: PrivateKey?
      package var intermediateIssuerKey: PrivateKey?

      package init(
        name: String, leaf: [UInt8], intermediate: [UInt8], roots: [Certificate], time: Int64,
        leafIssuerKey: PrivateKey? = nil, intermediateIssuerKey: PrivateKey? = nil
      ) {
        self.name = name
        self.leaf = leaf
        self.intermediate = intermediate
        self.roots = roots
        self.time = time
        self.leafIssuerKey = leafIssuerKey
        self.intermediateIssuerKey = intermediateIssuerKey
      }
    }

    /// The counts of a run.
    package struct Report: Sendable {
      package var inputs = 0
      package var bothAccepted = 0
      package var bothRefused = 0
      /// Refusals by the Swift side only, by rule of the closed list.
      package var stricter: [String: Int] = [:]
      /// Every disagreement, described.
      package var disagreements: [String] = []

      package init() {}

      package var summary: String {
        let rules = stricter.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        return
          "\(inputs) inputs: \(bothAccepted) accepted by both, \(bothRefused) refused by both, "
          + "\(stricter.values.reduce(0, +)) refused by the Swift side only (\(rules.joined(separator: ", "))), "
          + "\(disagreements.count) disagreements"
      }
    }

    struct Judge {
      let swift: ChainRulesProbe
      let openSSL: OpenSSLChainOracle
    }

    let bases: [Base]
    private let judges: [[Judge]]

    /// A check over `bases`.
    package init(bases: [Base]) throws(AppStoreJWSError) {
      self.bases = bases
      var judges: [[Judge]] = []
      for base in bases {
        var pair: [Judge] = []
        for strict in [false, true] {
          let swift = try ChainRulesProbe(roots: base.roots, strict: strict)
          guard
            let oracle = OpenSSLChainOracle(
              rootDERs: base.roots.map { Array($0.derRepresentation) }, strict: strict)
          else {
            throw AppStoreJWSError(
              code: .invalidConfiguration, reason: "OpenSSL refuses a root of \(base.name)")
          }
          pair.append(Judge(swift: swift, openSSL: oracle))
        }
        judges.append(pair)
      }
      self.judges = judges
    }

    /// Runs `count` inputs from `seed`: first every base as it is, then mutations. With
    /// `onlyLabel`, the inputs are made as always (the same seed gives the same inputs) but
    /// only those whose label contains it are checked: a disagreement found in a long run is
    /// replayed in seconds.
    package func run(count: Int, seed: UInt64, onlyLabel: String? = nil) -> Report {
      var report = Report()
      var generator = SeededGenerator(seed: seed)
      for index in 0..<count {
        let baseIndex = index < bases.count ? index : Int(generator.next() % UInt64(bases.count))
        let base = bases[baseIndex]
        var leaf = base.leaf
        var intermediate = base.intermediate
        var time = base.time
        var label = "\(base.name) as is"
        if index >= bases.count {
          label = Mutation.apply(
            &leaf, &intermediate, &time, base: base, using: &generator)
        }
        if let onlyLabel, !label.contains(onlyLabel) { continue }
        compare(baseIndex, leaf, intermediate, time, label: label, into: &report)
      }
      return report
    }

    /// Compares both sides on one input, in both readings.
    package func compare(
      _ baseIndex: Int, _ leaf: [UInt8], _ intermediate: [UInt8], _ time: Int64, label: String,
      into report: inout Report
    ) {
      for (reading, judge) in zip(["default", "strict"], judges[baseIndex]) {
        report.inputs += 1
        let swift = judge.swift.verify(leaf: leaf, intermediate: intermediate, at: time)
        let openSSL = judge.openSSL.verify(leafDER: leaf, intermediateDER: intermediate, at: time)
        switch (swift.accepted, openSSL.isAccepted) {
        case (true, true): report.bothAccepted += 1
        case (false, false): report.bothRefused += 1
        case (true, false):
          report.disagreements.append(
            "\(label) [\(reading)]: the Swift side accepts what OpenSSL refuses (\(openSSL)); "
              + "leaf \(Data(leaf).base64EncodedString())")
        case (false, true):
          if let rule = swift.stricterRule {
            report.stricter[rule, default: 0] += 1
          } else {
            report.disagreements.append(
              "\(label) [\(reading)]: the Swift side refuses, naming no rule of the list, what "
                + "OpenSSL accepts: \(swift.reason)")
          }
        }
      }
    }
  }
#endif
