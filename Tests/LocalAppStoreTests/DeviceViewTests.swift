import Foundation
import LocalAppStore
import StoreModel
import TestSupport
import Testing

/// The device's view alone, built without a store: a ledger in memory and the subscribers of
/// updates are all it needs. Each test names the rule of ``DeviceTiming`` (1 to 6) or of the
/// purchases made on another device that it checks.
@Suite(.recordsQuietFailures) struct DeviceViewTests {
  static let now = utc(2026, 3, 1)
  static let device = EmulatorSettings(deviceTiming: .device)

  /// A private ledger and a view of it, with the subscribers it is told of.
  struct World {
    let ledger: LedgerStore
    let listeners = UpdateHub()
    let view: DeviceView

    init() throws {
      ledger = try LedgerStore(path: ":memory:", access: .create)
      view = DeviceView(listeners: listeners)
    }

    /// Writes a monthly subscription's transaction for `account` (unfinished).
    @discardableResult
    func bought(
      _ id: UInt64, original: UInt64? = nil, account: String = "purchaser",
      productID: String = monthlyID
    ) throws -> Transaction {
      let transaction = Transaction(
        id: id, originalID: original ?? id, appBundleID: "com.sportstime.app",
        productID: productID, productType: .autoRenewable, purchaseDate: DeviceViewTests.now,
        signedDate: DeviceViewTests.now, subscriptionGroupID: groupID,
        expirationDate: utc(2026, 4, 1))
      try ledger.insert(
        StoredTransaction(
          transaction: transaction, account: account, revision: 0, finished: false,
          sourceID: nil))
      return transaction
    }

    /// What a `currentEntitlements` read of `account` misses.
    func read(
      _ account: String = "purchaser", settings: EmulatorSettings = DeviceViewTests.device
    ) throws -> Set<UInt64>? {
      try view.listingRead(account: account, settings: settings, in: ledger)
    }

    /// The entitlements the device decides for `account` from what it knows.
    func entitled(_ account: String = "purchaser") throws -> [UInt64] {
      let known = try view.transactions(of: account, in: ledger).map(\.transaction)
      return view.engine.currentEntitlements(
        in: PurchaseLedger(transactions: known), at: DeviceViewTests.now
      ).map(\.id)
    }
  }

  // 1, 2: a purchase (or an approval) made in this launch is missed by the next reads.
  @Test("a purchase is missed by the next N listing reads, then listed", arguments: [0, 1, 3])
  func listingLag(lag: Int) throws {
    let world = try World()
    let settings = EmulatorSettings(deviceTiming: DeviceTiming(listingLag: lag))
    let bought = try world.bought(1)
    world.view.noteListingLag(of: bought, account: "purchaser", settings: settings)
    for _ in 0..<lag {
      #expect(try world.read(settings: settings) == [bought.id])
    }
    #expect(try world.read(settings: settings) == [])
    // Another account's reads never missed it, nor spend its lag.
    #expect(try world.read("kid", settings: settings) == [])
  }

  @Test(
    "reads of the unfinished transactions and new listeners spend the lag; products reads do not")
  func whatSpendsTheLag() throws {
    let world = try World()
    let settings = EmulatorSettings(deviceTiming: DeviceTiming(listingLag: 3))
    let bought = try world.bought(1)
    world.view.noteListingLag(of: bought, account: "purchaser", settings: settings)
    #expect(world.view.productsRead(settings: settings))
    world.view.unfinishedRead(account: "purchaser")
    world.view.listenerSubscribed(UUID(), account: "purchaser")
    #expect(try world.read(settings: settings) == [bought.id])
    #expect(try world.read(settings: settings) == [])
  }

  @Test("polite: nothing lags, and a renewal no one saw is not marked for the next launch")
  func politeHasNoLag() throws {
    let world = try World()
    let bought = try world.bought(1)
    world.view.noteListingLag(of: bought, account: "purchaser", settings: .polite)
    try world.view.noteRenewal(
      bought, account: "purchaser", settings: .polite, in: world.ledger)
    #expect(try world.read(settings: .polite) == [])
    #expect(try world.ledger.read(.launchMarkers).isEmpty)
  }

