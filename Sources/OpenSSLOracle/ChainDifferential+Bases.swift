#if os(Linux)
  package import AppStoreJWS
  internal import Foundation

  extension ChainDifferential {
    /// The chains of real App Store tokens (compact JWS), each against Apple Root CA - G3, at
    /// an hour after the latest `notBefore` of its three certificates.
    package static func realBases(tokens: [(name: String, jws: String)]) -> [Base] {
      tokens.compactMap { token in
        guard let parsed = try? UnverifiedJWS(parsing: token.jws),
          let chain = try? parsed.certificateChain(), chain.count >= 2
        else { return nil }
        let root = Certificate.appleRootCAG3
        let start = [chain[0], chain[1], root].map(\.notValidBefore).max() ?? Date()
        return Base(
          name: token.name, leaf: Array(chain[0].derRepresentation),
          intermediate: Array(chain[1].derRepresentation), roots: [root],
          time: Int64(start.timeIntervalSince1970) + 3600)
      }
    }

    /// The local CA's chains: its own (P-256 throughout), one with P-384 root and
    /// intermediate keys signing with SHA-384, and chains made wrong on purpose (no markers,
    /// markers swapped, a non-CA intermediate, a critical marker, a P-384 leaf key, a root
    /// with a path length of 0).
    package static func localBases(seed: String = "chain-differential") throws(AppStoreJWSError)
      -> [Base]
    {
      let authority = try TestCertificateAuthority(seed: Array(seed.utf8))
      let validity = TestCertificateAuthority.defaultValidity
      let time = Int64(validity.start.timeIntervalSince1970) + 86_400 * 365
      var bases = [
        Base(
          name: "local CA", leaf: Array(authority.leaf.derRepresentation),
          intermediate: Array(authority.intermediate.derRepresentation),
          roots: [authority.root], time: time, leafIssuerKey: authority.intermediateKey,
          intermediateIssuerKey: authority.rootKey)
      ]
      let names = TestCertificateAuthority.Names.localAppStore
      func template(
        _ subject: [CertificateTemplate.NameAttribute], _ serial: UInt8, ca: Bool,
        pathLength: Int? = nil, markers: [String] = [], critical: [String] = []
      ) -> CertificateTemplate {
        CertificateTemplate(
          subject: subject, serialNumber: [serial], notValidBefore: validity.start,
          notValidAfter: validity.end, isCertificateAuthority: ca,
          pathLengthConstraint: pathLength, markerExtensions: markers,
          criticalMarkerExtensions: critical)
      }
      let intermediateMarker = TestCertificateAuthority.intermediateMarkerOID
      let leafMarker = TestCertificateAuthority.leafMarkerOID
      struct Variant {
        var name: String
        var rootCurve: PrivateKey.Curve = .p256
        var rootPathLength: Int?
        var intermediateCA = true
        var intermediateMarkers: [String]
        var intermediateCritical: [String] = []
        var leafMarkers: [String]
        var leafCurve: PrivateKey.Curve = .p256
      }
      let variants = [
        Variant(
          name: "P-384 CA", rootCurve: .p384, intermediateMarkers: [intermediateMarker],
          leafMarkers: [leafMarker]),
        Variant(name: "no markers", intermediateMarkers: [], leafMarkers: []),
        Variant(
          name: "markers swapped", intermediateMarkers: [leafMarker],
          leafMarkers: [intermediateMarker]),
        Variant(
          name: "non-CA intermediate", intermediateCA: false,
          intermediateMarkers: [intermediateMarker], leafMarkers: [leafMarker]),
        Variant(
          name: "critical marker", intermediateMarkers: [],
          intermediateCritical: [intermediateMarker], leafMarkers: [leafMarker]),
        Variant(
          name: "P-384 leaf", intermediateMarkers: [intermediateMarker],
          leafMarkers: [leafMarker], leafCurve: .p384),
        Variant(
          name: "root path length 0", rootPathLength: 0,
          intermediateMarkers: [intermediateMarker], leafMarkers: [leafMarker]),
      ]
      for variant in variants {
        let rootKey = try PrivateKey.generate(curve: variant.rootCurve)
        let intermediateKey = try PrivateKey.generate(curve: variant.rootCurve)
        let leafKey = try PrivateKey.generate(curve: variant.leafCurve)
        let root = try Certificate.issue(
          template(names.root, 1, ca: true, pathLength: variant.rootPathLength),
          subjectKey: rootKey, issuer: nil, issuerKey: rootKey)
        let intermediate = try Certificate.issue(
          template(
            names.intermediate, 2, ca: variant.intermediateCA,
            pathLength: variant.intermediateCA ? 0 : nil, markers: variant.intermediateMarkers,
            critical: variant.intermediateCritical),
          subjectKey: intermediateKey, issuer: root, issuerKey: rootKey)
        let leaf = try Certificate.issue(
          template(names.leaf, 3, ca: false, markers: variant.leafMarkers),
          subjectKey: leafKey, issuer: intermediate, issuerKey: intermediateKey)
        bases.append(
          Base(
            name: "local CA, \(variant.name)", leaf: Array(leaf.derRepresentation),
            intermediate: Array(intermediate.derRepresentation), roots: [root], time: time,
            leafIssuerKey: intermediateKey, intermediateIssuerKey: rootKey))
      }
      return bases
    }
  }
#endif
