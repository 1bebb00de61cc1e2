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
/// It is written for real StoreKit's timing (<doc:EntitlementTiming>), which the local App Store
/// reproduces: a verified grant the listing does not count yet is *held* (``heldProductIDs``),
/// and ownership and products are read in tasks of the manager's own, one read at a time, so
/// that a caller's cancellation (SwiftUI's `.task`) never publishes the empty answer StoreKit
/// gives a cancelled task.
///
/// The listener and the other tasks belong to the manager's parts (the products, the
/// entitlements): ``stop()`` or the manager's end cancels them.
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
  /// How long a purchase (or a granting update) that the listing does not count yet is held
  /// at most; after that, the listing has the last word. Real StoreKit lists a purchase about
  /// a second late (macOS 26.6): 30 seconds leaves room, and re-locks nothing just bought.
  public nonisolated static let listingHoldLimit: TimeInterval = 30

  /// The loaded Pro products, shortest period first; empty until ``productsState`` is loaded.
  public var products: [Product] { catalog.products }
  /// Where the loading of ``products`` stands.
  public var productsState: ProductsLoadState { catalog.state }
  /// The Pro products the customer is entitled to now (purchased or family shared).
  public var purchasedProductIDs: Set<String> { reader.purchasedProductIDs }
  /// Details of the current entitlement for the settings; `nil` when not Pro.
  public var entitlement: EntitlementDetails? { reader.entitlement }
  /// The Pro products granted by a verified transaction that the listing does not count yet (a
  /// purchase straight after it returned, an approval or renewal just arrived): held until it
  /// does, the store withdraws it, it expires, or ``listingHoldLimit`` passes.
  public var heldProductIDs: Set<String> { reader.heldProductIDs }
  /// Whether the entitlements were read at least once, so that ``isPro`` means something.
  public var hasLoadedEntitlements: Bool { reader.hasLoadedEntitlements }
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
  public var nextEntitlementCheck: Date? { reader.nextEntitlementCheck }
  /// Whether the subscription statuses (the renewal details of ``entitlement``) are loading.
  public var isLoadingRenewalDetails: Bool { reader.isLoadingRenewalDetails }
  /// Which of the products' offers the customer may get, as the backend last answered: read
  /// with the products and again after each reading of the entitlements (a purchase, a lapse),
  /// only when a product has an offer. ``offer(for:)`` is what a plan shows.
  package var offerEligibility: OfferEligibility { catalog.offerEligibility }

  /// The storage of the app's flags (``OnboardingPaywallModel`` keeps its flag here).
  package nonisolated let storage: any KeyValueStore
  /// The clock every decision of the app layer reads.
  package nonisolated let clock: any WallClock

  private nonisolated let backend: any StoreBackend
  private nonisolated let events = EventBroadcaster<PaywallEvent>()
  /// The products and their offers.
  private let catalog: ProductsLoader
  /// The entitlements, read one at a time, with the grants held until the listing counts them.
  private let reader: EntitlementReader
  @ObservationIgnored private var hasStarted = false
  @ObservationIgnored private var purchasesInFlight = 0

  /// Creates a manager over `backend`, keeping flags in `storage` and reading time from `clock`.
  ///
  /// Nothing happens until ``start()``.
  public init(backend: any StoreBackend, storage: any KeyValueStore, clock: any WallClock) {
    self.backend = backend
    self.storage = storage
    self.clock = clock
    let catalog = ProductsLoader(productIDs: Self.productIDs, backend: backend)
    let reader = EntitlementReader(
      backend: backend, clock: clock, rules: ProEntitlements(productIDs: Set(Self.productIDs)),
      holdLimit: Self.listingHoldLimit,
      catalog: catalog)
    self.catalog = catalog
    self.reader = reader
    reader.onNewTransaction = { [weak self] in self?.approve($0) }
  }

  // MARK: - State

  /// Whether the customer has Pro: an active, verified entitlement to any Pro product.
  public var isPro: Bool { !purchasedProductIDs.isEmpty }

  /// Whether the products are loading: the loading flag of <doc:ThePlan>.
  public var isLoading: Bool { productsState == .loading }

  /// The product billed every month, found by its period.
  public var monthlyProduct: Product? { catalog.product(billed: \.isOneMonth) }

  /// The product billed every year, found by its period.
  public var annualProduct: Product? { catalog.product(billed: \.isOneYear) }

  /// The loaded product with identifier `id`.
  public func product(id: String) -> Product? { products.first { $0.id == id } }

  /// The offer `product` shows to this customer and applies when bought, in words; `nil` when
  /// the customer pays the plain price (``OfferEligibility/offer(for:)``).
  package func offer(for product: Product) -> PlanOffer? { offerEligibility.offer(for: product) }

  /// A new stream of the paywall events from now on, for analytics; any number of subscribers
  /// may listen, each gets every event.
  public nonisolated func paywallEvents() -> AsyncStream<PaywallEvent> { events.subscribe() }

  /// Sends `event` to the subscribers of ``paywallEvents()``.
  package func record(_ event: PaywallEvent) { events.emit(event) }

  /// Forgets ``lastError``, once the screen that showed it closed.
  public func clearError() { setError(nil) }

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
  public func startListening() { reader.startListening() }

  /// Launches the store: the listener, the unfinished transactions, the entitlements, then the
  /// renewal details and the products in the background. Returns once ``isPro`` is known,
  /// without waiting for the network. Calling it again does nothing.
  ///
  /// The unfinished transactions are read here, after subscribing: StoreKit hands them to the
  /// first listener of a launch only. One that arrives both ways is handled once.
  public func start() async {
    startListening()
    guard !hasStarted else { return }
    hasStarted = true
    await reader.handleUnfinished()
    await reader.read()
    catalog.load()
  }

  /// Stops the listener and every task of the manager; ``start()`` may run again afterwards.
  public func stop() {
    // A reading or a load still waiting for its answer publishes nothing and starts nothing.
    reader.stop()
    catalog.stop()
    hasStarted = false
  }

  // MARK: - Products

  /// Loads the products, or waits for the load that is running.
  public func loadProducts() async { await catalog.load().value }

  /// Loads the products again after a failure, in the background; does nothing while a load
  /// runs.
  public func retryLoadingProducts() { catalog.load() }

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
    await reader.read()
    await loadRenewalDetails()
  }

  /// Waits until the renewal details of the latest reading of the entitlements are loaded (or
  /// could not be); returns at once when none are loading.
  public func loadRenewalDetails() async { await reader.loadRenewalDetails() }

  /// Ends a pending Ask to Buy once the approved transaction arrives and grants its product.
  private func approve(_ transaction: Transaction) {
    guard case .pending(let productID) = purchaseState, transaction.productID == productID,
      transaction.ownershipType == .purchased, transaction.revocationDate == nil,
      purchasedProductIDs.contains(productID)
    else { return }
    purchaseState = .idle
    record(.purchased(productID: transaction.productID, transactionID: transaction.id))
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
    if let error = outcome.error { setError(error, backendCode: backendCode) }
    record(PaywallEvent(outcome, productID: product.id))
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
  /// if it threw. A verified purchase is granted (held, read, finished) before it returns.
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
    if case .success(.verified(let transaction)) = result {
      await reader.grant(purchase: transaction)
    }
    return (ProPurchaseResult(result), nil)
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
    await reader.read()
    if !isPro, let syncError { setError(StoreError(syncError), backendCode: syncError.code) }
    record(.restored(isPro: isPro))
    return isPro
  }
}
