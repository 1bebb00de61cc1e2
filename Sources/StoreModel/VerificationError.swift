/// Why signed data failed verification.
///
/// A struct with an extensible ``Code`` (as swift-certificates does it) and a reason for people.
/// Two errors are equal when their codes are: the reason is diagnostics.
public struct VerificationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure.
  public let code: Code
  /// What exactly failed, for a person reading a log.
  public let reason: String
  /// Where the error was made.
  public let fileID: String
  /// The line where the error was made.
  public let line: Int

  /// Creates an error of `code` with a reason.
  public init(_ code: Code, _ reason: String, fileID: String = #fileID, line: Int = #line) {
    self.code = code
    self.reason = reason
    self.fileID = fileID
    self.line = line
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }

  public var description: String { "\(code): \(reason)" }

  /// The kind of a verification failure.
  public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// Not a compact JWS, bad base64url, bad JSON, or a payload missing required fields.
    public static let malformed = Code(rawValue: "malformed")
    /// The header's `alg` is not ES256.
    public static let unsupportedAlgorithm = Code(rawValue: "unsupportedAlgorithm")
    /// A certificate of `x5c` could not be read, or has the wrong key type.
    public static let invalidCertificate = Code(rawValue: "invalidCertificate")
    /// The certificate chain does not lead to a trusted root with Apple's OIDs at that time.
    public static let invalidChain = Code(rawValue: "invalidChain")
    /// The signature does not match the signing input and the leaf's key.
    public static let invalidSignature = Code(rawValue: "invalidSignature")
    /// The data belongs to another app (bundle id or app Apple id).
    public static let wrongApp = Code(rawValue: "wrongApp")
    /// The data was signed for another environment.
    public static let wrongEnvironment = Code(rawValue: "wrongEnvironment")
  }
}
