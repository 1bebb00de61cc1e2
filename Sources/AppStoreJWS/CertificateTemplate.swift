public import Foundation

/// What a certificate made by ``Certificate/issue(_:subjectKey:issuer:issuerKey:)`` says.
///
/// Defaults describe an end-entity certificate; set ``isCertificateAuthority`` for a CA. Apple's
/// marker extensions are plain object identifiers here: a test can leave one out, put one on the
/// wrong certificate, or mark it critical.
@_spi(Tools) public struct CertificateTemplate: Sendable, Hashable {
  /// One attribute of a distinguished name, such as `CN` or `O`, with its value.
  public struct NameAttribute: Sendable, Hashable {
    /// The attribute's short name (`CN`, `OU`, `O`, `L`, `ST`, `C`) or dotted identifier.
    public var type: String
    /// The attribute's value.
    public var value: String

    /// Creates an attribute.
    public init(_ type: String, _ value: String) {
      self.type = type
      self.value = value
    }
  }

  /// The subject name, in order (most significant first, as `C`, `O`, `CN`).
  public var subject: [NameAttribute]
  /// The serial number, big-endian, positive.
  public var serialNumber: [UInt8]
  /// The start of the validity period.
  public var notValidBefore: Date
  /// The end of the validity period.
  public var notValidAfter: Date
  /// Whether the certificate may sign certificates (basic constraints `CA:TRUE`, key usage
  /// `keyCertSign, cRLSign`); otherwise key usage is `digitalSignature`.
  public var isCertificateAuthority: Bool
  /// The path length constraint of a CA, if any.
  public var pathLengthConstraint: Int?
  /// Object identifiers of marker extensions (value DER `NULL`, not critical), as Apple puts
  /// 1.2.840.113635.100.6.2.1 on its intermediate and 1.2.840.113635.100.6.11.1 on its leaf.
  public var markerExtensions: [String]
  /// Object identifiers of marker extensions marked critical (which verification must refuse).
  public var criticalMarkerExtensions: [String]

  /// Creates a template.
  public init(
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
