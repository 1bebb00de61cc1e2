package import AppStoreJWS
package import Foundation
package import StoreModel

/// The subscription-offer key as the state keeps it: a `.storekit` file's
/// `subscriptionOffersKeyPair` (`id`, and `privateKey`, base64 of a PKCS#8 P-256 key).
struct OfferKeyRecord: Codable, Sendable, Hashable {
  static let metaKey = "subscriptionOffersKeyPair"
  var id: String
  var privateKey: String
}

/// Promotional, win-back and introductory offers as the App Store checks them when a purchase
/// asks for one.
///
/// A promotional offer needs the developer's server's signature, by the subscription-offer key
/// the `.storekit` file holds (`subscriptionOffersKeyPair`) or one installed with
/// ``setSubscriptionOffersKey(_:)``; Xcode signs and checks offers with that key locally.
/// Each refusal is the error StoreKit's `Product.PurchaseError` has for it:
/// `invalidOfferIdentifier` ("The offer identifier isn't valid"), `invalidOfferSignature`
/// ("The signature for the offer isn't valid"), `ineligibleForOffer` ("The customer isn't
/// eligible for the offer"), from the error's page
/// (<https://developer.apple.com/documentation/storekit/product/purchaseerror>). Where Apple
/// names no error — a nonce used twice, a signature older than its 24 hours, a JWS
/// `transactionId` of another customer — the choice is ours and says so in its reason. A
/// refused offer buys nothing: never the product at full price instead.
extension LocalAppStore {
  // MARK: - The key

  /// Installs `key` as the app's subscription-offer key: what a server under test signs
  /// promotional offers with, in place of the `.storekit` file's (if any).
  package func setSubscriptionOffersKey(_ key: SubscriptionOfferKey) throws(LocalAppStoreError) {
    let der: Data
    do throws(AppStoreJWSError) {
      der = try key.privateKey.derRepresentation()
    } catch {
      throw LocalAppStoreError(.invalidArgument, "the subscription-offer key: \(error)")
    }
    try operation { (_: Date) throws(LocalAppStoreError) in
      try ledger.encodeMeta(
        OfferKeyRecord(id: key.keyID, privateKey: der.base64EncodedString()),
        OfferKeyRecord.metaKey)
    }
  }

  /// The app's subscription-offer key, or `nil` when neither the `.storekit` file nor
  /// ``setSubscriptionOffersKey(_:)`` gave one.
  package func subscriptionOffersKey() throws(LocalAppStoreError) -> SubscriptionOfferKey? {
    try operation { (_: Date) throws(LocalAppStoreError) in try offersKey() }
  }

  func offersKey() throws(LocalAppStoreError) -> SubscriptionOfferKey? {
    guard try ledger.meta(OfferKeyRecord.metaKey) != nil else { return nil }
    let record = try ledger.decodeMeta(OfferKeyRecord.self, OfferKeyRecord.metaKey)
    do throws(AppStoreJWSError) {
      guard let der = Data(base64Encoded: record.privateKey) else {
        throw AppStoreJWSError(code: .invalidKey, reason: "the private key is not base64")
      }
      return try SubscriptionOfferKey(keyID: record.id, privateKey: PrivateKey(derEncoded: der))
    } catch {
      throw LocalAppStoreError(
        .invalidState,
        "\(statePath): the subscription-offer key \(record.id) does not read: \(error)")
    }
  }

  // MARK: - Checking a purchase's options

