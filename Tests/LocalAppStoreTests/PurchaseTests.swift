import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

@Suite(.recordsQuietFailures) struct PurchaseTests {
  @Test("buying a subscription makes a verified transaction that entitles")
  func subscription() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    let transaction = try verified(try await store.buy(monthlyID))
    #expect(transaction.productID == monthlyID)
    #expect(transaction.originalID == transaction.id)
    #expect(transaction.purchaseDate == clock.now)
    #expect(transaction.expirationDate == utc(2026, 2, 1))
    #expect(transaction.reason == .purchase)
    #expect(transaction.ownershipType == .purchased)
    // StoreKit Testing in Xcode signs "environment":"Xcode" (the real tokens of the corpus,
    // jws/app-store-server-library/xcode/); so does the store.
    #expect(transaction.environment == .xcode)
    #expect(transaction.subscriptionGroupID == groupID)
    #expect(transaction.priceMilliunits == 4990)
    #expect(transaction.currency == "USD")
    #expect(transaction.storefrontCountryCode == "USA")
    #expect(!transaction.jwsRepresentation.isEmpty)
    #expect(await store.entitledProductIDs() == [monthlyID])
    #expect(try await store.proState() == .subscribed)
  }

  @Test(
    "each product type can be bought",
    arguments: [
      (ProductType.consumable, false), (.nonConsumable, true), (.nonRenewable, true),
    ])
  func productTypes(type: ProductType, entitles: Bool) async throws {
    let item = product("com.sportstime.item", type)
    let store = try LocalAppStore.sportsTime(settings: .polite, products: [item])
    let transaction = try verified(try await store.buy(item.id))
    #expect(transaction.productType == type)
    #expect(transaction.expirationDate == nil)
    #expect(await store.entitledProductIDs() == (entitles ? [item.id] : []))
  }

  @Test("consumables are bought again and again, with a quantity")
  func consumables() async throws {
    let coins = product("com.sportstime.coins", .consumable)
    let store = try LocalAppStore.sportsTime(products: [coins])
    let first = try verified(try await store.buy(coins.id, options: [.quantity(3)]))
    let second = try verified(try await store.buy(coins.id))
    #expect(first.purchasedQuantity == 3)
    #expect(second.id != first.id)
    #expect(
      await backendErrorKind { try await store.buy(coins.id, options: [.quantity(0)]) }
        == "purchaseNotAllowed")
  }

  @Test("buying an active subscription again is not charged: the existing transaction comes back")
  func alreadySubscribed() async throws {
    let store = try LocalAppStore.sportsTime()
    let first = try verified(try await store.buy(monthlyID))
    let second = try verified(try await store.buy(monthlyID))
    #expect(second.id == first.id)
    #expect(try await store.history().count == 1)
  }

  @Test("buying an owned non-consumable again returns the owned transaction")
  func ownedNonConsumable() async throws {
    let pass = product("com.sportstime.pass", .nonConsumable)
    let store = try LocalAppStore.sportsTime(products: [pass])
    let first = try verified(try await store.buy(pass.id))
    let second = try verified(try await store.buy(pass.id))
    #expect(second.id == first.id)
    let third = try await store.purchaseWithOutcome(pass)
    #expect(Self.summary(third) == "alreadyOwned #\(first.id) verified, renewal unchanged")
  }

  @Test("the outcome tells a new transaction from what was already owned, charging nothing")
  func outcomes() async throws {
    let store = try LocalAppStore.sportsTime()
    let annual = try #require(store.allProducts.first { $0.id == annualID })
    let monthly = try #require(store.allProducts.first { $0.id == monthlyID })
    let first = try await store.purchaseWithOutcome(annual)
    #expect(Self.summary(first) == "purchased #1 verified")
    let again = try await store.purchaseWithOutcome(annual)
    #expect(Self.summary(again) == "alreadyOwned #1 verified, renewal unchanged")
    guard case .success(let result) = again.purchaseResult else {
      Issue.record("StoreKit's result of a second purchase is a success")
      return
    }
    #expect(result.unsafePayloadValue.id == 1)
    let downgrade = try await store.purchaseWithOutcome(monthly)
    #expect(
      Self.summary(downgrade)
        == "scheduledChange #1 verified, \(monthlyID) on 2027-01-01T00:00:00Z")
    let back = try await store.purchaseWithOutcome(annual)
    #expect(Self.summary(back) == "alreadyOwned #1 verified, renewal restored")
    try await store.setWillAutoRenew(false)
    let resubscribe = try await store.purchaseWithOutcome(annual)
    #expect(Self.summary(resubscribe) == "alreadyOwned #1 verified, renewal restored")
    #expect(try await store.history().map(\.id) == [1])
    #expect(try await store.renewalInfos().map(\.willAutoRenew) == [true])
  }

  /// An outcome in words, its transaction by identifier.
  static func summary(_ outcome: PurchaseOutcome) -> String {
    func token(_ result: VerificationResult<Transaction>) -> String {
      "#\(result.unsafePayloadValue.id) \(result.isVerified ? "verified" : "unverified")"
    }
    switch outcome {
    case .purchased(let result): return "purchased \(token(result))"
    case .alreadyOwned(let result, let restored):
      return "alreadyOwned \(token(result)), renewal \(restored ? "restored" : "unchanged")"
    case .scheduledChange(let result, let productID, let date):
      return "scheduledChange \(token(result)), \(productID) on \(date.formatted(.iso8601))"
    case .pending(let id): return "pending #\(id)"
    case .userCancelled: return "userCancelled"
    }
  }

  @Test("with Ask to Buy the outcome names the request")
  func pendingOutcome() async throws {
    let store = try LocalAppStore.sportsTime()
    try await store.setAskToBuyEnabled(true)
    let monthly = try #require(store.allProducts.first { $0.id == monthlyID })
    let outcome = try await store.purchaseWithOutcome(monthly, account: "kid")
    let request = try #require(try await store.askToBuyRequests(account: "kid").first)
    #expect(Self.summary(outcome) == "pending #\(request.id)")
    #expect(try await store.accounts() == ["kid", LocalAppStore.purchaser])
  }

  @Test("buying an unknown product fails with productUnavailable")
  func unknownProduct() async throws {
    let store = try LocalAppStore.sportsTime()
    let stranger = product("com.example.unknown", .nonConsumable)
    #expect(
      await backendErrorKind { _ = try await store.purchase(stranger, options: []) }
        == "productUnavailable")
    #expect(
      try await store.products(for: [monthlyID, "com.example.unknown"]).map(\.id) == [monthlyID])
  }

  @Test("an app account token comes back in the transaction and the renewal info")
  func appAccountToken() async throws {
    let token = UUID(uuidString: "6F1D1A52-7C0B-4E53-9E4B-1D2C3A4B5C6D") ?? UUID()
    let store = try LocalAppStore.sportsTime()
    let transaction = try verified(
      try await store.buy(monthlyID, options: [.appAccountToken(token)]))
    #expect(transaction.appAccountToken == token)
    #expect(try await store.renewalInfos().first?.appAccountToken == token)
  }

  @Test("an introductory offer is granted once per group")
  func introOffer() async throws {
    let trial = SubscriptionOffer(
      id: nil, type: .introductory, paymentMode: .freeTrial, price: 0, displayPrice: "Free",
      period: .weekly, periodCount: 1)
    let basic = product("basic", .autoRenewable, group: "g", level: 2, intro: trial)
    let plus = product("plus", .autoRenewable, group: "g", level: 1, intro: trial)
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, products: [basic, plus])
    #expect(try await store.isEligibleForIntroOffer(group: "g"))
    let first = try verified(try await store.buy(basic.id))
    #expect(first.offerType == .introductory)
    #expect(first.offerPaymentMode == .freeTrial)
    #expect(first.priceMilliunits == 0)
    #expect(first.expirationDate == clock.now.addingTimeInterval(7 * day))
    #expect(try await store.isEligibleForIntroOffer(group: "g") == false)
    try await store.setWillAutoRenew(false)
    clock.advance(by: 30 * day)
    let again = try verified(try await store.buy(plus.id))
    #expect(again.offerType == nil)
    #expect(again.priceMilliunits == 990)
    #expect(again.originalID == first.originalID)
  }
}
