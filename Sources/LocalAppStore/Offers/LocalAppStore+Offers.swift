package import AppStoreJWS
package import Foundation
package import StoreModel

/// The subscription-offer key as the state keeps it: a `.storekit` file's
/// `subscriptionOffersKeyPair` (`id`, and `privateKey`, base64 of a PKCS#8 P-256 key).
struct OfferKeyRecord: Codable, Sendable, Hashable {
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
      try ledger.write(
        OfferKeyRecord(id: key.keyID, privateKey: der.base64EncodedString()),
        to: .subscriptionOffersKeyPair)
    }
  }

  /// The app's subscription-offer key, or `nil` when neither the `.storekit` file nor
  /// ``setSubscriptionOffersKey(_:)`` gave one.
  package func subscriptionOffersKey() throws(LocalAppStoreError) -> SubscriptionOfferKey? {
    try operation { (_: Date) throws(LocalAppStoreError) in try offersKey() }
  }

  func offersKey() throws(LocalAppStoreError) -> SubscriptionOfferKey? {
    guard let record = try ledger.readIfPresent(.subscriptionOffersKeyPair) else { return nil }
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
    let eligibility = offers.filter {
      if case .introductoryOfferEligibility = $0 { true } else { false }
    }
    guard offers.count - eligibility.count <= 1, eligibility.count <= 1 else {
      return .failure(
        .invalidOfferIdentifier(
          "a purchase applies one offer and one eligibility token at most; "
            + "\(offers.count) were given (ours)"))
    }
    // Nothing is spent here: the nonces go with the terms, and are spent when the purchase
    // is made or asked for (``spendNonces(of:now:)``), so that a purchase refused for any
    // reason leaves its signature good for another try within its window.
    for option in offers {
      let checked = try check(
        option, product: product, terms: terms, account: account, now: now, settings: settings)
      switch checked {
      case .failure(let error): return .failure(error)
      case .success(let accepted):
        accepted.change(&terms)
        guard let nonce = accepted.nonce else { continue }
        if try isSpent(nonce, now: now) || terms.nonces.contains(nonce) {
          return .failure(
            .invalidOfferSignature(
              "nonce \(nonce) was already used by an earlier purchase; each signature is good "
                + "once (ours)"))
        }
        terms.nonces.append(nonce)
      }
    }
    return .success(terms)
  }

  private typealias TermsChange = @Sendable (inout PurchaseTerms) -> Void

  /// An option accepted: what it changes in the terms, and the nonce its signature spends.
  private struct Accepted {
    var change: TermsChange
    var nonce: String?
  }

  private func check(
    _ option: PurchaseOption, product: Product, terms: PurchaseTerms, account: String,
    now: Date, settings: EmulatorSettings
  ) throws(LocalAppStoreError) -> Result<Accepted, StoreBackendError> {
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
      return try promotionalEligibility(
        offerID, info: info, account: account, nonce: nonce.uuidString.lowercased())
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
      return try promotionalEligibility(
        offerID, info: info, account: account, nonce: claims.base.nonce.lowercased())
    case .introductoryOfferEligibility(let jws):
      // Its `transactionId` is not held to the customer's transactions, as the promotional
      // JWS's is: Apple's library requires the claim, and a new customer, whom eligibility
      // concerns first, has no transaction yet (ours).
      guard let key = try offersKey() else { return .failure(Self.noKey) }
      switch verifier(key, settings).verifyIntroductoryOfferEligibility(
        jws: jws, productID: product.id, at: now)
      {
      case .failure(let error): return .failure(.invalidOfferSignature(error.reason))
      case .success(let claims):
        let allowed = claims.allowIntroductoryOffer
        return .success(
          Accepted(
            change: { $0.introductoryOfferAllowed = allowed },
            nonce: claims.base.nonce.lowercased()))
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
      return .success(Accepted(change: { $0.offer = .winBack(offerID) }, nonce: nil))
    case .appAccountToken, .quantity:
      return .success(Accepted(change: { _ in }, nonce: nil))
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
    _ offerID: String, info: Product.SubscriptionInfo, account: String, nonce: String
  ) throws(LocalAppStoreError) -> Result<Accepted, StoreBackendError> {
    guard try customer(account, ofGroup: info.subscriptionGroupID) != .new else {
      return .failure(
        .ineligibleForOffer(
          "promotional offer \(offerID) is for existing and former subscribers of group "
            + "\(info.subscriptionGroupID); \(account) never subscribed"))
    }
    return .success(Accepted(change: { $0.offer = .promotional(offerID) }, nonce: nonce))
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

  /// Whether an earlier purchase used `nonce` within the signature window. Apple: the nonce is
  /// "a unique value for each signature" (the promotional offer page); the App Store's answer
  /// to a reused one is not documented: `invalidOfferSignature` is ours.
  private func isSpent(_ nonce: String, now: Date) throws(LocalAppStoreError) -> Bool {
    try usedNonces(now: now)[nonce] != nil
  }

  /// Records the nonces `terms` checked as used: when the purchase is made or asked for.
  /// Nonces older than the window are forgotten, as their signatures have expired anyway.
  func spendNonces(of terms: PurchaseTerms, now: Date) throws(LocalAppStoreError) {
    guard !terms.nonces.isEmpty else { return }
    var used = try usedNonces(now: now)
    for nonce in terms.nonces { used[nonce] = AppStoreJSON.milliseconds(now) }
    try ledger.write(used, to: .offerNonces)
  }

  private func usedNonces(now: Date) throws(LocalAppStoreError) -> [String: Int64] {
    let oldest = AppStoreJSON.milliseconds(now - OfferSignatureWindow.standard.maximumAge)
    return try ledger.read(.offerNonces).filter {
      $0.value >= oldest
    }
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
        try ledger.write(
          OfferKeyRecord(id: key.keyID, privateKey: der.base64EncodedString()),
          to: .subscriptionOffersKeyPair)
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
