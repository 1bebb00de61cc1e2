package import Foundation
import StoreInternals
import StoreModel

/// A payload of App Store signed data: what a ``SignedDataVerifier`` needs to know about it.
///
/// `Transaction`, `RenewalInfo`, `ServerNotification` and `AppTransaction` conform.
package protocol SignedPayload: Decodable, Sendable {
  /// The kind of data this type holds; a payload that shows another kind (see
  /// ``SignedPayloadKind/detect(payloadJSON:)``) is refused as `malformed` before it is decoded.
  /// `nil` (the default) for types that take any payload.
  static var signedPayloadKind: SignedPayloadKind? { get }

  /// The date the chain is checked at when no time is given: Apple's library uses `signedDate`
  /// (`receiptCreationDate` for an app transaction).
  var verificationDate: Date? { get }

  /// What the verifier compares with its configuration once the signature holds.
  var claims: SignedPayloadClaims { get }

  /// Keeps the compact JWS the payload was decoded from (`jwsRepresentation`), where it has one.
  mutating func attachJWS(_ jws: String)
}

extension SignedPayload {
  package static var signedPayloadKind: SignedPayloadKind? { nil }
  package mutating func attachJWS(_ jws: String) {}

  /// The type in words for error messages: its kind's phrase, else "a" or "an" and its name.
  static var phrase: String {
    if let kind = signedPayloadKind { return kind.phrase }
    let name = String(describing: self)
    let vowel = name.first.map { "AEIOUaeiou".contains($0) } ?? false
    return (vowel ? "an " : "a ") + name
  }

  /// Decodes a payload of this type from JSON bytes, refusing one that shows another kind.
  /// - Throws: `VerificationError` (`malformed`) with the reason, in words.
  static func decodePayload(_ bytes: [UInt8]) -> Result<Self, VerificationError> {
    let document: JSONDocument
    do {
      document = try PayloadDecoder.document(bytes)
    } catch {
      return .failure(
        VerificationError(
          .malformed, "the payload is not \(phrase): \(DecodingFailure.describe(error))"))
    }
    if let expected = signedPayloadKind, let shown = document.signedPayloadKind, shown != expected {
      return .failure(VerificationError(.malformed, expected.mismatch(shown: shown)))
    }
    do {
      return .success(try PayloadDecoder.decode(Self.self, from: document))
    } catch {
      return .failure(
        VerificationError(
          .malformed, "the payload is not \(phrase): \(DecodingFailure.describe(error))"))
    }
  }
}
