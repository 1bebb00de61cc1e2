extension Certificate {
  /// Makes and signs a certificate with this package's builder (``CertificateBuilder``).
  ///
  /// The certificate is X.509 v3 with subject and authority key identifiers, basic constraints
  /// and key usage (both critical) as the template says, signed with ECDSA over SHA-256 by a
  /// P-256 issuer key or over SHA-384 by a P-384 one.
  /// - Parameters:
  ///   - template: Names, serial, validity, CA flag and marker extensions.
  ///   - subjectKey: The key whose public half the certificate binds.
  ///   - issuer: The issuing certificate; `nil` makes a self-signed certificate.
  ///   - issuerKey: The key that signs: the issuer's, or `subjectKey` for a self-signed one.
  /// - Throws: ``AppStoreJWSError/Code/signingFailed`` when a part cannot be written or signed.
  package static func issue(
    _ template: CertificateTemplate, subjectKey: PrivateKey, issuer: Certificate?,
    issuerKey: PrivateKey
  ) throws(AppStoreJWSError) -> Certificate {
    Certificate(
      link: ChainVerifier.Link(
        try CertificateBuilder.issue(
          template, subjectKey: subjectKey.key.publicKey, issuer: issuer?.parsed,
          issuerKey: issuerKey.key)))
  }
}
