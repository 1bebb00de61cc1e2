package import Foundation

/// Signs the JWS forms of subscription offers as a developer's server does: for tests and the
/// command line, standing in for Apple's App Store Server Library
/// (`PromotionalOfferV2SignatureCreator`, `IntroductoryOfferEligibilitySignatureCreator`).
///
/// The header is `{"alg":"ES256","typ":"JWT","kid":key id}`: Apple's library passes only
/// `kid` to PyJWT, which adds `alg` and `typ` `JWT` (the same three members, in another order).
/// The payload is the base claims (``OfferJWSClaims``) and the form's own, `iat` in whole
/// seconds, as the library writes them.
package struct OfferJWSSigner: Sendable {
  /// The subscription-offer key; its identifier is the header's `kid`.
  package let key: SubscriptionOfferKey
  /// `iss`: the issuer identifier.
  package let issuerID: String
  /// `bid`: the app's bundle identifier.
  package let bundleID: String

  /// A signer for one app.
  package init(key: SubscriptionOfferKey, issuerID: String, bundleID: String) {
    self.key = key
    self.issuerID = issuerID
    self.bundleID = bundleID
  }

  /// The header every token of this signer carries.
  package var header: JOSEHeader {
    JOSEHeader(algorithm: "ES256", certificateChain: nil, keyID: key.keyID, type: "JWT")
  }

  /// A promotional offer's JWS (`aud` `promotional-offer`).
  /// - Parameters:
  ///   - productID: `productId`.
  ///   - offerIdentifier: `offerIdentifier`.
  ///   - transactionID: `transactionId`, left out when `nil`.
  ///   - nonce: `nonce`, written as a lowercase UUID.
  ///   - issuedAt: `iat`, written in whole seconds (rounded down).
  /// - Throws: ``AppStoreJWSError/Code/encodingFailed`` or
  ///   ``AppStoreJWSError/Code/signingFailed``.
  package func signPromotionalOffer(
    productID: String, offerIdentifier: String, transactionID: String?, nonce: UUID,
    issuedAt: Date
  ) throws(AppStoreJWSError) -> String {
    try sign(
      Payload(
        base: base(.promotionalOffer, nonce: nonce, issuedAt: issuedAt), productId: productID,
        offerIdentifier: offerIdentifier, transactionId: transactionID))
  }

  /// An introductory-offer eligibility JWS (`aud` `introductory-offer-eligibility`).
  /// - Parameters:
  ///   - productID: `productId`.
  ///   - allowIntroductoryOffer: `allowIntroductoryOffer`.
  ///   - transactionID: `transactionId`.
  ///   - nonce: `nonce`, written as a lowercase UUID.
  ///   - issuedAt: `iat`, written in whole seconds (rounded down).
  /// - Throws: ``AppStoreJWSError/Code/encodingFailed`` or
  ///   ``AppStoreJWSError/Code/signingFailed``.
  package func signIntroductoryOfferEligibility(
    productID: String, allowIntroductoryOffer: Bool, transactionID: String, nonce: UUID,
    issuedAt: Date
  ) throws(AppStoreJWSError) -> String {
    try sign(
      Payload(
        base: base(.introductoryOfferEligibility, nonce: nonce, issuedAt: issuedAt),
        productId: productID, allowIntroductoryOffer: allowIntroductoryOffer,
        transactionId: transactionID))
  }

  /// Signs arbitrary header and payload bytes with this signer's key: for tests that need a
  /// token no honest server makes (another `alg`, a missing claim).
  /// - Throws: ``AppStoreJWSError/Code/signingFailed`` if the primitive cannot sign.
  package func sign(headerJSON: Data, payloadJSON: Data) throws(AppStoreJWSError) -> String {
    try JWSSigner(unchecked: key.privateKey, certificateChain: [])
      .sign(headerJSON: headerJSON, payloadJSON: payloadJSON)
  }

  private func base(_ audience: OfferJWSClaims.Audience, nonce: UUID, issuedAt: Date) -> Base {
    Base(
      iss: issuerID, bid: bundleID, aud: audience.rawValue,
      iat: Int64((issuedAt.timeIntervalSince1970).rounded(.down)),
      nonce: nonce.uuidString.lowercased())
  }

  private func sign(_ payload: Payload) throws(AppStoreJWSError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let json: Data
    do {
      json = try encoder.encode(payload)
    } catch {
      throw AppStoreJWSError(.encodingFailed, "could not encode the offer's claims: \(error)")
    }
    return try sign(headerJSON: Data(JWSSigner.encode(header).utf8), payloadJSON: json)
  }

  /// The base claims, under their JSON names.
  private struct Base: Encodable {
    var iss: String
    var bid: String
    var aud: String
    var iat: Int64
    var nonce: String
  }

  /// A form's claims, under their JSON names; the absent ones are left out.
  private struct Payload: Encodable {
    var base: Base
    var productId: String
    var offerIdentifier: String?
    var allowIntroductoryOffer: Bool?
    var transactionId: String?

    enum CodingKeys: String, CodingKey {
      case productId, offerIdentifier, allowIntroductoryOffer, transactionId
    }

    func encode(to encoder: any Encoder) throws {
      try base.encode(to: encoder)
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(productId, forKey: .productId)
      try container.encodeIfPresent(offerIdentifier, forKey: .offerIdentifier)
      try container.encodeIfPresent(allowIntroductoryOffer, forKey: .allowIntroductoryOffer)
      try container.encodeIfPresent(transactionId, forKey: .transactionId)
    }
  }
}
