import Foundation
import Observation
import StoreModel
import StoreTesting
import Testing

@testable import SportsTimePro

/// One test's world: a manual clock, a fake App Store, in-memory storage and a store manager.
@MainActor
struct AppWorld {
  let clock: ManualClock
  let appStore: FakeAppStore
  let storage: InMemoryKeyValueStore
  let store: StoreManager

  init(catalog: [Product] = Fixtures.catalog, storage: InMemoryKeyValueStore? = nil) {
    clock = ManualClock()
    appStore = FakeAppStore(clock: clock, catalog: catalog)
    self.storage = storage ?? InMemoryKeyValueStore()
    store = StoreManager(backend: appStore, storage: self.storage, clock: clock)
  }

  /// Starts the store and waits for the products and the renewal details.
  func launch() async {
    await store.start()
    await store.loadProducts()
    await store.loadRenewalDetails()
  }
}

/// Waits until `condition` holds, re-checking whenever an observed property it reads changes;
/// no sleeps. The suites' time limit stops a condition that never comes true: it cancels the
/// test's task, which ends the wait and records where it waited.
@MainActor
func waitUntil(
  _ condition: @escaping @MainActor () -> Bool,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  if await !ObservedCondition.wait(timeout: nil, until: condition) {
    Issue.record("cancelled while waiting for a condition", sourceLocation: sourceLocation)
  }
}

/// Reads the paywall events of a subscription up to now.
@MainActor
struct EventLog {
  private static let marker = PaywallEvent.planSelected(productID: "test.marker")
  private let store: StoreManager
  private var iterator: AsyncStream<PaywallEvent>.Iterator

  /// Subscribes to `store`'s paywall events.
  init(_ store: StoreManager) {
    self.store = store
    iterator = store.paywallEvents().makeAsyncIterator()
  }

  /// The events emitted since the last call.
  mutating func drain() async -> [PaywallEvent] {
    store.record(Self.marker)
    var events: [PaywallEvent] = []
    var reader = iterator
    while let event = await reader.next(), event != Self.marker {
      events.append(event)
    }
    iterator = reader
    return events
  }
}
