internal import COpenSSL
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
/// chain it has never seen — both certificates parsed, the path validated, the token's
/// signature checked — the least a verification with every cache off can cost.
package struct OpenSSLBaseline: @unchecked Sendable {
  // `@unchecked Sendable`: the handles and the store are filled in `init` and only read after,
  // by OpenSSL.
  private let signingInput: [UInt8]
  private let derSignature: [UInt8]
  private let leafKey: EVPKey
  private let leaf: X509Handle
  private let intermediate: X509Handle
  private let intermediateKey: EVPKey
  private let rootKey: EVPKey
  private let chains: ChainVerifier
  private let validationTime: Int64

  /// Prepares the checks of `jws`, whose `x5c` leads to `root`.
  /// - Throws: `AppStoreJWSError` when the token or its certificates do not parse.
  package init(jws: String, root: Certificate) throws(AppStoreJWSError) {
    let parsed: UnverifiedJWS
    do {
      parsed = try UnverifiedJWS(parsing: jws)
    } catch {
      throw AppStoreJWSError(.invalidConfiguration, "not a compact JWS: \(error.reason)")
    }
    let chain: [Certificate]
    do {
      chain = try parsed.certificateChain()
    } catch {
      throw AppStoreJWSError(.invalidCertificate, error.reason)
    }
    guard chain.count >= 2, parsed.signature.count == ES256.signatureCount,
      let leafKey = chain[0].handle.publicKey(),
      let intermediateKey = chain[1].handle.publicKey(),
      let rootKey = root.handle.publicKey()
    else {
      throw AppStoreJWSError(
        .invalidConfiguration, "the token has no ES256 signature and x5c chain")
    }
    var der = [UInt8](repeating: 0, count: 72)
    let count = Array(parsed.signature).withUnsafeBytes { raw in
      der.withUnsafeMutableBufferPointer { ES256.encodeDER(raw: raw, into: $0) }
    }
    self.signingInput = Array(parsed.signingInput.utf8)
    self.derSignature = Array(der.prefix(count))
    self.leafKey = leafKey
    self.leaf = chain[0].handle
    self.intermediate = chain[1].handle
    self.intermediateKey = intermediateKey
    self.rootKey = rootKey
    self.chains = try ChainVerifier(roots: [root], parsedPoolCapacity: 0)
    let starts = [chain[0].handle.notBefore, chain[1].handle.notBefore, root.handle.notBefore]
    self.validationTime = starts.compactMap { $0 }.max() ?? 0
  }

  /// One ES256 check: SHA-256 of the signing input, then ECDSA P-256 verification.
  package func verifyTokenSignature() -> Bool {
    let digest = signingInput.withUnsafeBytes { ES256.sha256($0) }
    return digest.withUnsafeBytes { digest in
      derSignature.withUnsafeBytes {
        leafKey.verifyWithFreshContext(digest: digest, derSignature: $0)
      }
    }
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
    guard let leafCopy = try? X509Handle(der: leaf.der),
      let intermediateCopy = try? X509Handle(der: intermediate.der),
      chains.validatePath(leaf: leafCopy, intermediate: intermediateCopy, at: validationTime),
      let key = leafCopy.publicKey()
    else { return false }
    let digest = signingInput.withUnsafeBytes { ES256.sha256($0) }
    return digest.withUnsafeBytes { digest in
      derSignature.withUnsafeBytes { key.verifyWithFreshContext(digest: digest, derSignature: $0) }
    }
  }
}
