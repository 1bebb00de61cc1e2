import Foundation
import LocalAppStore
import SportsTimePro
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// The products loader alone, on the local App Store with a device's timing and its `products`
/// gate: no manager, no sleeping.
@MainActor
@Suite("The products loader", .hangGuard)
struct ProductsLoaderTests {
  @MainActor
  private struct World {
    let appStore: LocalAppStore
    let backend: WatchedBackend
    let loader: ProductsLoader

    init(products: [Product] = SportsTimeFixtures.products) throws {
      appStore = try LocalAppStore.sportsTime(products: products)
      backend = WatchedBackend(appStore)
      loader = ProductsLoader(productIDs: StoreManager.productIDs, backend: backend)
    }
  }

  @Test("loads the Pro products, shortest period first, and says so once loaded")
  func loads() async throws {
    let world = try World()
    var loadedCalls = 0
    world.loader.onLoaded = { loadedCalls += 1 }
    await world.loader.load().value
    #expect(world.loader.state == .loaded)
    #expect(
      world.loader.products.map(\.id) == [
        SportsTimeFixtures.monthlyID, SportsTimeFixtures.annualID,
      ])
    #expect(loadedCalls == 1)
  }

  @Test("a load asked for while one runs is that load: one request")
  func oneLoadAtATime() async throws {
    let world = try World()
    let gate = world.appStore.hold(.products)
    let first = world.loader.load()
    await gate.waitUntilHolding(1)
    #expect(world.loader.state == .loading)
    #expect(world.loader.load() == first)
    gate.release()
    await first.value
    #expect(world.backend.productRequests == 1)
  }

  @Test("a load from a cancelled task loads: the caller's cancellation never reaches it")
  func cancelledCaller() async throws {
    let world = try World()
    await Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      await world.loader.load().value
    }.value
    #expect(world.loader.state == .loaded)
    #expect(world.loader.products.count == 2)
  }

  @Test("a load cut short by stop() publishes nothing, not even over a later load")
  func stopped() async throws {
    let world = try World()
    let firstGate = world.appStore.hold(.products)
    let stopped = world.loader.load()
    await firstGate.waitUntilHolding(1)
    world.loader.stop()
    #expect(world.loader.state == .idle)
    let secondGate = world.appStore.hold(.products)
    let later = world.loader.load()
    #expect(later != stopped)
    await secondGate.waitUntilHolding(1)
    secondGate.release()
    await later.value
    #expect(world.loader.state == .loaded)
    firstGate.release()  // its task was cancelled: the store answers it with nothing
    await stopped.value
    #expect(world.loader.state == .loaded)
    #expect(world.loader.products.count == 2)
  }

  @Test("a catalog without the Pro products is productNotFound")
  func notFound() async throws {
    let other = Fixtures.product(id: "other", name: "Other", price: "1.99", period: .monthly)
    let world = try World(products: [other])
    await world.loader.load().value
    #expect(world.loader.state == .failed(.productNotFound))
    #expect(world.loader.products.isEmpty)
  }

  @Test("an older offers read that finishes later never overwrites a newer one")
  func newerOffersWin() throws {
    let world = try World()
    let older = world.loader.beginOfferRead()
    let newer = world.loader.beginOfferRead()
    let newerAnswer = OfferEligibility(introOfferGroups: ["g"])
    world.loader.publishOffers(newerAnswer, ticket: newer)
    world.loader.publishOffers(OfferEligibility(), ticket: older)
    #expect(world.loader.offerEligibility == newerAnswer)
    // An older read that finishes first is published, until the newer one arrives.
    let first = world.loader.beginOfferRead()
    let second = world.loader.beginOfferRead()
    world.loader.publishOffers(OfferEligibility(), ticket: first)
    #expect(world.loader.offerEligibility == OfferEligibility())
    world.loader.publishOffers(newerAnswer, ticket: second)
    #expect(world.loader.offerEligibility == newerAnswer)
  }
}
