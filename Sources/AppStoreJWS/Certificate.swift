public import Foundation

/// An X.509 certificate, parsed by this package's strict DER reader: a trust root for a
/// verifier, or a link of a chain.
///
/// Equality and hashing compare the DER bytes.
public struct Certificate: Sendable, Hashable, CustomStringConvertible {
  /// The parsed fields and the imported key.
  package let link: ChainVerifier.Link

  init(link: ChainVerifier.Link) {
    self.link = link
  }

  package var parsed: X509Certificate { link.certificate }
  var der: [UInt8] { link.certificate.der }

  /// Parses one DER certificate; nothing may follow it.
  /// - Throws: `AppStoreJWSError/Code/invalidCertificate` when the bytes are not one.
  public init(derEncoded der: some Sequence<UInt8>) throws(AppStoreJWSError) {
    let bytes = Array(der)
    guard !bytes.isEmpty else {
      throw AppStoreJWSError(.invalidCertificate, "there are no bytes")
    }
    do throws(DERError) {
      self.link = ChainVerifier.Link(try X509Certificate(der: bytes))
    } catch {
      throw AppStoreJWSError(
        .invalidCertificate, "the bytes are not a DER X.509 certificate: \(error)")
    }
  }

  /// Parses a PEM text holding exactly one certificate.
  /// - Throws: `AppStoreJWSError/Code/invalidCertificate` unless it holds exactly one.
  public init(pemEncoded pem: String) throws(AppStoreJWSError) {
    let certificates = try Self.certificates(pemEncoded: pem)
    guard certificates.count == 1, let certificate = certificates.first else {
      throw AppStoreJWSError(
        .invalidCertificate, "expected one PEM certificate, found \(certificates.count)")
    }
    self = certificate
  }

  /// Parses every certificate of a PEM text, in order (RFC 7468 §5: `-----BEGIN
  /// CERTIFICATE-----`, base64, `-----END CERTIFICATE-----`; blocks of other labels skipped).
  /// - Throws: `AppStoreJWSError/Code/invalidCertificate` when a block does not parse or there is none.
  public static func certificates(pemEncoded pem: String) throws(AppStoreJWSError) -> [Certificate]
  {
    let begin = "-----BEGIN CERTIFICATE-----"
    let end = "-----END CERTIFICATE-----"
    var certificates: [Certificate] = []
    var rest = Substring(pem)
    while let start = rest.range(of: begin) {
      guard let finish = rest[start.upperBound...].range(of: end) else {
        throw AppStoreJWSError(.invalidCertificate, "a PEM certificate block has no END line")
      }
      let body = rest[start.upperBound..<finish.lowerBound].filter { !$0.isWhitespace }
      guard let der = Base64.decode(body, alphabet: .standard) else {
        throw AppStoreJWSError(.invalidCertificate, "a PEM certificate block is not base64")
      }
      certificates.append(try Certificate(derEncoded: der))
      rest = rest[finish.upperBound...]
    }
    guard !certificates.isEmpty else {
      throw AppStoreJWSError(
        .invalidCertificate, "there is no \"-----BEGIN CERTIFICATE-----\" block")
    }
    return certificates
  }

  /// Parses a file's contents as one certificate, PEM (if it starts with `-----BEGIN`) or DER.
  /// - Throws: `AppStoreJWSError/Code/invalidCertificate` when it is neither.
  public init(contentsOf bytes: Data) throws(AppStoreJWSError) {
    let prefix = Array("-----BEGIN".utf8)
    let trimmed = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    if trimmed.starts(with: prefix) {
      try self.init(pemEncoded: String(decoding: bytes, as: UTF8.self))
    } else {
      try self.init(derEncoded: bytes)
    }
  }

  /// The certificate's DER bytes, exactly as parsed: what an `x5c` entry carries, base64-encoded.
  public var derRepresentation: Data { Data(der) }

  /// The PEM encoding (`-----BEGIN CERTIFICATE-----`, 64 characters a line).
  package var pemRepresentation: String {
    KeyEncoding.pem(der, label: "CERTIFICATE")
  }

  /// The standard base64 of the DER, as an `x5c` entry holds it.
  package var base64DER: String { Base64.encode(der, alphabet: .standard) }

  /// The SHA-256 digest of the DER encoding: the certificate's fingerprint.
  package var sha256Fingerprint: [UInt8] { PlatformDigest.sha256(der) }

  /// The subject name in RFC 2253 form (`CN=Apple Root CA - G3,OU=…,O=Apple Inc.,C=US`).
  package var subject: String { NameString.describe(parsed.subject) }

  /// The issuer name in RFC 2253 form.
  package var issuer: String { NameString.describe(parsed.issuer) }

  /// The serial number in upper-case hexadecimal (a negative one with a leading `-`).
  package var serialNumber: String {
    var bytes = Array(parsed.serialNumber)
    var sign = ""
    if let first = bytes.first, first & 0x80 != 0 {
      // Two's complement: the magnitude is the complement plus one.
      sign = "-"
      var carry = true
      for index in bytes.indices.reversed() {
        bytes[index] = ~bytes[index]
        if carry {
          let (sum, overflow) = bytes[index].addingReportingOverflow(1)
          bytes[index] = sum
          carry = overflow
        }
      }
    }
    let magnitude = bytes.drop { $0 == 0 }
    return magnitude.isEmpty ? "0" : sign + magnitude.map(hex).joined()
  }

  /// The start of the validity period.
  package var notValidBefore: Date { Date(timeIntervalSince1970: TimeInterval(parsed.notBefore)) }

  /// The end of the validity period.
  package var notValidAfter: Date { Date(timeIntervalSince1970: TimeInterval(parsed.notAfter)) }

  /// Whether the certificate carries an extension with the dotted object identifier `oid`.
  package func hasExtension(oid: String) -> Bool {
    guard let identifier = DERObjectIdentifier(dotted: oid) else { return false }
    return parsed.extensions.contains(identifier)
  }

  /// The subject's public key as a DER SubjectPublicKeyInfo, when it is a P-256 or P-384 key.
  var publicKeyInfo: [UInt8]? {
    guard case .ec(let curve, let point) = parsed.publicKey else { return nil }
    return KeyEncoding.subjectPublicKeyInfo(curve: curve, point: point)
  }

  public var description: String { "Certificate(\(subject), serial \(serialNumber))" }

  public static func == (lhs: Certificate, rhs: Certificate) -> Bool {
    lhs.der == rhs.der
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(der)
  }
}
