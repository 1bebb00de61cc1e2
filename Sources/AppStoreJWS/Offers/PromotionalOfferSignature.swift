package import Foundation

/// A promotional offer's signature in its original form, as an app passes it to StoreKit
/// (`Product.SubscriptionOffer.Signature(keyID:nonce:timestamp:signature:)`, and
/// `SKPaymentDiscount` before it): made by the developer's server, checked by the App Store.
///
/// Apple's page "Generating a signature for promotional offers"
/// (https://developer.apple.com/documentation/storekit/generating-a-signature-for-promotional-offers)
/// sums it up: "To generate the signature, you combine the required parameters, then sign and
/// encode the resulting string." The parameters are `appBundleID`, `keyIdentifier`,
/// `productIdentifier`, `offerIdentifier`, `appAccountToken`, `nonce` and `timestamp`, joined in
/// that order into one UTF-8 string with the invisible separator U+2063 between them (the
/// page's older Japanese and Chinese editions call the fifth `applicationUsername`; Apple's
/// library passes the account token there)
/// (``payload(bundleID:keyID:productID:offerID:appAccountToken:nonce:timestamp:)``); the string
/// is signed with the subscription-offer key, and the DER signature base64-encoded. The page on
/// `SKPaymentDiscount.signature` names the algorithm: "Generate the signature using the Elliptic
/// Curve Digital Signature Algorithm (ECDSA) with SHA 256."
/// (https://developer.apple.com/documentation/storekit/skpaymentdiscount/signature). Apple's App
/// Store Server Library builds the same string (`PromotionalOfferSignatureCreator.create_signature`,
/// `appstoreserverlibrary/promotional_offer.py` in app-store-server-library-python): the account
/// token and nonce lowercased, the timestamp as its decimal digits, and the base64 of the DER
/// signature that `cryptography` makes. The vectors of `scripts/offer-vectors` are made by that
/// library and checked in OfferSignatureTests.
package struct PromotionalOfferSignature: Sendable, Hashable {
  /// The invisible separator, U+2063, between the payload's values.
  package static let separator: Unicode.Scalar = "\u{2063}"

  /// `keyIdentifier`: the subscription-offer key's identifier.
  package var keyID: String
  /// The one-time UUID the server made for this signature.
  package var nonce: UUID
  /// When the server signed, in milliseconds since 1970 (UNIX time).
  package var timestamp: Int64
  /// The base64 of the DER ECDSA-Sig-Value (what Apple's page calls the signature string).
  package var signature: String

  /// A signature as an app received it from its server.
  package init(keyID: String, nonce: UUID, timestamp: Int64, signature: String) {
    self.keyID = keyID
    self.nonce = nonce
    self.timestamp = timestamp
    self.signature = signature
  }

  /// The string that is signed: the seven values joined by U+2063, `appAccountToken` and
  /// `nonce` as lowercase UUID strings (`appAccountToken` empty when there is none),
  /// `timestamp` in decimal.
  package static func payload(
    bundleID: String, keyID: String, productID: String, offerID: String,
    appAccountToken: UUID?, nonce: UUID, timestamp: Int64
  ) -> String {
    var text = ""
    for (index, value) in [
      bundleID, keyID, productID, offerID, appAccountToken?.uuidString.lowercased() ?? "",
      nonce.uuidString.lowercased(), String(timestamp),
    ].enumerated() {
      if index > 0 { text.unicodeScalars.append(separator) }
      text += value
    }
    return text
  }

  /// Signs an offer as a developer's server does, with `key`: for tests and the command line.
  /// - Parameters:
  ///   - bundleID: The app's bundle identifier (`appBundleID`).
  ///   - productID: The subscription's product identifier.
  ///   - offerID: The promotional offer's identifier.
  ///   - appAccountToken: The token the purchase will carry, if any.
  ///   - nonce: A new UUID for each signature.
  ///   - timestamp: The signing time, in milliseconds since 1970.
  ///   - key: The subscription-offer key; its identifier is the payload's `keyIdentifier`.
  /// - Returns: The signature an app passes to StoreKit.
  /// - Throws: ``AppStoreJWSError/Code/signingFailed`` if the primitive cannot sign.
  package static func sign(
    bundleID: String, productID: String, offerID: String, appAccountToken: UUID?, nonce: UUID,
    timestamp: Int64, key: SubscriptionOfferKey
  ) throws(AppStoreJWSError) -> PromotionalOfferSignature {
    let message = payload(
      bundleID: bundleID, keyID: key.keyID, productID: productID, offerID: offerID,
      appAccountToken: appAccountToken, nonce: nonce, timestamp: timestamp)
    let raw = try ES256.sign(signingInput: Array(message.utf8), key: key.privateKey.key)
    return PromotionalOfferSignature(
      keyID: key.keyID, nonce: nonce, timestamp: timestamp,
      signature: Base64.encode(ECDSASignature.der(fromRaw: raw), alphabet: .standard))
  }
}
