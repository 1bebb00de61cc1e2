public import Foundation

/// An X.509 certificate, parsed by OpenSSL: a trust root for a verifier, or a link of a chain.
///
/// Equality and hashing compare the DER bytes.
public struct Certificate: Sendable, Hashable, CustomStringConvertible {
  let handle: X509Handle

  init(handle: X509Handle) {
    self.handle = handle
  }

  /// Parses one DER certificate; nothing may follow it.
  /// - Throws: `AppStoreJWSError/Code/invalidCertificate` when the bytes are not one.
  public init(derEncoded der: some Sequence<UInt8>) throws(AppStoreJWSError) {
    self.handle = try X509Handle(der: Array(der))
  }

  /// Parses a PEM text holding exactly one certificate.
  /// - Throws: `AppStoreJWSError/Code/invalidCertificate` unless it holds exactly one.
  public init(pemEncoded pem: String) throws(AppStoreJWSError) {
    let handles = try X509Handle.parsePEM(pem)
    guard handles.count == 1, let handle = handles.first else {
      throw AppStoreJWSError(
        .invalidCertificate, "expected one PEM certificate, found \(handles.count)")
    }
    self.handle = handle
  }

  /// Parses every certificate of a PEM text, in order.
  /// - Throws: `AppStoreJWSError/Code/invalidCertificate` when a block does not parse or there is none.
  public static func certificates(pemEncoded pem: String) throws(AppStoreJWSError) -> [Certificate]
  {
    try X509Handle.parsePEM(pem).map(Certificate.init(handle:))
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
  public var derRepresentation: Data { Data(handle.der) }

  /// The PEM encoding (`-----BEGIN CERTIFICATE-----`, 64 characters a line).
  package var pemRepresentation: String {
    let base64 = Base64.encode(handle.der, alphabet: .standard)
    var lines = ["-----BEGIN CERTIFICATE-----"]
    var start = base64.startIndex
    while start < base64.endIndex {
      let end = base64.index(start, offsetBy: 64, limitedBy: base64.endIndex) ?? base64.endIndex
      lines.append(String(base64[start..<end]))
      start = end
    }
    lines.append("-----END CERTIFICATE-----")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The standard base64 of the DER, as an `x5c` entry holds it.
  package var base64DER: String { Base64.encode(handle.der, alphabet: .standard) }

  /// The SHA-256 digest of the DER encoding: the certificate's fingerprint.
  package var sha256Fingerprint: [UInt8] {
    handle.der.withUnsafeBytes { ES256.sha256($0) }
  }

  /// The subject name in RFC 2253 form (`CN=Apple Root CA - G3,OU=…,O=Apple Inc.,C=US`).
  package var subject: String { handle.subject }

  /// The issuer name in RFC 2253 form.
  package var issuer: String { handle.issuer }

  /// The serial number in upper-case hexadecimal.
  package var serialNumber: String { handle.serialNumberHex }

  /// The start of the validity period.
  package var notValidBefore: Date {
    Date(timeIntervalSince1970: TimeInterval(handle.notBefore ?? 0))
  }

  /// The end of the validity period.
  package var notValidAfter: Date {
    Date(timeIntervalSince1970: TimeInterval(handle.notAfter ?? 0))
  }

  /// Whether the certificate carries an extension with the dotted object identifier `oid`.
  package func hasExtension(oid: String) -> Bool {
    guard let object = ObjectIdentifierHandle(oid) else { return false }
    return handle.hasExtension(object)
  }

  public var description: String { "Certificate(\(subject), serial \(serialNumber))" }

  public static func == (lhs: Certificate, rhs: Certificate) -> Bool {
    lhs.handle.der == rhs.handle.der
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(handle.der)
  }
}
