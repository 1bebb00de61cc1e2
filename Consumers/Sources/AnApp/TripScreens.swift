public import SportsTimePro
public import StoreModel

/// What SportsTime's own screens ask of the store, as the article "Adopting SportsTime Pro"
/// shows them (without SwiftUI, which is not on Linux): the launch, the trip detail's gates, the
/// progress tab, a purchase and a restore.
@MainActor
public struct TripScreens {
  public let launch: AppLaunch

  /// The app's launch over `backend` (`StoreKitBackend()` on a device).
  public init(backend: any StoreBackend, storage: any KeyValueStore = InMemoryKeyValueStore()) {
    launch = AppLaunch(
      store: StoreManager(backend: backend, storage: storage, clock: SystemClock()))
  }

  public var store: StoreManager { launch.store }

  /// Runs the launch sequence; the app's own data loads in between.
  public func start() async { await launch.run(loadingAppData: {}) }

  /// The trip detail's two gates and badge for `savedTripCount` saved trips.
  public func tripDetail(savedTripCount: Int) -> TripDetailGates {
    TripDetailGates(isPro: store.isPro, savedTripCount: savedTripCount)
  }

  /// Whether the progress tab shows the progress (not the locked screen).
  public var progressIsOpen: Bool {
    switch ProgressTabModel(isPro: store.isPro) {
    case .progress: true
    case .locked: false
    }
  }

  /// Buys the annual plan: true when it was bought (a pending purchase arrives later through
  /// the listener; a cancel shows nothing; a failure's message is the store's `lastError`).
  public func buyAnnual() async -> Bool {
    switch await store.purchase(productID: StoreManager.annualProductID) {
    case .purchased: true
    case .pending, .cancelled, .failed: false
    }
  }

  /// "Restore Purchases": true when the customer is Pro afterwards.
  public func restore() async -> Bool { await store.restore() }
}
