public import Foundation
public import Observation
public import StoreModel

/// The app's store, observed by its screens: products, entitlements, purchases, restores and the
/// transaction listener — the `StoreManager` of <doc:ThePlan>, over an injected `StoreBackend`.
///
/// Launch with ``start()``: it starts the listener (StoreKit's `Transaction.updates`), handles
/// the unfinished transactions, reads the current entitlements (local, no network) so that
/// ``isPro`` is known whatever the network does, and only then loads, in the background, the
/// subscription statuses (the renewal details of ``entitlement``) and the products; a failure
/// there is a retryable ``productsState`` or details without renewal fields, not a blocked app.
///
/// ``isPro`` follows every change without a relaunch: purchases, Ask to Buy approvals, renewals,
/// refunds and the end of family sharing arrive through the listener, and a task sleeps on the
/// injected clock until the earliest expiration (or end of a grace period) of the current
/// entitlements, when it reads them again — StoreKit sends no update for a plain expiry; an
/// entitlement still reported after its end is read again a minute later.
/// Only verified transactions grant anything; each verified transaction is finished after the
/// entitlements are updated, and a repeated delivery of the same transaction is handled once.
///
/// It is written for real StoreKit's timing (the DocC article "Entitlement timing"), which the
/// local App Store reproduces: a verified purchase, or a granting transaction that arrives
/// through the listener or the unfinished ones (an approved Ask to Buy, a renewal made while
/// the app was not running), grants Pro at once and is *held* until the listing counts its
/// product, the store withdraws it, it expires, or ``listingHoldLimit`` passes (re-checked on
/// the injected clock); ownership is read in a task of the manager's own, one read at a time,
/// so that a caller's cancellation (SwiftUI's `.task`) never publishes the empty answer
/// StoreKit gives a cancelled task; products load the same way.
///
/// The listener and the other tasks belong to the manager: ``stop()`` or the manager's end
/// cancels them.
@Observable
@MainActor
public final class StoreManager {
  /// The monthly subscription's product identifier.
  public nonisolated static let monthlyProductID = "com.sportstime.pro.monthly"
  /// The annual subscription's product identifier.
  public nonisolated static let annualProductID = "com.sportstime.pro.annual"
  /// The identifiers of the Pro products, monthly first.
  public nonisolated static let productIDs = [monthlyProductID, annualProductID]
  /// How many trips a free customer may save.
  public nonisolated static let freeTripLimit = 1
  /// The app's rules over what the backend lists: what grants Pro, what the settings show,
  /// when to read again.
  nonisolated static let rules = ProEntitlements(productIDs: Set(productIDs))
  /// How long a purchase (or a granting update) that the listing does not count yet is held
  /// at most; after that, the listing has the last word. Real StoreKit lists a purchase about
  /// a second late (macOS 26.6): 30 seconds leaves room, and re-locks nothing just bought.
  public nonisolated static let listingHoldLimit: TimeInterval = 30

  /// The loaded Pro products, shortest period first; empty until ``productsState`` is loaded.
  public private(set) var products: [Product] = []
  /// Where the loading of ``products`` stands.
  public private(set) var productsState: ProductsLoadState = .idle
  /// The Pro products the customer is entitled to now (purchased or family shared).
  public private(set) var purchasedProductIDs: Set<String> = []
  /// Details of the current entitlement for the settings; `nil` when not Pro.
  public private(set) var entitlement: EntitlementDetails?
  /// The Pro products granted by a verified transaction that the listing does not count yet (a
  /// purchase straight after it returned, an approval or renewal just arrived): held until it
  /// does, the store withdraws it, it expires, or ``listingHoldLimit`` passes.
  public private(set) var heldProductIDs: Set<String> = []
  /// Whether the entitlements were read at least once, so that ``isPro`` means something.
  public private(set) var hasLoadedEntitlements = false
  /// The error of the latest purchase or restore, if it failed; `StoreError/userCancelled`
  /// (which shows no message) after a cancel.
  public private(set) var lastError: StoreError?
  /// A code for a log of ``lastError``: the backend's when the backend failed
  /// (`StoreBackendError.code`: `networkError`, `systemError.stateBusy`), else the case of
  /// ``lastError`` (`verificationFailed`, `productNotFound`, `userCancelled`); `nil` without an
  /// error. ``lastError`` is what the customer is shown; this is what a log keeps.
  public private(set) var lastErrorCode: String?
  /// Where the current purchase stands.
  public private(set) var purchaseState: PurchaseState = .idle
  /// When the manager will read the entitlements again because one of them ends by itself (or
  /// shortly after now, when one of them already ended but is still reported).
  public private(set) var nextEntitlementCheck: Date?
  /// Whether the subscription statuses (the renewal details of ``entitlement``) are loading.
  public private(set) var isLoadingRenewalDetails = false
  /// Which of the products' offers the customer may get, as the backend last answered: read
  /// with the products and again after each reading of the entitlements (a purchase, a lapse),
  /// only when a product has an offer. ``offer(for:)`` is what a plan shows.
  package private(set) var offerEligibility = OfferEligibility()

