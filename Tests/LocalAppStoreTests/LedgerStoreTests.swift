import Foundation
import LocalAppStore
import StoreModel
import Testing

/// The ledger alone, built without a store: its typed reads and writes of the terms beyond the
/// catalog (schema 9's tables), and a reset that empties them.
@Suite struct LedgerStoreTests {
  static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01

  func ledger() throws -> LedgerStore {
    try LedgerStore(path: ":memory:", access: .create)
  }

  @Test("a price increase is one row: set, answered, removed; others untouched")
  func priceIncreases() throws {
    let ledger = try ledger()
    try ledger.setPriceIncrease(Pricing.Increase(priceMilliunits: 5_990), of: 1)
    try ledger.setPriceIncrease(Pricing.Increase(priceMilliunits: 59_990, agreed: true), of: 2)
    try ledger.setPriceIncrease(Pricing.Increase(priceMilliunits: 5_990, agreed: false), of: 1)
    #expect(
      try ledger.priceIncrease(of: 1) == Pricing.Increase(priceMilliunits: 5_990, agreed: false))
    try ledger.setPriceIncrease(nil, of: 1)
    #expect(
      try ledger.priceIncreases() == [2: Pricing.Increase(priceMilliunits: 59_990, agreed: true)])
  }

  @Test("prices set while running replace one another per product")
  func priceOverrides() throws {
    let ledger = try ledger()
    #expect(try ledger.priceOverride(of: "monthly") == nil)
    try ledger.setPriceOverride(5_990, of: "monthly")
    try ledger.setPriceOverride(6_990, of: "monthly")
    #expect(try ledger.priceOverride(of: "monthly") == 6_990)
    #expect(try ledger.priceOverride(of: "annual") == nil)
  }

  @Test("renewal extensions are kept per subscription, oldest first")
  func extensions() throws {
    let ledger = try ledger()
    let later = Self.start.addingTimeInterval(86_400)
    try ledger.addRenewalExtension(of: 1, at: later)
    try ledger.addRenewalExtension(of: 1, at: Self.start)
    try ledger.addRenewalExtension(of: 2, at: Self.start)
    #expect(try ledger.renewalExtensions(of: 1) == [Self.start, later])
    #expect(try ledger.renewalExtensions(of: 3).isEmpty)
  }

  @Test("a spent nonce is spent within its window and forgotten after it")
  func nonces() throws {
    let ledger = try ledger()
    let day = TimeInterval(86_400)
    try ledger.spendNonces(["a"], at: Self.start, forgettingBefore: .distantPast)
    #expect(try ledger.isNonceSpent("a", since: Self.start))
    #expect(try !ledger.isNonceSpent("a", since: Self.start.addingTimeInterval(1)))
    #expect(try !ledger.isNonceSpent("b", since: .distantPast))
    // Spending another a day later forgets what is older than the window.
    try ledger.spendNonces(
      ["b"], at: Self.start.addingTimeInterval(day),
      forgettingBefore: Self.start.addingTimeInterval(1))
    #expect(try !ledger.isNonceSpent("a", since: .distantPast))
    #expect(try ledger.isNonceSpent("b", since: .distantPast))
  }

  @Test("interrupted requests are marked and unmarked; a reset empties every terms table")
  func interruptedAndWipe() throws {
    let ledger = try ledger()
    try ledger.setInterrupted(true, request: 7)
    try ledger.setInterrupted(true, request: 7)
    try ledger.setInterrupted(true, request: 8)
    try ledger.setInterrupted(false, request: 8)
    #expect(try ledger.interruptedRequests() == [7])
    try ledger.setPriceOverride(5_990, of: "monthly")
    try ledger.setPriceIncrease(Pricing.Increase(priceMilliunits: 5_990), of: 1)
    try ledger.addRenewalExtension(of: 1, at: Self.start)
    try ledger.spendNonces(["a"], at: Self.start, forgettingBefore: .distantPast)
    try ledger.wipe()
    #expect(try ledger.interruptedRequests().isEmpty)
    #expect(try ledger.priceOverride(of: "monthly") == nil)
    #expect(try ledger.priceIncreases().isEmpty)
    #expect(try ledger.renewalExtensions(of: 1).isEmpty)
    #expect(try !ledger.isNonceSpent("a", since: .distantPast))
  }

  /// Within one SQLite transaction the ledger answers a transaction it inserted from memory
  /// (issue 32's costs); every change of that row — an update, finishing it, deleting it — must
  /// be what the next read sees, as SQLite's own row would be. Watched to fail with the update
  /// leaving the memory as it was.
  @Test("a transaction read back in the SQLite transaction that wrote it is what SQLite holds")
  func insertedThenChanged() throws {
    let ledger = try ledger()
    let bought = Transaction(
      id: 7, originalID: 7, appBundleID: "com.sportstime.app", productID: "monthly",
      productType: .autoRenewable, purchaseDate: Self.start, signedDate: Self.start)
    try ledger.transaction { () throws(LocalAppStoreError) in
      try ledger.insert(
        StoredTransaction(
          transaction: bought, account: "purchaser", revision: 0, finished: false, sourceID: nil))
      #expect(try ledger.transaction(7)?.transaction.revocationDate == nil)
      var refunded = bought
      refunded.revocationDate = Self.start.addingTimeInterval(60)
      #expect(try ledger.update(refunded) == 1, "its new revision")
      #expect(try ledger.transaction(7)?.transaction.revocationDate == refunded.revocationDate)
      try ledger.setFinished(7)
      #expect(try ledger.transaction(7)?.finished == true)
      try ledger.deleteTransaction(7)
      #expect(try ledger.transaction(7) == nil)
    }
    #expect(try ledger.transaction(7) == nil)
  }
}
