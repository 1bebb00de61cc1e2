import Foundation

/// The DER forms of EC keys, read and written in Swift above the primitive:
/// SubjectPublicKeyInfo (RFC 5480 §2), PKCS#8 PrivateKeyInfo (RFC 5208 §5, RFC 5915 §2) and
/// SEC 1 ECPrivateKey (RFC 5915 §3).
///
/// The one documented encoding of a stored private key (a local App Store's state file keeps
/// its certificate authority's three keys so) is PKCS#8 DER exactly as OpenSSL 3's
/// `i2d_PKCS8PrivateKey_bio` writes an EC key: `SEQUENCE { INTEGER 0, SEQUENCE {
/// id-ecPublicKey, namedCurve }, OCTET STRING { ECPrivateKey: SEQUENCE { INTEGER 1, OCTET
/// STRING scalar (padded to the order's size), [1] BIT STRING uncompressed point } } }`. Files
/// written before this package read keys itself hold that encoding, so they open anywhere.
package enum KeyEncoding {
  /// The curve of a named-curve OID.
  static func curve(_ oid: DERObjectIdentifier) -> ECCurve? {
    switch oid {
    case .p256: .p256
    case .p384: .p384
    default: nil
    }
  }

  static func oid(_ curve: ECCurve) -> DERObjectIdentifier {
    curve == .p256 ? .p256 : .p384
  }

  /// `SubjectPublicKeyInfo { { id-ecPublicKey, namedCurve }, BIT STRING point }`.
  package static func subjectPublicKeyInfo(curve: ECCurve, point: [UInt8]) -> [UInt8] {
    var writer = DERWriter()
    writer.sequence { info in
      info.sequence { algorithm in
        algorithm.objectIdentifier(.ecPublicKey)
        algorithm.objectIdentifier(oid(curve))
      }
      info.bitString(point)
    }
    return writer.bytes
  }

  /// Reads a DER SubjectPublicKeyInfo of an EC key (RFC 5480 §2): its curve (`nil` for a named
  /// curve other than P-256 and P-384) and the point, as the BIT STRING holds it (unchecked).
  static func publicKey(subjectPublicKeyInfo der: [UInt8]) throws(DERError)
    -> (curve: ECCurve?, point: [UInt8])
  {
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
    let curveElement = try algorithmFields.next(DERTag.objectIdentifier, "the named curve")
    try algorithmFields.expectEnd("the EC key's parameters")
    let curveOID = DERObjectIdentifier(
      content: try algorithmFields.objectIdentifier(curveElement, "the named curve"))
    let point = Array(try fields.octetAlignedBitString(keyElement, "subjectPublicKey"))
    return (curve(curveOID), point)
  }

  /// PKCS#8 DER, as OpenSSL writes an EC key (see the type's discussion).
  static func pkcs8(curve: ECCurve, scalar: [UInt8], point: [UInt8]) -> [UInt8] {
    var inner = DERWriter()
    inner.sequence { key in
      key.integer(1)
      key.octetString(scalar)
      key.constructed(DERTag.contextConstructed(1)) { $0.bitString(point) }
    }
    var writer = DERWriter()
    writer.sequence { info in
      info.integer(0)
      info.sequence { algorithm in
        algorithm.objectIdentifier(.ecPublicKey)
        algorithm.objectIdentifier(oid(curve))
      }
      info.octetString(inner.bytes)
    }
    return writer.bytes
  }

  /// A private key read from DER: its curve, scalar (padded) and the point it states, if any.
  struct PrivateKeyParts {
    var curve: ECCurve
    var scalar: [UInt8]
    var point: [UInt8]?
  }

  /// Reads PKCS#8 PrivateKeyInfo of an EC key, or a SEC 1 ECPrivateKey.
  static func privateKey(der: [UInt8]) throws(DERError) -> PrivateKeyParts {
    var top = DERReader(der)
    let outer = try top.next(DERTag.sequence, "the private key")
    try top.expectEnd("the private key")
    var fields = try top.children(of: outer)
    let version = try fields.smallInteger(try fields.next(), "the key's version")
    if version == 1 {
      // SEC 1 ECPrivateKey on its own: the curve is in its parameters.
      fields = try top.children(of: outer)
      return try ecPrivateKey(&fields, curve: nil)
    }
    guard version == 0 else {
      throw DERError("PKCS#8 version \(version) is not read (only 0)", at: outer.start)
    }
    let algorithm = try fields.next(DERTag.sequence, "the key's algorithm")
    var algorithmFields = try fields.children(of: algorithm)
    let type = DERObjectIdentifier(
      content: try algorithmFields.objectIdentifier(try algorithmFields.next(), "the key type"))
    guard type == .ecPublicKey else {
      throw DERError("the key is not an EC key (\(type))", at: algorithm.start)
    }
    let curveElement = try algorithmFields.next(DERTag.objectIdentifier, "the named curve")
    let curveOID = DERObjectIdentifier(
      content: try algorithmFields.objectIdentifier(curveElement, "the named curve"))
    guard let curve = curve(curveOID) else {
      throw DERError("the key's curve \(curveOID) is not P-256 or P-384", at: curveElement.start)
    }
    try algorithmFields.expectEnd("the named curve")
    let octets = try fields.next(DERTag.octetString, "privateKey")
    // attributes [0] IMPLICIT SET OF Attribute OPTIONAL: not read.
    _ = try fields.optional(DERTag.contextConstructed(0))
    try fields.expectEnd("the PKCS#8 key")
    var inner = DERReader(Array(fields.content(octets)))
    let key = try inner.next(DERTag.sequence, "the ECPrivateKey")
    try inner.expectEnd("the ECPrivateKey")
    var keyFields = try inner.children(of: key)
    return try ecPrivateKey(&keyFields, curve: curve)
  }

  /// `ECPrivateKey ::= SEQUENCE { version 1, privateKey OCTET STRING, parameters [0]
  /// OPTIONAL, publicKey [1] OPTIONAL }` (RFC 5915 §3), its version still unread.
  private static func ecPrivateKey(_ fields: inout DERReader, curve known: ECCurve?)
    throws(DERError) -> PrivateKeyParts
  {
    let versionElement = try fields.next()
    guard try fields.smallInteger(versionElement, "the ECPrivateKey's version") == 1 else {
      throw DERError("the ECPrivateKey's version is not 1", at: versionElement.start)
    }
    let scalarElement = try fields.next(DERTag.octetString, "the private scalar")
    var curve = known
    if let parameters = try fields.optional(DERTag.contextConstructed(0)) {
      var inner = try fields.children(of: parameters)
      let element = try inner.next(DERTag.objectIdentifier, "the named curve")
      let oid = DERObjectIdentifier(content: try inner.objectIdentifier(element, "the named curve"))
      guard let stated = Self.curve(oid), known == nil || known == stated else {
        throw DERError("the ECPrivateKey's curve \(oid) is not the key's", at: element.start)
      }
      curve = stated
    }
    var point: [UInt8]?
    if let publicKey = try fields.optional(DERTag.contextConstructed(1)) {
      var inner = try fields.children(of: publicKey)
      point = Array(try inner.octetAlignedBitString(try inner.next(), "the public key"))
      try inner.expectEnd("the public key")
    }
    try fields.expectEnd("the ECPrivateKey")
    guard let curve else {
      throw DERError("the ECPrivateKey names no curve", at: scalarElement.start)
    }
    let scalar = Array(fields.content(scalarElement))
    guard scalar.count <= curve.coordinateByteCount, !scalar.isEmpty else {
      throw DERError(
        "the private scalar has \(scalar.count) bytes; \(curve) has \(curve.coordinateByteCount)",
        at: scalarElement.start)
    }
    let padded = [UInt8](repeating: 0, count: curve.coordinateByteCount - scalar.count) + scalar
    return PrivateKeyParts(curve: curve, scalar: padded, point: point)
  }

  /// The DER inside a PEM block labelled `label` (RFC 7468 §2), or `nil`.
  static func pemBlock(_ pem: String, label: String) -> [UInt8]? {
    let begin = "-----BEGIN \(label)-----"
    let end = "-----END \(label)-----"
    guard let start = pem.range(of: begin),
      let finish = pem[start.upperBound...].range(of: end)
    else { return nil }
    let body = pem[start.upperBound..<finish.lowerBound].filter { !$0.isWhitespace }
    return Base64.decode(body, alphabet: .standard)
  }

  /// A PEM block of `der` labelled `label`, 64 characters a line.
  static func pem(_ der: [UInt8], label: String) -> String {
    let base64 = Base64.encode(der, alphabet: .standard)
    var lines = ["-----BEGIN \(label)-----"]
    var start = base64.startIndex
    while start < base64.endIndex {
      let end = base64.index(start, offsetBy: 64, limitedBy: base64.endIndex) ?? base64.endIndex
      lines.append(String(base64[start..<end]))
      start = end
    }
    lines.append("-----END \(label)-----")
    return lines.joined(separator: "\n") + "\n"
  }
}

