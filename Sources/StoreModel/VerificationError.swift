/// Why signed data failed verification.
///
/// A struct with an extensible ``Code`` (as swift-certificates does it) and a reason for people.
/// Two errors are equal when their codes are: the reason is diagnostics.
public struct VerificationError: CodedError {
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

  public var description: String { "\(code): \(reason)" }

  /// The kind of a verification failure.
  public typealias Code = ErrorCode<VerificationError>
}

extension ErrorCode where Domain == VerificationError {
  /// Not a compact JWS, bad base64url, bad JSON, or a payload missing required fields.
  public static var malformed: Self { Self("malformed") }
  /// The header's `alg` is not ES256.
  public static var unsupportedAlgorithm: Self { Self("unsupportedAlgorithm") }
  /// A certificate of `x5c` could not be read, or has the wrong key type.
  public static var invalidCertificate: Self { Self("invalidCertificate") }
  /// The certificate chain does not lead to a trusted root with Apple's OIDs at that time.
  public static var invalidChain: Self { Self("invalidChain") }
  /// The signature does not match the signing input and the leaf's key.
  public static var invalidSignature: Self { Self("invalidSignature") }
  /// The data belongs to another app (bundle id or app Apple id).
  public static var wrongApp: Self { Self("wrongApp") }
  /// The data was signed for another environment.
  public static var wrongEnvironment: Self { Self("wrongEnvironment") }
}
