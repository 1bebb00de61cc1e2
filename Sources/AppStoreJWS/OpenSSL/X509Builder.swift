internal import COpenSSL
import Foundation

/// Builds and signs X.509 v3 certificates with OpenSSL, for the test certificate authority.
enum X509Builder {
  static func issue(
    _ template: CertificateTemplate, subjectKey: EVPKey, issuer: X509Handle?, issuerKey: EVPKey
  ) throws(AppStoreJWSError) -> X509Handle {
    guard let certificate = X509_new() else {
      throw AppStoreJWSError(
        .signingFailed, "could not allocate a certificate", openSSL: OpenSSLErrorQueue.take())
    }
    var owned = true
    defer { if owned { X509_free(certificate) } }

    guard X509_set_version(certificate, 2) == 1 else { throw failure("the version") }
    try setSerial(template.serialNumber, on: certificate)
    try setNames(template, issuer: issuer, on: certificate)
    try setValidity(template, on: certificate)
    guard X509_set_pubkey(certificate, subjectKey.pointer) == 1 else {
      throw failure("the public key")
    }

    var context = X509V3_CTX()
    X509V3_set_ctx(&context, issuer?.pointer ?? certificate, certificate, nil, nil, 0)
    var constraints = template.isCertificateAuthority ? "critical,CA:TRUE" : "critical,CA:FALSE"
    if template.isCertificateAuthority, let pathLength = template.pathLengthConstraint {
      constraints += ",pathlen:\(pathLength)"
    }
    let usage =
      template.isCertificateAuthority ? "critical,keyCertSign,cRLSign" : "critical,digitalSignature"
    try addExtension(NID_basic_constraints, constraints, to: certificate, context: &context)
    try addExtension(NID_key_usage, usage, to: certificate, context: &context)
    try addExtension(NID_subject_key_identifier, "hash", to: certificate, context: &context)
    try addExtension(
      NID_authority_key_identifier, "keyid:always", to: certificate, context: &context)
    for oid in template.markerExtensions {
      try addMarker(oid, critical: false, to: certificate)
    }
    for oid in template.criticalMarkerExtensions {
      try addMarker(oid, critical: true, to: certificate)
    }

    let digest = issuerKey.curveName == "secp384r1" ? EVP_sha384() : EVP_sha256()
    guard X509_sign(certificate, issuerKey.pointer, digest) > 0 else {
      throw failure("the signature")
    }
    owned = false
    return try X509Handle(taking: certificate)
  }

  private static func failure(_ part: String) -> AppStoreJWSError {
    AppStoreJWSError(
      .signingFailed, "could not set \(part) of the certificate", openSSL: OpenSSLErrorQueue.take())
  }

  private static func setSerial(_ serial: [UInt8], on certificate: OpaquePointer)
    throws(AppStoreJWSError)
  {
    guard !serial.isEmpty, serial.count <= 20,
      let number = BN_bin2bn(serial, Int32(serial.count), nil)
    else { throw AppStoreJWSError(.signingFailed, "a serial number has 1 to 20 bytes") }
    defer { BN_free(number) }
    guard BN_to_ASN1_INTEGER(number, X509_get_serialNumber(certificate)) != nil else {
      throw failure("the serial number")
    }
  }

  private static func setNames(
    _ template: CertificateTemplate, issuer: X509Handle?, on certificate: OpaquePointer
  ) throws(AppStoreJWSError) {
    guard let name = X509_NAME_new() else { throw failure("the subject") }
    defer { X509_NAME_free(name) }
    for attribute in template.subject {
      let added = attribute.value.withCString { value in
        value.withMemoryRebound(to: UInt8.self, capacity: attribute.value.utf8.count + 1) {
          X509_NAME_add_entry_by_txt(name, attribute.type, MBSTRING_UTF8, $0, -1, -1, 0)
        }
      }
      guard added == 1 else { throw failure("the name attribute \(attribute.type)") }
    }
    guard X509_set_subject_name(certificate, name) == 1 else { throw failure("the subject") }
    let issuerName = issuer.map { X509_get_subject_name($0.pointer) } ?? name
    guard X509_set_issuer_name(certificate, issuerName) == 1 else { throw failure("the issuer") }
  }

  private static func setValidity(_ template: CertificateTemplate, on certificate: OpaquePointer)
    throws(AppStoreJWSError)
  {
    for (date, isStart) in [(template.notValidBefore, true), (template.notValidAfter, false)] {
      let seconds = time_t(SignedDataVerifier.Core.seconds(date))
      guard let time = ASN1_TIME_set(nil, seconds) else { throw failure("the validity") }
      defer { ASN1_TIME_free(time) }
      let set =
        isStart ? X509_set1_notBefore(certificate, time) : X509_set1_notAfter(certificate, time)
      guard set == 1 else { throw failure("the validity") }
    }
  }

  private static func addExtension(
    _ nid: Int32, _ value: String, to certificate: OpaquePointer,
    context: inout X509V3_CTX
  ) throws(AppStoreJWSError) {
    guard let ext = X509V3_EXT_nconf_nid(nil, &context, nid, value) else {
      throw failure("extension \(value)")
    }
    defer { X509_EXTENSION_free(ext) }
    guard X509_add_ext(certificate, ext, -1) == 1 else { throw failure("extension \(value)") }
  }

  /// Adds the extension `oid` with the value DER `NULL` (`05 00`), as Apple's markers have.
  private static func addMarker(_ oid: String, critical: Bool, to certificate: OpaquePointer)
    throws(AppStoreJWSError)
  {
    guard let object = ObjectIdentifierHandle(oid) else {
      throw AppStoreJWSError(.signingFailed, "\"\(oid)\" is not a dotted object identifier")
    }
    guard let value = ASN1_OCTET_STRING_new() else { throw failure("extension \(oid)") }
    defer { ASN1_OCTET_STRING_free(value) }
    let null: [UInt8] = [0x05, 0x00]
    guard ASN1_OCTET_STRING_set(value, null, 2) == 1,
      let ext = X509_EXTENSION_create_by_OBJ(nil, object.pointer, critical ? 1 : 0, value)
    else { throw failure("extension \(oid)") }
    defer { X509_EXTENSION_free(ext) }
    guard X509_add_ext(certificate, ext, -1) == 1 else { throw failure("extension \(oid)") }
  }
}
