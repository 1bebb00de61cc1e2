package import Foundation
package import StoreModel

/// Checks the signatures an app's server makes for subscription offers, as the App Store does
/// before it sells an offer: the original promotional-offer signature
/// (`Product.PurchaseOption.promotionalOffer(offerID:keyID:nonce:signature:timestamp:)`) and
/// the JWS forms of "Generating JWS to sign App Store requests"
/// (https://developer.apple.com/documentation/storekit/generating-jws-to-sign-app-store-requests):
/// a promotional offer's and an introductory-offer eligibility's.
///
/// The JWS forms carry no certificate chain: they are checked against the one public key of the
/// app's subscription-offer key, and their header must say `alg` `ES256`, name no `crit`
/// extension and have that key's identifier as `kid`. Then the claims: `aud` the form's,
/// `bid` the app's, `iat` inside ``window``, and the product (and offer) of the purchase.
/// The signature is checked before any claim is trusted, so a forged token is
/// ``VerificationError/Code/invalidSignature`` whatever its claims say. Each refusal is an
/// ``VerificationError`` whose reason says what, where and why; nothing here throws or traps
/// on untrusted input. Time is the caller's (`at:`), read from its clock at the moment of the
/// purchase.
package struct OfferSignatureVerifier: Sendable {
  /// The subscription-offer key's public half and identifier.
  package let key: OfferVerificationKey
  /// The app's bundle identifier.
  package let bundleID: String
  /// How old (and how far ahead) a signature's time may be.
  package let window: OfferSignatureWindow

  /// A verifier for one app and key.
  package init(
    key: OfferVerificationKey, bundleID: String, window: OfferSignatureWindow = .standard
  ) {
    self.key = key
    self.bundleID = bundleID
    self.window = window
  }

  // MARK: - The original form

  /// Checks a promotional offer's original signature for a purchase.
  ///
  /// In order: the key identifier is the key's (``VerificationError/Code/wrongKey``); the
  /// signature is padded base64 of a strict DER ECDSA-Sig-Value
  /// (``VerificationError/Code/malformed``); it verifies over
  /// ``PromotionalOfferSignature/payload(bundleID:keyID:productID:offerID:appAccountToken:nonce:timestamp:)``
  /// built from this verifier's bundle identifier and the purchase's values
  /// (``VerificationError/Code/invalidSignature``: a product, offer, account token, nonce or
  /// timestamp other than the signed one lands here, as the payload is all the signature
  /// covers); the timestamp is inside ``window`` (``VerificationError/Code/outsideWindow``).
  /// - Parameters:
  ///   - signature: What the app passed with the purchase.
  ///   - productID: The product being bought.
  ///   - offerID: The promotional offer asked for.
  ///   - appAccountToken: The purchase's app account token, if any.
  ///   - now: The time of the purchase.
  package func verifyPromotionalOffer(
    _ signature: PromotionalOfferSignature, productID: String, offerID: String,
    appAccountToken: UUID?, at now: Date
  ) -> Result<Void, VerificationError> {
    guard signature.keyID == key.keyID else {
      return .failure(
        VerificationError(
          .wrongKey,
          "the promotional offer's keyIdentifier is \"\(signature.keyID)\"; "
            + "the app's subscription-offer key is \"\(key.keyID)\""))
    }
    guard let der = Base64.decode(signature.signature, alphabet: .standard) else {
      return .failure(
        VerificationError(
          .malformed,
          "the promotional offer's signature (\(signature.signature.utf8.count) bytes) is not "
            + "padded standard base64"))
    }
    let raw: [UInt8]
    do throws(DERError) {
      raw = try ECDSASignature.raw(DERReader(der), curve: .p256)
    } catch {
      return .failure(
        VerificationError(
          .malformed,
          "the promotional offer's signature is not a DER ECDSA-Sig-Value of P-256: \(error)"))
    }
    let message = PromotionalOfferSignature.payload(
      bundleID: bundleID, keyID: signature.keyID, productID: productID, offerID: offerID,
      appAccountToken: appAccountToken, nonce: signature.nonce, timestamp: signature.timestamp)
    let valid = raw.withUnsafeBytes { raw in
      Array(message.utf8).withUnsafeBytes { message in
        key.publicKey.isValidSignature(rawSignature: raw, message: message, hash: .sha256)
      }
    }
    guard valid else {
      return .failure(
        VerificationError(
          .invalidSignature,
          "the promotional offer's signature does not verify under key \"\(key.keyID)\" over "
            + "bundle \"\(bundleID)\", product \"\(productID)\", offer \"\(offerID)\", "
            + "appAccountToken \"\(appAccountToken?.uuidString.lowercased() ?? "")\", nonce "
            + "\(signature.nonce.uuidString.lowercased()), timestamp \(signature.timestamp)"))
    }
    let signed = Date(timeIntervalSince1970: Double(signature.timestamp) / 1000)
    if let refusal = window.refusal(
      of: signed, at: now, "the promotional offer's timestamp \(signature.timestamp) (ms)")
    {
      return .failure(VerificationError(.outsideWindow, refusal))
    }
    return .success(())
  }

  // MARK: - The JWS forms

  /// Checks a promotional offer's JWS (`aud` `promotional-offer`) for a purchase of
  /// `offerIdentifier` on `productID`, and returns its claims.
  package func verifyPromotionalOffer(
    jws: String, productID: String, offerIdentifier: String, at now: Date
  ) -> Result<PromotionalOfferClaims, VerificationError> {
    verified(jws, .promotionalOffer, productID: productID, at: now) {
      (reader, base) throws(VerificationError) in
      let claims = PromotionalOfferClaims(
        base: base, productID: productID, offerIdentifier: try reader.string("offerIdentifier"),
        transactionID: try reader.optionalString("transactionId"))
      try expect("offerIdentifier", claims.offerIdentifier, offerIdentifier)
      return claims
    }
  }

  /// Checks an introductory-offer eligibility JWS (`aud` `introductory-offer-eligibility`) for a
  /// purchase of `productID`, and returns its claims (whether the offer is allowed is the
  /// caller's to apply).
  package func verifyIntroductoryOfferEligibility(
    jws: String, productID: String, at now: Date
  ) -> Result<IntroductoryOfferEligibilityClaims, VerificationError> {
    verified(jws, .introductoryOfferEligibility, productID: productID, at: now) {
      (reader, base) throws(VerificationError) in
      IntroductoryOfferEligibilityClaims(
        base: base, productID: productID,
        allowIntroductoryOffer: try reader.bool("allowIntroductoryOffer"),
        transactionID: try reader.string("transactionId"))
    }
  }

  /// Either form's claims: the header, signature and base claims checked
  /// (``verifiedClaims(_:_:at:)``), then `productId`, then what `read` reads and checks.
  private func verified<Claims>(
    _ jws: String, _ audience: OfferJWSClaims.Audience, productID: String, at now: Date,
    _ read: (OfferClaimsReader, OfferJWSClaims) throws(VerificationError) -> Claims
  ) -> Result<Claims, VerificationError> {
    Result { () throws(VerificationError) -> Claims in
      let (reader, base) = try verifiedClaims(jws, audience, at: now)
      try expect("productId", try reader.string("productId"), productID)
      return try read(reader, base)
    }
  }

  /// The header, signature and base claims of either form, checked in that order.
  private func verifiedClaims(
    _ jws: String, _ audience: OfferJWSClaims.Audience, at now: Date
  ) throws(VerificationError) -> (OfferClaimsReader, OfferJWSClaims) {
    let token: UnverifiedJWS
    do throws(VerificationError) {
      token = try UnverifiedJWS(parsing: jws)
    } catch {
      throw VerificationError(.malformed, "the \(audience.rawValue) JWS: \(error.reason)")
    }
    if let critical = token.header.critical {
      throw VerificationError(
        .unsupportedAlgorithm,
        "the \(audience.rawValue) JWS header names extensions in \"crit\" "
          + "(\(critical.joined(separator: ", "))); none is understood here (RFC 7515 §4.1.11)")
    }
    guard token.header.algorithm == "ES256" else {
      let found = token.header.algorithm.map { "\"\($0)\"" } ?? "absent"
      throw VerificationError(
        .unsupportedAlgorithm,
        "the \(audience.rawValue) JWS header's \"alg\" is \(found); only \"ES256\" is accepted")
    }
    guard token.header.keyID == key.keyID else {
      let found = token.header.keyID.map { "\"\($0)\"" } ?? "absent"
      throw VerificationError(
        .wrongKey,
        "the \(audience.rawValue) JWS header's \"kid\" is \(found); "
          + "the app's subscription-offer key is \"\(key.keyID)\"")
    }
    let valid = Array(token.signature).withUnsafeBytes { signature in
      Array(token.signingInput.utf8).withUnsafeBytes { input in
        ES256.verify(signingInput: input, rawSignature: signature, key: key.publicKey)
      }
    }
    guard valid else {
      let detail =
        token.signature.count == ES256.signatureCount
        ? "does not verify under key \"\(key.keyID)\""
        : "is \(token.signature.count) bytes; an ES256 signature is \(ES256.signatureCount)"
      throw VerificationError(
        .invalidSignature, "the \(audience.rawValue) JWS signature \(detail)")
    }
    let reader = try OfferClaimsReader(Array(token.payloadJSON))
    // Apple, "Generating JWS to sign App Store requests": "Don't include an exp field in your
    // payload, because including it makes the request fail." Generic JWT libraries add one.
    guard !reader.has("exp") else {
      throw VerificationError(
        .malformed,
        "the \(audience.rawValue) JWS's payload has an \"exp\" claim, which makes Apple's "
          + "request fail (\"Don't include an exp field in your payload\"); sign it without one")
    }
    let base = try reader.base()
    guard base.audience == audience.rawValue else {
      throw VerificationError(
        .wrongAudience,
        "the JWS's \"aud\" is \"\(base.audience)\"; a \(audience.rawValue) JWS is expected")
    }
    guard base.bundleID == bundleID else {
      throw VerificationError(
        .wrongApp,
        "the \(audience.rawValue) JWS's \"bid\" is \"\(base.bundleID)\"; "
          + "the app is \"\(bundleID)\"")
    }
    if let refusal = window.refusal(
      of: base.issuedAt, at: now,
      "the \(audience.rawValue) JWS's \"iat\" \(Self.seconds(base.issuedAt))")
    {
      throw VerificationError(.outsideWindow, refusal)
    }
    return (reader, base)
  }

  /// A NumericDate as written: whole seconds without a fraction.
  private static func seconds(_ date: Date) -> String {
    let seconds = date.timeIntervalSince1970
    return seconds == seconds.rounded() && abs(seconds) < 1e15
      ? String(Int64(seconds)) : String(seconds)
  }

  /// Refuses a claim that names another product or offer than the purchase's.
  private func expect(_ claim: String, _ found: String, _ expected: String)
    throws(VerificationError)
  {
    guard found == expected else {
      throw VerificationError(
        .wrongOffer, "the JWS's \"\(claim)\" is \"\(found)\"; the purchase is for \"\(expected)\"")
    }
  }
}
