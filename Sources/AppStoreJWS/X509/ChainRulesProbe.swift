internal import StoreModel

/// The chain rules on their own, for the differential check against OpenSSL (the tests, the
/// fuzz target and the offline run): the verdict, and the ``StricterRule`` of a refusal where
/// OpenSSL may accept.
package struct ChainRulesProbe: Sendable {
  /// One verdict of the rules.
  package struct Verdict: Sendable, Hashable {
    package var accepted: Bool
    /// The rule of the closed list this refusal rests on, when it is one of them.
    package var stricterRule: String?
    package var reason: String
  }

  private let verifier: ChainVerifier

  /// Rules trusting `roots`, with OpenSSL's default reading (`strict` false) or
  /// `X509_V_FLAG_X509_STRICT`'s; no pool of parsed certificates.
  package init(roots: [Certificate], strict: Bool) throws(AppStoreJWSError) {
    verifier = try ChainVerifier(
      roots: roots, parsedPoolCapacity: 0, profile: strict ? .x509Strict : .openSSLDefault)
  }

  /// The verdict on `leaf` through `intermediate` at `time` (seconds since 1970).
  package func verify(leaf: [UInt8], intermediate: [UInt8], at time: Int64) -> Verdict {
    switch verifier.verifyWithRule(leafDER: leaf, intermediateDER: intermediate, at: time) {
    case .success: Verdict(accepted: true, stricterRule: nil, reason: "")
    case .failure(let refusal):
      Verdict(accepted: false, stricterRule: refusal.rule?.rawValue, reason: refusal.error.reason)
    }
  }
}

/// Signs arbitrary to-be-signed bytes as a certificate: for the differential check's mutations
/// inside `tbsCertificate`, which must still be signed to reach the rules behind the signature.
package enum CertificateSigning {
  /// `SEQUENCE { tbs, algorithm, BIT STRING signature }`, signed by `key` with
  /// ecdsa-with-SHA384 for a P-384 key and ecdsa-with-SHA256 for a P-256 one.
  package static func certificate(tbs: [UInt8], signedBy key: PrivateKey) throws(AppStoreJWSError)
    -> [UInt8]
  {
    let algorithm: DERObjectIdentifier =
      key.key.curve == .p384 ? .ecdsaWithSHA384 : .ecdsaWithSHA256
    let signature = try tbs.withBytes { bytes throws(AppStoreJWSError) in
      try key.key.rawSignature(message: bytes, hash: key.key.curve == .p384 ? .sha384 : .sha256)
    }
    var writer = DERWriter()
    writer.sequence { whole in
      whole.raw(tbs)
      whole.sequence { $0.objectIdentifier(algorithm) }
      whole.bitString(ECDSASignature.der(fromRaw: signature))
    }
    return writer.bytes
  }
}
