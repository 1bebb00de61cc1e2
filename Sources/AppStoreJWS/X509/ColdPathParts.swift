/// The parts of a cold verification, measured alone by the benchmark: parsing a certificate
/// (strict DER, X.509 fields) and importing its public key into the primitive.
package enum ColdPathParts {
  /// Parses `der` as a certificate; whether it parsed.
  package static func parse(_ der: [UInt8]) -> Bool {
    (try? X509Certificate(der: der)) != nil
  }

  /// Imports `certificate`'s public key into the primitive anew; whether it imported.
  package static func importKey(of certificate: Certificate) -> Bool {
    guard case .ec(let curve, let point) = certificate.parsed.publicKey else { return false }
    return
      (try? point.withBytes { bytes throws(AppStoreJWSError) in
        try PlatformPublicKey(curve: curve, x963Representation: bytes)
      }) != nil
  }
}

extension ColdPathParts {
  /// Reads `der` as a PKCS#8 or SEC 1 private key; whether it read (the fuzz target's door).
  package static func parsePrivateKey(_ der: [UInt8]) -> Bool {
    (try? KeyEncoding.privateKey(der: der)) != nil
  }

  /// Reads `der` as a DER ECDSA-Sig-Value of either curve; whether it read.
  package static func parseSignature(_ der: [UInt8]) -> Bool {
    ECDSASignature.raw(fromDER: der, curve: .p256) != nil
      || ECDSASignature.raw(fromDER: der, curve: .p384) != nil
  }
}
