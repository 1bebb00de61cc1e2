import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import Testing

/// The prices part alone, built without a store: prices set while running, the pending
/// increases and their answers, and the amounts in milli-units.
@Suite struct PricingTests {
  /// Pricing over an empty in-memory ledger, for a catalog priced in the United States.
  func pricing() throws -> Pricing {
    Pricing(
      ledger: try LedgerStore(path: ":memory:", access: .create),
      presentation: ProductPresentation(catalogStorefront: "USA"))
  }

  @Test("a price set while running replaces the catalog's, its display price formatted alike")
  func setPrice() throws {
    let pricing = try pricing()
    let monthly = SportsTimeFixtures.monthly
    #expect(try pricing.price(of: monthly) == 4_990)
    try pricing.setPrice(5_990, of: monthly.id)
    #expect(try pricing.price(of: monthly) == 5_990)
    let shown = try pricing.currentlyPriced(monthly, in: EmulatorSettings())
    #expect(shown.price == Decimal(string: "5.99"))
    #expect(shown.displayPrice == "$5.99")
    // Another product keeps the catalog's price.
    #expect(
      try pricing.currentlyPriced(SportsTimeFixtures.annual, in: EmulatorSettings()).price
        == SportsTimeFixtures.annual.price)
  }

  @Test("an increase is pending until answered once; a second answer finds none")
  func answers() throws {
    let pricing = try pricing()
    #expect(try pricing.answer(true, for: 7) == nil)
    #expect(try pricing.increase(of: 7) == nil)
    try pricing.request(5_990, for: 7)
    #expect(try pricing.increase(of: 7) == Pricing.Increase(priceMilliunits: 5_990))
    #expect(try pricing.answer(false, for: 7)?.agreed == false)
    #expect(try pricing.answer(true, for: 7) == nil)
    #expect(try pricing.increase(of: 7)?.agreed == false)
    // Asking again makes it pending again.
    try pricing.request(6_990, for: 7)
    #expect(try pricing.increase(of: 7) == Pricing.Increase(priceMilliunits: 6_990, agreed: nil))
  }

  @Test("settling removes one subscription's increase and leaves the others")
  func settle() throws {
    let pricing = try pricing()
    try pricing.request(5_990, for: 7)
    try pricing.request(5_990, for: 8)
    try pricing.settle(7)
    try pricing.settle(9)
    #expect(try pricing.increases().keys.sorted() == [8])
  }

  @Test(
    "amounts in milli-units round to the nearest",
    arguments: [("4.99", 4_990), ("49.99", 49_990), ("0.0004", 0), ("0.0005", 1), ("0", 0)])
  func milliunits(amount: String, expected: Int64) throws {
    #expect(Pricing.milliunits(try #require(Decimal(string: amount))) == expected)
  }
}
