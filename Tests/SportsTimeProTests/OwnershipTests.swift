import Foundation
import LocalAppStore
import SportsTimePro
import StoreModel
import StoreTesting
import Testing

/// "Not known yet" is not "free": the models decide nothing before the first reading.
@MainActor
@Suite("Ownership: not known yet, free, Pro")
struct OwnershipTests {
  @Test(
    "the gates decide nothing while ownership is unknown",
    arguments: [
      (Ownership.unknown, nil as AccessDecision?), (.free, .showPaywall(.progressTracking)),
      (.pro, .allowed),
    ])
  func gates(ownership: Ownership, progress: AccessDecision?) {
    let policy = AccessPolicy()
    #expect(policy.decision(for: .progressTracking, ownership: ownership) == progress)
    #expect((ProgressTabModel(ownership: ownership) == nil) == (ownership == .unknown))
    #expect(
      (TripDetailGates(ownership: ownership, savedTripCount: 1) == nil) == (ownership == .unknown))
    #expect(
      policy.canSaveTrip(savedCount: 1, ownership: ownership)
        == ownership.isPro.map { $0 ? .allowed : .showPaywall(.unlimitedTrips) })
  }

  @Test("a manager is unknown before its first reading, then free or Pro")
  func managerOwnership() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock)
    let manager = StoreManager(backend: store, storage: InMemoryKeyValueStore(), clock: clock)
    #expect(manager.ownership == .unknown)
    let gate = store.hold(.currentEntitlements)
    let launch = Task { await manager.start() }
    await gate.waitUntilHolding(1)
    #expect(manager.ownership == .unknown)
    gate.release()
    await launch.value
    #expect(manager.ownership == .free)
    await manager.loadProducts()
    _ = await manager.purchase(try #require(manager.monthlyProduct))
    #expect(manager.ownership == .pro)
    manager.stop()
  }
}
