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
  ///   form, with the DER reader's reason.
  package init(keyID: String, publicKeyDER: some Sequence<UInt8>) throws(AppStoreJWSError) {
    let point: [UInt8]
    do throws(DERError) {
      point = try Self.p256Point(subjectPublicKeyInfo: Array(publicKeyDER))
    } catch {
      throw AppStoreJWSError(.invalidKey, "key \(keyID) is not a P-256 public key: \(error)")
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

  /// The uncompressed point of a P-256 SubjectPublicKeyInfo.
  private static func p256Point(subjectPublicKeyInfo der: [UInt8]) throws(DERError) -> [UInt8] {
    var outer = DERReader(der)
    let info = try outer.next(DERTag.sequence, "the SubjectPublicKeyInfo")
    try outer.expectEnd("the SubjectPublicKeyInfo")
    var fields = try outer.children(of: info)
    let algorithm = try fields.next(DERTag.sequence, "the key's algorithm")
    let keyElement = try fields.next(DERTag.bitString, "subjectPublicKey")
    try fields.expectEnd("the SubjectPublicKeyInfo")
    var algorithmFields = try fields.children(of: algorithm)
    let typeElement = try algorithmFields.next()
    let type = DERObjectIdentifier(
      content: try algorithmFields.objectIdentifier(typeElement, "the key type"))
    guard type == .ecPublicKey else {
      throw DERError("the key type is not id-ecPublicKey", at: typeElement.start)
    }
    let curveElement = try algorithmFields.next()
    try algorithmFields.expectEnd("the EC key's parameters")
    let curve = DERObjectIdentifier(
      content: try algorithmFields.objectIdentifier(curveElement, "the named curve"))
    guard curve == .p256 else {
      throw DERError("the named curve is not prime256v1", at: curveElement.start)
    }
    return Array(try fields.octetAlignedBitString(keyElement, "subjectPublicKey"))
  }
}
