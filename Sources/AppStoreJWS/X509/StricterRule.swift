/// The closed list of places where this package's certificate rules refuse what OpenSSL's
/// path validation (`X509_verify_cert` with `X509_V_FLAG_X509_STRICT`, as Apple's Python
/// App Store Server Library sets up its `X509Store`) accepts. Written down before the
/// differential runs and kept closed: a refusal the oracle does not share must carry one of
/// these, and an acceptance the oracle refuses is a bug whatever it carries. SECURITY.md lists
/// the same cases.
enum StricterRule: String, Sendable, Hashable, CaseIterable {
  /// Encodings that are BER but not DER (X.690 §10, §11): the indefinite length, lengths not
  /// in their shortest form, BOOLEAN true other than `FF`, non-zero unused bits of a BIT
  /// STRING, the high-tag-number form, nesting deeper than 32 or elements above 1 MiB.
  /// OpenSSL's decoder reads BER; outside the signed part (the outer SEQUENCE, the signature
  /// fields) its signature checks cannot see them.
  case derEncoding
  /// A DEFAULT value encoded explicitly (X.690 §11.5): an extension's `critical FALSE`,
  /// basic constraints' `cA FALSE`.
  case explicitDefault
  /// A certificate that is not version 3, or carries `issuerUniqueID`/`subjectUniqueID`
  /// (RFC 5280 §4.1.2.1, §4.1.2.8); OpenSSL trusts a configured v1 root.
  case version
  /// ECDSA AlgorithmIdentifiers with parameters (RFC 5758 §3.2: they MUST be absent).
  case algorithmParameters
  /// Algorithms other than ecdsa-with-SHA256/384 for certificate signatures and keys other
  /// than P-256 and P-384 on named curves as uncompressed points (RFC 5480 §2.2).
  case algorithms
  /// A critical extension other than basic constraints and key usage, even one OpenSSL
  /// processes (extended key usage, subject alternative name, certificate policies, name
  /// constraints, policy constraints and mappings, inhibit anyPolicy).
  case criticalExtensions
  /// An authority key identifier with `authorityCertIssuer` or `authorityCertSerialNumber`
  /// (only `keyIdentifier` is read).
  case authorityKeyIdentifierForm
  /// Names chained byte for byte, where OpenSSL compares canonical forms (case and spaces
  /// folded, RFC 5280 §7.1); an empty subject refused even with a subject alternative name; a
  /// name attribute whose value is a BIT STRING, a SEQUENCE or an unnamed universal string type
  /// (OpenSSL keeps those as they are; the values here are the directory string types).
  case names
  /// A validity time before 2050 as GeneralizedTime (RFC 5280 §4.1.2.5).
  case timeEncoding
  /// An extension's value that is not one DER element, an extension repeated that OpenSSL does
  /// not decode (Apple's markers, an unknown one), an empty extensions list, a key usage
  /// longer than 16 bits, a pathLenConstraint above 2^63, a name string OpenSSL converts
  /// leniently.
  case extensionValues
}
