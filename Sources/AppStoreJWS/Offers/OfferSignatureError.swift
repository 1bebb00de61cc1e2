package import StoreModel

/// Why a subscription-offer signature was refused: the original promotional-offer signature or
/// one of the JWS forms (promotional offer, introductory-offer eligibility).
///
/// A struct with an extensible ``Code`` and a reason for people, as ``VerificationError`` is;
/// equality compares codes. The reason says what was refused, where (which claim, which
/// parameter) and why, with the values that differ.
package struct OfferSignatureError: CodedError {
  /// The kind of failure.
  package let code: Code
  /// What exactly failed, for a person reading a log.
  package let reason: String
  /// The source file that made the error.
  package let fileID: String
  /// The source line that made the error.
  package let line: Int

  /// Creates an error of `code` with a reason.
  package init(_ code: Code, _ reason: String, fileID: String = #fileID, line: Int = #line) {
    self.code = code
    self.reason = reason
    self.fileID = fileID
    self.line = line
  }

  /// `code: reason`.
  package var description: String { "\(code): \(reason)" }

  /// The kind of an offer-signature failure.
  package typealias Code = ErrorCode<OfferSignatureError>
}

extension ErrorCode where Domain == OfferSignatureError {
  /// The bytes are not of the form: a signature that is not base64 or not a DER
  /// ECDSA-Sig-Value, a token that is not a compact JWS, a header or payload that is not a JSON
  /// object, a claim missing or of the wrong JSON type.
  package static var malformed: Self { Self("malformed") }
  /// The JWS header's `alg` is not `ES256`, or it names extensions in `crit`.
  package static var unsupportedAlgorithm: Self { Self("unsupportedAlgorithm") }
  /// The key identifier (the JWS header's `kid`, the original form's `keyIdentifier`) is not the
  /// subscription-offer key's.
  package static var wrongKey: Self { Self("wrongKey") }
  /// The signature does not match the signed bytes under the subscription-offer key.
  package static var invalidSignature: Self { Self("invalidSignature") }
  /// The JWS's `aud` is not the audience of the form being verified.
  package static var wrongAudience: Self { Self("wrongAudience") }
  /// The JWS's `bid` is not the app's bundle identifier.
  package static var wrongApp: Self { Self("wrongApp") }
  /// The JWS names another product or offer than the purchase it came with.
  package static var wrongOffer: Self { Self("wrongOffer") }
  /// The timestamp (original form) or `iat` (JWS) is older than the window allows, or later
  /// than the time of verification.
  package static var outsideWindow: Self { Self("outsideWindow") }
}