  /// Checks `options` for a purchase of `product` by `account` at `now`, and returns what the
  /// purchase applies, or the error StoreKit gives. A signature's nonce is spent here.
  func purchaseTerms(
    _ options: Set<PurchaseOption>, for product: Product, account: String, now: Date,
    settings: EmulatorSettings
  ) throws(LocalAppStoreError) -> Result<PurchaseTerms, StoreBackendError> {
    var terms = PurchaseTerms()
    var offers: [PurchaseOption] = []
    for option in options {
      switch option {
      case .appAccountToken(let token): terms.appAccountToken = token
      case .quantity(let quantity): terms.quantity = quantity
      case .promotionalOffer, .promotionalOfferJWS, .winBackOffer, .introductoryOfferEligibility:
        offers.append(option)
      }
    }
    let applied = offers.filter {
      if case .introductoryOfferEligibility = $0 { false } else { true }
    }
    guard applied.count <= 1 else {
      return .failure(
        .invalidOfferIdentifier(
          "a purchase applies one offer; \(applied.count) were given (ours)"))
    }
    for option in offers {
      let checked = try check(
        option, product: product, terms: terms, account: account, now: now, settings: settings)
      switch checked {
      case .failure(let error): return .failure(error)
      case .success(let change): change(&terms)
      }
    }
    return .success(terms)
  }

  private typealias TermsChange = @Sendable (inout PurchaseTerms) -> Void

  private func check(
    _ option: PurchaseOption, product: Product, terms: PurchaseTerms, account: String,
    now: Date, settings: EmulatorSettings
  ) throws(LocalAppStoreError) -> Result<TermsChange, StoreBackendError> {
    guard let info = product.subscription else {
      return .failure(
        .invalidOfferIdentifier(
          "\(product.id) is not an auto-renewable subscription: it has no offers"))
    }
    switch option {
    case .promotionalOffer(let offerID, let keyID, let nonce, let signature, let timestamp):
      guard info.promotionalOffers.contains(where: { $0.id == offerID }) else {
        return .failure(
          .invalidOfferIdentifier("\(product.id) has no promotional offer \(offerID)"))
      }
      guard let key = try offersKey() else { return .failure(Self.noKey) }
      let verified = verifier(key, settings).verifyPromotionalOffer(
        PromotionalOfferSignature(
          keyID: keyID, nonce: nonce, timestamp: Int64(timestamp),
          signature: signature.base64EncodedString()),
        productID: product.id, offerID: offerID, appAccountToken: terms.appAccountToken, at: now)
      if case .failure(let error) = verified {
        return .failure(.invalidOfferSignature(error.reason))
      }
      if let refusal = try spend(nonce.uuidString.lowercased(), now: now) {
        return .failure(refusal)
      }
      return try promotionalEligibility(offerID, info: info, account: account)
    case .promotionalOfferJWS(let offerID, let jws):
      guard info.promotionalOffers.contains(where: { $0.id == offerID }) else {
        return .failure(
          .invalidOfferIdentifier("\(product.id) has no promotional offer \(offerID)"))
      }
      guard let key = try offersKey() else { return .failure(Self.noKey) }
      let claims: PromotionalOfferClaims
      switch verifier(key, settings).verifyPromotionalOffer(
        jws: jws, productID: product.id, offerIdentifier: offerID, at: now)
      {
      case .failure(let error): return .failure(.invalidOfferSignature(error.reason))
      case .success(let value): claims = value
      }
      if let transactionID = claims.transactionID,
        try !isOwnTransaction(transactionID, account: account)
      {
        return .failure(
          .ineligibleForOffer(
            "the offer's transactionId \(transactionID) is no transaction of this customer (ours)"))
      }
      if let refusal = try spend(claims.base.nonce.lowercased(), now: now) {
        return .failure(refusal)
      }
      return try promotionalEligibility(offerID, info: info, account: account)
    case .introductoryOfferEligibility(let jws):
      guard let key = try offersKey() else { return .failure(Self.noKey) }
      switch verifier(key, settings).verifyIntroductoryOfferEligibility(
        jws: jws, productID: product.id, at: now)
      {
      case .failure(let error): return .failure(.invalidOfferSignature(error.reason))
      case .success(let claims):
        if let refusal = try spend(claims.base.nonce.lowercased(), now: now) {
          return .failure(refusal)
        }
        let allowed = claims.allowIntroductoryOffer
        return .success { $0.introductoryOfferAllowed = allowed }
      }
    case .winBackOffer(let offer):
      guard let offerID = offer.id, info.winBackOffers.contains(where: { $0.id == offerID }) else {
        return .failure(
          .invalidOfferIdentifier("\(product.id) has no win-back offer \(offer.id ?? "(no id)")"))
      }
      if let refusal = try winBackRefusal(
        offerID, productID: product.id, group: info.subscriptionGroupID, account: account,
        now: now)
      {
        return .failure(.ineligibleForOffer(refusal))
      }
      return .success { $0.offer = .winBack(offerID) }
    case .appAccountToken, .quantity:
      return .success { _ in }
    }
  }