  // 4: a read in a cancelled task answers nothing.
  @Test("in a cancelled task a listing read answers nothing and a products read an empty list")
  func cancelledTask() async throws {
    let world = try World()
    let (listing, products) = try await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return (try world.read(), world.view.productsRead(settings: Self.device))
    }.value
    #expect(listing == nil)
    #expect(products == false)
    #expect(try world.read(settings: .polite) == [])
  }

  // 5: a renewal made while no launch runs is missed by the next launch's first listing read,
  // and reaches it as an unfinished transaction.
  @Test("a renewal no launch saw is missed by the next launch's first read, then listed")
  func renewalMissedAtNextLaunch() throws {
    let world = try World()
    try world.bought(1)
    let renewal = try world.bought(2, original: 1)
    try world.view.noteRenewal(
      renewal, account: "purchaser", settings: Self.device, in: world.ledger)
    // The next launch is another process: a new view of the same state.
    let next = DeviceView(listeners: UpdateHub())
    #expect(
      try next.listingRead(account: "purchaser", settings: Self.device, in: world.ledger)
        == [renewal.id])
    #expect(try world.ledger.read(.launchMarkers).isEmpty)
    #expect(
      try next.listingRead(account: "purchaser", settings: Self.device, in: world.ledger) == [])
    // It arrives as an unfinished transaction: the launch's first listener is handed it.
    next.listenerSubscribed(UUID(), account: "purchaser")
    let handover = try #require(next.takeHandovers().first)
    #expect(
      next.handsOverUnfinished(firstListener: handover.isFirstListener, settings: Self.device))
    let unfinished = try next.transactions(of: "purchaser", in: world.ledger).filter {
      !$0.finished
    }
    #expect(unfinished.map(\.transaction.id).contains(renewal.id))
  }

  @Test("a renewal while someone listens is not marked; a later one replaces the earlier mark")
  func renewalMarks() throws {
    let world = try World()
    let (listener, stream) = world.listeners.subscribe(account: "purchaser")
    let seen = try world.bought(2, original: 1)
    try world.view.noteRenewal(seen, account: "purchaser", settings: Self.device, in: world.ledger)
    #expect(try world.ledger.read(.launchMarkers).isEmpty)
    _ = (listener, stream)
    // Once nobody listens, each renewal of one subscription marks its latest transaction.
    world.listeners.finishAll()
    for id: UInt64 in [3, 4] {
      let renewal = try world.bought(id, original: 1)
      try world.view.noteRenewal(
        renewal, account: "purchaser", settings: Self.device, in: world.ledger)
    }
    #expect(
      try world.ledger.read(.launchMarkers)
        == [LaunchMarker(account: "purchaser", transactionID: 4, originalID: 1)])
  }

  // 6: unfinished transactions go to a launch's first updates listener only.
  @Test("the unfinished transactions go to the launch's first listener of an account only")
  func firstListenerOnly() throws {
    let world = try World()
    let (first, second, kid) = (UUID(), UUID(), UUID())
    world.view.listenerSubscribed(first, account: "purchaser")
    world.view.listenerSubscribed(second, account: "purchaser")
    world.view.listenerSubscribed(kid, account: "kid")
    let handovers = world.view.takeHandovers()
    #expect(handovers.map(\.subscriber) == [first, second, kid])
    #expect(handovers.map(\.isFirstListener) == [true, false, true])
    let handed = handovers.map {
      world.view.handsOverUnfinished(firstListener: $0.isFirstListener, settings: Self.device)
    }
    #expect(handed == [true, false, true])
    // Polite: every new listener gets them.
    #expect(world.view.handsOverUnfinished(firstListener: false, settings: .polite))
    #expect(world.view.takeHandovers().isEmpty)
  }

  @Test("a new launch: its lags over, its first listener first again, waiting listeners kept")
  func launchHandOver() throws {
    let world = try World()
    let bought = try world.bought(1)
    world.view.noteListingLag(of: bought, account: "purchaser", settings: Self.device)
    #expect(try world.read() == [bought.id])
    world.view.listenerSubscribed(UUID(), account: "purchaser")
    _ = world.view.takeHandovers()
    let waiting = UUID()
    world.view.listenerSubscribed(waiting, account: "purchaser")
    world.view.noteListingLag(of: bought, account: "purchaser", settings: Self.device)
    world.view.startNewLaunch()
    // The lag of the last launch is over.
    #expect(try world.read() == [])
    // A listener that subscribed before the new launch still waits, as it was marked then.
    #expect(world.view.takeHandovers().map(\.subscriber) == [waiting])
    let next = UUID()
    world.view.listenerSubscribed(next, account: "purchaser")
    #expect(world.view.takeHandovers().map(\.isFirstListener) == [true])
  }

  // Apple's `Transaction.updates` page: it "emits transactions that customers complete in your
  // app on another device"; one this device has not synced waits for `AppStore.sync()`.
  @Test("a purchase on another device is held from the device until it syncs")
  func unsyncedUntilSync() throws {
    let world = try World()
    try world.bought(1)
    let elsewhere = try world.bought(5, productID: annualID)
    try world.view.receive(
      elsewhere, madeOn: .anotherDevice, account: "purchaser", settings: Self.device,
      in: world.ledger)
    #expect(try world.view.unsyncedPurchases(of: "purchaser", in: world.ledger) == [5])
    #expect(try world.view.isUnsynced(elsewhere, account: "purchaser", in: world.ledger))
    #expect(try world.entitled() == [1])
    #expect(try world.ledger.updates(after: 0).isEmpty)
    // Another account's sync does not bring it.
    try world.view.sync(account: "kid", in: world.ledger)
    #expect(try world.entitled() == [1])
    try world.view.sync(account: "purchaser", in: world.ledger)
    #expect(try world.view.unsyncedPurchases(of: "purchaser", in: world.ledger).isEmpty)
    #expect(try !world.view.isUnsynced(elsewhere, account: "purchaser", in: world.ledger))
    #expect(Set(try world.entitled()) == [1, 5])
    #expect(try world.ledger.updates(after: 0).map(\.transactionID) == [5])
    // Synced once: a second sync delivers nothing again.
    try world.view.sync(account: "purchaser", in: world.ledger)
    #expect(try world.ledger.updates(after: 0).count == 1)
  }

  @Test("a purchase on another device while the app listens arrives at once, lagging the listing")
  func anotherDeviceWhileListening() throws {
    let world = try World()
    let (_, stream) = world.listeners.subscribe(account: "purchaser")
    defer { withExtendedLifetime(stream) {} }
    let elsewhere = try world.bought(5, productID: annualID)
    try world.view.receive(
      elsewhere, madeOn: .anotherDevice, account: "purchaser", settings: Self.device,
      in: world.ledger)
    #expect(try world.ledger.updates(after: 0).map(\.transactionID) == [5])
    #expect(try world.entitled() == [5])
    #expect(try world.read() == [5])
    // Not synced even while the app runs: held until a sync.
    let rare = try world.bought(6)
    try world.view.receive(
      rare, madeOn: .notSynced, account: "purchaser", settings: Self.device, in: world.ledger)
    #expect(try world.view.unsyncedPurchases(of: "purchaser", in: world.ledger) == [6])
    #expect(try world.entitled() == [5])
  }
}
