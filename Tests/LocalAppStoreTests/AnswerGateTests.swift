import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import Testing

/// `StoreTesting`'s gates: an answer of the real local App Store held and released.
@Suite struct AnswerGateTests {
  @Test("a held purchase is decided when the gate opens: the customer may back out meanwhile")
  func purchaseInFlight() async throws {
    let store = try LocalAppStore.sportsTime()
    let gate = store.hold(.purchase)
    let purchase = Task { try await store.buy(monthlyID) }
    await gate.waitUntilHolding(1)
    #expect(try await store.history().isEmpty)
    try await store.inject(.userCancel)
    gate.release()
    #expect(try await purchase.value == .userCancelled)
    #expect(gate.heldCount == 1)
    #expect(try await store.history().isEmpty)
  }

  @Test("a held listing read reads the ledger as it is when the gate opens")
  func listingRead() async throws {
    let store = try LocalAppStore.sportsTime(settings: .polite)
    let gate = store.hold(.currentEntitlements)
    let read = Task { await store.currentEntitlements() }
    await gate.waitUntilHolding(1)
    let bought = try await store.buyVerified(annualID)
    gate.release()
    #expect(ids(await read.value) == [bought.id])
  }

  @Test("a held products answer waits; a gate released lets later calls pass")
  func products() async throws {
    let store = try LocalAppStore.sportsTime()
    let gate = store.hold(.products)
    let load = Task { try await store.products(for: [monthlyID, annualID]) }
    await gate.waitUntilHolding(1)
    #expect(gate.isReleased == false)
    gate.release()
    #expect(try await load.value.count == 2)
    #expect(try await store.products(for: [monthlyID]).count == 1)
    #expect(gate.heldCount == 1)
  }

  @Test("held deliveries arrive in order when the gate opens")
  func deliveries() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock)
    let bought = try await store.buyVerified(monthlyID)
    var updates = store.transactionUpdates().makeAsyncIterator()
    let gate = store.hold(.updates)
    clock.set(to: try #require(bought.expirationDate))
    _ = try await store.status()  // the renewal, its update held
    let renewal = try #require(try await store.history().last)
    try await store.refund(transactionID: renewal.id)
    gate.release()
    let delivered = await next(2, of: &updates).map(\.unsafePayloadValue)
    #expect(delivered.map(\.id) == [renewal.id, renewal.id])
    #expect(delivered.map { $0.revocationDate != nil } == [false, true])
  }
}
