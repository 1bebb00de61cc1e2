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
