/// The fields of an X.509 v3 certificate that the chain rules read (RFC 5280 §4.1), parsed by
/// a strict DER reader.
///
/// Parsing checks the encoding and the structure, not the meaning: a certificate with another
/// signature or key algorithm parses (a verifier may be configured with any root) and is
/// refused by the chain rules. Names are kept as their DER bytes, compared byte for byte when
/// chaining.
package struct X509Certificate: Sendable {
  /// The whole certificate.
  let der: [UInt8]
  /// `tbsCertificate`, the signed part.
  let tbsRange: Range<Int>
  /// `serialNumber`'s content (two's complement: a negative serial keeps its sign).
  let serialNumber: ArraySlice<UInt8>
  /// The algorithm of `tbsCertificate.signature` (RFC 5280 §4.1.2.3), which §4.1.1.2 requires
  /// to equal the outer `signatureAlgorithm`; parsing refuses a certificate where they differ.
  package let signatureAlgorithm: SignatureAlgorithm
  /// The issuer's Name, the whole DER element.
  let issuerRange: Range<Int>
  /// The subject's Name, the whole DER element.
  let subjectRange: Range<Int>
  /// Whether the subject Name has no attribute.
  let subjectIsEmpty: Bool
  /// Whether the issuer Name has no attribute.
  let issuerIsEmpty: Bool
  /// `notBefore` and `notAfter`, in seconds since 1970 (UTC).
  let notBefore: Int64
  let notAfter: Int64
  /// The subject's public key.
  let publicKey: SubjectPublicKey
  /// The extensions the rules read, and whether any other is critical.
  package let extensions: X509Extensions
  /// `signatureValue`'s bytes: for ECDSA, a DER ECDSA-Sig-Value.
  let signatureRange: Range<Int>

  package var tbs: ArraySlice<UInt8> { der[tbsRange] }
  var issuer: ArraySlice<UInt8> { der[issuerRange] }
  var subject: ArraySlice<UInt8> { der[subjectRange] }
  package var signature: ArraySlice<UInt8> { der[signatureRange] }
  /// Whether issuer and subject are the same name, byte for byte (RFC 5280 §6.1: self-issued).
  var isSelfIssued: Bool { issuer == subject }

  /// The signature algorithms of this package's certificates (RFC 5758 §3.2).
  package enum SignatureAlgorithm: Sendable, Hashable {
    case ecdsaWithSHA256
    case ecdsaWithSHA384
    /// Any other algorithm: parsed, never verified.
    case other(DERObjectIdentifier)

    package var hash: HashFunction? {
      switch self {
      case .ecdsaWithSHA256: .sha256
      case .ecdsaWithSHA384: .sha384
      case .other: nil
      }
    }
  }

  /// A SubjectPublicKeyInfo (RFC 5280 §4.1.2.7, RFC 5480 §2).
  enum SubjectPublicKey: Sendable, Hashable {
    /// An EC key on a named curve of this package, as its uncompressed point (RFC 5480 §2.2:
    /// the uncompressed form is the one that MUST be supported; compressed points are refused).
    case ec(ECCurve, point: [UInt8])
    /// Any other algorithm or curve: parsed, never used.
    case other(DERObjectIdentifier, parameters: [UInt8])

    var curve: ECCurve? {
      if case .ec(let curve, _) = self { return curve }
      return nil
    }
  }

  /// Parses `der`: exactly one certificate, nothing after it.
  package init(der: [UInt8]) throws(DERError) {
    var top = DERReader(der)
    let certificate = try top.next(DERTag.sequence, "the certificate")
    try top.expectEnd("the certificate")
    try top.checkStructure(of: certificate)
    var fields = try top.children(of: certificate)
    let tbsElement = try fields.next(DERTag.sequence, "tbsCertificate")
    let outerAlgorithm = try fields.next(DERTag.sequence, "signatureAlgorithm")
    let signatureElement = try fields.next(DERTag.bitString, "signatureValue")
    try fields.expectEnd("signatureValue")

    var tbs = try fields.children(of: tbsElement)
    // version [0] EXPLICIT INTEGER: only v3 (2) is read; v1 and v2 have no extensions.
    guard let versionElement = try tbs.optional(DERTag.contextConstructed(0)) else {
      throw DERError(
        "the certificate is not version 3 (no version field)", at: tbsElement.start,
        rule: .version)
    }
    var versionReader = try tbs.children(of: versionElement)
    let version: Int64
    do throws(DERError) {
      version = try versionReader.smallInteger(try versionReader.next(), "the version")
      try versionReader.expectEnd("the version")
    } catch {
      // OpenSSL's default reading does not look at the version's value at all.
      throw DERError(error.reason, at: error.offset, rule: error.rule ?? .version)
    }
    guard version == 2 else {
      throw DERError(
        "the certificate is version \(version + 1), not 3", at: versionElement.start,
        rule: .version)
    }
    let serialElement = try tbs.next()
    let serial = try tbs.integer(serialElement, "the serial number")
    let innerAlgorithm = try tbs.next(DERTag.sequence, "tbsCertificate.signature")
    guard der[innerAlgorithm.range] == der[outerAlgorithm.range] else {
      throw DERError(
        "signatureAlgorithm differs from tbsCertificate.signature (RFC 5280 §4.1.1.2)",
        at: outerAlgorithm.start)
    }
    let algorithm = try Self.signatureAlgorithm(tbs, innerAlgorithm)
    let issuer = try tbs.next(DERTag.sequence, "the issuer")
    let issuerEmpty = try Self.checkName(tbs, issuer)
    let validity = try tbs.next(DERTag.sequence, "the validity")
    var times = try tbs.children(of: validity)
    let notBefore = try X509Time.seconds(times, try times.next())
    let notAfter = try X509Time.seconds(times, try times.next())
    try times.expectEnd("notAfter")
    let subject = try tbs.next(DERTag.sequence, "the subject")
    let subjectEmpty = try Self.checkName(tbs, subject)
    let spki = try tbs.next(DERTag.sequence, "subjectPublicKeyInfo")
    let publicKey = try Self.subjectPublicKey(tbs, spki)
    // issuerUniqueID [1] and subjectUniqueID [2] (RFC 5280 §4.1.2.8): CAs conforming to the
    // profile MUST NOT generate them; refused.
    var extensions = X509Extensions()
    if let element = try tbs.optional(DERTag.contextConstructed(3)) {
      var wrapper = try tbs.children(of: element)
      let list = try wrapper.next(DERTag.sequence, "the extensions")
      try wrapper.expectEnd("the extensions")
      extensions = try X509Extensions(wrapper, list)
    } else if let tag = tbs.peekTag, [0x81, 0x82, 0xA1, 0xA2].contains(tag) {
      throw DERError(
        "the certificate carries a unique identifier (RFC 5280 §4.1.2.8)", at: tbs.position,
        rule: .version)
    }
    try tbs.expectEnd("the extensions")

    self.der = der
    self.tbsRange = tbsElement.range
    self.serialNumber = serial
    self.signatureAlgorithm = algorithm
    self.issuerRange = issuer.range
    self.subjectRange = subject.range
    self.issuerIsEmpty = issuerEmpty
    self.subjectIsEmpty = subjectEmpty
    self.notBefore = notBefore
    self.notAfter = notAfter
    self.publicKey = publicKey
    self.extensions = extensions
    let signatureBits = try top.octetAlignedBitString(signatureElement, "signatureValue")
    self.signatureRange = signatureBits.startIndex..<signatureBits.endIndex
  }

  /// An AlgorithmIdentifier of a signature: ECDSA ones MUST omit the parameters (RFC 5758
  /// §3.2).
  private static func signatureAlgorithm(_ reader: DERReader, _ element: DERElement)
    throws(DERError) -> SignatureAlgorithm
  {
    var fields = try reader.children(of: element)
    let oid = DERObjectIdentifier(
      content: try fields.objectIdentifier(try fields.next(), "the signature algorithm"))
    switch oid {
    case .ecdsaWithSHA256, .ecdsaWithSHA384:
      guard fields.isAtEnd else {
        throw DERError(
          "the ECDSA algorithm identifier has parameters (RFC 5758 §3.2: MUST be absent)",
          at: fields.position, rule: .algorithmParameters)
      }
      return oid == .ecdsaWithSHA256 ? .ecdsaWithSHA256 : .ecdsaWithSHA384
    default:
      return .other(oid)
    }
  }

  /// Checks a Name's structure (RFC 5280 §4.1.2.4: a SEQUENCE of non-empty SETs of
  /// `SEQUENCE { type OID, value }`) and the strings OpenSSL would convert; returns whether it
  /// is empty.
  private static func checkName(_ reader: DERReader, _ element: DERElement) throws(DERError)
    -> Bool
  {
    var names = try reader.children(of: element)
    var empty = true
    while !names.isAtEnd {
      let set = try names.next(DERTag.set, "a relative distinguished name")
      var attributes = try names.children(of: set)
      guard !attributes.isAtEnd else {
        throw DERError("a relative distinguished name is empty", at: set.start)
      }
      while !attributes.isAtEnd {
        let attribute = try attributes.next(DERTag.sequence, "a name attribute")
        var parts = try attributes.children(of: attribute)
        _ = try parts.objectIdentifier(try parts.next(), "a name attribute's type")
        let value = try parts.next()
        try parts.expectEnd("a name attribute's value")
        try NameString.check(parts, value)
        empty = false
      }
    }
    return empty
  }

  /// A SubjectPublicKeyInfo: EC keys on P-256 and P-384 as points, anything else as given.
  private static func subjectPublicKey(_ reader: DERReader, _ element: DERElement)
    throws(DERError) -> SubjectPublicKey
  {
    var fields = try reader.children(of: element)
    let algorithm = try fields.next(DERTag.sequence, "the key's algorithm")
    let keyElement = try fields.next(DERTag.bitString, "subjectPublicKey")
    try fields.expectEnd("subjectPublicKey")
    var algorithmFields = try fields.children(of: algorithm)
    let oid = DERObjectIdentifier(
      content: try algorithmFields.objectIdentifier(try algorithmFields.next(), "the key type"))
    let parametersStart = algorithmFields.position
    guard oid == .ecPublicKey else {
      _ = try fields.bitString(keyElement, "subjectPublicKey")
      return .other(oid, parameters: Array(reader.bytes[parametersStart..<algorithm.end]))
    }
    // ECParameters: only namedCurve (RFC 5480 §2.1.1: implicitCurve and specifiedCurve MUST
    // NOT be used).
    let parameters = try algorithmFields.next()
    try algorithmFields.expectEnd("the EC key's parameters")
    guard parameters.tag == DERTag.objectIdentifier else {
      throw DERError(
        "the EC key's parameters are not a named curve", at: parameters.start, rule: .algorithms)
    }
    let curveOID = DERObjectIdentifier(
      content: try algorithmFields.objectIdentifier(parameters, "the curve"))
    let point = try fields.octetAlignedBitString(keyElement, "subjectPublicKey")
    let curve: ECCurve
    switch curveOID {
    case .p256: curve = .p256
    case .p384: curve = .p384
    default: return .other(oid, parameters: Array(reader.bytes[parameters.range]))
    }
    guard point.count == curve.x963ByteCount, point.first == 0x04 else {
      throw DERError(
        "the \(curve) key is not an uncompressed point of \(curve.x963ByteCount) bytes",
        at: keyElement.start, rule: .algorithms)
    }
    return .ec(curve, point: Array(point))
  }
}
