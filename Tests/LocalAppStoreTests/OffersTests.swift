import AppStoreJWS
import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import Testing

/// The offers part alone, built without a store: the key it keeps, the checks of a purchase's
/// options, the nonces a signature spends, the win-back rules and the offer codes.
@Suite struct OffersTests {
  static let products = Dictionary(
    uniqueKeysWithValues: SportsTimeFixtures.productsWithOffers.map { ($0.id, $0) })
  static let monthly = SportsTimeFixtures.productsWithOffers[0]
  static let now = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01

  func offers(
    codes: [String: [CodeOffer]] = [:], switchedOff: Set<String> = []
  ) throws -> Offers {
    Offers(
      ledger: try LedgerStore(path: ":memory:", access: .create), products: Self.products,
      codeOffers: codes, winBackSwitchedOff: switchedOff)
  }

  func terms(_ offers: Offers, _ options: Set<PurchaseOption>, product: Product = monthly)
    throws -> Result<PurchaseTerms, StoreBackendError>
  {
    try checked(offers, options, product: product).result
  }

  func checked(_ offers: Offers, _ options: Set<PurchaseOption>, product: Product = monthly)
    throws -> Offers.Checked
  {
    try offers.terms(
      options, for: product, account: LocalAppStore.purchaser, now: Self.now,
      settings: EmulatorSettings())
  }

