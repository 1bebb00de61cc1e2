/// The public half of a subscription-offer key and its key identifier: what the local App
/// Store checks offer signatures with, as the App Store checks them with the public key of the
/// key the developer made in App Store Connect.
package struct OfferVerificationKey: Sendable {
  /// The key identifier that signatures must name (`keyIdentifier`, or the JWS header's `kid`).
  package let keyID: String
  let publicKey: PlatformPublicKey

  init(keyID: String, publicKey: PlatformPublicKey) {
    self.keyID = keyID
    self.publicKey = publicKey
  }

  /// A key read from a DER SubjectPublicKeyInfo (RFC 5480 §2: `SEQUENCE { SEQUENCE {
  /// id-ecPublicKey, prime256v1 }, BIT STRING point }`), as ``PrivateKey/publicKeyDER`` writes
  /// it and `openssl ec -pubout -outform DER` does.
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` when it is not a P-256 public key in that
  ///   form or its point is refused (``ECKeyChecks``), with the reason.
  package init(keyID: String, publicKeyDER: some Sequence<UInt8>) throws(AppStoreJWSError) {
    let point: [UInt8]
    do throws(AppStoreJWSError) {
      point = try ECKeyChecks.publicPoint(
        subjectPublicKeyInfo: Array(publicKeyDER), expecting: .p256)
    } catch {
      throw AppStoreJWSError(.invalidKey, "key \(keyID): \(error.reason)")
    }
    let key = try point.withBytes { bytes throws(AppStoreJWSError) in
      try PlatformPublicKey(curve: .p256, x963Representation: bytes)
    }
    self.init(keyID: keyID, publicKey: key)
  }

  /// The DER SubjectPublicKeyInfo of the key.
  package var publicKeyDER: [UInt8] {
    KeyEncoding.subjectPublicKeyInfo(curve: .p256, point: publicKey.x963Representation)
  }
}
