/// An error thrown by the configuration, signing and certificate APIs of `AppStoreJWS`.
///
/// Verifying untrusted data never throws: it returns a `VerificationResult`. This error is for
/// inputs the caller controls — a root certificate that does not parse, a key that is not P-256,
/// a certificate authority that cannot be loaded. Equality compares ``code`` only, so a test can
/// write `#expect(throws: AppStoreJWSError.invalidCertificate(""))`-style comparisons by code.
public struct AppStoreJWSError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, as a stable value to switch on.
  public let code: Code
  /// Why, in words, with OpenSSL's own messages where it was involved.
  public let reason: String
  /// The source file that raised the error.
  public let fileID: String
  /// The source line that raised the error.
  public let line: Int

  /// Creates an error; prefer the static factories.
  public init(code: Code, reason: String, fileID: String = #fileID, line: Int = #line) {
    self.code = code
    self.reason = reason
    self.fileID = fileID
    self.line = line
  }

  public var description: String {
    "AppStoreJWSError.\(code): \(reason) \(fileID):\(line)"
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }

  /// The kinds of ``AppStoreJWSError``; new codes may be added.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Backing: String, Hashable, Sendable {
      case invalidCertificate
      case invalidKey
      case invalidConfiguration
      case signingFailed
      case encodingFailed
    }

    private let backing: Backing
    private init(_ backing: Backing) { self.backing = backing }

    /// A certificate did not parse (DER or PEM) or lacks what its role needs.
    public static let invalidCertificate = Code(.invalidCertificate)
    /// A key did not parse, or is not the kind required (P-256 private key).
    public static let invalidKey = Code(.invalidKey)
    /// A verifier or authority was configured with values that cannot work.
    public static let invalidConfiguration = Code(.invalidConfiguration)
    /// OpenSSL could not make a signature or certificate.
    public static let signingFailed = Code(.signingFailed)
    /// A payload could not be encoded as JSON.
    public static let encodingFailed = Code(.encodingFailed)

    public var description: String { backing.rawValue }
  }

  static func invalidCertificate(_ reason: String, fileID: String = #fileID, line: Int = #line)
    -> Self
  { Self(code: .invalidCertificate, reason: reason, fileID: fileID, line: line) }

  static func invalidKey(_ reason: String, fileID: String = #fileID, line: Int = #line) -> Self {
    Self(code: .invalidKey, reason: reason, fileID: fileID, line: line)
  }

  static func invalidConfiguration(_ reason: String, fileID: String = #fileID, line: Int = #line)
    -> Self
  { Self(code: .invalidConfiguration, reason: reason, fileID: fileID, line: line) }

  static func signingFailed(_ reason: String, fileID: String = #fileID, line: Int = #line) -> Self {
    Self(code: .signingFailed, reason: reason, fileID: fileID, line: line)
  }

  static func encodingFailed(_ reason: String, fileID: String = #fileID, line: Int = #line) -> Self
  { Self(code: .encodingFailed, reason: reason, fileID: fileID, line: line) }
}
