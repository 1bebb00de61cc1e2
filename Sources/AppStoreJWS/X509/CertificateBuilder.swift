/// Builds and signs X.509 v3 certificates (RFC 5280 §4.1) for the test certificate authority,
/// with this package's DER writer; only the signature is the primitive's.
///
/// Every certificate has, in this order: basic constraints (critical; `cA` for a CA, with its
/// path length), key usage (critical; keyCertSign and cRLSign for a CA, digitalSignature
/// otherwise), a subject key identifier (RFC 7093 §2 method 1: the leftmost 160 bits of the
/// SHA-256 of the subjectPublicKey bits, since the primitive has no SHA-1), an authority key
/// identifier (the issuer's subject key identifier; a self-signed certificate's own), then the
/// template's marker extensions with the value DER `NULL` (`05 00`), as Apple's markers have.
/// It is signed with ecdsa-with-SHA384 by a P-384 issuer key, ecdsa-with-SHA256 by a P-256 one
/// (RFC 5758 §3.2). Names are one attribute per RDN, countryName a PrintableString (X.520's
/// definition) and every other value a UTF8String (RFC 5280 §4.1.2.4), as OpenSSL writes them.
enum CertificateBuilder {
  static func issue(
    _ template: CertificateTemplate, subjectKey: PlatformPublicKey, issuer: X509Certificate?,
    issuerKey: PlatformPrivateKey
  ) throws(AppStoreJWSError) -> X509Certificate {
    guard !template.serialNumber.isEmpty, template.serialNumber.count <= 20 else {
      throw AppStoreJWSError(.signingFailed, "a serial number has 1 to 20 bytes")
    }
    let subject = try name(template.subject)
    let issuerName = issuer.map { Array($0.subject) } ?? subject
    let point = subjectKey.x963Representation
    let subjectKeyID = keyIdentifier(point)
    let authorityKeyID =
      issuer.map { $0.extensions.subjectKeyIdentifier ?? keyIdentifierOf($0) } ?? subjectKeyID
    let algorithm: DERObjectIdentifier =
      issuerKey.curve == .p384 ? .ecdsaWithSHA384 : .ecdsaWithSHA256
    let hash: HashFunction = issuerKey.curve == .p384 ? .sha384 : .sha256

    var tbs = DERWriter()
    tbs.sequence { body in
      body.constructed(DERTag.contextConstructed(0)) { $0.integer(2) }
      body.unsignedInteger(template.serialNumber)
      body.sequence { $0.objectIdentifier(algorithm) }
      body.raw(issuerName)
      body.sequence { validity in
        X509Time.encode(
          SignedDataVerifier.Core.seconds(template.notValidBefore), into: &validity)
        X509Time.encode(SignedDataVerifier.Core.seconds(template.notValidAfter), into: &validity)
      }
      body.raw(subject)
      body.raw(KeyEncoding.subjectPublicKeyInfo(curve: subjectKey.curve, point: point))
      body.constructed(DERTag.contextConstructed(3)) { wrapper in
        wrapper.sequence { list in
          extensions(template, subjectKeyID: subjectKeyID, authorityKeyID: authorityKeyID, &list)
        }
      }
    }
    let signature = try tbs.bytes.withBytes { bytes throws(AppStoreJWSError) in
      try issuerKey.rawSignature(message: bytes, hash: hash)
    }
    var certificate = DERWriter()
    certificate.sequence { whole in
      whole.raw(tbs.bytes)
      whole.sequence { $0.objectIdentifier(algorithm) }
      whole.bitString(ECDSASignature.der(fromRaw: signature))
    }
    do throws(DERError) {
      return try X509Certificate(der: certificate.bytes)
    } catch {
      throw AppStoreJWSError(.signingFailed, "the certificate built does not parse: \(error)")
    }
  }

  private static func extensions(
    _ template: CertificateTemplate, subjectKeyID: [UInt8], authorityKeyID: [UInt8],
    _ list: inout DERWriter
  ) {
    func add(_ oid: DERObjectIdentifier, critical: Bool, _ value: [UInt8]) {
      list.sequence { entry in
        entry.objectIdentifier(oid)
        if critical { entry.boolean(true) }
        entry.octetString(value)
      }
    }
    var constraints = DERWriter()
    constraints.sequence { body in
      if template.isCertificateAuthority {
        body.boolean(true)
        if let length = template.pathLengthConstraint { body.integer(length) }
      }
    }
    add(.basicConstraints, critical: true, constraints.bytes)
    var usage = DERWriter()
    let bits: Set<Int> =
      template.isCertificateAuthority
      ? [X509Extensions.KeyUsage.keyCertSign, X509Extensions.KeyUsage.cRLSign]
      : [X509Extensions.KeyUsage.digitalSignature]
    usage.namedBits(bits)
    add(.keyUsage, critical: true, usage.bytes)
    var subjectKey = DERWriter()
    subjectKey.octetString(subjectKeyID)
    add(.subjectKeyIdentifier, critical: false, subjectKey.bytes)
    var authorityKey = DERWriter()
    authorityKey.sequence { $0.element(DERTag.contextPrimitive(0), authorityKeyID) }
    add(.authorityKeyIdentifier, critical: false, authorityKey.bytes)
    let null: [UInt8] = [DERTag.null, 0x00]
    for dotted in template.markerExtensions {
      if let oid = DERObjectIdentifier(dotted: dotted) { add(oid, critical: false, null) }
    }
    for dotted in template.criticalMarkerExtensions {
      if let oid = DERObjectIdentifier(dotted: dotted) { add(oid, critical: true, null) }
    }
  }

  /// RFC 7093 §2 method 1: the leftmost 160 bits of SHA-256 of the subjectPublicKey bits.
  static func keyIdentifier(_ point: [UInt8]) -> [UInt8] {
    Array(PlatformDigest.sha256(point).prefix(20))
  }

  /// The key identifier of a certificate without one, from its key.
  private static func keyIdentifierOf(_ certificate: X509Certificate) -> [UInt8] {
    if case .ec(_, let point) = certificate.publicKey { return keyIdentifier(point) }
    return []
  }

  /// A Name from attributes in order, one attribute per RDN.
  static func name(_ attributes: [CertificateTemplate.NameAttribute]) throws(AppStoreJWSError)
    -> [UInt8]
  {
    var writer = DERWriter()
    var failure: AppStoreJWSError?
    writer.sequence { name in
      for attribute in attributes {
        guard let oid = attributeType(attribute.type) else {
          failure = AppStoreJWSError(
            .signingFailed, "\"\(attribute.type)\" is not a name attribute this package writes")
          return
        }
        name.constructed(DERTag.set) { set in
          set.sequence { pair in
            pair.objectIdentifier(oid)
            let tag = oid == countryName ? DERTag.printableString : DERTag.utf8String
            pair.element(tag, Array(attribute.value.utf8))
          }
        }
      }
    }
    if let failure { throw failure }
    return writer.bytes
  }

  private static let countryName = DERObjectIdentifier(content: [0x55, 0x04, 0x06])

  /// The OID of a short attribute name (RFC 4514 §3) or a dotted identifier.
  private static func attributeType(_ type: String) -> DERObjectIdentifier? {
    let short: [String: String] = [
      "CN": "2.5.4.3", "C": "2.5.4.6", "L": "2.5.4.7", "ST": "2.5.4.8", "O": "2.5.4.10",
      "OU": "2.5.4.11", "STREET": "2.5.4.9", "serialNumber": "2.5.4.5",
    ]
    return DERObjectIdentifier(dotted: short[type] ?? type)
  }
}