/// The SubjectPublicKeyInfo door of the shared key checks (here, beside the DER it reads, so
/// that `ECKeyChecks.swift` compiles with the primitive's declarations alone).
extension ECKeyChecks {
  /// The uncompressed point of a DER SubjectPublicKeyInfo (RFC 5480 §2) of a `curve` key,
  /// checked by ``checkPublicKey(curve:x963Representation:)``.
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` when the DER is not an EC key's, names
  ///   another curve, or holds a point that is refused.
  package static func publicPoint(subjectPublicKeyInfo der: [UInt8], expecting curve: ECCurve)
    throws(AppStoreJWSError) -> [UInt8]
  {
    let stated: ECCurve?
    let point: [UInt8]
    do throws(DERError) {
      (stated, point) = try KeyEncoding.publicKey(subjectPublicKeyInfo: der)
    } catch {
      throw AppStoreJWSError(.invalidKey, "not a \(curve.name) public key: \(error)")
    }
    guard let stated else {
      throw AppStoreJWSError(
        .invalidKey, "the key's curve is neither P-256 nor P-384 where \(curve.name) is expected")
    }
    guard stated == curve else {
      throw AppStoreJWSError(
        .invalidKey, "a \(stated.name) key where \(curve.name) is expected")
    }
    try point.withBytes { bytes throws(AppStoreJWSError) in
      try checkPublicKey(curve: curve, x963Representation: bytes)
    }
    return point
  }
}
