#if os(Linux)
  package import AppStoreJWS
  internal import COpenSSL
  internal import Foundation
  internal import StoreModel

  /// What OpenSSL alone costs for a token's signature checks: the baseline of the benchmark.
  ///
  /// Everything that is not a signature check is done once in `init` (splitting, base64, parsing
  /// the certificates and keys, converting the signature to DER), so each check measures only
  /// OpenSSL as a one-off verification uses it: `SHA256()` of the signing input and
  /// `EVP_PKEY_verify` in a fresh context, and for a chain the two certificate signatures
  /// (`X509_verify`: hash of the to-be-signed part, ECDSA verification).
  ///
  /// ``verifyChainFromDER()`` is the other reference: what OpenSSL alone spends on a token whose
  /// chain it has never seen — both certificates parsed, the path validated (with
  /// `X509_V_FLAG_X509_STRICT`), the token's signature checked.
  package struct OpenSSLBaseline: Sendable {
    private let signingInput: [UInt8]
    private let derSignature: [UInt8]
    private let leafKey: OpenSSLKey
    private let leaf: OpenSSLCertificate
    private let intermediate: OpenSSLCertificate
    private let intermediateKey: OpenSSLKey
    private let rootKey: OpenSSLKey
    private let chains: OpenSSLChainOracle
    private let validationTime: Int64

    /// Prepares the checks of `jws`, whose `x5c` leads to `root`.
    /// - Throws: `AppStoreJWSError` when the token or its certificates do not parse.
    package init(jws: String, root: Certificate) throws(AppStoreJWSError) {
      let parsed: UnverifiedJWS
      do {
        parsed = try UnverifiedJWS(parsing: jws)
      } catch {
        throw AppStoreJWSError(code: .invalidConfiguration, reason: "not a compact JWS")
      }
      let chain: [Certificate]
      do {
        chain = try parsed.certificateChain()
      } catch {
        throw AppStoreJWSError(code: .invalidCertificate, reason: error.reason)
      }
      guard chain.count >= 2, parsed.signature.count == 64,
        let leaf = OpenSSLCertificate(der: Array(chain[0].derRepresentation)),
        let intermediate = OpenSSLCertificate(der: Array(chain[1].derRepresentation)),
        let rootCertificate = OpenSSLCertificate(der: Array(root.derRepresentation)),
        let leafKey = leaf.publicKey(), let intermediateKey = intermediate.publicKey(),
        let rootKey = rootCertificate.publicKey(),
        let oracle = OpenSSLChainOracle(rootDERs: [Array(root.derRepresentation)]),
        let der = Self.derSignature(raw: Array(parsed.signature))
      else {
        throw AppStoreJWSError(
          code: .invalidConfiguration, reason: "the token has no ES256 signature and x5c chain")
      }
      self.signingInput = Array(parsed.signingInput.utf8)
      self.derSignature = der
      self.leafKey = leafKey
      self.leaf = leaf
      self.intermediate = intermediate
      self.intermediateKey = intermediateKey
      self.rootKey = rootKey
      self.chains = oracle
      let starts = [chain[0].notValidBefore, chain[1].notValidBefore, root.notValidBefore]
      self.validationTime = Int64(starts.max()?.timeIntervalSince1970 ?? 0)
    }

    /// The DER ECDSA-Sig-Value of a raw `r‖s`, by OpenSSL.
    package static func derSignature(raw: [UInt8]) -> [UInt8]? {
      guard let signature = ECDSA_SIG_new() else { return nil }
      defer { ECDSA_SIG_free(signature) }
      let half = Int32(raw.count / 2)
      guard let r = BN_bin2bn(raw, half, nil),
        let s = BN_bin2bn(Array(raw.dropFirst(raw.count / 2)), half, nil)
      else { return nil }
      guard ECDSA_SIG_set0(signature, r, s) == 1 else {
        BN_free(r)
        BN_free(s)
        return nil
      }
      var output: UnsafeMutablePointer<UInt8>?
      let count = i2d_ECDSA_SIG(signature, &output)
      guard count > 0, let output else { return nil }
      defer { sts_OPENSSL_free(output) }
      return Array(UnsafeBufferPointer(start: output, count: Int(count)))
    }

    private func tokenDigest() -> [UInt8] {
      [UInt8](unsafeUninitializedCapacity: 32) { digest, initialized in
        _ = SHA256(signingInput, signingInput.count, digest.baseAddress)
        initialized = 32
      }
    }

    /// One ES256 check: SHA-256 of the signing input, then ECDSA P-256 verification.
    package func verifyTokenSignature() -> Bool {
      leafKey.verify(digest: tokenDigest(), derSignature: derSignature)
    }

    /// The three signature checks of an uncached verification: the token's, the leaf
    /// certificate's (by the intermediate) and the intermediate's (by the root).
    package func verifyAllSignatures() -> Bool {
      let leafSigned = X509_verify(leaf.pointer, intermediateKey.pointer) == 1
      let intermediateSigned = X509_verify(intermediate.pointer, rootKey.pointer) == 1
      return verifyTokenSignature() && leafSigned && intermediateSigned
    }

    /// What OpenSSL alone does for a chain seen for the first time: `d2i_X509` of the leaf and
    /// the intermediate, `X509_verify_cert` up to the root (in a fresh `X509_STORE_CTX`, the
    /// store made once), then the token's ES256 check in a fresh context with the parsed leaf's
    /// key. No marker, length or validity-window checks, no base64, no JSON.
    package func verifyChainFromDER() -> Bool {
      guard let leafCopy = OpenSSLCertificate(der: leaf.der),
        let intermediateCopy = OpenSSLCertificate(der: intermediate.der),
        chains.validatePath(leaf: leafCopy, intermediate: intermediateCopy, at: validationTime),
        let key = leafCopy.publicKey()
      else { return false }
      return key.verify(digest: tokenDigest(), derSignature: derSignature)
    }
  }
#endif
