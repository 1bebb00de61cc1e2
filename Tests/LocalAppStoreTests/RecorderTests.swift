import AppStoreJWS
import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// The recorder alone, built without a store: every write with Family Sharing, and the notices
/// each write hands to the notifier.
@Suite(.recordsQuietFailures) struct RecorderTests {
  static let trophyID = "com.sportstime.trophy"
  static let tokenID = "com.sportstime.token"

  /// A family-shareable non-consumable, a consumable (never shareable), and Pro.
  static let products: [Product] =
    [
      Product(
        id: trophyID, type: .nonConsumable, displayName: "Trophy", description: "A trophy",
        price: 2.99, displayPrice: "$2.99", currencyCode: "USD",
        locale: Locale(identifier: "en_US"), isFamilyShareable: true, subscription: nil),
      Product(
        id: tokenID, type: .consumable, displayName: "Token", description: "A token",
        price: 0.99, displayPrice: "$0.99", currencyCode: "USD",
        locale: Locale(identifier: "en_US"), isFamilyShareable: false, subscription: nil),
    ] + SportsTimeFixtures.products

  /// A recorder over an in-memory ledger in which `alex` shares with the purchaser.
  func recorder() throws -> Recorder {
    let ledger = try LedgerStore(path: ":memory:", access: .create)
    try ledger.setSharing("alex", true)
    return Recorder(
      ledger: ledger, products: Dictionary(uniqueKeysWithValues: Self.products.map { ($0.id, $0) }),
      notifier: Notifier())
  }

  func transaction(_ id: UInt64, _ product: Product) -> Transaction {
    Transaction(
      id: id, originalID: id, appBundleID: "com.sportstime.app", productID: product.id,
      productType: product.type, purchaseDate: utc(2026, 1, 1), signedDate: utc(2026, 1, 1),
      subscriptionGroupID: product.subscription?.subscriptionGroupID,
      expirationDate: product.type == .autoRenewable ? utc(2026, 2, 1) : nil)
  }

  func held(_ recorder: Recorder, _ account: String) throws -> [Transaction] {
    try recorder.ledger.transactions(of: account).map(\.transaction)
  }

  @Test(
    "a purchaser's shareable purchase is copied to each member who shares; each tells ONE_TIME_CHARGE"
  )
  func sharesOneTimePurchases() throws {
    let recorder = try recorder()
    try recorder.insert(
      transaction(1001, Self.products[0]), account: LocalAppStore.purchaser, emitUpdate: false)
    try recorder.insert(
      transaction(1002, Self.products[1]), account: LocalAppStore.purchaser, emitUpdate: false)
    let copies = try held(recorder, "alex")
    #expect(copies.map(\.productID) == [Self.trophyID])
    #expect(copies.first?.ownershipType == .familyShared)
    #expect(copies.first?.id != 1001)
    let told = recorder.notifier.takePending()
    #expect(told.map(\.notice.type) == [.oneTimeCharge, .oneTimeCharge, .oneTimeCharge])
    let subjects: [Notifier.Subject] = [
      .transaction(1001), .transaction(copies[0].id), .transaction(1002),
    ]
    #expect(told.map(\.subject) == subjects)
  }

  @Test("a member's purchase is not shared back")
  func membersKeepTheirOwn() throws {
    let recorder = try recorder()
    try recorder.insert(transaction(1001, Self.products[0]), account: "alex", emitUpdate: false)
    #expect(try held(recorder, LocalAppStore.purchaser).isEmpty)
  }

  @Test("a subscription step is saved, told, and mirrored to the member; a refund revokes theirs")
  func mirrorsSubscriptions() throws {
    let recorder = try recorder()
    let monthly = SportsTimeFixtures.monthly
    try recorder.insert(
      transaction(1001, monthly), account: LocalAppStore.purchaser, emitUpdate: false)
    var record = SubscriptionRecord(
      originalID: 1001, account: LocalAppStore.purchaser, groupID: SportsTimeFixtures.groupID,
      productID: monthly.id, autoRenewProductID: monthly.id, willAutoRenew: true, phase: .active,
      expirationDate: utc(2026, 2, 1), recentStartDate: utc(2026, 1, 1),
      originalPurchaseDate: utc(2026, 1, 1), offerPeriodsLeft: 0)
    let made = try recorder.save(
      SubscriptionMachine.Step(
        record: record, change: .record, notices: [.init(.subscribed, .initialBuy)]),
      transactionID: 1001, mirroring: true)
    #expect(made.map(\.account) == ["alex"])
    #expect(try recorder.ledger.mirrors(of: 1001).map(\.account) == ["alex"])
    var told = recorder.notifier.takePending()
    #expect(
      told.map(\.notice) == [.init(.subscribed, .initialBuy), .init(.subscribed, .initialBuy)])
    #expect(
      told.map { if case .subscription(let r, _) = $0.subject { r.account } else { "" } } == [
        LocalAppStore.purchaser, "alex",
      ])

    record.phase = .revoked
    try recorder.save(
      SubscriptionMachine.Step(record: record, change: .record, notices: [.init(.refund)]),
      transactionID: nil, mirroring: true)
    told = recorder.notifier.takePending()
    #expect(told.map(\.notice.type) == [.refund, .revoke])
  }

  @Test("a changed transaction is rewritten with its family copies, each in the updates outbox")
  func updatesCopies() throws {
    let recorder = try recorder()
    var trophy = transaction(1001, Self.products[0])
    try recorder.insert(trophy, account: LocalAppStore.purchaser, emitUpdate: false)
    trophy.revocationDate = utc(2026, 1, 5)
    let changed = try recorder.update(trophy) { $0.revocationDate = utc(2026, 1, 5) }
    #expect(changed.count == 1)
    #expect(try held(recorder, "alex").allSatisfy { $0.revocationDate == utc(2026, 1, 5) })
    let outbox = try recorder.ledger.updates(after: 0)
    #expect(outbox.map(\.account).sorted() == ["alex", "alex", LocalAppStore.purchaser])
  }
}
