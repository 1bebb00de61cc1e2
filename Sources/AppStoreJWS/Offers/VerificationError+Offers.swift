package import StoreModel

/// The refusals of a subscription-offer signature (the original promotional-offer signature, or
/// one of the JWS forms) that signed App Store data has no word for. The others are
/// ``VerificationError``'s own: `malformed` (not base64, not a DER ECDSA-Sig-Value, not a
/// compact JWS, a claim missing or of the wrong JSON type), `unsupportedAlgorithm` (`alg` not
/// `ES256`, or a `crit` header), `invalidSignature` (the signature does not match the signed
/// bytes under the subscription-offer key) and `wrongApp` (`bid` not the app's bundle
/// identifier). Each reason says what was refused, where (which claim, which parameter) and
/// why, with the values that differ.
extension ErrorCode where Domain == VerificationError {
  /// The key identifier (the JWS header's `kid`, the original form's `keyIdentifier`) is not the
  /// subscription-offer key's.
  package static var wrongKey: Self { Self("wrongKey") }
  /// The JWS's `aud` is not the audience of the form being verified.
  package static var wrongAudience: Self { Self("wrongAudience") }
  /// The JWS names another product or offer than the purchase it came with.
  package static var wrongOffer: Self { Self("wrongOffer") }
  /// The timestamp (original form) or `iat` (JWS) is older than the window allows, or later
  /// than the time of verification.
  package static var outsideWindow: Self { Self("outsideWindow") }
}
