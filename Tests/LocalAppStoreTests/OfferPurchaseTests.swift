import AppStoreJWS
import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// Offers as the local App Store checks them when a purchase asks for one: the signatures of
/// promotional offers (both forms), the server's word on introductory offers, win-back offers,
/// and who may have each. Every refusal is an error StoreKit's `Product.PurchaseError` has, and
/// buys nothing.
@Suite(.hangGuard, .recordsQuietFailures) struct OfferPurchaseTests {
  private static let monthly = SportsTimeFixtures.productsWithOffers[0]
  private static let annual = SportsTimeFixtures.productsWithOffers[1]

  /// A store selling the plans with offers, with a subscription-offer key installed.
  private func store(clock: ManualClock = ManualClock(), settings: EmulatorSettings = .polite)
    async throws -> (LocalAppStore, SubscriptionOfferKey)
  {
    let store = try LocalAppStore.sportsTime(
      clock: clock, settings: settings, products: SportsTimeFixtures.productsWithOffers)
    let key = try SubscriptionOfferKey.generate(keyID: "AB12CD34")
    try await store.setSubscriptionOffersKey(key)
    return (store, key)
  }

  /// A customer who subscribed monthly and lapsed: the purchase on `clock`'s date, expired
  /// 40 days later.
  private func lapsed(_ store: LocalAppStore, _ clock: ManualClock) async throws {
    try await store.buyVerified(SportsTimeFixtures.monthlyID)
    try await store.setWillAutoRenew(false)
    clock.advance(by: 40 * day)
  }

  private func refusal(
    _ store: LocalAppStore, _ productID: String, _ options: Set<PurchaseOption>
  ) async throws -> StoreBackendError? {
    let before = try await store.history()
    do {
      _ = try await store.buy(productID, options: options)
    } catch {
      #expect(try await store.history() == before, "a refused offer buys nothing")
      return error
    }
    return nil
  }

  // MARK: - Promotional offers, the original signature

  /// Apple's "Generating a signature for promotional offers": the server signs the bundle id,
  /// key id, product, offer, app account token, nonce and timestamp; StoreKit's
  /// `promotionalOffer(offerID:keyID:nonce:signature:timestamp:)` carries it.
  @Test("a signed promotional offer applies for a lapsed subscriber: its type, id and price")
  func signedPromotionalOffer() async throws {
    let clock = ManualClock()
    let (store, _) = try await store(clock: clock)
    try await lapsed(store, clock)
    let token = UUID()
    let option = try await store.signPromotionalOffer(
      "LOYALTY", productID: Self.monthly.id, appAccountToken: token, nonce: UUID())
    let bought = try await store.buyVerified(
      Self.monthly.id, options: [option, .appAccountToken(token)])
    #expect(bought.offerType == .promotional)
    #expect(bought.offerID == "LOYALTY")
    #expect(bought.offerPaymentMode == .payAsYouGo)
    #expect(bought.price == Decimal(string: "2.99"))
    #expect(bought.appAccountToken == token)
  }

