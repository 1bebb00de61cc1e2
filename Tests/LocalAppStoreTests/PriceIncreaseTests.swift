import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// Price increases: a price changed while running, `requestPriceIncreaseConsentForTransaction
/// (identifier:)`, the customer's answer, `RenewalInfo.priceIncreaseStatus` and the renewal.
@Suite(.recordsQuietFailures) struct PriceIncreaseTests {
  private func session(_ clock: ManualClock) throws -> LocalTestSession {
    try LocalTestSession(clock: clock)
  }

  /// A monthly subscription bought, its price raised to $5.99 and consent requested.
  @discardableResult
  private func requestIncrease(in session: LocalTestSession) async throws -> Transaction {
    let bought = try await session.store.buyVerified(monthlyID)
    try await session.setPrice(5.99, forProduct: monthlyID)
    try await session.requestPriceIncreaseConsentForTransaction(identifier: bought.id)
    return bought
  }

  @Test("a new price applies at once to products and new purchases, not to subscribers")
  func newPriceForNewPurchases() async throws {
    let clock = ManualClock()
    let session = try session(clock)
    let subscriber = try await session.store.buyVerified(monthlyID)
    try await session.setPrice(5.99, forProduct: monthlyID)
    let products = try await session.store.products(for: [monthlyID])
    #expect(products.first?.price == Decimal(string: "5.99"))
    #expect(products.first?.displayPrice == "$5.99")
    clock.set(to: utc(2026, 2, 2))
    let renewal = try #require(try await session.store.history().last)
    #expect(renewal.id != subscriber.id)
    #expect(renewal.priceMilliunits == 4_990, "an existing subscriber keeps the price")
    let member = session.store.backend(for: "alex")
    let bought = try verified(try await member.purchase(try #require(products.first), options: []))
    #expect(bought.priceMilliunits == 5_990)
  }

  /// RenewalInfo `priceIncreaseStatus` and `renewalPrice`; agreeing renews at the new price.
  @Test("consent requested, then agreed: the renewal is at the new price")
  func agreed() async throws {
    let clock = ManualClock()
    let session = try session(clock)
    let bought = try await requestIncrease(in: session)
    let pending = try #require(try await session.store.renewalInfos().first)
    // App Store Server Notifications, `priceIncreaseStatus`: "0: The customer hasn't yet
    // responded to an auto-renewable subscription price increase that requires customer
    // consent" — StoreKit's `.pending`.
    #expect(pending.priceIncreaseStatus == .pending)
    #expect(pending.priceIncreaseStatus?.rawValue == 0)
    #expect(pending.renewalPrice == Decimal(string: "5.99"))
    try await session.consentToPriceIncreaseForTransaction(identifier: bought.id)
    #expect(try await session.store.renewalInfos().first?.priceIncreaseStatus == .agreed)
    clock.set(to: utc(2026, 2, 2))
    let renewal = try #require(try await session.store.history().last)
    #expect(renewal.reason == .renewal && renewal.priceMilliunits == 5_990)
    #expect(try await session.store.renewalInfos().first?.priceIncreaseStatus == nil)
  }

  /// RenewalInfo ExpirationReason `didNotConsentToPriceIncrease`: the request page's "The user
  /// does nothing. The subscription expires at the end of the subscription period."
  @Test("never answered: the subscription expires at renewal, for the price increase")
  func neverAnswered() async throws {
    let clock = ManualClock()
    let session = try session(clock)
    try await requestIncrease(in: session)
    clock.set(to: utc(2026, 2, 2))
    #expect(try await session.store.history().count == 1)
    #expect(try await session.store.proState() == .expired)
    let info = try #require(try await session.store.renewalInfos().first)
    #expect(info.expirationReason == .didNotConsentToPriceIncrease)
  }

  /// `declinePriceIncreaseForTransaction(identifier:)`: "Specifically, this method disables
  /// auto-renew and removes the subscription's pending price increase status. The subscription
  /// expires at the end of the billing period in the testing environment." Before, a decline
  /// kept auto-renew on and the increase pending until the renewal (watched: this test fails
  /// there on `willAutoRenew` and `priceIncreaseStatus`).
  @Test("declined: auto-renew goes off and the increase is removed at once; it expires at renewal")
  func declined() async throws {
    let clock = ManualClock()
    let session = try session(clock)
    let bought = try await requestIncrease(in: session)
    try await session.declinePriceIncreaseForTransaction(identifier: bought.id)
    let now = try #require(try await session.store.renewalInfos().first)
    #expect(now.willAutoRenew == false)
    #expect(now.priceIncreaseStatus == nil)
    #expect(try await session.store.proState() == .subscribed, "access to the end")
    clock.set(to: utc(2026, 2, 2))
    #expect(try await session.store.history().count == 1)
    #expect(try await session.store.proState() == .expired)
    let info = try #require(try await session.store.renewalInfos().first)
    // Ours: the page calls the decline "a user canceling an auto-renewable subscription by
    // disabling auto-renew" — a cancellation.
    #expect(info.expirationReason == .autoRenewDisabled)
  }

  /// `requestPriceIncreaseConsentForTransaction(identifier:)`: "Note that in the testing
  /// environment, changing the price of the subscription is optional." Before, a request with
  /// no new price threw (watched).
  @Test("consent may be asked without a new price; answers need a pending request")
  func withoutNewPrice() async throws {
    let clock = ManualClock()
    let session = try session(clock)
    let bought = try await session.store.buyVerified(monthlyID)
    await #expect(throws: LocalAppStoreError.self) {
      try await session.consentToPriceIncreaseForTransaction(identifier: bought.id)
    }
    await #expect(throws: LocalAppStoreError.self) {
      try await session.declinePriceIncreaseForTransaction(identifier: bought.id)
    }
    try await session.requestPriceIncreaseConsentForTransaction(identifier: bought.id)
    let pending = try #require(try await session.store.renewalInfos().first)
    #expect(pending.priceIncreaseStatus == .pending)
    #expect(pending.renewalPrice == Decimal(string: "4.99"))
    try await session.consentToPriceIncreaseForTransaction(identifier: bought.id)
    await #expect(throws: LocalAppStoreError.self, "answered already") {
      try await session.declinePriceIncreaseForTransaction(identifier: bought.id)
    }
    clock.set(to: utc(2026, 2, 2))
    #expect(try await session.store.history().last?.priceMilliunits == 4_990)
    await #expect(throws: LocalAppStoreError.self) {
      try await session.setPrice(-1, forProduct: monthlyID)
    }
  }

  /// The price-increase controls find the subscription as the other session controls do: a
  /// family member's copy is refused, and the reason names the purchaser's transaction to use.
  @Test("consent is refused for a family member's copy, naming the purchaser's transaction")
  func familyCopyRefused() async throws {
    let session = try session(ManualClock())
    let bought = try await session.store.buyVerified(annualID)
    try await session.store.startFamilySharing(with: "alex")
    let member = session.store.backend(for: "alex")
    let copy = try #require(await member.currentEntitlements().first?.unsafePayloadValue)
    #expect(copy.ownershipType == .familyShared)
    try await session.setPrice(99.99, forProduct: annualID)
    let error = await #expect(throws: LocalAppStoreError.self) {
      try await session.requestPriceIncreaseConsentForTransaction(identifier: copy.id)
    }
    #expect(error?.code == .notAllowed)
    #expect(
      error?.reason
        == "transaction \(copy.id) is a family-shared copy; use the purchaser's transaction "
        + "\(bought.id)")
    try await session.requestPriceIncreaseConsentForTransaction(identifier: bought.id)
  }

  /// A subscription renews at the price it pays: the one it was bought at (a price set while
  /// running included: "A new price applies at once to new purchases"), until the customer
  /// agrees to an increase, and from then on at that price, renewal after renewal.
  @Test("renewals keep the subscription's price: bought after set-price, and after a consent")
  func renewalsKeepTheirPrice() async throws {
    let clock = ManualClock()
    let session = try session(clock)
    // Bought after the price changed: renews at the new price, and says so.
    try await session.setPrice(5.99, forProduct: monthlyID)
    let member = session.store.backend(for: "alex")
    let product = try #require(try await session.store.products(for: [monthlyID]).first)
    _ = try verified(try await member.purchase(product, options: []))
    // Consented: every renewal from then on pays the increase, not only the first.
    let bought = try await session.store.buyVerified(monthlyID)
    #expect(bought.priceMilliunits == 5_990)
    try await session.setPrice(6.99, forProduct: monthlyID)
    try await session.requestPriceIncreaseConsentForTransaction(identifier: bought.id)
    try await session.consentToPriceIncreaseForTransaction(identifier: bought.id)
    clock.set(to: utc(2026, 4, 2))
    let renewals = try await session.store.history().filter { $0.reason == .renewal }
    #expect(renewals.map(\.priceMilliunits) == [6_990, 6_990, 6_990])
    #expect(try await session.store.renewalInfos().first?.renewalPriceMilliunits == 6_990)
    let memberRenewals = try await session.store.history(account: "alex").filter {
      $0.reason == .renewal
    }
    #expect(memberRenewals.map(\.priceMilliunits) == [5_990, 5_990, 5_990])
    #expect(
      try await session.store.renewalInfos(account: "alex").first?.renewalPriceMilliunits == 5_990)
  }
}