  private static let noKey = StoreBackendError.invalidOfferSignature(
    "the app has no subscription-offer key: the .storekit file has no subscriptionOffersKeyPair "
      + "and none was installed, so no promotional offer signature can verify")

  private func verifier(_ key: SubscriptionOfferKey, _ settings: EmulatorSettings)
    -> OfferSignatureVerifier
  {
    OfferSignatureVerifier(key: key.verificationKey, bundleID: settings.bundleID)
  }

  /// Promotional offers are for the group's existing and former subscribers. Apple's
  /// "Implementing promotional offers in your app"
  /// (<https://developer.apple.com/documentation/storekit/implementing-promotional-offers-in-your-app>)
  /// offers them "to existing and previously subscribed customers"; a customer who never
  /// subscribed to the group is refused.
  private func promotionalEligibility(
    _ offerID: String, info: Product.SubscriptionInfo, account: String
  ) throws(LocalAppStoreError) -> Result<TermsChange, StoreBackendError> {
    let subscribed = try ledger.transactions(of: account).contains {
      $0.transaction.subscriptionGroupID == info.subscriptionGroupID && $0.sourceID == nil
    }
    guard subscribed else {
      return .failure(
        .ineligibleForOffer(
          "promotional offer \(offerID) is for existing and former subscribers of group "
            + "\(info.subscriptionGroupID); \(account) never subscribed"))
    }
    return .success { $0.offer = .promotional(offerID) }
  }

  /// Whether `transactionID` is one of `account`'s own transactions (or their original's).
  private func isOwnTransaction(_ transactionID: String, account: String)
    throws(LocalAppStoreError) -> Bool
  {
    guard let id = UInt64(transactionID) else { return false }
    return try ledger.transactions(of: account).contains {
      $0.sourceID == nil && ($0.transaction.id == id || $0.transaction.originalID == id)
    }
  }

  /// Records `nonce` as used, or refuses it when an earlier purchase used it within the
  /// signature window. Apple: the nonce is "a unique value for each signature" (the promotional
  /// offer page); the App Store's answer to a reused one is not documented:
  /// `invalidOfferSignature` is ours. Nonces older than the window are forgotten, as their
  /// signatures have expired anyway.
  private func spend(_ nonce: String, now: Date) throws(LocalAppStoreError) -> StoreBackendError? {
    var used: [String: Int64] =
      try ledger.meta("offerNonces") == nil
      ? [:] : try ledger.decodeMeta([String: Int64].self, "offerNonces")
    let oldest = AppStoreJSON.milliseconds(now - OfferSignatureWindow.standard.maximumAge)
    used = used.filter { $0.value >= oldest }
    if used[nonce] != nil {
      return .invalidOfferSignature(
        "nonce \(nonce) was already used by an earlier purchase; each signature is good once (ours)"
      )
    }
    used[nonce] = AppStoreJSON.milliseconds(now)
    try ledger.encodeMeta(used, "offerNonces")
    return nil
  }
}

/// Signing offers as the developer's server does, with the app's subscription-offer key: what
/// an app's tests and the command line pass to a purchase.
extension LocalAppStore {
  /// The issuer a JWS signed here carries (`iss`). A `.storekit` key has no App Store Connect
  /// issuer, so the store accepts any `iss`; this one says where the token came from.
  package static let offerIssuerID = "00000000-0000-0000-0000-00000000c0de"

