internal import COpenSSL
import Foundation

/// An owned, parsed OpenSSL `X509` with its DER bytes.
///
/// `@unchecked Sendable` invariant: the certificate is never mutated after `init`; OpenSSL 3
/// guards its lazily cached extension data with the object's own lock.
final class X509Handle: @unchecked Sendable {
  let pointer: OpaquePointer
  let der: [UInt8]

  /// Parses `der`, which must be exactly one DER certificate with nothing after it.
  init(der: [UInt8]) throws(AppStoreJWSError) {
    guard !der.isEmpty else { throw AppStoreJWSError(.invalidCertificate, "there are no bytes") }
    var consumed = 0
    let parsed = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
      guard let start = buffer.baseAddress else { return nil }
      var cursor: UnsafePointer<UInt8>? = start
      let certificate = d2i_X509(nil, &cursor, buffer.count)
      if let cursor { consumed = cursor - start }
      return certificate
    }
    guard let parsed else {
      throw AppStoreJWSError(
        .invalidCertificate, "the bytes are not DER X.509", openSSL: OpenSSLErrorQueue.take())
    }
    guard consumed == der.count else {
      X509_free(parsed)
      throw AppStoreJWSError(
        .invalidCertificate, "\(der.count - consumed) bytes follow the certificate's DER")
    }
    self.pointer = parsed
    self.der = der
  }

  /// Takes ownership of a certificate this module built and signed.
  init(taking pointer: OpaquePointer) throws(AppStoreJWSError) {
    var output: UnsafeMutablePointer<UInt8>?
    let count = i2d_X509(pointer, &output)
    guard count > 0, let output else {
      X509_free(pointer)
      throw AppStoreJWSError(
        .invalidCertificate,
        "could not encode the certificate", openSSL: OpenSSLErrorQueue.take())
    }
    defer { sts_OPENSSL_free(output) }
    self.pointer = pointer
    self.der = Array(UnsafeBufferPointer(start: output, count: Int(count)))
  }

  deinit {
    X509_free(pointer)
  }

  /// Parses every certificate of a PEM text, in order.
  static func parsePEM(_ pem: String) throws(AppStoreJWSError) -> [X509Handle] {
    var handles: [X509Handle] = []
    let bytes = Array(pem.utf8)
    let failure = MemoryBIO.reading(bytes) { bio -> AppStoreJWSError? in
      while true {
        guard let certificate = PEM_read_bio_X509(bio, nil, nil, nil) else {
          let code = ERR_peek_last_error()
          // Running out of input ends the loop; anything else is a malformed block.
          if ERR_GET_REASON(code) == PEM_R_NO_START_LINE {
            OpenSSLErrorQueue.clear()
            return handles.isEmpty
              ? AppStoreJWSError(
                .invalidCertificate, "there is no \"-----BEGIN CERTIFICATE-----\" block") : nil
          }
          return AppStoreJWSError(
            .invalidCertificate,
            "a PEM certificate block does not parse", openSSL: OpenSSLErrorQueue.take())
        }
        do throws(AppStoreJWSError) {
          handles.append(try X509Handle(taking: certificate))
        } catch {
          return error
        }
      }
    }
    if let failure { throw failure }
    return handles
  }

  /// Whether this certificate's DER is `der` (compared with `memcmp`).
  func hasDER(_ other: [UInt8]) -> Bool {
    guard der.count == other.count else { return false }
    return der.withUnsafeBytes { mine in
      other.withUnsafeBytes { theirs in
        guard let mineBase = mine.baseAddress, let theirsBase = theirs.baseAddress else {
          return true
        }
        return memcmp(mineBase, theirsBase, mine.count) == 0
      }
    }
  }

  // MARK: - Fields

  /// The start of the validity period, in seconds since 1970.
  var notBefore: Int64? { Self.seconds(X509_get0_notBefore(pointer)) }

  /// The end of the validity period, in seconds since 1970.
  var notAfter: Int64? { Self.seconds(X509_get0_notAfter(pointer)) }

  /// Whether an extension with the object identifier `oid` is present (critical or not).
  func hasExtension(_ oid: ObjectIdentifierHandle) -> Bool {
    X509_get_ext_by_OBJ(pointer, oid.pointer, -1) >= 0
  }

  /// The subject's public key.
  func publicKey() -> EVPKey? {
    guard let key = X509_get_pubkey(pointer) else {
      OpenSSLErrorQueue.clear()
      return nil
    }
    return EVPKey(taking: key)
  }

  /// The subject name, one line, RFC 2253 order (`CN=…,O=…,C=…`).
  var subject: String { Self.describe(X509_get_subject_name(pointer)) }

  /// The issuer name, one line, RFC 2253 order.
  var issuer: String { Self.describe(X509_get_issuer_name(pointer)) }

  /// The serial number in upper-case hexadecimal.
  var serialNumberHex: String {
    guard let serial = X509_get0_serialNumber(pointer), let number = ASN1_INTEGER_to_BN(serial, nil)
    else { return "" }
    defer { BN_free(number) }
    guard let hex = BN_bn2hex(number) else { return "" }
    defer { sts_OPENSSL_free(hex) }
    return String(cString: hex)
  }

  /// Whether `self` and `other` have the same subject name.
  func hasSameSubject(as other: X509Handle) -> Bool {
    X509_NAME_cmp(X509_get_subject_name(pointer), X509_get_subject_name(other.pointer)) == 0
  }

  // MARK: - Conversions

  private static func describe(_ name: OpaquePointer?) -> String {
    guard let name else { return "" }
    let flags = sts_XN_FLAG_RFC2253_UTF8()
    let bytes = MemoryBIO.writing { bio in
      X509_NAME_print_ex(bio, name, 0, flags) >= 0 ? 1 : 0
    }
    return bytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  /// An `ASN1_TIME` as seconds since 1970 (UTC), computed without the C library's time zone.
  static func seconds(_ time: UnsafePointer<ASN1_TIME>?) -> Int64? {
    guard let time else { return nil }
    var parts = tm()
    guard ASN1_TIME_to_tm(time, &parts) == 1 else {
      OpenSSLErrorQueue.clear()
      return nil
    }
    let days = daysSince1970(
      year: Int64(parts.tm_year) + 1900, month: Int64(parts.tm_mon) + 1, day: Int64(parts.tm_mday))
    return days * 86_400 + Int64(parts.tm_hour) * 3600 + Int64(parts.tm_min) * 60
      + Int64(parts.tm_sec)
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
  static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
