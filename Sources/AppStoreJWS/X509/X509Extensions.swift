/// The extensions of a certificate (RFC 5280 §4.2) that the chain rules read, each value
/// parsed strictly; every other extension is kept by identifier only, its value checked to be
/// one DER element.
struct X509Extensions: Sendable {
  /// Basic constraints (§4.2.1.9): `cA` and `pathLenConstraint`.
  struct BasicConstraints: Sendable, Hashable {
    var isCertificateAuthority: Bool
    var pathLength: Int64?
    var isCritical: Bool
  }

  /// Key usage bits (§4.2.1.3), bit 0 (`digitalSignature`) first.
  struct KeyUsage: Sendable, Hashable {
    static let digitalSignature = 0
    static let keyCertSign = 5
    static let cRLSign = 6

    var bits: UInt16
    var isCritical: Bool

    func contains(_ bit: Int) -> Bool { bits & (1 << UInt16(bit)) != 0 }
  }

  private(set) var basicConstraints: BasicConstraints?
  private(set) var keyUsage: KeyUsage?
  /// The subject key identifier (§4.2.1.2).
  private(set) var subjectKeyIdentifier: [UInt8]?
  /// The authority key identifier's `keyIdentifier` (§4.2.1.1), when present.
  private(set) var authorityKeyIdentifier: [UInt8]?
  /// Whether an authority key identifier is present at all.
  private(set) var hasAuthorityKeyIdentifier = false
  /// Every extension's identifier, in order.
  private(set) var identifiers: [DERObjectIdentifier] = []
  /// The first critical extension the rules do not process (anything but basic constraints
  /// and key usage), or `nil`.
  private(set) var unhandledCritical: DERObjectIdentifier?

  /// The extensions OpenSSL processes when critical (`X509_supported_extension`, OpenSSL 3.0
  /// `crypto/x509/v3_purp.c`) beyond basic constraints and key usage: Netscape certificate
  /// type, subject alternative name, certificate policies, CRL distribution points, extended
  /// key usage, policy constraints, proxy certificate information, name constraints, policy
  /// mappings, inhibit anyPolicy. Refusing them critical is stricter than OpenSSL; refusing any
  /// other critical extension (an unknown one, the key identifiers, Apple's markers) is not.
  static let processedByOpenSSL: Set<DERObjectIdentifier> = [
    DERObjectIdentifier(content: [0x60, 0x86, 0x48, 0x01, 0x86, 0xF8, 0x42, 0x01, 0x01]),
    DERObjectIdentifier(content: [0x55, 0x1D, 0x11]),
    DERObjectIdentifier(content: [0x55, 0x1D, 0x20]),
    DERObjectIdentifier(content: [0x55, 0x1D, 0x1F]),
    DERObjectIdentifier(content: [0x55, 0x1D, 0x25]),
    DERObjectIdentifier(content: [0x55, 0x1D, 0x24]),
    DERObjectIdentifier(content: [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x01, 0x0E]),
    DERObjectIdentifier(content: [0x55, 0x1D, 0x1E]),
    DERObjectIdentifier(content: [0x55, 0x1D, 0x21]),
    DERObjectIdentifier(content: [0x55, 0x1D, 0x36]),
  ]
  /// The first of the authority and subject key identifiers marked critical (§4.2.1.1 and
  /// §4.2.1.2: conforming CAs MUST mark them non-critical), or `nil`.
  private(set) var criticalKeyIdentifier: DERObjectIdentifier?

  init() {}

  /// Whether an extension `oid` is present, critical or not.
  func contains(_ oid: DERObjectIdentifier) -> Bool { identifiers.contains(oid) }

