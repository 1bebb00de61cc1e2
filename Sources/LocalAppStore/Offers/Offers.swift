package import AppStoreJWS
package import Foundation
package import StoreModel

/// The subscription-offer key as the state keeps it: a `.storekit` file's
/// `subscriptionOffersKeyPair` (`id`, and `privateKey`, base64 of a PKCS#8 P-256 key).
struct OfferKeyRecord: Codable, Sendable, Hashable {
  var id: String
  var privateKey: String
}

/// An offer code of a subscription, as a `.storekit` file declares it (`codeOffers`): the
/// offer, its reference name (what a customer redeems, and the transaction's `offerIdentifier`:
/// StoreKit's `Transaction.Offer.id` "contains the reference name of the offer code"), and who
/// may redeem it.
package struct CodeOffer: Sendable, Hashable {
  /// What a customer redeems, and the transaction's `offerIdentifier`.
  package var referenceName: String
  /// The offer the code gives.
  package var offer: SubscriptionOffer
  /// `eligibility` as written: any of `new`, `existing`, `expired`; empty for anyone.
  package var eligibility: [String]

  /// The code `referenceName`, giving `offer` to the customers `eligibility` names.
  package init(referenceName: String, offer: SubscriptionOffer, eligibility: [String] = []) {
    self.referenceName = referenceName
    self.offer = offer
    self.eligibility = eligibility
  }
}

/// A code offer as the state keeps it.
struct CodeOfferRecord: Codable, Sendable, Hashable {
  var referenceName: String
  var offer: ProductRecord.Offer
  var eligibility: [String]

  init(_ entry: Catalog.Offer) {
    referenceName = entry.referenceName ?? entry.offer.id ?? ""
    offer = ProductRecord.Offer(entry.offer)
    eligibility = entry.eligibility
  }

  var codeOffer: CodeOffer? {
    offer.offer.map {
      CodeOffer(referenceName: referenceName, offer: $0, eligibility: eligibility)
    }
  }
}

