import StoreInternals
package import StoreModel

/// A chain that passed every check: what signature verification needs from it, and when it holds.
package struct VerifiedChain: Sendable {
  /// The leaf's public key (P-256), imported once.
  package let leafKey: PlatformPublicKey
  /// The chain holds at validation times `validFrom ..< validUntil` (seconds since 1970): the
  /// intersection of the three certificates' validity periods. Every other check is timeless.
  let validFrom: Int64
  let validUntil: Int64

  package func holds(at time: Int64) -> Bool { validFrom <= time && time < validUntil }
}

/// Why a chain was refused: the error a verification reports, and the rule of the closed list
/// (``StricterRule``) when the refusal is one where OpenSSL would have accepted.
struct ChainRefusal: Error, Sendable {
  let error: VerificationError
  let rule: StricterRule?

  init(_ code: VerificationError.Code, _ reason: String, rule: StricterRule? = nil) {
    self.error = VerificationError(code, reason)
    self.rule = rule
  }
}

/// The two readings of RFC 5280 that OpenSSL's `X509_verify_cert` offers, which the chain
/// rules follow exactly.
package enum ChainProfile: Sendable, Hashable, CaseIterable {
  /// OpenSSL's default flags, which the verifier has always applied: Apple's own test chains
  /// (no authority or subject key identifiers, basic constraints not critical) verify.
  case openSSLDefault
  /// `X509_V_FLAG_X509_STRICT`, which Apple's Python library sets by default
  /// (`_ChainVerifier(..., enable_strict_checks=True)` in
  /// apple/app-store-server-library-python, `appstoreserverlibrary/signed_data_verifier.py`):
  /// the profile checks of RFC 5280 §4.2.1.1–§4.2.1.9 on every certificate of the chain.
  case x509Strict
}

