public import StoreModel

/// An error thrown by the configuration, signing and certificate APIs of `AppStoreJWS`.
///
/// Verifying untrusted data never throws: it returns a `VerificationResult`. This error is for
/// inputs the caller controls — a root certificate that does not parse, a key that is not P-256,
/// a certificate authority that cannot be loaded. Equality compares ``code`` only, so a test can
/// write `#expect(throws: AppStoreJWSError.invalidCertificate(""))`-style comparisons by code.
///
/// Its `description` is the ``reason`` alone, one line for a person; `debugDescription` adds the
/// code, OpenSSL's own messages and where the error was raised.
public struct AppStoreJWSError: CodedError, CustomDebugStringConvertible {
  /// What went wrong, as a stable value to switch on.
  public let code: Code
  /// Why, in one line for a person (`"the bytes are not a DER X.509 certificate: …"`), without
  /// OpenSSL's error stack.
  public let reason: String
  /// OpenSSL's own messages, oldest first, when libcrypto (the primitive on Linux) failed: for
  /// debugging. Empty on Apple platforms.
  public let openSSLMessages: [String]
  /// The source file that raised the error.
  public let fileID: String
  /// The source line that raised the error.
  public let line: Int

  /// Creates an error; prefer the static factories.
  package init(
    code: Code, reason: String, openSSLMessages: [String] = [], fileID: String = #fileID,
    line: Int = #line
  ) {
    self.code = code
    self.reason = reason
    self.openSSLMessages = openSSLMessages
    self.fileID = fileID
    self.line = line
  }

  /// The ``reason``: one line for a person.
  public var description: String { reason }

  /// The code, the reason, OpenSSL's messages and the source location, for a log.
  public var debugDescription: String {
    var text = "AppStoreJWSError.\(code): \(reason)"
    if !openSSLMessages.isEmpty {
      text += " [OpenSSL: " + openSSLMessages.joined(separator: "; ") + "]"
    }
    return text + " (\(sourceLocation))"
  }

  /// The kinds of ``AppStoreJWSError``; new codes may be added.
  public typealias Code = ErrorCode<AppStoreJWSError>

  /// An error of `code` for `reason`.
  package init(_ code: Code, _ reason: String, fileID: String = #fileID, line: Int = #line) {
    self.init(code: code, reason: reason, fileID: fileID, line: line)
  }
}

extension ErrorCode where Domain == AppStoreJWSError {
  /// A certificate did not parse (DER or PEM) or lacks what its role needs.
  public static var invalidCertificate: Self { Self("invalidCertificate") }
  /// A key did not parse, or is not the kind required (P-256 private key).
  package static var invalidKey: Self { Self("invalidKey") }
  /// A verifier or authority was configured with values that cannot work.
  public static var invalidConfiguration: Self { Self("invalidConfiguration") }
  /// OpenSSL could not make a signature or certificate.
  package static var signingFailed: Self { Self("signingFailed") }
  /// A payload could not be encoded as JSON.
  package static var encodingFailed: Self { Self("encodingFailed") }
}
