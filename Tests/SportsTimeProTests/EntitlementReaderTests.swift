import Foundation
import LocalAppStore
import SportsTimePro
import StoreInternals
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// The single flight under the reading of the entitlements, alone: each read is numbered as it
/// starts, then waits at the local App Store's `currentEntitlements` gate, so that a test decides
/// when a read ends. No manager, no sleeping.
@MainActor
@Suite("The single flight of reads", .hangGuard)
struct SingleFlightTests {
  @MainActor
  private final class World {
    let appStore: LocalAppStore
    let started = Locked(0)
    /// What the reads delivered, in order, with their stamps.
    var delivered: [(value: Int, stamp: SingleFlight<Int>.Stamp)] = []
    let flight: SingleFlight<Int>

    init() throws {
      let appStore = try LocalAppStore.sportsTime()
      let started = self.started
      self.appStore = appStore
      // A read started in a cancelled task answers -1: what StoreKit's empty answer stands for.
      flight = SingleFlight {
        let number = started.withLock { count -> Int in
          count += 1
          return count
        }
        _ = await appStore.currentEntitlements()
        return Task.isCancelled ? -1 : number
      }
      flight.deliver = { [unowned self] in delivered.append(($0, $1)) }
    }

    var values: [Int] { delivered.map(\.value) }
  }

  @Test("callers that arrive while a read runs share one next read")
  func shareTheNextRead() async throws {
    let world = try World()
    let gate = world.appStore.hold(.currentEntitlements)
    let first = world.flight.request()
    await gate.waitUntilHolding(1)
    let second = world.flight.request()
    let third = world.flight.request()
    #expect(second == third)
    gate.release()
    await first.value
    await third.value
    #expect(world.values == [1, 2])
    #expect(world.started.withLock { $0 } == 2)
  }

  @Test("a caller that arrives while a read runs is answered by a read started after it")
  func notAnsweredByTheRunningRead() async throws {
    let world = try World()
    let gate = world.appStore.hold(.currentEntitlements)
    let running = world.flight.request()
    await gate.waitUntilHolding(1)
    // Something changed (a purchase): the read under way may have missed it.
    let later = world.flight.request()
    #expect(later != running)
    gate.release()
    await later.value
    #expect(world.values == [1, 2])
  }

  @Test("the read runs in the flight's task: a cancelled caller still reads")
  func cancelledCaller() async throws {
    let world = try World()
    await Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      await world.flight.read()
    }.value
    #expect(world.values == [1])
  }

  @Test("a read cut short by stop() delivers nothing, and the next starts at once")
  func stopCutsShort() async throws {
    let world = try World()
    let firstGate = world.appStore.hold(.currentEntitlements)
    let stopped = world.flight.request()
    await firstGate.waitUntilHolding(1)
    world.flight.stop()
    let secondGate = world.appStore.hold(.currentEntitlements)
    let next = world.flight.request()
    // Not queued behind the stopped read: it reached the store while that one still waits.
    await secondGate.waitUntilHolding(1)
    firstGate.release()
    await stopped.value
    #expect(world.values.isEmpty)
    // The stopped read's end left the running one alone: a caller now queues behind it.
    let queued = world.flight.request()
    #expect(queued != next)
    #expect(world.flight.request() == queued)
    secondGate.release()
    await queued.value
    #expect(world.values == [2, 3])
  }

  @Test("a stamp is the latest until a later read starts or the flight stops")
  func stamps() async throws {
    let world = try World()
    await world.flight.read()
    let first = try #require(world.delivered.last?.stamp)
    #expect(world.flight.isLatest(first))
    let gate = world.appStore.hold(.currentEntitlements)
    let second = world.flight.request()
    await gate.waitUntilHolding(1)
    #expect(!world.flight.isLatest(first))
    gate.release()
    await second.value
    let latest = try #require(world.delivered.last?.stamp)
    #expect(world.flight.isLatest(latest))
    world.flight.stop()
    #expect(!world.flight.isLatest(latest))
  }
}

/// The reader of the entitlements alone, on the local App Store with a device's timing: no
/// manager.
@MainActor
@Suite("The entitlement reader", .hangGuard)
struct EntitlementReaderTests {
  @MainActor
  private struct World {
    let clock = ManualClock()
    let appStore: LocalAppStore
    let catalog: ProductsLoader
    let reader: EntitlementReader

    init() throws {
      appStore = try LocalAppStore.sportsTime(clock: clock)
      catalog = ProductsLoader(productIDs: StoreManager.productIDs, backend: appStore)
      reader = EntitlementReader(
        backend: appStore, clock: clock,
        rules: ProEntitlements(productIDs: Set(StoreManager.productIDs)), holdLimit: 30,
        catalog: catalog)
    }

    /// A subscriber of the annual plan, bought in an earlier launch.
    func subscribe() async throws {
      guard
        case .purchased(let result) = try await appStore.purchaseWithOutcome(
          SportsTimeFixtures.annual)
      else {
        Issue.record("the App Store did not sell the product")
        return
      }
      await appStore.finish(result.unsafePayloadValue)
      appStore.startNewLaunch()
    }
  }

  @Test("a read from a cancelled task publishes the subscriber's Pro, not the empty answer")
  func cancelledCaller() async throws {
    let world = try World()
    try await world.subscribe()
    await Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      await world.reader.read()
    }.value
    #expect(world.reader.hasLoadedEntitlements)
    #expect(world.reader.purchasedProductIDs == [SportsTimeFixtures.annualID])
  }

  @Test("a read cut short by stop() publishes nothing")
  func stopped() async throws {
    let world = try World()
    try await world.subscribe()
    let gate = world.appStore.hold(.currentEntitlements)
    let read = Task { await world.reader.read() }
    await gate.waitUntilHolding(1)
    world.reader.stop()
    gate.release()
    await read.value
    #expect(!world.reader.hasLoadedEntitlements)
    #expect(world.reader.purchasedProductIDs.isEmpty)
  }

  @Test("a verified purchase grants Pro through its hold while the reading is on its way")
  func heldPurchase() async throws {
    let world = try World()
    await world.reader.read()
    guard
      case .purchased(let result) = try await world.appStore.purchaseWithOutcome(
        SportsTimeFixtures.monthly)
    else {
      Issue.record("the App Store did not sell the product")
      return
    }
    let gate = world.appStore.hold(.currentEntitlements)
    let grant = Task { await world.reader.grant(purchase: result.unsafePayloadValue) }
    await gate.waitUntilHolding(1)
    #expect(world.reader.heldProductIDs == [SportsTimeFixtures.monthlyID])
    #expect(world.reader.purchasedProductIDs == [SportsTimeFixtures.monthlyID])
    gate.release()
    await grant.value
    #expect(world.reader.purchasedProductIDs == [SportsTimeFixtures.monthlyID])
  }
}
