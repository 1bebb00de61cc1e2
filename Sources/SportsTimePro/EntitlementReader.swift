package import Foundation
import Observation
package import StoreModel

/// The customer's Pro as ``StoreManager`` shows it: reads `currentEntitlements` (local, no
/// network) one read at a time in a ``SingleFlight``, adds the grants it holds
/// (``PurchaseHolds``), then loads the subscription statuses of that reading — the renewal
/// details — in a task of its own, and reads again when an entitlement or a hold ends by itself.
///
/// A reading publishes ``purchasedProductIDs`` and ``entitlement`` at once; its statuses fill in
/// the renewal fields after, unless a later reading started meanwhile (or the reader stopped):
/// then they are dropped, and the later reading loads its own. Statuses that cannot be read
/// (offline) leave Pro to the entitlements and the details without the renewal fields. The next
/// reading is scheduled on the injected clock at the earliest expiration, end of a grace period
/// or end of a hold: StoreKit sends no update for a plain expiry.
///
/// It also takes what the store delivers: the transaction listener (`Transaction.updates`), the
/// unfinished transactions of a launch and the manager's verified purchases. A verified
/// transaction met for the first time is held, then read; each is finished after, and a
/// repeated delivery of the same transaction is handled once.
@Observable
@MainActor
package final class EntitlementReader {
  /// The Pro products the customer is entitled to now, held grants included.
  package private(set) var purchasedProductIDs: Set<String> = []
  /// The Pro products held because the listing does not count them yet.
  package private(set) var heldProductIDs: Set<String> = []
  /// Details of the current entitlement; `nil` when not Pro.
  private(set) var entitlement: EntitlementDetails?
  /// Whether the entitlements were read at least once.
  package private(set) var hasLoadedEntitlements = false
  /// When the entitlements will be read again because one of them (or a hold) ends by itself.
  private(set) var nextEntitlementCheck: Date?
  /// Whether the subscription statuses of the latest reading are loading.
  private(set) var isLoadingRenewalDetails = false

  /// Called with each verified transaction the store delivers for the first time, once held and
  /// before the reading that follows it.
  @ObservationIgnored var onNewTransaction: ((Transaction) -> Void)?

  private nonisolated let tasks = TaskBag<TaskSlot>()
  @ObservationIgnored private let backend: any StoreBackend
  @ObservationIgnored private let clock: any WallClock
  @ObservationIgnored private let rules: ProEntitlements
  /// The products: their levels choose the entitlement shown, their groups' statuses are loaded.
  @ObservationIgnored private let catalog: ProductsLoader
  @ObservationIgnored private let flight: Reading
  @ObservationIgnored private var holds: PurchaseHolds
  /// What the latest reading listed, granting Pro; with the holds, what is active.
  @ObservationIgnored private var listed: [Transaction] = []
  @ObservationIgnored private var active: [Transaction] = []
  @ObservationIgnored private var statusesByGroup: [String: [SubscriptionStatus]] = [:]
  @ObservationIgnored private var hasCurrentStatuses = false
  @ObservationIgnored private var renewalDetailsTask: Task<Void, Never>?
  @ObservationIgnored private var handledDeliveries: Set<Delivery> = []

  /// The single flight of `currentEntitlements` reads.
  private typealias Reading = SingleFlight<[VerificationResult<Transaction>]>

  private enum TaskSlot: Hashable, Sendable {
    case listener, entitlementCheck, renewalDetails
  }

  /// What makes two deliveries of a transaction the same: StoreKit may deliver a transaction
  /// several times, re-signed; a refund or an upgrade changes it.
  private struct Delivery: Hashable {
    let id: UInt64
    let revocationDate: Date?
    let isUpgraded: Bool
    let expirationDate: Date?

    init(_ transaction: Transaction) {
      id = transaction.id
      revocationDate = transaction.revocationDate
      isUpgraded = transaction.isUpgraded
      expirationDate = transaction.expirationDate
    }
  }

  /// A reader of `backend`'s entitlements by `rules`, holding grants for at most `holdLimit`,
  /// reading time from `clock` and the products' levels and groups from `catalog`.
  package init(
    backend: any StoreBackend, clock: any WallClock, rules: ProEntitlements,
    holdLimit: TimeInterval, catalog: ProductsLoader
  ) {
    self.backend = backend
    self.clock = clock
    self.rules = rules
    self.catalog = catalog
    holds = PurchaseHolds(limit: holdLimit, rules: rules)
    flight = SingleFlight { await backend.currentEntitlements() }
    flight.deliver = { [weak self] results, stamp in self?.publish(results, stamp: stamp) }
    // The products' levels decide which entitlement the details show.
    catalog.onLoaded = { [weak self] in self?.publishDetails() }
  }

  deinit {
    tasks.cancelAll()
  }

  /// Reads the entitlements and publishes them: returns once a reading that started after this
  /// call is published (or the reader stopped). The statuses load after, in the background.
  package func read() async {
    await flight.read()
  }

  /// Waits until the renewal details of the latest reading are loaded (or could not be);
  /// returns at once when none are loading.
  func loadRenewalDetails() async {
    while let task = renewalDetailsTask {
      await task.value
      if renewalDetailsTask == task { return }
    }
  }

  /// Starts the transaction listener (StoreKit's `Transaction.updates`), if it is not running:
  /// subscribed now, so that nothing emitted after this call is missed.
  func startListening() {
    guard !tasks.contains(.listener) else { return }
    let updates = backend.transactionUpdates()
    let listener = Task { [weak self] in
      for await update in updates {
        guard let self else { return }
        await self.handle(update)
      }
    }
    tasks.replace(.listener, with: listener)
  }

  /// Handles the unfinished transactions, read after subscribing: StoreKit hands them to
  /// `Transaction.updates` once, as the app launches, and a listener that subscribes later gets
  /// none of them. One that arrives both ways is handled once.
  func handleUnfinished() async {
    for transaction in await backend.unfinishedTransactions() {
      await handle(transaction)
    }
  }

  /// Grants a verified purchase: held, then read, then finished.
  package func grant(purchase transaction: Transaction) async {
    handledDeliveries.insert(Delivery(transaction))
    // StoreKit lists a purchase a moment after `purchase()` returns: it is held meanwhile.
    hold(transaction)
    await read()
    await backend.finish(transaction)
  }

  /// Grants Pro at once for a verified `transaction` the listing does not count yet, or ends
  /// the holds a withdrawal names; the reading that follows confirms it or keeps holding.
  private func hold(_ transaction: Transaction) {
    if holds.hold(transaction, listed: listed, at: clock.now) { apply() }
  }

  /// Cancels the listener, the reads, the statuses' load and the scheduled reading: nothing they
  /// would have published is.
  package func stop() {
    flight.stop()
    tasks.cancelAll()
    renewalDetailsTask = nil
    nextEntitlementCheck = nil
    isLoadingRenewalDetails = false
  }

  /// Handles a transaction from the listener or the unfinished ones: a verified one updates the
  /// entitlements once and is finished; an unverified one grants nothing and stays unfinished.
  private func handle(_ update: VerificationResult<Transaction>) async {
    guard case .verified(let transaction) = update else { return }
    if handledDeliveries.insert(Delivery(transaction)).inserted {
      // The update carries a fact: the listing may not have it yet (an approved Ask to Buy
      // arrives before `currentEntitlements` lists it).
      hold(transaction)
      onNewTransaction?(transaction)
      await read()
    }
    // Finished again when delivered again: finishing costs nothing, and a repeat may mean the
    // store did not take the first.
    await backend.finish(transaction)
  }

  /// Publishes a reading, with the grants it does not count yet, then loads its statuses.
  private func publish(
    _ results: [VerificationResult<Transaction>], stamp: Reading.Stamp
  ) {
    listed = rules.granting(results)
    holds.release(countedBy: listed)
    if !hasLoadedEntitlements { hasLoadedEntitlements = true }
    // Until the statuses arrive, the details take their renewal fields from the ones read last.
    hasCurrentStatuses = false
    apply()
    loadStatuses(of: stamp)
  }

  /// Publishes the listed entitlements and the holds that have not lapsed.
  private func apply() {
    let held = holds.active(at: clock.now)
    active = listed + held
    let heldIDs = Set(held.map(\.productID))
    if heldIDs != heldProductIDs { heldProductIDs = heldIDs }
    let productIDs = Set(active.map(\.productID))
    if productIDs != purchasedProductIDs { purchasedProductIDs = productIDs }
    publishDetails()
  }

  /// Loads the statuses of the entitled groups and the products' groups, replacing (and
  /// cancelling) the load of an older reading.
  private func loadStatuses(of stamp: Reading.Stamp) {
    let products = catalog.products
    var groups = Set(active.compactMap(\.subscriptionGroupID))
    groups.formUnion(products.compactMap { $0.subscription?.subscriptionGroupID })
    guard !groups.isEmpty else {
      tasks.cancel(.renewalDetails)
      renewalDetailsTask = nil
      if isLoadingRenewalDetails { isLoadingRenewalDetails = false }
      return
    }
    let backend = self.backend
    let offerTicket = catalog.beginOfferRead()
    let task = Task { [weak self] () -> Void in
      var loaded: [String: [SubscriptionStatus]] = [:]
      for group in groups.sorted() {
        // Offline, the statuses may fail: Pro still follows the entitlements.
        if let statuses = try? await backend.subscriptionStatuses(forGroup: group) {
          loaded[group] = statuses
        }
        if Task.isCancelled { return }
      }
      // What the customer may get of the offers changes with what they own (a purchase ends
      // the trial's eligibility, a lapse opens the win-back offers): read again now.
      let offers = await ProductsLoader.readOffers(of: products, from: backend, statuses: loaded)
      if Task.isCancelled { return }
      self?.finishLoadingStatuses(loaded, offers: offers, ticket: offerTicket, stamp: stamp)
    }
    renewalDetailsTask = task
    if !isLoadingRenewalDetails { isLoadingRenewalDetails = true }
    tasks.replace(.renewalDetails, with: task)
  }

  private func finishLoadingStatuses(
    _ loaded: [String: [SubscriptionStatus]], offers: OfferEligibility?, ticket: Int,
    stamp: Reading.Stamp
  ) {
    guard !Task.isCancelled, flight.isLatest(stamp) else { return }
    if let offers { catalog.publishOffers(offers, ticket: ticket) }
    statusesByGroup = loaded
    hasCurrentStatuses = true
    renewalDetailsTask = nil
    isLoadingRenewalDetails = false
    publishDetails()
  }

  /// Chooses ``entitlement`` from the entitlements and, once they are read for these
  /// entitlements, the entitled statuses, by the loaded products' levels (the highest level
  /// shows: with family sharing, a family member's annual over the customer's own monthly), and
  /// schedules the next reading at the earliest moment one of them, or a hold, ends.
  private func publishDetails() {
    let statuses = statusesByGroup.keys.sorted().flatMap { statusesByGroup[$0] ?? [] }
    var levels: [String: Int] = [:]
    for product in catalog.products {
      if let level = product.subscription?.groupLevel { levels[product.id] = level }
    }
    // Statuses of an earlier reading may name a subscription revoked since: they only ever add
    // renewal fields, never a subscription to show.
    let candidates = rules.candidates(
      entitlements: active, statuses: hasCurrentStatuses ? statuses : [])
    let details = rules.details(among: candidates, statuses: statuses, levels: levels)
    if details != entitlement { entitlement = details }
    let change = rules.nextChange(of: candidates, statuses: statuses, after: clock.now)
    scheduleCheck(at: [holds.nextEnd, change].compactMap { $0 }.min())
  }

  private func scheduleCheck(at date: Date?) {
    guard let date else {
      if nextEntitlementCheck != nil { nextEntitlementCheck = nil }
      tasks.cancel(.entitlementCheck)
      return
    }
    // The check that is already scheduled for that moment stays.
    guard nextEntitlementCheck != date || !tasks.contains(.entitlementCheck) else { return }
    nextEntitlementCheck = date
    let clock = self.clock
    let check = Task { [weak self] in
      do {
        try await clock.sleep(until: date)
      } catch {
        return
      }
      await self?.read()
    }
    tasks.replace(.entitlementCheck, with: check)
  }
}