  /// The storage of the app's flags (``OnboardingPaywallModel`` keeps its flag here).
  package nonisolated let storage: any KeyValueStore
  /// The clock every decision of the app layer reads.
  package nonisolated let clock: any WallClock

  private nonisolated let backend: any StoreBackend
  private nonisolated let tasks = TaskBag<TaskSlot>()
  private nonisolated let events = EventBroadcaster<PaywallEvent>()
  @ObservationIgnored private var productsTask: Task<Void, Never>?
  @ObservationIgnored private var renewalDetailsTask: Task<Void, Never>?
  @ObservationIgnored private var activeEntitlements: [Transaction] = []
  /// What the latest reading of `currentEntitlements` listed, granting Pro.
  @ObservationIgnored private var listedEntitlements: [Transaction] = []
  @ObservationIgnored private var statusesByGroup: [String: [SubscriptionStatus]] = [:]
  @ObservationIgnored private var hasCurrentStatuses = false
  @ObservationIgnored private var handledDeliveries: Set<Delivery> = []
  @ObservationIgnored private var hasStarted = false
  @ObservationIgnored private var refreshGeneration = 0
  @ObservationIgnored private var purchasesInFlight = 0
  /// Verified grants the listing does not count yet, by transaction.
  @ObservationIgnored private var holds: [UInt64: Hold] = [:]
  /// The single-flight read of the entitlements: one backend read at a time, in a task of the
  /// manager; a caller that arrives while one runs gets the next one.
  @ObservationIgnored private var readTask: Task<Void, Never>?
  @ObservationIgnored private var readLoopID = 0
  @ObservationIgnored private var readsRequested = 0
  @ObservationIgnored private var readsCompleted = 0
  @ObservationIgnored private var productsGeneration = 0
  /// The reads of ``offerEligibility`` started, and the latest one published: an older read
  /// that finishes later never overwrites a newer one.
  @ObservationIgnored private var offerReadsStarted = 0
  @ObservationIgnored private var offerReadPublished = 0

  private enum TaskSlot: Hashable, Sendable {
    case listener, products, entitlementCheck, renewalDetails, entitlements
  }

  /// A verified transaction that grants Pro and that the listing did not count yet.
  private struct Hold {
    let transaction: Transaction
    /// When the hold lapses: ``listingHoldLimit`` after it began, or the expiration, if sooner.
    let until: Date
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

  /// Creates a manager over `backend`, keeping flags in `storage` and reading time from `clock`.
  ///
  /// Nothing happens until ``start()``.
  public init(backend: any StoreBackend, storage: any KeyValueStore, clock: any WallClock) {
    self.backend = backend
    self.storage = storage
    self.clock = clock
  }

  deinit {
    tasks.cancelAll()
  }

  // MARK: - State

  /// Whether the customer has Pro: an active, verified entitlement to any Pro product.
  public var isPro: Bool { !purchasedProductIDs.isEmpty }

  /// Whether the products are loading: the loading flag of <doc:ThePlan>.
  public var isLoading: Bool { productsState == .loading }

  /// The product billed every month, found by its period.
  public var monthlyProduct: Product? {
    products.first { $0.subscription?.subscriptionPeriod.isOneMonth == true }
  }

