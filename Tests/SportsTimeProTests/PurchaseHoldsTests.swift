import Foundation
import SportsTimePro
import StoreModel
import Testing

/// The holds alone: a value, fixed dates, no store and no manager.
@Suite struct PurchaseHoldsTests {
  private static let now = Fixtures.start
  private static let rules = ProEntitlements(productIDs: ["monthly", "annual"])

  private static func holds() -> PurchaseHolds {
    PurchaseHolds(limit: 30, rules: rules)
  }

  /// A verified transaction of `productID` in subscription `originalID`, expiring after
  /// `expiresIn` seconds.
  private static func transaction(
    _ id: UInt64, _ productID: String = "monthly", originalID: UInt64? = nil,
    expiresIn seconds: TimeInterval = 3600
  ) -> Transaction {
    Transaction(
      id: id, originalID: originalID ?? id, appBundleID: "app", productID: productID,
      productType: .autoRenewable, purchaseDate: now, signedDate: now, subscriptionGroupID: "g",
      expirationDate: now.addingTimeInterval(seconds))
  }

  @Test("a grant the listing does not count is held, until the limit passes")
  func heldUntilTheLimit() {
    var holds = Self.holds()
    let purchase = Self.transaction(1)
    let began1 = holds.hold(purchase, listed: [], at: Self.now)
    #expect(began1)
    let held2 = holds.active(at: Self.now)
    #expect(held2 == [purchase])
    #expect(holds.nextEnd == Self.now.addingTimeInterval(30))
    let held3 = holds.active(at: Self.now.addingTimeInterval(29))
    #expect(held3 == [purchase])
    let held4 = holds.active(at: Self.now.addingTimeInterval(30))
    #expect(held4.isEmpty)
    #expect(holds.nextEnd == nil)
  }

  @Test("a hold ends at the expiration when it comes before the limit")
  func endsAtExpiration() {
    var holds = Self.holds()
    let began5 = holds.hold(Self.transaction(1, expiresIn: 10), listed: [], at: Self.now)
    #expect(began5)
    #expect(holds.nextEnd == Self.now.addingTimeInterval(10))
    let held6 = holds.active(at: Self.now.addingTimeInterval(10))
    #expect(held6.isEmpty)
  }

  @Test("nothing is held that the listing counts, that expired, or that grants no Pro")
  func notHeld() {
    var holds = Self.holds()
    let listed = Self.transaction(1)
    let began7 = holds.hold(Self.transaction(2), listed: [listed], at: Self.now)
    #expect(!began7)
    let began8 = holds.hold(Self.transaction(3, expiresIn: 0), listed: [], at: Self.now)
    #expect(!began8)
    let began9 = holds.hold(Self.transaction(4, "other"), listed: [], at: Self.now)
    #expect(!began9)
    let held10 = holds.active(at: Self.now)
    #expect(held10.isEmpty)
  }

  @Test("a reading that counts the product ends its hold, and only its")
  func releasedByTheListing() {
    var holds = Self.holds()
    let monthly = Self.transaction(1)
    let annual = Self.transaction(2, "annual")
    let began11 = holds.hold(monthly, listed: [], at: Self.now)
    #expect(began11)
    let began12 = holds.hold(annual, listed: [], at: Self.now)
    #expect(began12)
    holds.release(countedBy: [Self.transaction(3, "annual")])
    let held13 = holds.active(at: Self.now)
    #expect(held13 == [monthly])
  }

  @Test("a refund ends every hold of its subscription; an upgrade away only its own")
  func withdrawals() {
    var holds = Self.holds()
    let first = Self.transaction(1, originalID: 1)
    let renewal = Self.transaction(2, originalID: 1)
    let began14 = holds.hold(first, listed: [], at: Self.now)
    #expect(began14)
    let began15 = holds.hold(renewal, listed: [], at: Self.now)
    #expect(began15)
    var upgraded = first
    upgraded.isUpgraded = true
    let began16 = holds.hold(upgraded, listed: [], at: Self.now)
    #expect(!began16)
    let held17 = holds.active(at: Self.now)
    #expect(held17 == [renewal])
    let began18 = holds.hold(first, listed: [], at: Self.now)
    #expect(began18)
    var refunded = first
    refunded.revocationDate = Self.now
    let began19 = holds.hold(refunded, listed: [], at: Self.now)
    #expect(!began19)
    let held20 = holds.active(at: Self.now)
    #expect(held20.isEmpty)
  }
}