/// Verifies App Store certificate chains against configured roots only, by the rules of RFC
/// 5280 §6.1 for the one shape App Store data has.
///
/// What it checks, in Apple's `ChainVerifier` order: both certificates parse (strict DER,
/// X.509 v3); a path from the leaf through the one given intermediate to a configured root at
/// the validation time — each certificate's issuer name equal to the next one's subject, its
/// authority key identifier to the next one's subject key identifier where both are present,
/// its ECDSA signature (SHA-256 or SHA-384) by the next one's key; every certificate valid at
/// the time (`notBefore ≤ t < notAfter`, to the second, as OpenSSL's `X509_cmp_time`); the
/// intermediate a CA (basic constraints `cA`, a key usage if any with keyCertSign), the root a
/// CA as OpenSSL's `check_ca` reads one, its path length allowing one intermediate; no
/// certificate with a critical extension other than basic constraints and key usage; under
/// ``ChainProfile/x509Strict`` also RFC 5280's profile checks; so a chain of exactly three; the
/// intermediate's marker extension 1.2.840.113635.100.6.2.1 and the leaf's
/// 1.2.840.113635.100.6.11.1; a P-256 leaf key. OpenSSL's `X509_verify_cert` is this code's
/// oracle in the tests (`OpenSSLChainOracle`), never its implementation.
///
/// Parsing is not verifying: unless `parsedPoolCapacity` is 0, the parsed forms of the
/// certificates of the last few chains that verified (fields and imported key, keyed by their
/// DER, no verification result attached) are kept and reused, as TLS stacks keep an
/// intermediate pool. Every call still checks every signature and rule.
///
/// `@unchecked Sendable` invariant: the roots are set in `init` and only read afterwards; the
/// pool is behind a `Locked`, and pooled links are immutable.
package final class ChainVerifier: @unchecked Sendable {
  static let intermediateMarkerOID = DERObjectIdentifier.appleIntermediateMarker.description
  static let leafMarkerOID = DERObjectIdentifier.appleLeafMarker.description

  let roots: [Certificate]
  /// Which of OpenSSL's two readings of RFC 5280 the rules follow.
  let profile: ChainProfile
  private let rootLinks: [Link]
  private let parsedPool = Locked<[Link]>([])
  private let parsedPoolCapacity: Int

  /// A parsed certificate and its imported key (`nil` when it is not P-256 or P-384).
  package final class Link: Sendable {
    let certificate: X509Certificate
    package let key: PlatformPublicKey?

    init(_ certificate: X509Certificate) {
      self.certificate = certificate
      if case .ec(let curve, let point) = certificate.publicKey {
        self.key = try? point.withBytes { bytes throws(AppStoreJWSError) in
          try PlatformPublicKey(curve: curve, x963Representation: bytes)
        }
      } else {
        self.key = nil
      }
    }
  }

  /// A verifier of chains to `roots`, reusing the parsed forms of up to `parsedPoolCapacity`
  /// certificates.
  package init(
    roots: [Certificate], parsedPoolCapacity: Int = 16, profile: ChainProfile = .openSSLDefault
  ) throws(AppStoreJWSError) {
    self.roots = roots
    self.profile = profile
    self.rootLinks = roots.map(\.link)
    self.parsedPoolCapacity = max(0, parsedPoolCapacity)
  }

  /// Verifies `x5c[0]` (leaf) and `x5c[1]` (intermediate) up to a configured root at `time`.
  package func verify(leafDER: [UInt8], intermediateDER: [UInt8], at time: Int64)
    -> Result<VerifiedChain, VerificationError>
  {
    verifyWithRule(leafDER: leafDER, intermediateDER: intermediateDER, at: time).mapError(\.error)
  }

  /// ``verify(leafDER:intermediateDER:at:)``, with the rule of a refusal the oracle may not
  /// share: what the differential check compares.
  func verifyWithRule(leafDER: [UInt8], intermediateDER: [UInt8], at time: Int64)
    -> Result<VerifiedChain, ChainRefusal>
  {
    let leaf: Link
    let intermediate: Link
    switch parsed(leafDER, name: "x5c[0]") {
    case .success(let link): leaf = link
    case .failure(let refusal): return .failure(refusal)
    }
    switch parsed(intermediateDER, name: "x5c[1]") {
    case .success(let link): intermediate = link
    case .failure(let refusal): return .failure(refusal)
    }
    let candidates = rootLinks.filter { $0.certificate.subject == intermediate.certificate.issuer }
    guard !candidates.isEmpty else {
      // OpenSSL compares names canonically: a root whose name differs only in case or spaces
      // would be found there.
      return .failure(
        ChainRefusal(
          .invalidChain, "x5c[1]'s issuer is not the subject of a configured root",
          rule: .names))
    }
    var firstRefusal: ChainRefusal?
    for root in candidates {
      switch Self.checkPath(
        leaf: leaf, intermediate: intermediate, root: root, at: time, profile: profile)
      {
      case .success(let chain):
        pool(intermediate)
        pool(leaf)
        return .success(chain)
      case .failure(let refusal):
        if firstRefusal == nil { firstRefusal = refusal }
      }
    }
    return .failure(
      firstRefusal ?? ChainRefusal(.invalidChain, "no configured root completes the chain"))
  }

  /// The rules of one path leaf → intermediate → root.
  private static func checkPath(
    leaf: Link, intermediate: Link, root: Link, at time: Int64, profile: ChainProfile
  ) -> Result<VerifiedChain, ChainRefusal> {
    let chain = [leaf, intermediate, root]
    let names = ["the leaf", "the intermediate", "the root"]
    // Issuing: names, key identifiers, signatures (RFC 5280 §6.1.3 (a)(1), (a)(4)).
    for index in 0..<2 {
      let child = chain[index].certificate
      let issuer = chain[index + 1]
      guard child.issuer == issuer.certificate.subject else {
        return .failure(
          ChainRefusal(
            .invalidChain, "\(names[index])'s issuer is not \(names[index + 1])'s subject",
            rule: .names))
      }
      if let authority = child.extensions.authorityKeyIdentifier,
        let subjectKey = issuer.certificate.extensions.subjectKeyIdentifier,
        authority != subjectKey
      {
        return .failure(
          ChainRefusal(
            .invalidChain,
            "\(names[index])'s authority key identifier is not \(names[index + 1])'s key identifier"
          ))
      }
      if let refusal = checkSignature(of: child, by: issuer, names[index], names[index + 1]) {
        return .failure(refusal)
      }
    }
    // Validity (§6.1.3 (a)(2)), with OpenSSL's bounds: valid when notBefore ≤ t < notAfter.
    var from = Int64.min
    var until = Int64.max
    for (link, name) in zip(chain, names) {
      let certificate = link.certificate
      guard certificate.notBefore <= time else {
        return .failure(
          ChainRefusal(.invalidChain, "\(name) is not yet valid at the validation time"))
      }
      guard time < certificate.notAfter else {
        return .failure(ChainRefusal(.invalidChain, "\(name) has expired at the validation time"))
      }
      from = max(from, certificate.notBefore)
      until = min(until, certificate.notAfter)
    }
    // Each certificate's extensions and profile.
    for (position, (link, name)) in zip(chain, names).enumerated() {
      if let refusal = checkProfile(link.certificate, name, position: position, profile: profile) {
        return .failure(refusal)
      }
    }
    // The path length: the intermediate counts unless it is self-issued (§6.1.4 (l)).
    if let length = root.certificate.extensions.basicConstraints?.pathLength,
      length < 1, !intermediate.certificate.isSelfIssued
    {
      return .failure(
        ChainRefusal(.invalidChain, "the root's path length constraint allows no intermediate"))
    }
    // Apple's rules.
    guard intermediate.certificate.extensions.contains(.appleIntermediateMarker) else {
      return .failure(
        ChainRefusal(
          .invalidChain, "the intermediate lacks extension \(ChainVerifier.intermediateMarkerOID)")
      )
    }
    guard leaf.certificate.extensions.contains(.appleLeafMarker) else {
      return .failure(
        ChainRefusal(.invalidChain, "the leaf lacks extension \(ChainVerifier.leafMarkerOID)"))
    }
    guard let key = leaf.key, key.curve == .p256 else {
      return .failure(ChainRefusal(.invalidCertificate, "the leaf's key is not P-256"))
    }
    return .success(VerifiedChain(leafKey: key, validFrom: from, validUntil: until))
  }

  /// The ECDSA signature of `child` by `issuer`'s key.
  private static func checkSignature(
    of child: X509Certificate, by issuer: Link, _ childName: String, _ issuerName: String
  ) -> ChainRefusal? {
    guard let hash = child.signatureAlgorithm.hash else {
      return ChainRefusal(
        .invalidChain, "\(childName) is not signed with ecdsa-with-SHA256 or -SHA384",
        rule: .algorithms)
    }
    guard let key = issuer.key else {
      return ChainRefusal(
        .invalidChain, "\(issuerName)'s key is not a P-256 or P-384 key", rule: .algorithms)
    }
    guard let raw = ECDSASignature.raw(fromDER: Array(child.signature), curve: key.curve) else {
      return ChainRefusal(.invalidChain, "\(childName)'s signature is not a DER ECDSA-Sig-Value")
    }
    let holds = child.der.withUnsafeBytes { whole in
      raw.withUnsafeBytes { signature in
        key.isValidSignature(
          rawSignature: signature, message: UnsafeRawBufferPointer(rebasing: whole[child.tbsRange]),
          hash: hash)
      }
    }
    guard holds else {
      return ChainRefusal(.invalidChain, "\(childName)'s signature is not \(issuerName)'s")
    }
    return nil
  }

  /// OpenSSL's `check_ca` (RFC 5280 §4.2.1.9 and §4.2.1.3 as it reads them) for a v3
  /// certificate: 1 for basic constraints with `cA`, 4 for no basic constraints but a key usage
  /// with keyCertSign, 0 otherwise (a key usage without keyCertSign, `cA` absent).
  private static func caKind(_ extensions: X509Extensions) -> Int {
    if let usage = extensions.keyUsage, !usage.contains(X509Extensions.KeyUsage.keyCertSign) {
      return 0
    }
    if let constraints = extensions.basicConstraints {
      return constraints.isCertificateAuthority ? 1 : 0
    }
    return extensions.keyUsage == nil ? 0 : 4
  }

  /// A certificate's extensions and RFC 5280 profile at `position` (0 leaf, 1 intermediate,
  /// 2 root), as OpenSSL's `check_chain` and, under `X509_V_FLAG_X509_STRICT`,
  /// `check_extensions` read them.
  private static func checkProfile(
    _ certificate: X509Certificate, _ name: String, position: Int, profile: ChainProfile
  ) -> ChainRefusal? {
    let extensions = certificate.extensions
    if let critical = extensions.unhandledCritical {
      return ChainRefusal(
        .invalidChain, "\(name) has critical extension \(critical), which is not processed",
        rule: X509Extensions.processedByOpenSSL.contains(critical) ? .criticalExtensions : nil)
    }
    let kind = caKind(extensions)
    switch position {
    case 1:
      guard kind == 1 else {
        return ChainRefusal(
          .invalidChain, "\(name) is not a certificate authority (basic constraints, keyCertSign)")
      }
    case 2:
      guard kind != 0, profile == .openSSLDefault || kind == 1 else {
        return ChainRefusal(.invalidChain, "\(name) is not a certificate authority")
      }
    default:
      guard profile == .openSSLDefault || kind <= 1 else {
        return ChainRefusal(.invalidChain, "\(name) has keyCertSign without basic constraints")
      }
    }
    guard profile == .x509Strict else { return nil }
    // RFC 5280's profile, as X509_V_FLAG_X509_STRICT checks it.
    let constraints = extensions.basicConstraints
    let isCA = constraints?.isCertificateAuthority ?? false
    let usage = extensions.keyUsage
    let signsCertificates = usage?.contains(X509Extensions.KeyUsage.keyCertSign) ?? false
    if constraints?.pathLength != nil, !isCA {
      return ChainRefusal(.invalidChain, "\(name) has a path length but is not a CA")
    }
    if constraints?.pathLength != nil, !signsCertificates {
      return ChainRefusal(.invalidChain, "\(name) has a path length but no keyCertSign")
    }
    if isCA {
      guard constraints?.isCritical == true else {
        return ChainRefusal(.invalidChain, "\(name)'s basic constraints are not critical")
      }
      guard usage != nil else {
        return ChainRefusal(.invalidChain, "\(name) is a CA without key usage")
      }
      guard extensions.subjectKeyIdentifier != nil else {
        return ChainRefusal(.invalidChain, "\(name) is a CA without a subject key identifier")
      }
    } else if signsCertificates {
      return ChainRefusal(.invalidChain, "\(name) has keyCertSign but is not a CA")
    }
    if let critical = extensions.criticalKeyIdentifier {
      return ChainRefusal(.invalidChain, "\(name) marks its key identifier \(critical) critical")
    }
    if position < 2, extensions.authorityKeyIdentifier == nil {
      return ChainRefusal(.invalidChain, "\(name) has no authority key identifier")
    }
    guard !certificate.issuerIsEmpty else {
      return ChainRefusal(.invalidChain, "\(name)'s issuer name is empty")
    }
    guard !certificate.subjectIsEmpty else {
      return ChainRefusal(.invalidChain, "\(name)'s subject name is empty", rule: .names)
    }
    return nil
  }

  /// The parsed certificate of `der`: from the pool, or parsed now.
  private func parsed(_ der: [UInt8], name: String) -> Result<Link, ChainRefusal> {
    if parsedPoolCapacity > 0 {
      if let pooled = parsedPool.withLock({ $0.first { $0.certificate.der == der } }) {
        return .success(pooled)
      }
    }
    do throws(DERError) {
      return .success(Link(try X509Certificate(der: der)))
    } catch {
      return .failure(ChainRefusal(.invalidCertificate, "\(name): \(error)", rule: error.rule))
    }
  }

  /// Keeps the parsed form of a certificate of a chain that verified (most recent first).
  private func pool(_ link: Link) {
    guard parsedPoolCapacity > 0 else { return }
    let capacity = parsedPoolCapacity
    parsedPool.withLock { pool in
      guard !pool.contains(where: { $0 === link }) else { return }
      pool.insert(link, at: 0)
      if pool.count > capacity { pool.removeLast() }
    }
  }

  /// Checks a single self-signed certificate that is itself a configured root, at `time`:
  /// StoreKit Testing in Xcode signs with such a certificate (its `x5c` holds only it).
  func verifyConfiguredRoot(der: [UInt8], at time: Int64) -> Result<
    VerifiedChain, VerificationError
  > {
    guard let root = rootLinks.first(where: { $0.certificate.der == der }) else {
      return .failure(
        VerificationError(
          .invalidChain, "the single x5c certificate is not one of the configured roots"))
    }
    guard let key = root.key, key.curve == .p256 else {
      return .failure(VerificationError(.invalidCertificate, "the certificate's key is not P-256"))
    }
    let chain = VerifiedChain(
      leafKey: key, validFrom: root.certificate.notBefore, validUntil: root.certificate.notAfter)
    guard chain.holds(at: time) else {
      return .failure(
        VerificationError(.invalidChain, "the certificate is not valid at the validation time"))
    }
    return .success(chain)
  }
}