/// App Store Connect's optional eligibility criteria of win-back offers, as settings of the
/// store. Apple's "Supporting win-back offers in your app": "You can base eligibility on the
/// duration of the customer's paid subscription, the time since the subscription expired, and
/// the time that must pass between redeemed offers" ("Set up win-back offers", App Store
/// Connect Help, sets each). Days of store time; `nil` leaves a criterion out.
package struct WinBackRules: Codable, Sendable, Hashable {
  /// The days a subscription must have been expired.
  package var minimumLapseDays: Int?
  /// The days after which an expired subscription is no longer won back.
  package var maximumLapseDays: Int?
  /// The days the customer must have paid for the subscription, over its paid transactions
  /// (free trials and refunded periods left out).
  package var minimumPaidDays: Int?
  /// The days after a win-back redemption before the customer may redeem one again.
  package var cooldownDays: Int?

  package init(
    minimumLapseDays: Int? = nil, maximumLapseDays: Int? = nil, minimumPaidDays: Int? = nil,
    cooldownDays: Int? = nil
  ) {
    self.minimumLapseDays = minimumLapseDays
    self.maximumLapseDays = maximumLapseDays
    self.minimumPaidDays = minimumPaidDays
    self.cooldownDays = cooldownDays
  }
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
///
/// Who may redeem a win-back offer: Apple's churned customer (a subscription of the group that
/// expired, "customers who previously subscribed", "Supporting win-back offers in your app",
/// <https://developer.apple.com/documentation/storekit/supporting-win-back-offers-in-your-app>),
/// the `.storekit` offer's own `isEligible` switch (Xcode's simulated eligibility: off, no
/// customer is eligible), and the optional ``WinBackRules``.
///
/// A part of the store over the ledger (the key, the spent nonces, the win-back rules, and the
/// customer's history) and the catalog's offers: it checks, keeps and signs, inside the caller's
/// SQLite transaction, and holds no state of its own.
package struct Offers {
  /// Where the key, the spent nonces and the win-back rules are kept.
  let ledger: LedgerStore
  /// The catalog's products, by identifier.
  let products: [String: Product]
  /// Each subscription's offer codes, by product identifier.
  let codeOffers: [String: [CodeOffer]]
  /// The win-back offers the `.storekit` file switched off (``winBackKey(_:_:)``).
  let winBackSwitchedOff: Set<String>

  /// The offers of `products` (with their `codeOffers` and `winBackSwitchedOff`) over `ledger`.
  package init(
    ledger: LedgerStore, products: [String: Product], codeOffers: [String: [CodeOffer]] = [:],
    winBackSwitchedOff: Set<String> = []
  ) {
    self.ledger = ledger
    self.products = products
    self.codeOffers = codeOffers
    self.winBackSwitchedOff = winBackSwitchedOff
  }

  // MARK: - The key

  /// The app's subscription-offer key, or `nil` when neither the `.storekit` file nor
  /// ``install(_:)`` gave one.
  /// - Throws: `invalidState` when the kept key does not read.
  package func key() throws(LocalAppStoreError) -> SubscriptionOfferKey? {
    guard let record = try ledger.readIfPresent(.subscriptionOffersKeyPair) else { return nil }
    do throws(AppStoreJWSError) {
      guard let der = Data(base64Encoded: record.privateKey) else {
        throw AppStoreJWSError(code: .invalidKey, reason: "the private key is not base64")
      }
      return try SubscriptionOfferKey(keyID: record.id, privateKey: PrivateKey(derEncoded: der))
    } catch {
      throw LocalAppStoreError(
        .invalidState,
        "\(ledger.path): the subscription-offer key \(record.id) does not read: \(error)")
    }
  }

  /// Keeps `key` as the app's subscription-offer key, in place of any other.
  package func install(_ key: SubscriptionOfferKey) throws(LocalAppStoreError) {
    let der: Data
    do throws(AppStoreJWSError) {
      der = try key.privateKey.derRepresentation()
    } catch {
      throw LocalAppStoreError(.invalidArgument, "the subscription-offer key: \(error)")
    }
    try ledger.write(
      OfferKeyRecord(id: key.keyID, privateKey: der.base64EncodedString()),
      to: .subscriptionOffersKeyPair)
  }

  /// The app's key, or a new one made and kept when there is none.
  package func keyMadeIfNeeded() throws(LocalAppStoreError) -> SubscriptionOfferKey {
    if let installed = try key() { return installed }
    let key: SubscriptionOfferKey
    do throws(AppStoreJWSError) {
      key = try SubscriptionOfferKey.generate(keyID: "LOCAL0FF")
    } catch {
      throw LocalAppStoreError(.invalidArgument, "making a subscription-offer key failed: \(error)")
    }
    try install(key)
    return key
  }

  // MARK: - What may be signed

  /// Refuses to sign what names no offer of the catalog: `notFound` for a product the catalog
  /// does not have, or (with `offerID`) one of its promotional offers that does not exist, the
  /// reason naming those it has. A developer's server signs what it is given; the store, signing
  /// as that server for a test or the command line, checks first, so that a typo fails here and
  /// not as a refused purchase later.
  package func checkSignable(_ offerID: String?, of productID: String) throws(LocalAppStoreError) {
    guard let product = products[productID] else {
      throw LocalAppStoreError(.notFound, "no product \(productID) in the catalog")
    }
    guard let offerID else { return }
    let known = product.subscription?.promotionalOffers.compactMap(\.id) ?? []
    guard known.contains(offerID) else {
      throw LocalAppStoreError(
        .notFound,
        "\(productID) has no promotional offer '\(offerID)'"
          + (known.isEmpty ? " (it has none)" : " (it has \(known.joined(separator: ", ")))"))
    }
  }

  // MARK: - Checking a purchase's options

  /// What checking a purchase's options found: the terms the purchase applies, or the error
  /// StoreKit gives; and the nonces of the signatures that verified, which the buy request
  /// spends whatever it comes to (``spend(_:now:)``).
  package struct Checked {
    /// The terms, or StoreKit's error.
    package var result: Result<PurchaseTerms, StoreBackendError>
    /// The nonces of the signatures that verified, in the order of the options checked.
    package var nonces: [String]
  }

  /// Checks `options` for a purchase of `product` by `account` at `now`: what the purchase
  /// applies, or the error StoreKit gives, with the nonces the request spends. Nothing is
  /// spent here.
  package func terms(
    _ options: Set<PurchaseOption>, for product: Product, account: String, now: Date,
    settings: EmulatorSettings
  ) throws(LocalAppStoreError) -> Checked {
    var nonces: [String] = []
    let result = try terms(
      options, for: product, account: account, now: now, settings: settings, nonces: &nonces)
    return Checked(result: result, nonces: nonces)
  }

  private func terms(
    _ options: Set<PurchaseOption>, for product: Product, account: String, now: Date,
    settings: EmulatorSettings, nonces: inout [String]
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
    for option in offers {
      var verified: String?
      let checked = try check(
        option, product: product, terms: terms, account: account, now: now, settings: settings,
        verifiedNonce: &verified)
      // A reused nonce is refused before it is spent again.
      if let nonce = verified, try isSpent(nonce, now: now) || terms.nonces.contains(nonce) {
        return .failure(
          .invalidOfferSignature(
            "nonce \(nonce) was already used by an earlier purchase; each signature is good "
              + "once (ours)"))
      }
      if let nonce = verified { nonces.append(nonce) }
      switch checked {
      case .failure(let error): return .failure(error)
      case .success(let accepted):
        accepted.change(&terms)
        guard let nonce = accepted.nonce else { continue }
        if terms.nonces.contains(nonce) {
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

  /// Checks one option; `verifiedNonce` is set once its signature verified, whatever the
  /// check then finds.
  private func check(
    _ option: PurchaseOption, product: Product, terms: PurchaseTerms, account: String,
    now: Date, settings: EmulatorSettings, verifiedNonce: inout String?
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
      guard let key = try self.key() else { return .failure(Self.noKey) }
      let verified = verifier(key, settings).verifyPromotionalOffer(
        PromotionalOfferSignature(
          keyID: keyID, nonce: nonce, timestamp: Int64(timestamp),
          signature: signature.base64EncodedString()),
        productID: product.id, offerID: offerID, appAccountToken: terms.appAccountToken, at: now)
      if case .failure(let error) = verified {
        return .failure(.invalidOfferSignature(error.reason))
      }
      verifiedNonce = nonce.uuidString.lowercased()
      return try promotionalEligibility(
        offerID, account: account, nonce: nonce.uuidString.lowercased())
    case .promotionalOfferJWS(let offerID, let jws):
      guard info.promotionalOffers.contains(where: { $0.id == offerID }) else {
        return .failure(
          .invalidOfferIdentifier("\(product.id) has no promotional offer \(offerID)"))
      }
      guard let key = try self.key() else { return .failure(Self.noKey) }
      let claims: PromotionalOfferClaims
      switch verifier(key, settings).verifyPromotionalOffer(
        jws: jws, productID: product.id, offerIdentifier: offerID, at: now)
      {
      case .failure(let error): return .failure(.invalidOfferSignature(error.reason))
      case .success(let value): claims = value
      }
      verifiedNonce = claims.base.nonce.lowercased()
      if let transactionID = claims.transactionID,
        try !isOwnTransaction(transactionID, account: account)
      {
        return .failure(
          .ineligibleForOffer(
            "the offer's transactionId \(transactionID) is no transaction of this customer (ours)"))
      }
      return try promotionalEligibility(
        offerID, account: account, nonce: claims.base.nonce.lowercased())
    case .introductoryOfferEligibility(let jws):
      // Its `transactionId` is not held to the customer's transactions, as the promotional
      // JWS's is: Apple's library requires the claim, and a new customer, whom eligibility
      // concerns first, has no transaction yet (ours).
      guard let key = try self.key() else { return .failure(Self.noKey) }
      switch verifier(key, settings).verifyIntroductoryOfferEligibility(
        jws: jws, productID: product.id, at: now)
      {
      case .failure(let error): return .failure(.invalidOfferSignature(error.reason))
      case .success(let claims):
        verifiedNonce = claims.base.nonce.lowercased()
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

  /// Promotional offers are for the app's existing and former subscribers, of any of its
  /// groups: "The App Store recognizes all customers with an existing or expired subscription
  /// in the app as eligible" (Apple's "Implementing promotional offers in your app", whose
  /// other words are "existing and previously subscribed customers"). A customer who never
  /// subscribed in the app is refused; one who has only a family member's shared copy is too
  /// (ours: the subscription is the purchaser's).
  private func promotionalEligibility(
    _ offerID: String, account: String, nonce: String
  ) throws(LocalAppStoreError) -> Result<Accepted, StoreBackendError> {
    guard try ledger.subscriptions(of: account).contains(where: { $0.sourceOriginalID == nil })
    else {
      return .failure(
        .ineligibleForOffer(
          "promotional offer \(offerID) is for the app's existing and former subscribers; "
            + "\(account) never subscribed"))
    }
    return .success(Accepted(change: { $0.offer = .promotional(offerID) }, nonce: nonce))
  }

  /// Whether `transactionID` is one of `account`'s own transactions (or their original's), or
  /// the customer's `appTransactionId`: "You can use the customer's appTransactionID, even for
  /// customers who haven't made any In-App Purchases in your app" (Apple, "Generating JWS to
  /// sign App Store requests",
  /// <https://developer.apple.com/documentation/storekit/generating-jws-to-sign-app-store-requests>).
  private func isOwnTransaction(_ transactionID: String, account: String)
    throws(LocalAppStoreError) -> Bool
  {
    if transactionID == LocalAppStore.appTransactionID(of: account) { return true }
    guard let id = UInt64(transactionID) else { return false }
    return try ledger.transactions(of: account).contains {
      $0.sourceID == nil && ($0.transaction.id == id || $0.transaction.originalID == id)
    }
  }

  /// Whether an earlier purchase used `nonce` within the signature window. Apple: the nonce is
  /// "a unique value for each signature" (the promotional offer page); the App Store's answer
  /// to a reused one is not documented: `invalidOfferSignature` is ours.
  private func isSpent(_ nonce: String, now: Date) throws(LocalAppStoreError) -> Bool {
    try ledger.isNonceSpent(nonce, since: now - OfferSignatureWindow.standard.maximumAge)
  }

  /// Records `nonces` as used at `now`: those of the signatures a buy request carried, spent
  /// whatever the request comes to. Nonces older than the window are forgotten, as their
  /// signatures have expired anyway.
  package func spend(_ nonces: [String], now: Date) throws(LocalAppStoreError) {
    guard !nonces.isEmpty else { return }
    try ledger.spendNonces(
      nonces, at: now, forgettingBefore: now - OfferSignatureWindow.standard.maximumAge)
  }

  // MARK: - Introductory offers

  /// Whether `account` may still use an introductory offer in `group`.
  ///
  /// Apple's two accounts differ. Its article on introductory offers makes eligible a customer
  /// who has not "previously received an introductory offer" in the group; Apple staff on
  /// https://developer.apple.com/forums/thread/758078 say only customers who never subscribed to
  /// the group are.
  /// By default the store follows the staff's answer (the stricter: a paywall that shows a
  /// trial to a returning subscriber fails here as it may on a device); the switch
  /// ``EmulatorSwitch/introOfferAfterLapse`` follows the article. Family-shared copies count
  /// for neither.
  package func isEligibleForIntroOffer(account: String, group: String, articleRule: Bool)
    throws(LocalAppStoreError) -> Bool
  {
    try !ledger.transactions(of: account).contains {
      $0.transaction.subscriptionGroupID == group && $0.sourceID == nil
        && (!articleRule || $0.transaction.offerType == .introductory)
    }
  }

  // MARK: - Win-back offers

  /// The optional win-back criteria in force.
  package func winBackRules() throws(LocalAppStoreError) -> WinBackRules {
    try ledger.read(.winBackRules)
  }

  /// Sets the optional win-back criteria; ``WinBackRules/init(minimumLapseDays:cooldownDays:)``
  /// with no values clears them.
  /// - Throws: `invalidArgument` for a negative number of days, changing nothing.
  package func setWinBackRules(_ rules: WinBackRules) throws(LocalAppStoreError) {
    let all = [
      rules.minimumLapseDays, rules.maximumLapseDays, rules.minimumPaidDays, rules.cooldownDays,
    ]
    for days in all.compactMap(\.self) where days < 0 {
      throw LocalAppStoreError(.invalidArgument, "\(days) is not a number of days (0 or more)")
    }
    if let least = rules.minimumLapseDays, let most = rules.maximumLapseDays, most < least {
      throw LocalAppStoreError(
        .invalidArgument,
        "the longest lapse (\(most) days) is shorter than the shortest (\(least) days)")
    }
    try ledger.write(rules, to: .winBackRules)
  }

  /// Why `account` may not redeem win-back offer `offerID` of `productID` at `now`, or `nil`
  /// when it may.
  package func winBackRefusal(
    _ offerID: String, productID: String, group: String, account: String, now: Date
  ) throws(LocalAppStoreError) -> String? {
    if winBackSwitchedOff.contains(Self.winBackKey(productID, offerID)) {
      return "win-back offer \(offerID) has isEligible false in the .storekit file "
        + "(Xcode's simulated eligibility)"
    }
    guard case .expired(let lapsed) = try customer(account, ofGroup: group) else {
      return "a win-back offer is for a customer whose subscription to the group expired; "
        + "\(account) has none that did"
    }
    let rules = try winBackRules()
    if let days = rules.minimumLapseDays, now < lapsed + Double(days) * 86_400 {
      return "\(account) lapsed \(Int(now.timeIntervalSince(lapsed) / 86_400)) days ago; "
        + "the win-back offers ask for \(days)"
    }
    if let days = rules.maximumLapseDays, now > lapsed + Double(days) * 86_400 {
      return "\(account) lapsed \(Int(now.timeIntervalSince(lapsed) / 86_400)) days ago; "
        + "the win-back offers are for at most \(days)"
    }
    if let days = rules.minimumPaidDays {
      let paid = try paidDays(account, group: group)
      if paid < Double(days) {
        return "\(account) paid for \(Int(paid)) days of the subscription; the win-back "
          + "offers ask for \(days)"
      }
    }
    if let days = rules.cooldownDays,
      let last = try ledger.transactions(of: account).last(where: {
        $0.sourceID == nil && $0.transaction.offerType == .winBack
          && $0.transaction.subscriptionGroupID == group
      }), now < last.transaction.purchaseDate + Double(days) * 86_400
    {
      return "\(account) redeemed a win-back offer on \(last.transaction.purchaseDate); "
        + "the next may come \(days) days after it"
    }
    return nil
  }

  /// The days `account` paid for subscriptions of `group`: each of its own transactions that
  /// charged something (not a free trial), from its purchase to its expiration or refund.
  private func paidDays(_ account: String, group: String) throws(LocalAppStoreError) -> Double {
    var seconds: TimeInterval = 0
    for stored in try ledger.transactions(of: account)
    where stored.sourceID == nil && stored.transaction.subscriptionGroupID == group
      && (stored.transaction.priceMilliunits ?? 0) > 0
    {
      let transaction = stored.transaction
      guard let end = transaction.revocationDate ?? transaction.expirationDate else { continue }
      seconds += max(0, end.timeIntervalSince(transaction.purchaseDate))
    }
    return seconds / 86_400
  }

  /// What `account` is to subscription `group`: App Store Connect's three kinds of customer
  /// for offers (new, existing, expired), from its own subscriptions (not family copies).
  /// Promotional offers, win-back offers and offer codes all ask it.
  package enum CustomerKind: Equatable {
    /// Never subscribed to the group.
    case new
    /// Subscribed now (active or in billing retry): the live subscription.
    case existing(SubscriptionRecord)
    /// Subscribed once; the latest expiration.
    case expired(Date)

    /// `new`, `existing` or `expired`, as a `.storekit` offer code's `eligibility` writes it.
    package var name: String {
      switch self {
      case .new: "new"
      case .existing: "existing"
      case .expired: "expired"
      }
    }
  }

  package func customer(_ account: String, ofGroup group: String) throws(LocalAppStoreError)
    -> CustomerKind
  {
    let own = try ledger.subscriptions(of: account).filter {
      $0.groupID == group && $0.sourceOriginalID == nil
    }
    if let live = own.first(where: SubscriptionMachine.isLive) { return .existing(live) }
    return own.map(\.expirationDate).max().map(CustomerKind.expired) ?? .new
  }

  // MARK: - Offer codes

  /// The product whose offer code is named `referenceName`, and the code.
  /// - Throws: `notFound`, listing the catalog's codes, when no product has it.
  package func codeOffer(named referenceName: String) throws(LocalAppStoreError)
    -> (productID: String, code: CodeOffer)
  {
    guard
      let found = codeOffers.sorted(by: { $0.key < $1.key }).lazy.compactMap({ entry in
        entry.value.first { $0.referenceName == referenceName }.map { (entry.key, $0) }
      }).first
    else {
      let known = codeOffers.values.flatMap { $0.map(\.referenceName) }.sorted()
      throw LocalAppStoreError(
        .notFound,
        "no offer code \(referenceName) in the catalog"
          + (known.isEmpty ? " (it has none)" : " (codes: \(known.joined(separator: ", ")))"))
    }
    return found
  }

  /// Refuses `account`'s redemption of `code` on `productID` with `notAllowed` when the
  /// code's `eligibility` leaves the customer out. A subscriber's code for the product it has
  /// goes ahead: it starts at the next renewal (OFFER_REDEEMED without a subtype, "If the
  /// customer redeemed an offer for their active subscription", Apple's notificationType
  /// page).
  package func checkRedemption(_ code: CodeOffer, productID: String, account: String)
    throws(LocalAppStoreError)
  {
    guard let group = products[productID]?.subscription?.subscriptionGroupID else { return }
    let kind = try customer(account, ofGroup: group).name
    guard code.eligibility.isEmpty || code.eligibility.contains(kind) else {
      throw LocalAppStoreError(
        .notAllowed,
        "offer code \(code.referenceName) is for \(code.eligibility.joined(separator: ", ")) "
          + "customers; \(account) is \(kind == "new" ? "a new" : "an \(kind)") customer")
    }
  }

  /// The key of a win-back offer in ``winBackSwitchedOff``.
  package static func winBackKey(_ productID: String, _ offerID: String) -> String {
    productID + "\u{1F}" + offerID
  }
}
