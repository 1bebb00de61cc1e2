public import Foundation

/// A payload of App Store signed data: what a ``SignedDataVerifier`` needs to know about it.
///
/// `Transaction`, `RenewalInfo`, `ServerNotification` and `AppTransaction` conform.
public protocol SignedPayload: Decodable, Sendable {
  /// The date the chain is checked at when no time is given: Apple's library uses `signedDate`
  /// (`receiptCreationDate` for an app transaction).
  var verificationDate: Date? { get }

  /// What the verifier compares with its configuration once the signature holds.
  var claims: SignedPayloadClaims { get }

  /// Keeps the compact JWS the payload was decoded from (`jwsRepresentation`), where it has one.
  mutating func attachJWS(_ jws: String)
}

extension SignedPayload {
  public mutating func attachJWS(_ jws: String) {}
}
