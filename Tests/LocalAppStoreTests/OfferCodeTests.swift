import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// Offer codes redeemed outside the app: who may redeem each, what the transaction carries,
/// how it reaches a running app, and what the server hears.
@Suite(.hangGuard, .recordsQuietFailures) struct OfferCodeTests {
  private func store(_ clock: ManualClock = ManualClock()) throws -> LocalAppStore {
    let catalog = try Catalog(data: try OfferCatalogFile.data())
    return try LocalAppStore(catalog: catalog, clock: clock)
  }

  /// `Transaction.Offer.id`: "If the offer type is code, the id value contains the reference
  /// name of the offer code"; `OfferType.code` is 3. OFFER_REDEEMED "indicates that the
  /// customer redeemed a promotional offer or offer code" (Apple's notificationType page); it
  /// replaces SUBSCRIBED (a redemption's first purchase arrives as OFFER_REDEEMED /
  /// INITIAL_BUY, https://developer.apple.com/forums/thread/731832).
  @Test(
    "a new customer redeems a code: offerType code, its reference name, OFFER_REDEEMED/INITIAL_BUY, through updates"
  )
  func newCustomer() async throws {
    let store = try store()
    var updates = store.transactionUpdates().makeAsyncIterator()
    let redeemed = try await store.redeemOfferCode("FREEMONTH")
    #expect(redeemed.offerType == .code)
    #expect(redeemed.offerID == "FREEMONTH")
    #expect(redeemed.price == 0)
    #expect(redeemed.productID == SportsTimeFixtures.monthlyID)
    let delivered = try #require(await next(1, of: &updates).first)
    #expect(delivered.unsafePayloadValue.id == redeemed.id)
    #expect(try await events(store) == ["OFFER_REDEEMED/INITIAL_BUY"])
  }

  /// App Store Connect's offer codes are for new, existing or expired customers ("Set up offer
  /// codes"); the `.storekit` file's `eligibility` lists which.
  @Test("each code only for the customers it names; an existing subscriber's code is an upgrade")
  func eligibility() async throws {
    let clock = ManualClock()
    let store = try store(clock)
    await #expect(throws: LocalAppStoreError.self) { try await store.redeemOfferCode("ANNUALHALF") }
    try await store.buyVerified(SportsTimeFixtures.monthlyID)
    let before = try await store.history()
    await #expect(throws: LocalAppStoreError.self) { try await store.redeemOfferCode("FREEMONTH") }
    #expect(try await store.history() == before, "a refused code changes nothing")
    let upgrade = try await store.redeemOfferCode("ANNUALHALF")
    #expect(upgrade.productID == SportsTimeFixtures.annualID)
    #expect(upgrade.offerType == .code)
    #expect(upgrade.price == Decimal(string: "24.99"))
    #expect(try await events(store).last == "OFFER_REDEEMED/UPGRADE")
    try await store.setWillAutoRenew(false)
    clock.advance(by: 400 * day)
    try await store.redeemOfferCode("FREEMONTH")
    #expect(try await events(store).last == "OFFER_REDEEMED/RESUBSCRIBE")
    await #expect(throws: LocalAppStoreError.self) { try await store.redeemOfferCode("NOPE") }
  }

  /// A subscriber's code for the plan it has starts at the next renewal ("the offer period
  /// starts at the next billing event", Apple's "Implementing promotional offers in your app";
  /// OFFER_REDEEMED without a subtype "If the customer redeemed an offer for their active
  /// subscription", the notificationType page). The redemption hands back the current
  /// transaction.
  @Test("an existing subscriber's code for its own plan starts at the next renewal")
  func codeForTheSamePlan() async throws {
    let clock = ManualClock()
    let store = try store(clock)
    let annual = try await store.buyVerified(SportsTimeFixtures.annualID)  // a week's trial
    let redeemed = try await store.redeemOfferCode("ANNUALHALF")
    #expect(redeemed.id == annual.id)
    #expect(try await store.renewalInfos().first?.offerID == "ANNUALHALF")
    #expect(try await events(store).last == "OFFER_REDEEMED")
    clock.advance(by: 380 * day)
    let renewals = try await store.history().filter { $0.reason == .renewal }
    try #require(renewals.count == 2)
    #expect(renewals[1].offerID == nil, "the code's one period is over")
    let renewal = renewals[0]
    #expect(renewal.offerType == .code)
    #expect(renewal.offerID == "ANNUALHALF")
    #expect(renewal.price == Decimal(string: "24.99"))
  }

  /// The offer-code sheet's simulated error (`SKTestSession.setSimulatedError(_:forAPI:)` with
  /// `Offer Code Redeem Sheet`) fails a redemption.
  @Test("a simulated error for the offer-code sheet fails the redemption")
  func simulatedError() async throws {
    let store = try store()
    try await store.setSimulatedError(.unknown, forAPI: .offerCodeRedeem)
    await #expect(throws: LocalAppStoreError.self) { try await store.redeemOfferCode("FREEMONTH") }
    #expect(try await store.history().isEmpty)
    try await store.setSimulatedError(nil, forAPI: .offerCodeRedeem)
    try await store.redeemOfferCode("FREEMONTH")
  }
}