  /// The product billed every year, found by its period.
  public var annualProduct: Product? {
    products.first { $0.subscription?.subscriptionPeriod.isOneYear == true }
  }

  /// The loaded product with identifier `id`.
  public func product(id: String) -> Product? {
    products.first { $0.id == id }
  }

  /// The offer `product` shows to this customer and applies when bought, in words; `nil` when
  /// the customer pays the plain price (``OfferEligibility/offer(for:)``).
  package func offer(for product: Product) -> PlanOffer? {
    offerEligibility.offer(for: product)
  }

  /// A new stream of the paywall events from now on, for analytics; any number of subscribers
  /// may listen, each gets every event.
  public nonisolated func paywallEvents() -> AsyncStream<PaywallEvent> {
    events.subscribe()
  }

  /// Sends `event` to the subscribers of ``paywallEvents()``.
  func record(_ event: PaywallEvent) {
    events.emit(event)
  }

  /// Forgets ``lastError``, once the screen that showed it closed.
  public func clearError() {
    setError(nil)
  }

  /// Sets ``lastError`` and its ``lastErrorCode``: `backendCode` when the backend failed.
  private func setError(_ error: StoreError?, backendCode: String? = nil) {
    lastError = error
    lastErrorCode = error.map { backendCode ?? $0.code }
  }

  // MARK: - Launch

  /// Starts the transaction listener, if it is not running: call it as the app starts.
  ///
  /// The listener finishes every verified transaction and updates the entitlements; it runs
  /// until ``stop()`` or the manager's end.
  public func startListening() {
    guard !tasks.contains(.listener) else { return }
    // Subscribe now, so that nothing emitted after this call is missed.
    let updates = backend.transactionUpdates()
    let listener = Task { [weak self] in
      for await update in updates {
        guard let self else { return }
        await self.handle(update)
      }
    }
    tasks.replace(.listener, with: listener)
  }

  /// Launches the store: the listener, the unfinished transactions, the entitlements, then the
  /// renewal details and the products in the background. Returns once ``isPro`` is known,
  /// without waiting for the network. Calling it again does nothing.
  ///
  /// The unfinished transactions are read here, after subscribing, rather than waited for on
  /// the listener: StoreKit hands them to `Transaction.updates` once, as the app launches, and a
  /// listener that subscribes later gets none of them. One that arrives both ways is handled
  /// once.
  public func start() async {
    startListening()
    guard !hasStarted else { return }
    hasStarted = true
    for transaction in await backend.unfinishedTransactions() {
      await handle(transaction)
    }
    await readEntitlements()
    startLoadingProducts()
  }

  /// Stops the listener and every task of the manager; ``start()`` may run again afterwards.
  public func stop() {
    tasks.cancelAll()
    // A reading still waiting for the entitlements publishes nothing and starts nothing.
    refreshGeneration += 1
    productsGeneration += 1
    readTask = nil
    readLoopID += 1
    productsTask = nil
    renewalDetailsTask = nil
    hasStarted = false
    nextEntitlementCheck = nil
    isLoadingRenewalDetails = false
    if productsState == .loading { productsState = .idle }
  }

  // MARK: - Products

  /// Loads the products, or waits for the load that is running.
  public func loadProducts() async {
    await startLoadingProducts().value
  }

  /// Loads the products again after a failure, in the background; does nothing while a load
  /// runs.
  public func retryLoadingProducts() {
    startLoadingProducts()
  }

  @discardableResult
  private func startLoadingProducts() -> Task<Void, Never> {
    if productsState == .loading, let productsTask { return productsTask }
    productsState = .loading
    productsGeneration += 1
    let generation = productsGeneration
    // In a task of the manager: StoreKit answers a cancelled `Product.products(for:)` with an
    // empty list, which would read as "nothing for sale".
    let task = Task { [weak self] () -> Void in await self?.fetchProducts(generation: generation) }
    productsTask = task
    tasks.replace(.products, with: task)
    return task
  }

