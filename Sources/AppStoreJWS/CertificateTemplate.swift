package import Foundation

/// What a certificate made by ``Certificate/issue(_:subjectKey:issuer:issuerKey:)`` says.
///
/// Defaults describe an end-entity certificate; set ``isCertificateAuthority`` for a CA. Apple's
/// marker extensions are plain object identifiers here: a test can leave one out, put one on the
/// wrong certificate, or mark it critical.
package struct CertificateTemplate: Sendable, Hashable {
  /// One attribute of a distinguished name, such as `CN` or `O`, with its value.
  package struct NameAttribute: Sendable, Hashable {
    /// The attribute's short name (`CN`, `OU`, `O`, `L`, `ST`, `C`) or dotted identifier.
    package var type: String
    package var value: String

    /// Creates an attribute.
    package init(_ type: String, _ value: String) {
      self.type = type
      self.value = value
    }
  }

  /// The subject name, in order (most significant first, as `C`, `O`, `CN`).
  package var subject: [NameAttribute]
  /// The serial number, big-endian, positive.
  package var serialNumber: [UInt8]
  /// The start of the validity period.
  package var notValidBefore: Date
  /// The end of the validity period.
  package var notValidAfter: Date
  /// Whether the certificate may sign certificates (basic constraints `CA:TRUE`, key usage
  /// `keyCertSign, cRLSign`); otherwise key usage is `digitalSignature`.
  package var isCertificateAuthority: Bool
  /// The path length constraint of a CA, if any.
  package var pathLengthConstraint: Int?
  /// Object identifiers of marker extensions (value DER `NULL`, not critical), as Apple puts
  /// 1.2.840.113635.100.6.2.1 on its intermediate and 1.2.840.113635.100.6.11.1 on its leaf.
  package var markerExtensions: [String]
  /// Object identifiers of marker extensions marked critical (which verification must refuse).
  package var criticalMarkerExtensions: [String]

  /// Creates a template.
  package init(
    subject: [NameAttribute],
    serialNumber: [UInt8],
    notValidBefore: Date,
    notValidAfter: Date,
    isCertificateAuthority: Bool = false,
    pathLengthConstraint: Int? = nil,
    markerExtensions: [String] = [],
    criticalMarkerExtensions: [String] = []
  ) {
    self.subject = subject
    self.serialNumber = serialNumber
    self.notValidBefore = notValidBefore
    self.notValidAfter = notValidAfter
    self.isCertificateAuthority = isCertificateAuthority
    self.pathLengthConstraint = pathLengthConstraint
    self.markerExtensions = markerExtensions
    self.criticalMarkerExtensions = criticalMarkerExtensions
  }
}