  @Test("no key until one is installed; one made when needed is kept and made once")
  func key() throws {
    let offers = try offers()
    #expect(try offers.key() == nil)
    let made = try offers.keyMadeIfNeeded()
    #expect(made.keyID == "LOCAL0FF")
    #expect(
      try offers.keyMadeIfNeeded().privateKey.derRepresentation()
        == made.privateKey.derRepresentation())
    let installed = try SubscriptionOfferKey.generate(keyID: "SERVER01")
    try offers.install(installed)
    #expect(try offers.key()?.keyID == "SERVER01")
  }

  @Test("an eligibility token is good once: its nonce, spent by a purchase, refuses it again")
  func nonceSpent() throws {
    let offers = try offers()
    let key = try offers.keyMadeIfNeeded()
    let jws = try OfferJWSSigner(
      key: key, issuerID: LocalAppStore.offerIssuerID, bundleID: EmulatorSettings().bundleID
    ).signIntroductoryOfferEligibility(
      productID: Self.monthly.id, allowIntroductoryOffer: false, transactionID: "1",
      nonce: UUID(), issuedAt: Self.now)
    let option = PurchaseOption.introductoryOfferEligibility(compactJWS: jws)
    let checked = try checked(offers, [option])
    #expect(try checked.result.get().introductoryOfferAllowed == false)
    #expect(checked.nonces.count == 1)
    // Checking spends nothing: the buy request does.
    #expect((try? terms(offers, [option]).get()) != nil)
    try offers.spend(checked.nonces, now: Self.now)
    guard case .failure(.invalidOfferSignature(let reason)) = try terms(offers, [option]) else {
      Issue.record("a spent nonce was accepted")
      return
    }
    #expect(reason.contains("already used"))
  }

  @Test("a promotional offer: refused without a key, and for a customer who never subscribed")
  func promotional() throws {
    let offers = try offers()
    let nonce = UUID()
    let option = PurchaseOption.promotionalOffer(
      offerID: "LOYALTY", keyID: "LOCAL0FF", nonce: nonce, signature: Data(),
      timestamp: Int(AppStoreJSON.milliseconds(Self.now)))
    guard case .failure(.invalidOfferSignature(let noKey)) = try terms(offers, [option]) else {
      Issue.record("an offer verified with no key")
      return
    }
    #expect(noKey.contains("no subscription-offer key"))
    let key = try offers.keyMadeIfNeeded()
    let signed = try PromotionalOfferSignature.sign(
      bundleID: EmulatorSettings().bundleID, productID: Self.monthly.id, offerID: "LOYALTY",
      appAccountToken: nil, nonce: nonce, timestamp: AppStoreJSON.milliseconds(Self.now),
      key: key)
    let good = PurchaseOption.promotionalOffer(
      offerID: "LOYALTY", keyID: key.keyID, nonce: nonce,
      signature: try #require(Data(base64Encoded: signed.signature)),
      timestamp: Int(AppStoreJSON.milliseconds(Self.now)))
    let refused = try checked(offers, [good])
    guard case .failure(.ineligibleForOffer(let reason)) = refused.result else {
      Issue.record("a new customer was given a promotional offer")
      return
    }
    #expect(reason.contains("never subscribed"))
    // The signature verified: the request spends its nonce, refused or not.
    #expect(refused.nonces == [nonce.uuidString.lowercased()])
    #expect(
      try offers.customer(LocalAppStore.purchaser, ofGroup: SportsTimeFixtures.groupID) == .new)
  }

  @Test(
    "options the App Store refuses before any signature: two offers, an offer on no subscription")
  func refusedOptions() throws {
    let offers = try offers()
    let winBack = try #require(Self.monthly.subscription?.winBackOffers.first)
    let two: Set<PurchaseOption> = [
      .winBackOffer(winBack),
      .promotionalOfferJWS(offerID: "LOYALTY", compactJWS: "a.b.c"),
    ]
    guard case .failure(.invalidOfferIdentifier) = try terms(offers, two) else {
      Issue.record("two offers were accepted")
      return
    }
    let token = Product(
      id: "token", type: .consumable, displayName: "Token", description: "A token", price: 1,
      displayPrice: "$1.00", currencyCode: "USD", locale: Locale(identifier: "en_US"),
      isFamilyShareable: false, subscription: nil)
    guard
      case .failure(.invalidOfferIdentifier) = try terms(
        offers, [.winBackOffer(winBack)], product: token)
    else {
      Issue.record("an offer on a consumable was accepted")
      return
    }
  }

  @Test("a win-back offer: switched off by the file, or for a customer who never lapsed")
  func winBack() throws {
    let off = try offers(switchedOff: [Offers.winBackKey(Self.monthly.id, "WINBACK50")])
    let refusal = try off.winBackRefusal(
      "WINBACK50", productID: Self.monthly.id, group: SportsTimeFixtures.groupID,
      account: LocalAppStore.purchaser, now: Self.now)
    #expect(refusal?.contains("isEligible false") == true)
    let on = try offers()
    let never = try on.winBackRefusal(
      "WINBACK50", productID: Self.monthly.id, group: SportsTimeFixtures.groupID,
      account: LocalAppStore.purchaser, now: Self.now)
    #expect(never?.contains("has none that did") == true)
  }

  @Test("negative win-back days are refused and the rules kept")
  func winBackRules() throws {
    let offers = try offers()
    try offers.setWinBackRules(WinBackRules(minimumLapseDays: 30))
    #expect(throws: LocalAppStoreError.self) {
      try offers.setWinBackRules(WinBackRules(minimumLapseDays: 10, cooldownDays: -1))
    }
    #expect(try offers.winBackRules() == WinBackRules(minimumLapseDays: 30))
  }

  @Test("an offer code is found by its reference name; an unknown one lists the catalog's")
  func codes() throws {
    let offer = try #require(Self.monthly.subscription?.promotionalOffers.first)
    let offers = try offers(codes: [
      Self.monthly.id: [CodeOffer(referenceName: "SPRING", offer: offer, eligibility: ["new"])]
    ])
    let found = try offers.codeOffer(named: "SPRING")
    #expect(found.productID == Self.monthly.id)
    #expect(found.code.eligibility == ["new"])
    do {
      _ = try offers.codeOffer(named: "AUTUMN")
      Issue.record("an unknown code was found")
    } catch {
      #expect(error.code == .notFound)
      #expect(error.reason.contains("codes: SPRING"))
    }
    // A new customer is one the code is for.
    try offers.checkRedemption(found.code, productID: Self.monthly.id, account: "alex")
  }
}