  private func fetchProducts(generation: Int) async {
    let result: Result<[Product], StoreBackendError>
    do {
      result = .success(try await backend.products(for: Self.productIDs))
    } catch {
      result = .failure(error)
    }
    // The offers the customer may get are read with the products, so that the plans show
    // them from the first moment they show.
    var offers: (ticket: Int, eligibility: OfferEligibility)?
    if case .success(let loaded) = result {
      let ticket = startOfferRead()
      let pro = loaded.filter { Self.productIDs.contains($0.id) }
      if let eligibility = await Self.readOfferEligibility(of: pro, from: backend, statuses: nil) {
        offers = (ticket, eligibility)
      }
    }
    // A cancelled load (the manager stopped) answered nothing worth showing, and a load that
    // a later one replaced never overwrites it.
    guard !Task.isCancelled, generation == productsGeneration else { return }
    switch result {
    case .success(let loaded):
      let pro = loaded.filter { Self.productIDs.contains($0.id) }.sorted(
        by: Self.shorterPeriodFirst)
      if pro.isEmpty {
        productsState = .failed(.productNotFound)
      } else {
        if let offers { publishOffers(offers.eligibility, ticket: offers.ticket) }
        products = pro
        productsState = .loaded
        // The products' levels decide which entitlement the details show.
        publishEntitlementDetails()
      }
    case .failure(.networkError):
      productsState = .failed(.networkUnavailable)
    case .failure:
      productsState = .failed(.productNotFound)
    }
  }

  private static func shorterPeriodFirst(_ lhs: Product, _ rhs: Product) -> Bool {
    let lhsPerYear = lhs.subscription?.subscriptionPeriod.periodsPerYear ?? 0
    let rhsPerYear = rhs.subscription?.subscriptionPeriod.periodsPerYear ?? 0
    if lhsPerYear != rhsPerYear { return lhsPerYear > rhsPerYear }
    return lhs.id < rhs.id
  }

  // MARK: - Offers

  /// Asks `backend` which offers of `products` the customer may get: once per group with an
  /// introductory offer, `isEligibleForIntroOffer(for:)`; for each group with a win-back offer,
  /// the renewal infos of its statuses (`statuses` when already loaded, else read here).
  /// A cancelled or failed read counts as not eligible: the plan shows its plain price.
  ///
  /// - Returns: `nil` when no product has an offer: nothing was asked.
  private static func readOfferEligibility(
    of products: [Product], from backend: any StoreBackend,
    statuses loaded: [String: [SubscriptionStatus]]?
  ) async -> OfferEligibility? {
    let infos = products.compactMap(\.subscription)
    let introGroups = Set(infos.filter { $0.introductoryOffer != nil }.map(\.subscriptionGroupID))
    let winBackGroups = Set(infos.filter { !$0.winBackOffers.isEmpty }.map(\.subscriptionGroupID))
    guard !introGroups.isEmpty || !winBackGroups.isEmpty else { return nil }
    var eligibility = OfferEligibility()
    for group in introGroups.sorted() {
      // StoreKit answers a cancelled task with `false` too: read as not eligible.
      if await backend.isEligibleForIntroOffer(for: group), !Task.isCancelled {
        eligibility.introOfferGroups.insert(group)
      }
    }
    for group in winBackGroups.sorted() {
      let statuses: [SubscriptionStatus]
      if let loaded {
        statuses = loaded[group] ?? []
      } else {
        statuses = (try? await backend.subscriptionStatuses(forGroup: group)) ?? []
      }
      let ids = OfferEligibility.winBackOfferIDs(in: statuses)
      if !ids.isEmpty, !Task.isCancelled { eligibility.winBackOfferIDs[group] = ids }
    }
    return eligibility
  }

  /// A ticket for a read of the offers, newer than every ticket before it.
  private func startOfferRead() -> Int {
    offerReadsStarted += 1
    return offerReadsStarted
  }

  /// Publishes the offers a read found, unless a read started later was published already.
  private func publishOffers(_ eligibility: OfferEligibility, ticket: Int) {
    guard ticket > offerReadPublished else { return }
    offerReadPublished = ticket
    if eligibility != offerEligibility { offerEligibility = eligibility }
  }

  // MARK: - Entitlements