  /// `offerID` on `productID` signed for a purchase now: StoreKit's
  /// `promotionalOffer(offerID:keyID:nonce:signature:timestamp:)`, made as Apple's
  /// "Generating a signature for promotional offers" says. Without a key yet, one is made and
  /// installed (``setSubscriptionOffersKey(_:)``).
  package func signPromotionalOffer(
    _ offerID: String, productID: String, appAccountToken: UUID? = nil, nonce: UUID
  ) throws(LocalAppStoreError) -> PurchaseOption {
    try signing { (key, settings, now) throws(AppStoreJWSError) in
      let timestamp = AppStoreJSON.milliseconds(now)
      let signed = try PromotionalOfferSignature.sign(
        bundleID: settings.bundleID, productID: productID, offerID: offerID,
        appAccountToken: appAccountToken, nonce: nonce, timestamp: timestamp, key: key)
      return .promotionalOffer(
        offerID: offerID, keyID: key.keyID, nonce: nonce,
        signature: Data(base64Encoded: signed.signature) ?? Data(), timestamp: Int(timestamp))
    }
  }

  /// A compact JWS a developer's server signs for a purchase.
  package enum OfferJWS: Sendable, Hashable {
    /// A promotional offer: StoreKit's `promotionalOffer(_:compactJWS:)` (`aud`
    /// `promotional-offer`). `transactionID`, when given, must be one of the customer's.
    case promotionalOffer(offerID: String, productID: String, transactionID: UInt64?)
    /// The server's word on a product's introductory offer: StoreKit's
    /// `introductoryOfferEligibility(compactJWS:)` (`aud` `introductory-offer-eligibility`).
    case introductoryOfferEligibility(productID: String, allow: Bool, transactionID: UInt64)
  }

  /// `token` signed now with the app's key, as the purchase option that carries it.
  package func sign(_ token: OfferJWS, nonce: UUID) throws(LocalAppStoreError) -> PurchaseOption {
    try signing { (key, settings, now) throws(AppStoreJWSError) in
      let signer = OfferJWSSigner(
        key: key, issuerID: Self.offerIssuerID, bundleID: settings.bundleID)
      switch token {
      case .promotionalOffer(let offerID, let productID, let transactionID):
        let jws = try signer.signPromotionalOffer(
          productID: productID, offerIdentifier: offerID,
          transactionID: transactionID.map(String.init), nonce: nonce, issuedAt: now)
        return .promotionalOfferJWS(offerID: offerID, compactJWS: jws)
      case .introductoryOfferEligibility(let productID, let allow, let transactionID):
        let jws = try signer.signIntroductoryOfferEligibility(
          productID: productID, allowIntroductoryOffer: allow,
          transactionID: String(transactionID), nonce: nonce, issuedAt: now)
        return .introductoryOfferEligibility(compactJWS: jws)
      }
    }
  }

  /// Runs `sign` with the app's key (made and installed when there is none), settings and time.
  private func signing(
    _ sign: (SubscriptionOfferKey, EmulatorSettings, Date) throws(AppStoreJWSError) ->
      PurchaseOption
  ) throws(LocalAppStoreError) -> PurchaseOption {
    try operation { (now: Date) throws(LocalAppStoreError) in
      let key: SubscriptionOfferKey
      if let installed = try offersKey() {
        key = installed
      } else {
        key = try Self.signingFailure { () throws(AppStoreJWSError) in
          try SubscriptionOfferKey.generate(keyID: "LOCAL0FF")
        }
        let der = try Self.signingFailure { () throws(AppStoreJWSError) in
          try key.privateKey.derRepresentation()
        }
        try ledger.encodeMeta(
          OfferKeyRecord(id: key.keyID, privateKey: der.base64EncodedString()),
          OfferKeyRecord.metaKey)
      }
      let settings = try currentSettings()
      return try Self.signingFailure { () throws(AppStoreJWSError) in
        try sign(key, settings, now)
      }
    }
  }

  private static func signingFailure<T>(_ body: () throws(AppStoreJWSError) -> T)
    throws(LocalAppStoreError) -> T
  {
    do throws(AppStoreJWSError) {
      return try body()
    } catch {
      throw LocalAppStoreError(.invalidArgument, "signing the offer failed: \(error)")
    }
  }
}
