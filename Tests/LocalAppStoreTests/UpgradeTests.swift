import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

@Suite(.recordsQuietFailures) struct UpgradeTests {
  @Test("upgrade to a higher level takes effect at once; the old transaction is upgraded")
  func upgrade() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    let monthly = try await store.buyVerified(monthlyID)
    clock.advance(by: 10 * day)
    let annual = try verified(try await store.buy(annualID))
    #expect(annual.originalID == monthly.originalID)
    #expect(annual.purchaseDate == clock.now)
    #expect(annual.expirationDate == utc(2027, 1, 11))
    let history = try await store.history()
    #expect(history.first?.isUpgraded == true)
    #expect(await store.entitledProductIDs() == [annualID])
  }

  @Test("downgrade to a lower level waits for the next renewal")
  func downgrade() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    let annual = try await store.buyVerified(annualID)
    let result = try verified(try await store.buy(monthlyID))
    #expect(result.id == annual.id)
    let info = try #require(try await store.renewalInfos().first)
    #expect(info.currentProductID == annualID)
    #expect(info.autoRenewPreference == monthlyID)
    #expect(await store.entitledProductIDs() == [annualID])
    clock.set(to: utc(2027, 1, 15))
    let renewal = try #require(try await store.history().last)
    #expect(renewal.productID == monthlyID)
    #expect(renewal.purchaseDate == utc(2027, 1, 1))
    #expect(renewal.expirationDate == utc(2027, 2, 1))
    #expect(await store.entitledProductIDs() == [monthlyID])
  }

  @Test("same level: same duration crossgrades at once, another duration at renewal")
  func crossgrade() async throws {
    let blue = product("blue", .autoRenewable, group: "g", level: 1, period: .monthly)
    let red = product("red", .autoRenewable, group: "g", level: 1, period: .monthly)
    let green = product("green", .autoRenewable, group: "g", level: 1, period: .yearly)
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, products: [blue, red, green])
    try await store.buyVerified("blue")
    let red1 = try verified(try await store.buy("red"))
    #expect(red1.productID == "red")
    #expect(try await store.history().first?.isUpgraded == true)
    let kept = try verified(try await store.buy("green"))
    #expect(kept.id == red1.id)
    #expect(try await store.renewalInfos().first?.autoRenewPreference == "green")
    clock.set(to: utc(2026, 2, 2))
    #expect(try await store.history().last?.productID == "green")
  }
}
