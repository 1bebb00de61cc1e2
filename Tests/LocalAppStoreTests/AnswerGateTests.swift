import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// `StoreTesting`'s gates: an answer of the real local App Store held and released.
@Suite(.recordsQuietFailures) struct AnswerGateTests {
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
    let store = try LocalAppStore.sportsTime(settings: EmulatorSettings(askToBuyEnabled: true))
    // The launch's first listener takes the hand-over of unfinished transactions (not held);
    // the second gets only the deliveries.
    let first = store.transactionUpdates()
    var updates = store.transactionUpdates().makeAsyncIterator()
    #expect(try await store.buy(monthlyID) == .pending)
    let request = try #require(try await store.askToBuyRequests().first)
    let gate = store.hold(.updates)
    try await store.approveAskToBuy(request.id)
    try await store.refund(transactionID: request.id)
    gate.release()
    let delivered = await next(2, of: &updates).map(\.unsafePayloadValue)
    #expect(delivered.map(\.id) == [request.id, request.id])
    #expect(delivered.map { $0.revocationDate != nil } == [false, true])
    withExtendedLifetime(first) {}
  }
}