  /// Reads the current entitlements again, then waits for the subscription statuses (the
  /// renewal details) of that reading.
  ///
  /// ``purchasedProductIDs``, ``isPro`` and ``entitlement`` change as soon as the entitlements
  /// (local) are read; the statuses, which may need the network, fill in the renewal fields of
  /// ``entitlement`` after. Only verified transactions of the Pro products count; revoked and
  /// upgraded-away ones never do. When the statuses cannot be read (offline), Pro still follows
  /// the entitlements, and the details lack the renewal fields.
  public func refreshEntitlements() async {
    await readEntitlements()
    await loadRenewalDetails()
  }

  /// Waits until the renewal details of the latest reading of the entitlements are loaded (or
  /// could not be); returns at once when none are loading.
  public func loadRenewalDetails() async {
    while let task = renewalDetailsTask {
      await task.value
      if renewalDetailsTask == task { return }
    }
  }

  /// Reads the current entitlements (local, no network) and publishes them, then loads the
  /// subscription statuses in a task of the manager: launch never waits on the network.
  ///
  /// The read runs in a task the manager owns, one at a time: StoreKit answers a read made in a
  /// cancelled task with nothing (0 of N), so a caller's task — SwiftUI cancels a view's
  /// `.task` whenever the view goes away — never reads. A caller that arrives while a read runs
  /// waits for the next one, which starts after it: what is owned may just have changed.
  private func readEntitlements() async {
    readsRequested += 1
    let ticket = readsRequested
    if readTask == nil {
      readLoopID += 1
      let loopID = readLoopID
      let task = Task { [weak self] () -> Void in await self?.runReads(loopID: loopID) }
      readTask = task
      tasks.replace(.entitlements, with: task)
    }
    while readsCompleted < ticket, let task = readTask {
      await task.value
    }
  }

  /// Reads until every requested read is served, or the manager stops.
  private func runReads(loopID: Int) async {
    defer { if readLoopID == loopID { readTask = nil } }
    while readsCompleted < readsRequested {
      let target = readsRequested
      refreshGeneration += 1
      let generation = refreshGeneration
      let results = await backend.currentEntitlements()
      // Cancelled (the manager stopped): an answer read now may be StoreKit's empty one.
      guard !Task.isCancelled, readLoopID == loopID, generation == refreshGeneration else {
        return
      }
      publish(results, generation: generation)
      readsCompleted = max(readsCompleted, target)
    }
  }

  /// Publishes a reading of the entitlements, together with the grants it does not count yet.
  private func publish(_ results: [VerificationResult<Transaction>], generation: Int) {
    let listed = Self.rules.granting(results)
    let counted = Set(listed.map(\.productID))
    // A hold ends when the listing counts its product.
    holds = holds.filter { !counted.contains($0.value.transaction.productID) }
    listedEntitlements = listed
    if !hasLoadedEntitlements { hasLoadedEntitlements = true }
    // Until the statuses arrive, the details take their renewal fields from the ones read last.
    hasCurrentStatuses = false
    applyEntitlements()
    startLoadingRenewalDetails(generation: generation)
  }

  /// Publishes the listed entitlements and the holds that have not lapsed.
  private func applyEntitlements() {
    let now = clock.now
    holds = holds.filter { $0.value.until > now }
    let held = holds.values.map(\.transaction).sorted { $0.id < $1.id }
    activeEntitlements = listedEntitlements + held
    let heldIDs = Set(held.map(\.productID))
    if heldIDs != heldProductIDs { heldProductIDs = heldIDs }
    let productIDs = Set(activeEntitlements.map(\.productID))
    if productIDs != purchasedProductIDs { purchasedProductIDs = productIDs }
    publishEntitlementDetails()
  }

