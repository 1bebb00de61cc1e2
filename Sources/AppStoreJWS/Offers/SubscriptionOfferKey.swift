package import StoreModel

/// An App Store Connect subscription-offer key: the private key a developer's server signs
/// promotional offers with, and the key identifier App Store Connect gave it.
///
/// A `.storekit` file carries one as `subscriptionOffersKeyPair` (`id`, and `privateKey`: the
/// base64 of a PKCS#8 DER P-256 key), so that Xcode can check the signatures an app's server
/// makes while it tests against the file; ``init(_:)`` reads that pair. Apple's page "Generating
/// a signature for promotional offers"
/// (https://developer.apple.com/documentation/storekit/generating-a-signature-for-promotional-offers)
/// has the server sign with the PKCS#8 private key downloaded from App Store Connect whose
/// identifier is the payload's `keyIdentifier` (read in the page's Japanese and Chinese
/// editions; the stored English copy we could read stops before that step).
package struct SubscriptionOfferKey: Sendable, Hashable {
  /// The key identifier App Store Connect shows (`id` in a `.storekit` file: 8 hex digits there,
  /// 10 characters for a key from App Store Connect).
  package let keyID: String
  /// The private key, P-256.
  package let privateKey: PrivateKey

  /// A key with its identifier.
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` unless `privateKey` is P-256.
  package init(keyID: String, privateKey: PrivateKey) throws(AppStoreJWSError) {
    guard privateKey.curve == .p256 else {
      throw AppStoreJWSError(
        .invalidKey, "a subscription-offer key is P-256; key \(keyID) is on another curve")
    }
    self.keyID = keyID
    self.privateKey = privateKey
  }

  /// The key pair of a `.storekit` file.
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` when `privateKey` is not strict base64 of a
  ///   DER P-256 private key, saying which key and why.
  package init(_ pair: Catalog.SubscriptionOffersKeyPair) throws(AppStoreJWSError) {
    guard let der = Base64.decode(pair.privateKey, alphabet: .standard) else {
      throw AppStoreJWSError(
        .invalidKey,
        "subscriptionOffersKeyPair \(pair.keyID): privateKey is not padded standard base64")
    }
    let key: PrivateKey
    do throws(AppStoreJWSError) {
      key = try PrivateKey(derEncoded: der)
    } catch {
      throw AppStoreJWSError(
        .invalidKey, "subscriptionOffersKeyPair \(pair.keyID): privateKey: \(error.reason)")
    }
    try self.init(keyID: pair.keyID, privateKey: key)
  }

  /// A fresh random key under `keyID`, for tests.
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` if the platform cannot make one.
  package static func generate(keyID: String) throws(AppStoreJWSError) -> SubscriptionOfferKey {
    try SubscriptionOfferKey(keyID: keyID, privateKey: try PrivateKey.generate(curve: .p256))
  }

  /// The public half, with the same identifier: what verifies this key's signatures.
  package var verificationKey: OfferVerificationKey {
    OfferVerificationKey(keyID: keyID, publicKey: privateKey.key.publicKey)
  }
}
