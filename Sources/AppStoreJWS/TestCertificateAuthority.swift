package import Foundation
package import StoreModel

/// A three-level P-256 certificate authority shaped like Apple's App Store chain: a root, an
/// intermediate with Apple's intermediate marker (1.2.840.113635.100.6.2.1) and a leaf with the
/// receipt-signing marker (1.2.840.113635.100.6.11.1).
///
/// The local App Store signs its data with it, and tests use it to make valid data and to forge
/// attacks. Made from a seed, its keys, names, serial numbers and validity are the same on every
/// run; certificate signatures differ between runs, because the primitive signs ECDSA with a
/// random nonce (libcrypto 3.0 has no RFC 6979; CryptoKit randomizes too), so a CA meant to
/// persist is saved with ``archive()`` and reloaded with ``init(archive:)``: its keys as PKCS#8
/// DER (``KeyEncoding`` documents the one encoding), so an archive made on Linux opens on a Mac.
package struct TestCertificateAuthority: Sendable, Hashable {
  /// The self-signed root: the trust anchor a verifier of this CA's data is configured with.
  package let root: Certificate
  /// The root's private key: it signs the root itself and the intermediate.
  package let rootKey: PrivateKey
  /// The intermediate, issued by the root.
  package let intermediate: Certificate
  /// The intermediate's private key: it signs the leaf.
  package let intermediateKey: PrivateKey
  /// The leaf, issued by the intermediate: its key signs tokens.
  package let leaf: Certificate
  /// The leaf's private key, the one that signs every token.
  package let leafKey: PrivateKey

  /// The names a test CA gives its certificates.
  package struct Names: Sendable, Hashable {
    /// The root's subject name, attribute by attribute (its issuer too: the root signs itself).
    package var root: [CertificateTemplate.NameAttribute]
    /// The intermediate's subject name (the leaf's issuer).
    package var intermediate: [CertificateTemplate.NameAttribute]
    /// The leaf's subject name, as the tokens' `x5c` chain shows it.
    package var leaf: [CertificateTemplate.NameAttribute]

    /// Creates names.
    package init(
      root: [CertificateTemplate.NameAttribute],
      intermediate: [CertificateTemplate.NameAttribute],
      leaf: [CertificateTemplate.NameAttribute]
    ) {
      self.root = root
      self.intermediate = intermediate
      self.leaf = leaf
    }

    /// The local App Store's names (`SportsTime Local App Store Root CA`, …).
    package static let localAppStore = Names(
      root: [
        .init("C", "US"), .init("O", "SportsTime"),
        .init("CN", "SportsTime Local App Store Root CA"),
      ],
      intermediate: [
        .init("C", "US"), .init("O", "SportsTime"), .init("OU", "Local App Store"),
        .init("CN", "SportsTime Local App Store Intermediate CA"),
      ],
      leaf: [
        .init("C", "US"), .init("O", "SportsTime"), .init("OU", "Local App Store"),
        .init("CN", "SportsTime Local App Store Signing"),
      ])
  }

  /// The default validity of every certificate: 2020-01-01 to 2050-01-01 (UTC).
  package static let defaultValidity = DateInterval(
    start: Date(timeIntervalSince1970: 1_577_836_800),
    end: Date(timeIntervalSince1970: 2_524_608_000))

  /// Makes a CA whose keys derive from `seed`.
  /// - Parameters:
  ///   - seed: Any bytes; the same seed gives the same keys.
  ///   - validity: The validity period of all three certificates.
  ///   - names: The subjects.
  /// - Throws: ``AppStoreJWSError`` if the primitive cannot make a key or sign a certificate.
  package init(
    seed: some Sequence<UInt8>, validity: DateInterval = defaultValidity,
    names: Names = .localAppStore
  ) throws(AppStoreJWSError) {
    let seed = Array(seed)
    try self.init(
      rootKey: try .p256(seed: seed, label: "root"),
      intermediateKey: try .p256(seed: seed, label: "intermediate"),
      leafKey: try .p256(seed: seed, label: "leaf"), validity: validity, names: names)
  }

  /// Makes a CA with fresh random keys.
  /// - Throws: ``AppStoreJWSError`` if the primitive cannot make a key or sign a certificate.
  package static func random(
    validity: DateInterval = defaultValidity, names: Names = .localAppStore
  )
    throws(AppStoreJWSError) -> TestCertificateAuthority
  {
    try TestCertificateAuthority(
      rootKey: .generate(), intermediateKey: .generate(), leafKey: .generate(), validity: validity,
      names: names)
  }

  private init(
    rootKey: PrivateKey, intermediateKey: PrivateKey, leafKey: PrivateKey, validity: DateInterval,
    names: Names
  ) throws(AppStoreJWSError) {
    let root = try Certificate.issue(
      CertificateTemplate(
        subject: names.root, serialNumber: [0x01], notValidBefore: validity.start,
        notValidAfter: validity.end, isCertificateAuthority: true),
      subjectKey: rootKey, issuer: nil, issuerKey: rootKey)
    let intermediate = try Certificate.issue(
      CertificateTemplate(
        subject: names.intermediate, serialNumber: [0x02], notValidBefore: validity.start,
        notValidAfter: validity.end, isCertificateAuthority: true, pathLengthConstraint: 0,
        markerExtensions: [Self.intermediateMarkerOID]),
      subjectKey: intermediateKey, issuer: root, issuerKey: rootKey)
    let leaf = try Certificate.issue(
      CertificateTemplate(
        subject: names.leaf, serialNumber: [0x03], notValidBefore: validity.start,
        notValidAfter: validity.end, markerExtensions: [Self.leafMarkerOID]),
      subjectKey: leafKey, issuer: intermediate, issuerKey: intermediateKey)
    self.init(
      unchecked: root, rootKey: rootKey, intermediate: intermediate,
      intermediateKey: intermediateKey, leaf: leaf, leafKey: leafKey)
  }

  private init(
    unchecked root: Certificate, rootKey: PrivateKey, intermediate: Certificate,
    intermediateKey: PrivateKey, leaf: Certificate, leafKey: PrivateKey
  ) {
    self.root = root
    self.rootKey = rootKey
    self.intermediate = intermediate
    self.intermediateKey = intermediateKey
    self.leaf = leaf
    self.leafKey = leafKey
  }

  /// Apple's intermediate marker extension, 1.2.840.113635.100.6.2.1.
  package static let intermediateMarkerOID = ChainVerifier.intermediateMarkerOID
  /// Apple's receipt-signing leaf marker extension, 1.2.840.113635.100.6.11.1.
  package static let leafMarkerOID = ChainVerifier.leafMarkerOID

  /// The `x5c` chain: leaf, intermediate, root.
  package var certificateChain: [Certificate] { [leaf, intermediate, root] }

  /// A signer with the leaf's key and this chain.
  package var signer: JWSSigner {
    // The leaf was issued for `leafKey` (checked when made or loaded), so this cannot fail.
    (try? JWSSigner(key: leafKey, certificateChain: certificateChain))
      ?? JWSSigner(unchecked: leafKey, certificateChain: certificateChain)
  }

  /// A verifier that trusts this CA's root.
  /// - Throws: ``AppStoreJWSError/Code/invalidConfiguration`` never, since roots are parsed when made; kept for source compatibility.
  package func verifier(
    bundleID: String, environment: AppStoreEnvironment = .localTesting, appAppleID: UInt64? = nil,
    clock: any WallClock = SystemClock(), chainCacheCapacity: Int = 64
  ) throws(AppStoreJWSError) -> SignedDataVerifier {
    try SignedDataVerifier(
      rootCertificates: [root], bundleID: bundleID, environment: environment,
      appAppleID: appAppleID, clock: clock, chainCacheCapacity: chainCacheCapacity)
  }

  // MARK: - Saving and loading

  /// A CA's certificates (DER) and private keys (PKCS#8 DER), to save and reload.
  package struct Archive: Sendable, Hashable, Codable {
    package var rootCertificate: Data
    package var rootKey: Data
    package var intermediateCertificate: Data
    package var intermediateKey: Data
    package var leafCertificate: Data
    package var leafKey: Data

    /// Creates an archive from its parts.
    package init(
      rootCertificate: Data, rootKey: Data, intermediateCertificate: Data, intermediateKey: Data,
      leafCertificate: Data, leafKey: Data
    ) {
      self.rootCertificate = rootCertificate
      self.rootKey = rootKey
      self.intermediateCertificate = intermediateCertificate
      self.intermediateKey = intermediateKey
      self.leafCertificate = leafCertificate
      self.leafKey = leafKey
    }
  }

  /// The CA's certificates and keys, to store and reload with ``init(archive:)``.
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` if the primitive cannot export a key.
  package func archive() throws(AppStoreJWSError) -> Archive {
    Archive(
      rootCertificate: root.derRepresentation, rootKey: try rootKey.derRepresentation(),
      intermediateCertificate: intermediate.derRepresentation,
      intermediateKey: try intermediateKey.derRepresentation(),
      leafCertificate: leaf.derRepresentation, leafKey: try leafKey.derRepresentation())
  }

  /// Reloads a CA saved with ``archive()``.
  /// - Throws: ``AppStoreJWSError`` when a part does not parse or the parts do not belong
  ///   together.
  package init(archive: Archive) throws(AppStoreJWSError) {
    try self.init(
      root: try Certificate(derEncoded: archive.rootCertificate),
      rootKey: try PrivateKey(derEncoded: archive.rootKey),
      intermediate: try Certificate(derEncoded: archive.intermediateCertificate),
      intermediateKey: try PrivateKey(derEncoded: archive.intermediateKey),
      leaf: try Certificate(derEncoded: archive.leafCertificate),
      leafKey: try PrivateKey(derEncoded: archive.leafKey))
  }

  /// Assembles a CA from certificates and keys, checking that each key is its certificate's
  /// and that the chain verifies at the leaf's `notValidBefore` with Apple's rules.
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` or ``AppStoreJWSError/Code/invalidCertificate``.
  package init(
    root: Certificate, rootKey: PrivateKey, intermediate: Certificate, intermediateKey: PrivateKey,
    leaf: Certificate, leafKey: PrivateKey
  ) throws(AppStoreJWSError) {
    for (certificate, key, role) in [
      (root, rootKey, "root"), (intermediate, intermediateKey, "intermediate"),
      (leaf, leafKey, "leaf"),
    ]
    where certificate.publicKeyInfo != Array(key.publicKeyDER) {
      throw AppStoreJWSError(.invalidKey, "the \(role) key is not the \(role) certificate's key")
    }
    guard leafKey.curve == .p256 else {
      throw AppStoreJWSError(.invalidKey, "the leaf key must be P-256")
    }
    let chains = try ChainVerifier(roots: [root])
    let time = SignedDataVerifier.Core.seconds(leaf.notValidBefore)
    if case .failure(let error) = chains.verify(
      leafDER: leaf.der, intermediateDER: intermediate.der, at: time)
    {
      throw AppStoreJWSError(.invalidCertificate, "the chain does not verify: \(error.reason)")
    }
    self.init(
      unchecked: root, rootKey: rootKey, intermediate: intermediate,
      intermediateKey: intermediateKey, leaf: leaf, leafKey: leafKey)
  }
}