  /// Holds a verified grant until the listing counts it (or it lapses); ends the holds a
  /// withdrawal (a refund, a revocation, an upgrade away) names.
  private func hold(_ transaction: Transaction) {
    let now = clock.now
    guard Self.rules.grantsPro(transaction) else {
      // A refund or revocation ends the subscription's holds; an upgrade only its own.
      let revoked = transaction.revocationDate != nil
      holds = holds.filter {
        $0.key != transaction.id
          && !(revoked && $0.value.transaction.originalID == transaction.originalID)
      }
      return
    }
    var until = now.addingTimeInterval(Self.listingHoldLimit)
    if let expiration = transaction.expirationDate { until = min(until, expiration) }
    guard until > now,
      !listedEntitlements.contains(where: { $0.productID == transaction.productID })
    else { return }
    holds[transaction.id] = Hold(transaction: transaction, until: until)
    // Granted at once; the reading that follows confirms it or keeps holding.
    applyEntitlements()
  }

  /// Loads the statuses of the entitled groups and the products' groups in a task of the
  /// manager, replacing (and cancelling) the load of an older reading.
  private func startLoadingRenewalDetails(generation: Int) {
    var groups = Set(activeEntitlements.compactMap(\.subscriptionGroupID))
    groups.formUnion(products.compactMap { $0.subscription?.subscriptionGroupID })
    guard !groups.isEmpty else {
      tasks.cancel(.renewalDetails)
      renewalDetailsTask = nil
      if isLoadingRenewalDetails { isLoadingRenewalDetails = false }
      return
    }
    let backend = self.backend
    let products = self.products
    let offerTicket = startOfferRead()
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
      let offers = await Self.readOfferEligibility(
        of: products, from: backend, statuses: loaded)
      if Task.isCancelled { return }
      self?.finishLoadingRenewalDetails(
        loaded, offers: offers.map { ($0, offerTicket) }, generation: generation)
    }
    renewalDetailsTask = task
    if !isLoadingRenewalDetails { isLoadingRenewalDetails = true }
    tasks.replace(.renewalDetails, with: task)
  }

  private func finishLoadingRenewalDetails(
    _ loaded: [String: [SubscriptionStatus]], offers: (OfferEligibility, ticket: Int)?,
    generation: Int
  ) {
    guard !Task.isCancelled, generation == refreshGeneration else { return }
    if let offers { publishOffers(offers.0, ticket: offers.ticket) }
    statusesByGroup = loaded
    hasCurrentStatuses = true
    renewalDetailsTask = nil
    isLoadingRenewalDetails = false
    publishEntitlementDetails()
  }

  /// Chooses ``entitlement`` from the entitlements and, once they are read for these
  /// entitlements, the entitled statuses, by the loaded products' levels (the highest level
  /// shows: with family sharing, a family member's annual over the customer's own monthly), and
  /// schedules the next reading at the earliest moment one of them ends.
  private func publishEntitlementDetails() {
    let statuses = statusesByGroup.keys.sorted().flatMap { statusesByGroup[$0] ?? [] }
    var levels: [String: Int] = [:]
    for product in products {
      if let level = product.subscription?.groupLevel { levels[product.id] = level }
    }
    // Statuses of an earlier reading may name a subscription revoked since: they only ever add
    // renewal fields, never a subscription to show.
    let candidates = Self.rules.candidates(
      entitlements: activeEntitlements, statuses: hasCurrentStatuses ? statuses : [])
    let details = Self.rules.details(among: candidates, statuses: statuses, levels: levels)
    if details != entitlement { entitlement = details }
    // A hold is re-checked when it lapses, on the injected clock.
    let holdEnd = holds.values.map(\.until).min()
    let change = Self.rules.nextChange(of: candidates, statuses: statuses, after: clock.now)
    scheduleEntitlementCheck(at: [holdEnd, change].compactMap { $0 }.min())
  }