  /// Each mutation of a good signature, and each customer the offer is not for. Apple names
  /// `invalidOfferSignature`, `invalidOfferIdentifier` and `ineligibleForOffer`; a reused nonce
  /// and a stale timestamp are ours (Apple documents no error for them).
  @Test(
    "a promotional offer is refused for each flaw, with StoreKit's error, and nothing is bought",
    arguments: [
      "flipped signature byte", "other key id", "other bundle id", "other product",
      "unknown offer id", "other appAccountToken", "nonce used twice", "stale timestamp",
      "never subscribed", "no key",
    ])
  func promotionalMatrix(flaw: String) async throws {
    let clock = ManualClock()
    let (store, key) = try await store(clock: clock)
    if flaw != "never subscribed" { try await lapsed(store, clock) }
    let nonce = UUID()
    var offerID = "LOYALTY"
    var productID = Self.monthly.id
    var signedProduct = productID
    var bundle = "com.sportstime.app"
    var signedToken: UUID?
    var usedToken: UUID?
    switch flaw {
    case "other product": signedProduct = Self.annual.id
    case "unknown offer id": offerID = "NOPE"
    case "other bundle id": bundle = "com.example.other"
    case "other appAccountToken": (signedToken, usedToken) = (UUID(), UUID())
    default: break
    }
    let signature = try PromotionalOfferSignature.sign(
      bundleID: bundle, productID: signedProduct, offerID: offerID, appAccountToken: signedToken,
      nonce: nonce, timestamp: AppStoreJSON.milliseconds(clock.now), key: key)
    var bytes = try #require(Data(base64Encoded: signature.signature))
    if flaw == "flipped signature byte" { bytes[bytes.count - 5] ^= 0x01 }
    let option = PurchaseOption.promotionalOffer(
      offerID: offerID, keyID: flaw == "other key id" ? "FFFF0000" : key.keyID, nonce: nonce,
      signature: bytes, timestamp: Int(signature.timestamp))
    var options: Set<PurchaseOption> = [option]
    if let usedToken { options.insert(.appAccountToken(usedToken)) }
    if flaw == "nonce used twice" { _ = try await store.buyVerified(productID, options: options) }
    if flaw == "stale timestamp" { clock.advance(by: 24 * 3600 + 1) }
    if flaw == "no key" {
      let bare = try LocalAppStore.sportsTime(
        clock: clock, settings: .polite, products: SportsTimeFixtures.productsWithOffers)
      try await lapsed(bare, clock)
      let error = try await refusal(bare, productID, options)
      #expect(error?.caseName == "invalidOfferSignature")
      #expect(error?.reason?.contains("no subscription-offer key") == true)
      return
    }
    if flaw == "other product" { productID = Self.monthly.id }
    let error = try #require(try await refusal(store, productID, options), "\(flaw) was accepted")
    let expected =
      switch flaw {
      case "unknown offer id": "invalidOfferIdentifier"
      case "never subscribed": "ineligibleForOffer"
      default: "invalidOfferSignature"
      }
    #expect(error.caseName == expected, "\(flaw): \(error)")
    if flaw == "nonce used twice" { #expect(error.reason?.contains("already used") == true) }
    if flaw == "stale timestamp" { #expect(error.reason?.contains("at most 86400 s") == true) }
  }

  /// Apple, "Generating a signature for promotional offers": "each payload, signature, and
  /// nonce is only valid for one buy request, even if the buy fails". A request refused for
  /// the customer (ineligible) or cancelled on the sheet spends its signature: the app must ask
  /// its server for a new one. A network failure never reached the App Store: nothing spent.
  @Test(
    "a buy request spends its signature even if the buy fails; a network failure spends nothing",
    arguments: ["ineligible", "cancelled on the sheet", "network failure"])
  func failedBuySpendsNonce(failure: String) async throws {
    let clock = ManualClock()
    let (store, _) = try await store(clock: clock)
    let option = try await store.signPromotionalOffer(
      "WINBACK50", productID: Self.annual.id, nonce: UUID())
    switch failure {
    case "ineligible":
      #expect(try await refusal(store, Self.annual.id, [option])?.caseName == "ineligibleForOffer")
    case "cancelled on the sheet":
      try await store.buyVerified(Self.monthly.id)
      try await store.inject(.userCancel)
      #expect(try await store.buy(Self.annual.id, options: [option]) == .userCancelled)
    default:
      try await store.buyVerified(Self.monthly.id)
      try await store.inject(.network)
      #expect(try await refusal(store, Self.annual.id, [option])?.caseName == "networkError")
    }
    if failure == "ineligible" { try await store.buyVerified(Self.monthly.id) }
    clock.advance(by: 3600)
    // The customer is now one the offer is for; the same signature again:
    if failure == "network failure" {
      let upgraded = try await store.buyVerified(Self.annual.id, options: [option])
      #expect(upgraded.offerID == "WINBACK50")
    } else {
      let again = try await refusal(store, Self.annual.id, [option])
      #expect(again?.caseName == "invalidOfferSignature", "\(failure)")
      #expect(again?.reason?.contains("already used") == true)
    }
  }

  /// "You can provide lapsed or current subscribers a limited-time offer … the offer period
  /// starts at the next billing event" (Apple, "Implementing promotional offers in your app").
  /// The purchase hands back the current transaction; the renewal info shows the offer as the
  /// next renewal's; the renewal redeems it, for each of its periods; the server hears
  /// OFFER_REDEEMED without a subtype ("If the customer redeemed an offer for their active
  /// subscription", the notificationType page).
  @Test("a promotional offer for the plan the customer has starts at the next renewal")
  func offerOnTheSamePlan() async throws {
    let clock = ManualClock()
    let (store, _) = try await store(clock: clock)
    let first = try await store.buyVerified(Self.monthly.id)  // a week's free trial
    let loyalty = try await store.signPromotionalOffer(
      "LOYALTY", productID: Self.monthly.id, nonce: UUID())
    let handed = try await store.buyVerified(Self.monthly.id, options: [loyalty])
    #expect(handed.id == first.id, "nothing is bought now")
    #expect(try await store.history().count == 1)
    let info = try #require(try await store.renewalInfos().first)
    #expect(info.offerType == .promotional)
    #expect(info.offerID == "LOYALTY")
    #expect(info.offerPeriod == "P3M")
    #expect(info.renewalPrice == Decimal(string: "2.99"))
    #expect(try await events(store) == ["SUBSCRIBED/INITIAL_BUY", "OFFER_REDEEMED"])

    clock.advance(by: 110 * day)
    let renewals = try await store.history().filter { $0.reason == .renewal }
    try #require(renewals.count >= 4)
    #expect(
      renewals.prefix(3).allSatisfy { $0.offerID == "LOYALTY" && $0.offerType == .promotional })
    #expect(renewals.prefix(3).allSatisfy { $0.price == Decimal(string: "2.99") })
    #expect(renewals[3].offerID == nil)
    #expect(renewals[3].price == Self.monthly.price)
    // The nonce was spent by the purchase that redeemed it.
    let again = try await refusal(store, Self.monthly.id, [loyalty])
    #expect(again?.caseName == "invalidOfferSignature")
  }

  /// "For downgrades or crossgrades to a different subscription with different durations, the
  /// promotional offer period goes into effect at the next renewal date" (Apple, "Implementing
  /// promotional offers in your app"); OFFER_REDEEMED DOWNGRADE: "the customer redeemed an
  /// offer to downgrade their active subscription, which goes into effect at the next renewal
  /// date" (the notificationType page).
  @Test("a promotional offer on a downgrade starts with the downgrade, at the next renewal")
  func offerOnADowngrade() async throws {
    let clock = ManualClock()
    let (store, _) = try await store(clock: clock)
    try await store.buyVerified(Self.annual.id)  // a week's free trial, then the year
    clock.advance(by: 30 * day)
    let annual = try #require(try await store.history().last)
    #expect(annual.reason == .renewal)
    let loyalty = try await store.signPromotionalOffer(
      "LOYALTY", productID: Self.monthly.id, nonce: UUID())
    let handed = try await store.buyVerified(Self.monthly.id, options: [loyalty])
    #expect(handed.id == annual.id)
    let info = try #require(try await store.renewalInfos().first)
    #expect(info.autoRenewPreference == Self.monthly.id)
    #expect(info.offerID == "LOYALTY")
    #expect(info.renewalPrice == Decimal(string: "2.99"))
    #expect(try await events(store).last == "OFFER_REDEEMED/DOWNGRADE")

    clock.advance(by: 350 * day)
    let renewal = try #require(try await store.history().last)
    #expect(renewal.reason == .renewal)
    #expect(renewal.productID == Self.monthly.id)
    #expect(renewal.offerID == "LOYALTY")
    #expect(renewal.price == Decimal(string: "2.99"))
    #expect(try await events(store).last == "DID_RENEW")
  }

  /// OFFER_REDEEMED: "the customer redeemed" an offer (Apple's notificationType page). A family
  /// member who shares the purchaser's plan redeemed none: their server hears what the
  /// purchase is without the offer (ours). Before, members heard OFFER_REDEEMED too (watched:
  /// this test fails there).
  @Test("a family member's copy of an offer purchase is told as the purchase, not a redemption")
  func familyCopyOfOfferPurchase() async throws {
    let clock = ManualClock()
    let (store, _) = try await store(clock: clock)
    try await store.startFamilySharing(with: "alex")
    try await store.buyVerified(Self.monthly.id)
    clock.advance(by: 10 * day)
    let upgrade = try await store.signPromotionalOffer(
      "WINBACK50", productID: Self.annual.id, nonce: UUID())
    try await store.buyVerified(Self.annual.id, options: [upgrade])
    let loyalty = try await store.signPromotionalOffer(
      "LOYALTY", productID: Self.monthly.id, nonce: UUID())
    try await store.buyVerified(Self.monthly.id, options: [loyalty])
    #expect(
      try await events(store, account: LocalAppStore.purchaser).suffix(2) == [
        "OFFER_REDEEMED/UPGRADE", "OFFER_REDEEMED/DOWNGRADE",
      ])
    #expect(
      try await events(store, account: "alex").suffix(2) == [
        "DID_CHANGE_RENEWAL_PREF/UPGRADE", "DID_CHANGE_RENEWAL_PREF/DOWNGRADE",
      ])
  }

  /// An offer that waited for a renewal goes with it: turning auto-renew off drops it (ours:
  /// the renewal it was for will not happen), and so does choosing another plan to renew with.
  @Test("turning auto-renew off, or choosing another plan, drops an offer that waited")
  func waitingOfferDropped() async throws {
    let clock = ManualClock()
    let (store, _) = try await store(clock: clock)
    try await store.buyVerified(Self.annual.id)
    let loyalty = try await store.signPromotionalOffer(
      "LOYALTY", productID: Self.monthly.id, nonce: UUID())
    try await store.buyVerified(Self.monthly.id, options: [loyalty])
    try await store.buyVerified(Self.annual.id)  // back to the annual plan: no offer waits
    var info = try #require(try await store.renewalInfos().first)
    #expect(info.offerID == nil)
    #expect(info.renewalPrice == Self.annual.price)

    let again = try await store.signPromotionalOffer(
      "WINBACK50", productID: Self.annual.id, nonce: UUID())
    try await store.buyVerified(Self.annual.id, options: [again])
    #expect(try await store.renewalInfos().first?.offerID == "WINBACK50")
    try await store.setWillAutoRenew(false)
    try await store.setWillAutoRenew(true)
    info = try #require(try await store.renewalInfos().first)
    #expect(info.offerID == nil)
    clock.advance(by: 370 * day)
    #expect(try await store.history().last?.offerID == nil)
  }

  @Test("one eligibility token a purchase at most")
  func twoEligibilityTokens() async throws {
    let (store, _) = try await store()
    let yes = try await store.sign(
      .introductoryOfferEligibility(productID: Self.monthly.id, allow: true, transactionID: 1),
      nonce: UUID())
    let no = try await store.sign(
      .introductoryOfferEligibility(productID: Self.monthly.id, allow: false, transactionID: 1),
      nonce: UUID())
    #expect(
      try await refusal(store, Self.monthly.id, [yes, no])?.caseName == "invalidOfferIdentifier")
  }

  /// A win-back offer asked for under Ask to Buy is for a lapsed customer when the parent
  /// approves: one who resubscribed meanwhile is refused, and the request stays pending.
  @Test("approving a win-back offer checks the customer is still lapsed")
  func askToBuyWinBackRechecked() async throws {
    let clock = ManualClock()
    let (store, _) = try await store(clock: clock)
    try await lapsed(store, clock)
    try await store.setAskToBuyEnabled(true)
    let offer = try #require(Self.monthly.subscription?.winBackOffers.first)
    #expect(try await store.buy(Self.monthly.id, options: [.winBackOffer(offer)]) == .pending)
    let request = try #require(try await store.askToBuyRequests().first)
    try await store.setAskToBuyEnabled(false)
    try await store.buyVerified(Self.annual.id)
    await #expect(throws: LocalAppStoreError.self) { try await store.approveAskToBuy(request.id) }
    #expect(try await store.askToBuyRequests().first?.status == .pending)
  }

  // MARK: - Promotional offers, the JWS form

  /// StoreKit's `promotionalOffer(_:compactJWS:)`; the claims of Apple's "Generating JWS to
  /// sign App Store requests" (`aud` `promotional-offer`).
  @Test("a promotional offer's JWS applies; another customer's transactionId or aud is refused")
  func promotionalJWS() async throws {
    let clock = ManualClock()
    let (store, key) = try await store(clock: clock)
    try await lapsed(store, clock)
    let own = try #require(try await store.history().first)
    let option = try await store.sign(
      .promotionalOffer(
        offerID: "FIRSTMONTHFREE", productID: Self.monthly.id, transactionID: own.id),
      nonce: UUID())
    let bought = try await store.buyVerified(Self.monthly.id, options: [option])
    #expect(bought.offerID == "FIRSTMONTHFREE")
    #expect(bought.price == 0)

    let (other, otherKey) = try await self.store(clock: clock)
    try await lapsed(other, clock)
    let signer = OfferJWSSigner(
      key: otherKey, issuerID: LocalAppStore.offerIssuerID, bundleID: "com.sportstime.app")
    let foreign = try signer.signPromotionalOffer(
      productID: Self.monthly.id, offerIdentifier: "LOYALTY", transactionID: "987654321",
      nonce: UUID(), issuedAt: clock.now)
    let refused = try await refusal(
      other, Self.monthly.id, [.promotionalOfferJWS(offerID: "LOYALTY", compactJWS: foreign)])
    #expect(refused?.caseName == "ineligibleForOffer")
    // An eligibility token is not a promotional offer's (its aud).
    let eligibility = try signer.signIntroductoryOfferEligibility(
      productID: Self.monthly.id, allowIntroductoryOffer: true, transactionID: "1", nonce: UUID(),
      issuedAt: clock.now)
    let wrongAudience = try await refusal(
      other, Self.monthly.id, [.promotionalOfferJWS(offerID: "LOYALTY", compactJWS: eligibility)])
    #expect(wrongAudience?.caseName == "invalidOfferSignature")
    _ = key
  }

  /// Apple, "Generating JWS to sign App Store requests": "You can use the customer's
  /// appTransactionID, even for customers who haven't made any In-App Purchases in your app."
  /// Another account's is no transaction of this customer.
  @Test("a promotional offer's JWS may carry the customer's appTransactionId, not another's")
  func promotionalJWSWithAppTransactionID() async throws {
    let clock = ManualClock()
    let (store, _) = try await store(clock: clock)
    try await lapsed(store, clock)
    let own = try #require(try await store.history().first?.appTransactionID)
    let option = try await store.sign(
      .promotionalOffer(
        offerID: "LOYALTY", productID: Self.monthly.id, transactionID: UInt64(own)),
      nonce: UUID())
    #expect(try await store.buyVerified(Self.monthly.id, options: [option]).offerID == "LOYALTY")

    let (other, _) = try await self.store(clock: clock)
    try await lapsed(other, clock)
    let kid = try #require(UInt64(LocalAppStore.appTransactionID(of: "kid")))
    let foreign = try await other.sign(
      .promotionalOffer(offerID: "LOYALTY", productID: Self.monthly.id, transactionID: kid),
      nonce: UUID())
    #expect(try await refusal(other, Self.monthly.id, [foreign])?.caseName == "ineligibleForOffer")
  }

  // MARK: - Introductory offers

  /// `introductoryOfferEligibility(compactJWS:)`: the server's `allowIntroductoryOffer`
  /// decides, over the App Store's own rule, in both directions.
  @Test("the server's eligibility JWS gives a returning customer the trial, or takes it away")
  func introductoryEligibility() async throws {
    let clock = ManualClock()
    let (store, _) = try await store(clock: clock)
    let denied = try await store.sign(
      .introductoryOfferEligibility(productID: Self.monthly.id, allow: false, transactionID: 1),
      nonce: UUID())
    #expect(await store.isEligibleForIntroOffer(for: SportsTimeFixtures.groupID))
    let first = try await store.buyVerified(Self.monthly.id, options: [denied])
    #expect(first.offerType == nil, "no trial: the server said no")
    #expect(first.price == Decimal(string: "4.99"))
    try await store.setWillAutoRenew(false)
    clock.advance(by: 40 * day)
    #expect(await !store.isEligibleForIntroOffer(for: SportsTimeFixtures.groupID))
    let allowed = try await store.sign(
      .introductoryOfferEligibility(
        productID: Self.annual.id, allow: true, transactionID: first.id),
      nonce: UUID())
    let again = try await store.buyVerified(Self.annual.id, options: [allowed])
    #expect(again.offerType == .introductory, "the server's yes overrides the App Store's no")
    #expect(again.price == 0)
  }

  // MARK: - Win-back offers

  /// Apple's win-back offers are for customers whose subscription lapsed ("Supporting win-back
  /// offers in your app"): StoreKit's `winBackOffer(_:)`.
  @Test("a win-back offer applies for a lapsed subscriber; a new or active one is ineligible")
  func winBack() async throws {
    let clock = ManualClock()
    let (store, _) = try await store(clock: clock)
    let offer = try #require(Self.monthly.subscription?.winBackOffers.first)
    let new = try await refusal(store, Self.monthly.id, [.winBackOffer(offer)])
    #expect(new?.caseName == "ineligibleForOffer")
    try await store.buyVerified(Self.monthly.id)
    let active = try await refusal(store, Self.annual.id, [.winBackOffer(offer)])
    #expect(active?.caseName == "invalidOfferIdentifier", "annual has no such win-back offer")
    try await store.setWillAutoRenew(false)
    clock.advance(by: 40 * day)
    let bought = try await store.buyVerified(Self.monthly.id, options: [.winBackOffer(offer)])
    #expect(bought.offerType == .winBack)
    #expect(bought.offerID == "WINBACK50")
    #expect(bought.price == Decimal(string: "2.49"))
  }

  // MARK: - Offers in what is signed

  /// A pay-as-you-go offer bills its periods at its price, and the renewal info says so while
  /// periods of it are left (JWSRenewalInfo's offer fields and `renewalPrice`); an ended
  /// subscription's renewal info lists the win-back offers the customer may redeem
  /// (`eligibleWinBackOfferIds`).
  @Test("renewal info carries the offer while its periods last; a lapsed one, its win-back offers")
  func offerInRenewalInfo() async throws {
    let clock = ManualClock()
    let (store, _) = try await store(clock: clock)
    try await lapsed(store, clock)
    let lapsedInfo = try #require(try await store.renewalInfos().first)
    #expect(lapsedInfo.eligibleWinBackOfferIDs == ["WINBACK50"])
    try await store.setWillAutoRenew(true)
    let option = try await store.signPromotionalOffer(
      "LOYALTY", productID: Self.monthly.id, nonce: UUID())
    let bought = try await store.buyVerified(Self.monthly.id, options: [option])
    #expect(bought.price == Decimal(string: "2.99"))
    let during = try #require(
      try await store.renewalInfos().first { $0.originalTransactionID == bought.originalID })
    #expect(during.offerType == .promotional)
    #expect(during.offerID == "LOYALTY")
    // offerPeriod: "The duration of the offer" (1 month × 3 periods: `P3M`, by its page's
    // table of period length and count), not what is left of it.
    #expect(during.offerPeriod == "P3M")
    #expect(during.renewalPrice == Decimal(string: "2.99"))
    #expect(during.eligibleWinBackOfferIDs == nil)
    clock.advance(by: 95 * day)
    let renewals = try await store.history().filter { $0.originalID == bought.originalID }.suffix(3)
    #expect(renewals.map(\.price) == [2.99, 2.99, 4.99].map { Decimal(string: "\($0)") })
    let after = try #require(
      try await store.renewalInfos().first { $0.originalTransactionID == bought.originalID })
    #expect(after.offerType == nil)
    #expect(after.renewalPrice == Decimal(string: "4.99"))
  }

  // MARK: - Ask to Buy

  /// The signature is checked, and its nonce spent, when the child asks; the approval applies
  /// the offer without checking it again.
  @Test("Ask to Buy keeps a checked offer: the approval applies it")
  func askToBuyKeepsOffer() async throws {
    let clock = ManualClock()
    let (store, _) = try await store(clock: clock)
    try await lapsed(store, clock)
    try await store.setAskToBuyEnabled(true)
    let option = try await store.signPromotionalOffer(
      "LOYALTY", productID: Self.monthly.id, nonce: UUID())
    #expect(try await store.buy(Self.monthly.id, options: [option]) == .pending)
    let request = try #require(try await store.askToBuyRequests().first)
    clock.advance(by: 2 * 24 * 3600)
    let approved = try await store.approveAskToBuy(request.id)
    #expect(approved.offerID == "LOYALTY")
  }

  // MARK: - Signatures made by Apple's library

  /// The vectors scripts/offer-vectors wrote: the file OFFER_VECTORS names (CI signs afresh),
  /// else the committed one.
  private static let vectorsURL =
    ProcessInfo.processInfo.environment["OFFER_VECTORS"].map(URL.init(fileURLWithPath:))
    ?? PackageFolders.root.appendingPathComponent(
      "Tests/AppStoreJWSTests/TestData/offer-vectors.json")

  /// The promotional offers Apple's App Store Server Library for Python signed
  /// (`scripts/offer-vectors`: PromotionalOfferSignatureCreator and
  /// PromotionalOfferV2SignatureCreator) are accepted by the store holding the same key, at
  /// the time they were signed; the JWS that names a transaction of no customer here is
  /// refused as another customer's.
  @Test("the local App Store accepts the offers Apple's Python library signed")
  func libraryVectors() async throws {
    let vectors = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: Self.vectorsURL)) as? [String: Any])
    let keyFields = try #require(vectors["key"] as? [String: String])
    let der = try #require((keyFields["privateKey"]).flatMap { Data(base64Encoded: $0) })
    let key = try SubscriptionOfferKey(
      keyID: try #require(keyFields["id"]), privateKey: PrivateKey(derEncoded: der))
    func lapsedStore(at date: Date) async throws -> LocalAppStore {
      let clock = ManualClock(now: date.addingTimeInterval(-60 * day))
      let store = try LocalAppStore.sportsTime(
        clock: clock, settings: .polite, products: SportsTimeFixtures.productsWithOffers)
      try await store.setSubscriptionOffersKey(key)
      try await lapsed(store, clock)
      clock.set(to: date.addingTimeInterval(60))
      return store
    }
    var accepted = 0
    for vector in try #require(vectors["promotionalOfferOriginal"] as? [[String: Any]]) {
      let timestamp = try #require(vector["timestamp"] as? Int)
      let store = try await lapsedStore(at: Date(timeIntervalSince1970: Double(timestamp) / 1000))
      let token = (vector["appAccountToken"] as? String).flatMap(UUID.init(uuidString:))
      let nonce = try #require((vector["nonce"] as? String).flatMap(UUID.init(uuidString:)))
      let signature = try #require(
        (vector["signature"] as? String).flatMap { Data(base64Encoded: $0) })
      var options: Set<PurchaseOption> = [
        .promotionalOffer(
          offerID: try #require(vector["offerID"] as? String), keyID: key.keyID, nonce: nonce,
          signature: signature, timestamp: timestamp)
      ]
      if let token { options.insert(.appAccountToken(token)) }
      let bought = try await store.buyVerified(
        try #require(vector["productID"] as? String), options: options)
      #expect(bought.offerID == vector["offerID"] as? String)
      accepted += 1
    }
    for vector in try #require(vectors["promotionalOfferJWS"] as? [[String: Any]]) {
      let claims = try #require(vector["claims"] as? [String: Any])
      let issued = Date(timeIntervalSince1970: Double(try #require(claims["iat"] as? Int)))
      let store = try await lapsedStore(at: issued)
      let offerID = try #require(vector["offerIdentifier"] as? String)
      let option = PurchaseOption.promotionalOfferJWS(
        offerID: offerID, compactJWS: try #require(vector["jws"] as? String))
      let productID = try #require(vector["productID"] as? String)
      if vector["transactionID"] is String {
        #expect(try await refusal(store, productID, [option])?.caseName == "ineligibleForOffer")
      } else {
        #expect(try await store.buyVerified(productID, options: [option]).offerID == offerID)
        accepted += 1
      }
    }
    // IntroductoryOfferEligibilitySignatureCreator: allowed, a returning customer (whom the
    // App Store's own rule refuses) gets the trial; refused, a new customer (whom it would give
    // one) does not.
    for vector in try #require(vectors["introductoryOfferEligibilityJWS"] as? [[String: Any]]) {
      let claims = try #require(vector["claims"] as? [String: Any])
      let issued = Date(timeIntervalSince1970: Double(try #require(claims["iat"] as? Int)))
      let allow = try #require(vector["allowIntroductoryOffer"] as? Bool)
      let store: LocalAppStore
      if allow {
        store = try await lapsedStore(at: issued)
      } else {
        store = try LocalAppStore.sportsTime(
          clock: ManualClock(now: issued.addingTimeInterval(60)), settings: .polite,
          products: SportsTimeFixtures.productsWithOffers)
        try await store.setSubscriptionOffersKey(key)
      }
      let option = PurchaseOption.introductoryOfferEligibility(
        compactJWS: try #require(vector["jws"] as? String))
      let bought = try await store.buyVerified(
        try #require(vector["productID"] as? String), options: [option])
      #expect(bought.offerType == (allow ? .introductory : nil))
      accepted += 1
    }
    #expect(accepted >= 6)
  }
}
