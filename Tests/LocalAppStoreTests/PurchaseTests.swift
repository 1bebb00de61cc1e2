import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import Testing

@Suite struct PurchaseTests {
  @Test("buying a subscription makes a verified transaction that entitles")
  func subscription() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock)
    let transaction = try verified(try await store.buy(monthlyID))
    #expect(transaction.productID == monthlyID)
    #expect(transaction.originalID == transaction.id)
    #expect(transaction.purchaseDate == clock.now)
    #expect(transaction.expirationDate == utc(2026, 2, 1))
    #expect(transaction.reason == .purchase)
    #expect(transaction.ownershipType == .purchased)
    #expect(transaction.environment == .localTesting)
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
    let store = try LocalAppStore.sportsTime(products: [item])
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