  private func scheduleEntitlementCheck(at date: Date?) {
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
      await self?.readEntitlements()
    }
    tasks.replace(.entitlementCheck, with: check)
  }

  /// Handles a transaction from the listener or the unfinished ones: a verified one updates the
  /// entitlements once and is finished; an unverified one grants nothing and stays unfinished.
  private func handle(_ update: VerificationResult<Transaction>) async {
    guard case .verified(let transaction) = update else { return }
    if handledDeliveries.insert(Delivery(transaction)).inserted {
      // The update carries a fact: the listing may not have it yet (an approved Ask to Buy
      // arrives before `currentEntitlements` lists it).
      hold(transaction)
      if case .pending(let productID) = purchaseState, transaction.productID == productID,
        transaction.ownershipType == .purchased, transaction.revocationDate == nil,
        purchasedProductIDs.contains(productID)
      {
        // The Ask to Buy request was approved.
        purchaseState = .idle
        record(.purchased(productID: transaction.productID, transactionID: transaction.id))
      }
      await readEntitlements()
    }
    // Finished again when delivered again: finishing costs nothing, and a repeat may mean the
    // store did not take the first.
    await backend.finish(transaction)
  }

  // MARK: - Purchase and restore

  /// Buys `product`, with the offer its plan shows to this customer: a win-back offer the App
  /// Store made them eligible for is passed as StoreKit's `winBackOffer(_:)` option; an
  /// introductory offer needs no option, the App Store applies it to an eligible customer by
  /// itself.
  ///
  /// A verified purchase updates the entitlements, then is finished; an unverified one grants
  /// nothing, is not finished and fails with `StoreError/verificationFailed`. A cancel sets
  /// `StoreError/userCancelled` (no message). Ask to Buy leaves ``purchaseState`` pending
  /// until the approved transaction arrives through the listener.
  @discardableResult
  public func purchase(_ product: Product) async -> ProPurchaseResult {
    setError(nil)
    purchasesInFlight += 1
    purchaseState = .purchasing(productID: product.id)
    record(.purchaseStarted(productID: product.id))
    let options = offer(for: product)?.purchaseOptions ?? []
    let (outcome, backendCode) = await perform(purchaseOf: product, options: options)
    purchasesInFlight -= 1
    switch outcome {
    case .purchased(let transaction):
      record(.purchased(productID: product.id, transactionID: transaction.id))
    case .pending:
      record(.pending(productID: product.id))
    case .cancelled:
      setError(.userCancelled, backendCode: backendCode)
      record(.cancelled(productID: product.id))
    case .failed(let error):
      setError(error, backendCode: backendCode)
      record(.failed(productID: product.id, error: error))
    }
    if purchasesInFlight == 0 {
      purchaseState = outcome == .pending ? .pending(productID: product.id) : .idle
    }
    return outcome
  }

  /// Buys the loaded product with identifier `productID`; fails with
  /// `StoreError/productNotFound` when it is not loaded.
  @discardableResult
  public func purchase(productID: String) async -> ProPurchaseResult {
    guard let product = product(id: productID) else {
      setError(.productNotFound)
      return .failed(.productNotFound)
    }
    return await purchase(product)
  }

  /// Buys `product` on the backend with `options`: how it ended, and the backend's error code
  /// if it threw.
  private func perform(purchaseOf product: Product, options: Set<PurchaseOption>) async
    -> (ProPurchaseResult, String?)
  {
    let result: PurchaseResult
    do {
      result = try await backend.purchase(product, options: options)
    } catch {
      let storeError = StoreError(error)
      return (storeError == .userCancelled ? .cancelled : .failed(storeError), error.code)
    }
    switch result {
    case .success(.verified(let transaction)):
      handledDeliveries.insert(Delivery(transaction))
      // StoreKit lists a purchase a moment after `purchase()` returns: it is held meanwhile.
      hold(transaction)
      await readEntitlements()
      await backend.finish(transaction)
      return (.purchased(transaction), nil)
    case .success(.unverified):
      return (.failed(.verificationFailed), nil)
    case .userCancelled:
      return (.cancelled, nil)
    case .pending:
      return (.pending, nil)
    }
  }

  /// Restores purchases: synchronizes with the App Store (which may ask the customer to sign
  /// in), then reads the entitlements even if the sync failed.
  ///
  /// - Returns: Whether Pro is active afterwards. When it is not and the sync failed,
  ///   ``lastError`` says why.
  @discardableResult
  public func restore() async -> Bool {
    setError(nil)
    var syncError: StoreBackendError?
    do {
      try await backend.sync()
    } catch {
      syncError = error
    }
    await readEntitlements()
    if !isPro, let syncError { setError(StoreError(syncError), backendCode: syncError.code) }
    record(.restored(isPro: isPro))
    return isPro
  }
}
