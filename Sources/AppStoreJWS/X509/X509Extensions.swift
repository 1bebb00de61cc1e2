/// The extensions of a certificate (RFC 5280 §4.2) that the chain rules read, each value
/// parsed strictly; every other extension is kept by identifier only, its value checked to be
/// one DER element.
package struct X509Extensions: Sendable {
  /// Basic constraints (§4.2.1.9): `cA` and `pathLenConstraint`.
  struct BasicConstraints: Sendable, Hashable {
    var isCertificateAuthority: Bool
    var pathLength: Int64?
    var isCritical: Bool
  }

  /// Key usage bits (§4.2.1.3), bit 0 (`digitalSignature`) first.
  package struct KeyUsage: Sendable, Hashable {
    package static let digitalSignature = 0
    static let keyCertSign = 5
    static let cRLSign = 6

    var bits: UInt16
    var isCritical: Bool

    package func contains(_ bit: Int) -> Bool { bits & (1 << UInt16(bit)) != 0 }
  }

  private(set) var basicConstraints: BasicConstraints?
  package private(set) var keyUsage: KeyUsage?
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
  package private(set) var unhandledCritical: DERObjectIdentifier?

  /// The extensions OpenSSL processes when critical (`X509_supported_extension`, OpenSSL 3.0
  /// `crypto/x509/v3_purp.c`) beyond basic constraints and key usage: Netscape certificate
  /// type, subject alternative name, certificate policies, CRL distribution points, extended
  /// key usage, policy constraints, proxy certificate information, name constraints, policy
  /// mappings, inhibit anyPolicy. Refusing them critical is stricter than OpenSSL; refusing any
  /// other critical extension (an unknown one, the key identifiers, Apple's markers) is not.
  package static let processedByOpenSSL: Set<DERObjectIdentifier> = [
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
  package func contains(_ oid: DERObjectIdentifier) -> Bool { identifiers.contains(oid) }

  /// Parses `Extensions ::= SEQUENCE SIZE (1..MAX) OF Extension`.
  package init(_ reader: DERReader, _ list: DERElement) throws(DERError) {
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
        // A path length without cA: OpenSSL's default reading accepts it; its strict one (and
        // the strict profile here) refuses it.
        pathLength = try fields.smallInteger(length, "pathLenConstraint")
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
      do throws(DERError) {
        try Self.checkDecodedByOpenSSL(oid, reader, element)
      } catch {
        throw DERError(error.reason, at: error.offset, rule: .extensionValues)
      }
    }
  }

  /// The extensions OpenSSL 3.0 decodes for every certificate it validates
  /// (`x509v3_cache_extensions`: extended key usage, subject and issuer alternative names, name
  /// constraints, CRL distribution points, Netscape certificate type) make it refuse the
  /// certificate when their value does not decode; so do these checks of their structure
  /// (RFC 5280 §4.2.1.12, §4.2.1.6, §4.2.1.7, §4.2.1.10, §4.2.1.13), refusing at least as much.
  static func checkDecodedByOpenSSL(
    _ oid: DERObjectIdentifier, _ reader: DERReader, _ element: DERElement
  ) throws(DERError) {
    switch oid.content {
    case [0x55, 0x1D, 0x25]:
      // ExtKeyUsageSyntax ::= SEQUENCE SIZE (1..MAX) OF KeyPurposeId
      var purposes = try sequenceOf(reader, element, "extended key usage")
      while !purposes.isAtEnd {
        _ = try purposes.objectIdentifier(try purposes.next(), "a key purpose")
      }
    case [0x55, 0x1D, 0x11], [0x55, 0x1D, 0x12]:
      var names = try sequenceOf(reader, element, "the alternative names")
      while !names.isAtEnd { try generalName(&names) }
    case [0x55, 0x1D, 0x1E]:
      // NameConstraints ::= SEQUENCE { permittedSubtrees [0], excludedSubtrees [1] }
      guard element.tag == DERTag.sequence else {
        throw DERError("name constraints are not a SEQUENCE", at: element.start)
      }
      var fields = try reader.children(of: element)
      for number: UInt8 in [0, 1] {
        guard let subtrees = try fields.optional(DERTag.contextConstructed(number)) else {
          continue
        }
        var trees = try fields.children(of: subtrees)
        guard !trees.isAtEnd else { throw DERError("empty subtrees", at: subtrees.start) }
        while !trees.isAtEnd {
          var tree = try trees.children(of: try trees.next(DERTag.sequence, "a subtree"))
          try generalName(&tree)
          if let minimum = try tree.optional(DERTag.contextPrimitive(0)) {
            _ = try tree.integer(
              minimum.read(as: DERTag.integer), "minimum")
          }
          if let maximum = try tree.optional(DERTag.contextPrimitive(1)) {
            _ = try tree.integer(
              maximum.read(as: DERTag.integer), "maximum")
          }
          try tree.expectEnd("a subtree")
        }
      }
      try fields.expectEnd("name constraints")
    case [0x55, 0x1D, 0x1F]:
      // CRLDistributionPoints ::= SEQUENCE SIZE (1..MAX) OF DistributionPoint
      var points = try sequenceOf(reader, element, "CRL distribution points")
      while !points.isAtEnd {
        var point = try points.children(of: try points.next(DERTag.sequence, "a point"))
        if let name = try point.optional(DERTag.contextConstructed(0)) {
          var choice = try point.children(of: name)
          let chosen = try choice.next()
          try choice.expectEnd("a distribution point name")
          switch chosen.tag {
          case DERTag.contextConstructed(0):
            var names = try choice.children(of: chosen)
            guard !names.isAtEnd else { throw DERError("empty full name", at: chosen.start) }
            while !names.isAtEnd { try generalName(&names) }
          case DERTag.contextConstructed(1):
            _ = try choice.children(of: chosen)
          default:
            throw DERError("a distribution point name of another kind", at: chosen.start)
          }
        }
        if let reasons = try point.optional(DERTag.contextPrimitive(1)) {
          _ = try point.bitString(
            reasons.read(as: DERTag.bitString), "the reasons")
        }
        if let issuer = try point.optional(DERTag.contextConstructed(2)) {
          var names = try point.children(of: issuer)
          guard !names.isAtEnd else { throw DERError("empty CRL issuer", at: issuer.start) }
          while !names.isAtEnd { try generalName(&names) }
        }
        try point.expectEnd("a distribution point")
      }
    case [0x60, 0x86, 0x48, 0x01, 0x86, 0xF8, 0x42, 0x01, 0x01]:
      _ = try reader.bitString(element, "the Netscape certificate type")
    default:
      break
    }
  }

  /// A non-empty SEQUENCE's content.
  private static func sequenceOf(_ reader: DERReader, _ element: DERElement, _ what: String)
    throws(DERError) -> DERReader
  {
    guard element.tag == DERTag.sequence else {
      throw DERError("\(what) is not a SEQUENCE", at: element.start)
    }
    let content = try reader.children(of: element)
    guard !content.isAtEnd else { throw DERError("\(what) is empty", at: element.start) }
    return content
  }

  /// One GeneralName (RFC 5280 §4.2.1.6), its form checked per choice.
  private static func generalName(_ reader: inout DERReader) throws(DERError) {
    let name = try reader.next()
    switch name.tag {
    case 0x81, 0x82, 0x86, 0x87:
      break
    case 0x88:
      _ = try reader.objectIdentifier(
        name.read(as: DERTag.objectIdentifier), "a registered identifier")
    case 0xA0:
      // otherName ::= SEQUENCE { type-id OID, value [0] EXPLICIT ANY }
      var parts = try reader.children(of: name)
      _ = try parts.objectIdentifier(try parts.next(), "an other name's type")
      var value = try parts.children(of: try parts.next(DERTag.contextConstructed(0), "its value"))
      _ = try value.next()
      try value.expectEnd("an other name's value")
      try parts.expectEnd("an other name")
    case 0xA3, 0xA5:
      _ = try reader.children(of: name)
    case 0xA4:
      var inner = try reader.children(of: name)
      _ = try inner.next(DERTag.sequence, "a directory name")
      try inner.expectEnd("a directory name")
    default:
      throw DERError("a general name with tag \(hex(name.tag))", at: name.start)
    }
  }
}
