public import Foundation
import StoreInternals
public import StoreModel

/// A headless App Store: sells a catalog's products to local accounts, renews, expires, refunds,
/// and hands out real signed transactions, with StoreKit 2's semantics.
///
/// It conforms to `StoreModel/StoreBackend`, so an app's store layer runs on it in tests, in CI
/// and from a terminal exactly as it runs on StoreKit:
///
/// - `Product.products(for:)` → ``products(for:)``
/// - `Product.purchase(options:)` → ``purchase(_:options:)``
/// - `Transaction.currentEntitlements`, `.updates`, `.unfinished`, `.all`, `finish()` →
///   ``currentEntitlements()``, ``transactionUpdates()``, ``unfinishedTransactions()``,
///   ``allTransactions()``, ``finish(_:)``
/// - `AppStore.sync()` → ``sync()``
/// - `Product.SubscriptionInfo.status(for:)` → ``subscriptionStatuses(forGroup:)``
///
/// An app's tests drive it with the controls of StoreKitTest's `SKTestSession` through
/// `StoreTesting`'s `LocalTestSession` (Ask to Buy, billing issues and grace period, refunds,
/// auto-renew, expiry, simulated errors, the time rate); the command-line tool adds Family
/// Sharing, faults and moving a stored time.
///
/// Its state is an SQLite ledger — `:memory:` for tests, a file that several processes share
/// for the command-line tool. Every operation is one SQLite transaction; before each one the
/// store catches up with its clock, making every renewal, expiry and billing-retry step that
/// the time passed since calls for, in order, so that what happened depends on the dates only.
///
/// It is no politer than a device (``DeviceTiming``, on by default, kept by its `DeviceView`): a purchase is listed a read
/// late, a read in a cancelled task answers nothing, unfinished transactions go to a launch's
/// first listener only, as real StoreKit does.
///
/// Every transaction and renewal info it hands out is an ES256 JWS signed by the store's own
/// certificate authority (valid from 1970 to 9999) and verified with that root
/// before it is wrapped in a `StoreModel/VerificationResult`: an unverified result means the
/// token genuinely failed.
public actor LocalAppStore: StoreBackend {
  /// The name of the account that buys and shares with the family: the default account.
  public static let purchaser = "purchaser"

  /// The dates the store can keep and sign at: from 1970-01-01T00:00:00Z up to (not including)
  /// 9999-12-31T23:59:59Z, the validity of the certificate authority a new state gets.
  ///
  /// ``create(atPath:products:settings:startDate:time:account:)`` and ``advanceTime(by:)``
  /// refuse to move the stored time outside it. A store on a clock of its own signs at the
  /// clock's time: outside these dates its tokens would not verify, and its purchases fail.
  package static let supportedDates = DateInterval(
    start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 253_402_300_799))

  /// How a state file is opened.
  package enum Access: Sendable {
    /// To read and write: every operation may change the state (an older schema is upgraded
    /// when the file is opened).
    case readWrite
    /// Read-only (`SQLITE_OPEN_READONLY`): nothing is ever written to the file, not even a
    /// schema upgrade, and an armed one-shot fault is neither applied nor disarmed. An
    /// operation that would change the state fails with `notAllowed`.
    case readOnly
  }

  /// Where the store's time comes from.
  package enum TimeSource: Sendable {
    /// A clock: `ManualClock` in tests, `SystemClock` for real time.
    case clock(any WallClock)
    /// The time kept in the state, moved only by ``LocalAppStore/advanceTime(by:)``: the
    /// command-line tool's time, which persists between processes.
    case stored
  }

  /// The account this store acts for: purchases, entitlements and updates are this account's.
  public nonisolated let account: String
  /// The clock the store reads; with ``TimeSource/stored`` a clock that follows the state.
  package nonisolated let clock: any WallClock

  /// The ledger; every use of it runs inside `ledger.exclusively`.
  package nonisolated let ledger: LedgerStore
  let authority: any SigningAuthority
  nonisolated let hub: UpdateHub
  /// What the app on this device reads: timing, unsynced purchases, the entitlement engine.
  nonisolated let device: DeviceView
  /// The answers a test holds (`StoreTesting`'s gates).
  package nonisolated let gates = AnswerGates()
  let storedClock: StoredClock?
  /// The products, in catalog order.
  let catalog: [Product]
  let productsByID: [String: Product]
  /// What the customer's storefront and locale change in the products shown.
  let presentation: ProductPresentation
  /// The offers a purchase may carry: the key, the spent nonces, the offer codes, who may
  /// redeem what.
  let offers: Offers
  /// The last update of the outbox handed to subscribers.
  var deliveredSequence: Int64
  /// The transactions the current operation's catch-up with the time made before its body ran
  /// (what `advance` reports beside its own).
  var caughtUp: [TimeAdvance.NewTransaction] = []
  /// Signing: the authority, the environment, what the current operation signed, and its costs.
  var signing: StoreSigning
  /// The notifications the current operation's steps emitted, to sign and store before it
  /// commits.
  let notifier: Notifier
  /// Every write of a transaction or a record, with Family Sharing and the notices it tells.
  let recorder: Recorder
  /// The prices set while running and the pending price increases.
  let pricing: Pricing
  /// The switches, defaults and injected failures.
  let controls: Controls
  /// The subscription machine's runs since the store was opened (``operationCosts``).
  var machineRuns = 0
  /// Every notification emitted since a test started the log; `nil`: not kept.
  var emittedLog: [EmittedNotification]?
  /// The scheduled wake-up of the renewal timer.
  struct Wake {
    var date: Date?
    var task: Task<Void, Never>?
  }
  nonisolated let wake = Locked(Wake())
  /// The path of the state (`:memory:` for a private one).
  package nonisolated let statePath: String

  // MARK: - Making a store

  /// Creates a store with a private in-memory ledger that sells `products`.
  ///
  /// - Parameters:
  ///   - products: The catalog; subscriptions carry their group and level.
  ///   - settings: The switches (Ask to Buy, billing issues, grace period, time rate).
  ///   - clock: The store's clock: `ManualClock` in tests.
  ///   - account: The account this store acts for.
  public init(
    products: [Product], settings: EmulatorSettings = EmulatorSettings(), clock: any WallClock,
    account: String = LocalAppStore.purchaser
  ) throws(LocalAppStoreError) {
    try self.init(
      products: products, settings: settings, clock: clock, account: account, faults: [])
  }

  /// - Parameter randomSeed: Seeds the store's generator (its notification UUIDs): the same
  ///   seed, the same UUIDs; `nil` seeds it from the system's.
  /// - Parameter supplement: What the `.storekit` file says beyond the products: their
  ///   localizations and its subscription-offer key.
  package init(
    products: [Product], settings: EmulatorSettings, clock: any WallClock, account: String,
    faults: [Fault], supplement: CatalogSupplement = CatalogSupplement(),
    randomSeed: UInt64? = nil
  ) throws(LocalAppStoreError) {
    let ledger = try LedgerStore(path: ":memory:", access: .create)
    try ledger.transaction { () throws(LocalAppStoreError) in
      try Self.configure(
        ledger, products: products, settings: settings, now: clock.now, faults: faults,
        supplement: supplement, randomSeed: randomSeed)
    }
    try self.init(ledger: ledger, time: .clock(clock), account: account)
  }

  /// Creates (or resets) the state file at `path` with `products` and `settings`, and opens it.
  ///
  /// A file that is not a local App Store state is refused and left untouched. With `:memory:`
  /// as the path, the store is private and in memory, and with ``TimeSource/stored`` its time
  /// starts at `startDate` and moves only with ``advanceTime(by:)``: a throwaway store for a
  /// guided tour or a checklist. The app's data kept in the state
  /// (``setAppData(_:forKey:account:)``) is cleared too.
  /// - Parameters:
  ///   - startDate: The initial stored time (read by ``TimeSource/stored``), within
  ///     ``supportedDates``.
  /// - Throws: `invalidArgument` for a `startDate` outside ``supportedDates`` (nothing is
  ///   written), or the errors of ``init(openingStateAt:time:account:access:)``.
  package static func create(
    atPath path: String, products: [Product], settings: EmulatorSettings = EmulatorSettings(),
    startDate: Date, time: TimeSource = .stored, account: String = LocalAppStore.purchaser
  ) throws(LocalAppStoreError) -> LocalAppStore {
    try create(
      atPath: path, products: products, settings: settings, startDate: startDate, time: time,
      account: account, faults: [])
  }

  package static func create(
    atPath path: String, products: [Product], settings: EmulatorSettings, startDate: Date,
    time: TimeSource, account: String, faults: [Fault],
    supplement: CatalogSupplement = CatalogSupplement(), randomSeed: UInt64? = nil
  ) throws(LocalAppStoreError) -> LocalAppStore {
    try checkSupported(startDate, what: "start the local App Store at")
    let ledger = try LedgerStore(path: path, access: .create)
    try ledger.transaction { () throws(LocalAppStoreError) in
      try ledger.wipe()
      try configure(
        ledger, products: products, settings: settings, now: startDate, faults: faults,
        supplement: supplement, randomSeed: randomSeed)
    }
    return try LocalAppStore(ledger: ledger, time: time, account: account)
  }

  /// A store with a private in-memory ledger that sells `catalog`'s products with its settings
  /// (and its enabled simulated errors as sticky faults).
  package init(
    catalog: Catalog, clock: any WallClock, bundleID: String = "com.sportstime.app",
    account: String = LocalAppStore.purchaser
  ) throws(LocalAppStoreError) {
    try self.init(
      products: catalog.products, settings: EmulatorSettings(catalog: catalog, bundleID: bundleID),
      clock: clock, account: account, faults: Fault.simulated(by: catalog),
      supplement: CatalogSupplement(catalog))
  }

  /// Creates (or resets) the state file at `path` for `catalog`, and opens it.
  package static func create(
    atPath path: String, catalog: Catalog, bundleID: String = "com.sportstime.app",
    startDate: Date, time: TimeSource = .stored, account: String = LocalAppStore.purchaser
  ) throws(LocalAppStoreError) -> LocalAppStore {
    try create(
      atPath: path, products: catalog.products,
      settings: EmulatorSettings(catalog: catalog, bundleID: bundleID), startDate: startDate,
      time: time, account: account, faults: Fault.simulated(by: catalog),
      supplement: CatalogSupplement(catalog))
  }

  /// Opens the existing state file at `path`.
  ///
  /// Opened ``Access/readWrite``, a state of an older schema is upgraded in place; opened
  /// ``Access/readOnly``, nothing is ever written to the file.
  /// - Throws: ``LocalAppStoreError`` with code `notFound` when there is no state there (no
  ///   file, or an empty one), `stateUnreadable`, `foreignState` or `newerSchema` when the file
  ///   is not one this build can use (it is left untouched).
  package init(
    openingStateAt path: String, time: TimeSource = .stored,
    account: String = LocalAppStore.purchaser, access: Access = .readWrite
  ) throws(LocalAppStoreError) {
    let ledger = try LedgerStore(
      path: path, access: access == .readOnly ? .readOnly : .readWrite)
    guard try ledger.isConfigured else {
      throw LocalAppStoreError(
        .notFound, "\(path) holds no local App Store yet (run `sportstime-store reset` first)")
    }
    try self.init(ledger: ledger, time: time, account: account)
  }

  private init(ledger: LedgerStore, time: TimeSource, account: String) throws(LocalAppStoreError) {
    self.ledger = ledger
    self.account = account
    self.statePath = ledger.path
    self.hub = UpdateHub()
    self.device = DeviceView(listeners: hub)
    switch time {
    case .clock(let clock):
      self.clock = clock
      self.storedClock = nil
    case .stored:
      let milliseconds = Int64(try ledger.text(.now) ?? "") ?? 0
      let stored = StoredClock(now: AppStoreJSON.date(milliseconds: milliseconds))
      self.clock = stored
      self.storedClock = stored
    }
    let authority = try StoreSigning.loadAuthority(ledger, clock: clock)
    self.authority = authority
    self.signing = StoreSigning(
      authority: authority, environment: try ledger.read(.settings).environment)
    let products = try ledger.products()
    self.catalog = products
    let productsByID = Dictionary(products.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    self.productsByID = productsByID
    let notifier = Notifier()
    self.notifier = notifier
    self.recorder = Recorder(ledger: ledger, products: productsByID, notifier: notifier)
    // A state written before the default state or the localizations were kept: the storefront
    // a new state starts in, and no localization.
    self.presentation = ProductPresentation(
      catalogStorefront: try ledger.readIfPresent(.defaultState)?.settings.storefront
        ?? EmulatorSettings().storefront,
      localizations: try ledger.read(.localizations))
    self.pricing = Pricing(ledger: ledger, presentation: presentation)
    self.controls = Controls(ledger: ledger)
    self.offers = Offers(
      ledger: ledger, products: productsByID,
      codeOffers: try ledger.read(.codeOffers).mapValues { $0.compactMap(\.codeOffer) },
      winBackSwitchedOff: Set(try ledger.read(.winBackSwitchedOff)))
    self.deliveredSequence = try ledger.lastUpdateSequence()
  }

  deinit {
    wake.withLock { $0.task?.cancel() }
    hub.finishAll()
  }

  /// Writes a new state's catalog, settings, time and certificate authority, inside the
  /// caller's transaction.
  private static func configure(
    _ ledger: LedgerStore, products: [Product], settings: EmulatorSettings, now: Date,
    faults: [Fault], supplement: CatalogSupplement, randomSeed: UInt64?
  ) throws(LocalAppStoreError) {
    let authority = try StoreSigning.makeAuthority(
      settings: settings, validity: supportedDates, clock: SystemClock())
    try ledger.seedRandom(randomSeed)
    try ledger.replaceProducts(products)
    try Controls(ledger: ledger).start(
      with: Controls.DefaultState(settings: settings, faults: faults))
    if !supplement.localizations.isEmpty {
      try ledger.write(supplement.localizations, to: .localizations)
    }
    if !supplement.codeOffers.isEmpty {
      try ledger.write(supplement.codeOffers, to: .codeOffers)
    }
    if !supplement.winBackSwitchedOff.isEmpty {
      try ledger.write(supplement.winBackSwitchedOff, to: .winBackSwitchedOff)
    }
    if let key = supplement.subscriptionOffersKey {
      try ledger.write(key, to: .subscriptionOffersKeyPair)
    }
    try ledger.setText(String(AppStoreJSON.milliseconds(now)), for: .now)
    try ledger.setText(try authority.exported(), for: .authority)
    try ledger.ensureAccount(purchaser)
  }

  // MARK: - Reading the store

  /// The products the store sells, in catalog order, without faults: the catalog itself.
  public nonisolated var allProducts: [Product] { catalog }

  /// StoreKit's `AppStore.deviceVerificationID` for the store's account: what an app appends
  /// to a token's `deviceVerificationNonce` to check its `deviceVerification` (see the
  /// `Transaction.deviceVerification` page). One device per account (ours).
  public nonisolated var deviceVerificationID: UUID {
    Self.deviceVerificationID(account: account)
  }

  /// The store's current time.
  package nonisolated var now: Date { clock.now }

  /// Whether the state was opened ``Access/readOnly``.
  package nonisolated var isReadOnly: Bool { ledger.isReadOnly }

  /// Throws `invalidArgument` unless `date` is within ``supportedDates``.
  static func checkSupported(_ date: Date, what: String) throws(LocalAppStoreError) {
    guard date >= supportedDates.start, date < supportedDates.end else {
      throw LocalAppStoreError(
        .invalidArgument,
        "cannot \(what) \(date.formatted(.iso8601)): the local App Store keeps time from "
          + "\(supportedDates.start.formatted(.iso8601)) to before "
          + "\(supportedDates.end.formatted(.iso8601)) (its certificates' validity); nothing changed"
      )
    }
  }

  /// The root certificate (DER) that every signed item chains to: give it to a verifier
  /// (`sportstime-store verify --root`).
  public nonisolated var rootCertificateDER: Data { Data(authority.rootCertificate) }

  /// The signer of this store's certificate authority: signs any transaction or renewal info
  /// with the chain the store's own tokens have (to build signed histories in tests).
  package nonisolated var signer: TransactionSigner { authority.signer }

  /// The root certificate in PEM, for a file that `sportstime-store verify --root` reads.
  package nonisolated var rootCertificatePEM: String { authority.rootCertificatePEM }

  // MARK: - The app's data

  // The app's own data, kept in the store's state: what an app keeps on the device beside its
  // purchases (saved items, its `UserDefaults`), so that one state file holds a whole session.

  /// The app's data stored under `key` for `account` (the store's account when `nil`), or `nil`
  /// when there is none.
  ///
  /// The app's data is not part of the App Store: no operation reads it, a reset clears it,
  /// and it is reached synchronously from any thread (the app's storage cannot wait).
  /// - Throws: `database` when the state cannot be read.
  package nonisolated func appData(forKey key: String, account: String? = nil)
    throws(LocalAppStoreError) -> Data?
  {
    let account = account ?? self.account
    return try ledger.exclusively { () throws(LocalAppStoreError) in
      try ledger.appData(account: account, key: key)
    }
  }

  /// Stores `value` under `key` for `account` (the store's account when `nil`), or removes the
  /// key when `value` is `nil`: one SQLite transaction.
  /// - Throws: `notAllowed` on a state opened ``Access/readOnly``; `stateBusy` or `database`
  ///   when the state cannot be written (nothing changed).
  package nonisolated func setAppData(_ value: Data?, forKey key: String, account: String? = nil)
    throws(LocalAppStoreError)
  {
    let account = account ?? self.account
    guard !isReadOnly else {
      throw LocalAppStoreError(
        .notAllowed, "\(statePath) is open read-only; the app's data cannot be saved")
    }
    try ledger.exclusively { () throws(LocalAppStoreError) in
      try ledger.transaction { () throws(LocalAppStoreError) in
        try ledger.setAppData(value, account: account, key: key)
      }
    }
  }

  // MARK: - Accounts

  /// A view of this store that acts for another account (a family member).
  package nonisolated func backend(for account: String) -> AccountBackend {
    AccountBackend(store: self, account: account)
  }
}