  /// Parses `Extensions ::= SEQUENCE SIZE (1..MAX) OF Extension`.
  init(_ reader: DERReader, _ list: DERElement) throws(DERError) {
    var entries = try reader.children(of: list)
    guard !entries.isAtEnd else {
      throw DERError(
        "the extensions field is present but empty", at: list.start, rule: .extensionValues)
    }
    while !entries.isAtEnd {
      let entry = try entries.next(DERTag.sequence, "an extension")
      var fields = try entries.children(of: entry)
      let oid = DERObjectIdentifier(
        content: try fields.objectIdentifier(try fields.next(), "an extension's identifier"))
      var critical = false
      if let flag = try fields.optional(DERTag.boolean) {
        critical = try fields.boolean(flag, "extension \(oid)'s critical flag")
        guard critical else {
          throw DERError(
            "extension \(oid) encodes critical FALSE, the default (not DER)", at: flag.start,
            rule: .explicitDefault)
        }
      }
      let valueElement = try fields.next(DERTag.octetString, "extension \(oid)'s value")
      try fields.expectEnd("extension \(oid)'s value")
      guard !identifiers.contains(oid) else {
        // OpenSSL notices a repeat only of the extensions it decodes.
        throw DERError(
          "extension \(oid) appears twice (RFC 5280 §4.2 allows one)", at: entry.start,
          rule: .extensionValues)
      }
      identifiers.append(oid)
      // extnValue holds one DER element: read it whole, nothing after it.
      let value = Array(fields.content(valueElement))
      var inner = DERReader(value)
      let element: DERElement
      do throws(DERError) {
        element = try inner.next()
        try inner.expectEnd("the value")
        try inner.checkStructure(of: element)
      } catch {
        throw DERError(
          "extension \(oid)'s value: \(error.reason)", at: valueElement.contentStart + error.offset,
          rule: error.rule ?? .extensionValues)
      }
      do throws(DERError) {
        try read(oid, critical: critical, inner, element)
      } catch {
        throw DERError(
          "extension \(oid): \(error.reason)", at: valueElement.contentStart + error.offset,
          rule: error.rule)
      }
    }
  }

  private mutating func read(
    _ oid: DERObjectIdentifier, critical: Bool, _ reader: DERReader, _ element: DERElement
  ) throws(DERError) {
    switch oid {
    case .basicConstraints:
      // BasicConstraints ::= SEQUENCE { cA BOOLEAN DEFAULT FALSE, pathLenConstraint INTEGER
      // (0..MAX) OPTIONAL }
      guard element.tag == DERTag.sequence else {
        throw DERError("basic constraints is not a SEQUENCE", at: element.start)
      }
      var fields = try reader.children(of: element)
      var isCA = false
      if let flag = try fields.optional(DERTag.boolean) {
        isCA = try fields.boolean(flag, "cA")
        guard isCA else {
          throw DERError(
            "cA encodes FALSE, the default (not DER)", at: flag.start, rule: .explicitDefault)
        }
      }
      var pathLength: Int64?
      if let length = try fields.optional(DERTag.integer) {
        pathLength = try fields.smallInteger(length, "pathLenConstraint")
        guard isCA else {
          throw DERError(
            "pathLenConstraint is set on a certificate that is not a CA", at: length.start)
        }
      }
      try fields.expectEnd("basic constraints")
      basicConstraints = BasicConstraints(
        isCertificateAuthority: isCA, pathLength: pathLength, isCritical: critical)
    case .keyUsage:
      let (bytes, _) = try reader.bitString(element, "key usage")
      guard bytes.count <= 2 else {
        throw DERError(
          "key usage has more than 16 bits", at: element.start, rule: .extensionValues)
      }
      var bits: UInt16 = 0
      for (index, byte) in bytes.enumerated() {
        for bit in 0..<8 where byte & (0x80 >> UInt8(bit)) != 0 {
          bits |= 1 << UInt16(index * 8 + bit)
        }
      }
      guard bits != 0 else {
        throw DERError("key usage has no bit set (RFC 5280 §4.2.1.3)", at: element.start)
      }
      keyUsage = KeyUsage(bits: bits, isCritical: critical)
    case .subjectKeyIdentifier:
      guard element.tag == DERTag.octetString else {
        throw DERError("the subject key identifier is not an OCTET STRING", at: element.start)
      }
      subjectKeyIdentifier = Array(reader.content(element))
      if critical, criticalKeyIdentifier == nil { criticalKeyIdentifier = oid }
      if critical, unhandledCritical == nil { unhandledCritical = oid }
    case .authorityKeyIdentifier:
      // AuthorityKeyIdentifier ::= SEQUENCE { keyIdentifier [0] OPTIONAL,
      // authorityCertIssuer [1] OPTIONAL, authorityCertSerialNumber [2] OPTIONAL }
      guard element.tag == DERTag.sequence else {
        throw DERError("the authority key identifier is not a SEQUENCE", at: element.start)
      }
      var fields = try reader.children(of: element)
      if let keyID = try fields.optional(DERTag.contextPrimitive(0)) {
        authorityKeyIdentifier = Array(fields.content(keyID))
      }
      guard fields.isAtEnd else {
        throw DERError(
          "the authority key identifier names an issuer and serial number (not read)",
          at: fields.position, rule: .authorityKeyIdentifierForm)
      }
      hasAuthorityKeyIdentifier = true
      if critical, criticalKeyIdentifier == nil { criticalKeyIdentifier = oid }
      if critical, unhandledCritical == nil { unhandledCritical = oid }
    default:
      if critical, unhandledCritical == nil { unhandledCritical = oid }
    }
  }
}
