import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

@Suite(.recordsQuietFailures) struct UpdatesTests {
  @Test("renewals reach every subscriber once, and not again on a repeat")
  func renewalsOncePerSubscriber() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock)
    try await store.buyVerified(monthlyID)
    var first = store.transactionUpdates().makeAsyncIterator()
    var second = store.transactionUpdates().makeAsyncIterator()
    clock.set(to: utc(2026, 3, 15))
    try await store.synchronize()
    try await store.synchronize()
    let a = await next(2, of: &first).map(\.unsafePayloadValue.reason)
    let b = await next(2, of: &second).map(\.unsafePayloadValue.reason)
    #expect(a == [.renewal, .renewal])
    #expect(b == [.renewal, .renewal])
    // A later event is the next element: nothing was delivered twice.
    clock.set(to: utc(2026, 4, 2))
    let third = await next(1, of: &first)
    #expect(third.first?.unsafePayloadValue.purchaseDate == utc(2026, 4, 1))
  }

  @Test("renewals arrive through updates as the clock moves, with no call to the store")
  func renewalsArriveByThemselves() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock)
    let bought = try await store.buyVerified(monthlyID)
    var updates = store.transactionUpdates().makeAsyncIterator()
    while clock.sleeperCount == 0 { await Task.yield() }
    clock.set(to: utc(2026, 2, 1))
    let renewal = try #require(await next(1, of: &updates).first?.unsafePayloadValue)
    #expect(renewal.originalID == bought.id)
    #expect(renewal.purchaseDate == utc(2026, 2, 1))
  }

  @Test("polite: unfinished transactions go to each new subscriber; finished ones do not")
  func unfinishedRedelivered() async throws {
    let store = try LocalAppStore.sportsTime(settings: .polite)
    let bought = try verified(try await store.buy(monthlyID))
    #expect(await store.unfinishedTransactions().map(\.unsafePayloadValue.id) == [bought.id])
    var first = store.transactionUpdates().makeAsyncIterator()
    #expect(await next(1, of: &first).first?.unsafePayloadValue.id == bought.id)
    var second = store.transactionUpdates().makeAsyncIterator()
    #expect(await next(1, of: &second).first?.unsafePayloadValue.id == bought.id)
    await store.finish(bought)
    #expect(await store.unfinishedTransactions().isEmpty)
    let refund = try await store.refund(transactionID: bought.id)
    // The refund revised the transaction: the revision reaches the subscriber that had it.
    let delivered = await next(1, of: &first)
    #expect(delivered.first?.unsafePayloadValue.revocationDate == refund.revocationDate)
  }

  @Test("a stream ends cleanly when its task is cancelled, and its subscriber goes away")
  func termination() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock)
    try await store.buyVerified(monthlyID)
    let task = Task {
      var count = 0
      for await _ in store.transactionUpdates() { count += 1 }
      return count
    }
    clock.set(to: utc(2026, 2, 2))
    try await store.synchronize()
    task.cancel()
    let received = await task.value
    #expect(received <= 1)
    // The store keeps working for others after a subscriber left.
    var other = store.transactionUpdates().makeAsyncIterator()
    clock.set(to: utc(2026, 3, 2))
    try await store.synchronize()
    #expect(await next(1, of: &other).first?.unsafePayloadValue.purchaseDate == utc(2026, 3, 1))
  }

  @Test("an in-app purchase comes back through the purchase call, not through updates")
  func purchasesAreNotUpdates() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock)
    var updates = store.transactionUpdates().makeAsyncIterator()
    let bought = try await store.buyVerified(monthlyID)
    clock.set(to: utc(2026, 2, 2))
    try await store.synchronize()
    let first = await next(1, of: &updates).first?.unsafePayloadValue
    #expect(first?.id != bought.id)
    #expect(first?.reason == .renewal)
  }
}

@Suite(.recordsQuietFailures) struct AskToBuyTests {
  @Test("Ask to Buy: pending now; approval delivers the transaction through updates")
  func approve() async throws {
    let store = try LocalAppStore.sportsTime(
      settings: EmulatorSettings(askToBuyEnabled: true, deviceTiming: .polite))
    var updates = store.transactionUpdates().makeAsyncIterator()
    #expect(try await store.buy(monthlyID) == .pending)
    #expect(await store.entitledProductIDs() == [])
    let request = try #require(try await store.askToBuyRequests().first)
    #expect(request.status == .pending)
    #expect(try await store.status().pendingRequests.map(\.id) == [request.id])
    try await store.approveAskToBuy(request.id)
    let delivered = try #require(await next(1, of: &updates).first)
    #expect(delivered.isVerified)
    #expect(delivered.unsafePayloadValue.id == request.id)
    #expect(await store.entitledProductIDs() == [monthlyID])
    #expect(try await store.status().pendingRequests.isEmpty)
  }

  /// An approved Ask to Buy upgrade is a new transaction after those made while the request
  /// waited: it takes the next identifier, not the request's (ours; the store's latest
  /// transaction of a subscription is its highest identifier, which a renewal made while the
  /// request waited would otherwise outrank — the soak found it). A new purchase keeps the
  /// request's identifier.
  @Test("an approved Ask to Buy upgrade takes a new identifier; the subscription moves to it")
  func approvedUpgradeTakesANewIdentifier() async throws {
    let store = try LocalAppStore.sportsTime(
      settings: EmulatorSettings(askToBuyEnabled: true, deviceTiming: .polite))
    #expect(try await store.buy(monthlyID) == .pending)
    let first = try #require(try await store.askToBuyRequests().first)
    let bought = try await store.approveAskToBuy(first.id)
    #expect(bought.id == first.id, "a new purchase keeps the request's identifier")
    #expect(try await store.buy(annualID) == .pending)
    let upgrade = try #require(try await store.askToBuyRequests().last)
    let approved = try await store.approveAskToBuy(upgrade.id)
    #expect(approved.id > upgrade.id)
    #expect(approved.productID == annualID)
    #expect(try await store.history().last?.id == approved.id)
    #expect(await store.entitledProductIDs() == [annualID])
  }

  @Test("Ask to Buy: decline delivers nothing and buys nothing")
  func decline() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(
      clock: clock, settings: EmulatorSettings(askToBuyEnabled: true))
    var updates = store.transactionUpdates().makeAsyncIterator()
    #expect(try await store.buy(annualID) == .pending)
    let request = try #require(try await store.askToBuyRequests().first)
    try await store.declineAskToBuy(request.id)
    #expect(await store.entitledProductIDs() == [])
    #expect(try await store.history().isEmpty)
    // The next thing delivered is a later approval, not the declined request.
    #expect(try await store.buy(monthlyID) == .pending)
    let second = try #require(try await store.askToBuyRequests().last)
    try await store.approveAskToBuy(second.id)
    #expect(await next(1, of: &updates).first?.unsafePayloadValue.productID == monthlyID)
    await #expect(throws: LocalAppStoreError(.notAllowed, "")) {
      try await store.approveAskToBuy(request.id)
    }
    await #expect(throws: LocalAppStoreError(.notFound, "")) {
      try await store.declineAskToBuy(999)
    }
  }
}
