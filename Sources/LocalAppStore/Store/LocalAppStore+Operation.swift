package import Foundation
import StoreInternals
import StoreModel

extension LocalAppStore {
  /// What one operation hands back once its SQLite transaction committed.
  struct Deliveries {
    var items: [(result: VerificationResult<Transaction>, key: UpdateHub.Key, account: String)] = []
    var sequence: Int64
    /// When the next renewal, expiry or end of billing retry falls due.
    var nextDue: Date?
  }

  /// Runs `body` as one store operation: one SQLite transaction that first reads the time,
  /// catches up with it (renewals, expiries, billing retry), then does the operation, then
  /// signs the updates it produced; after the commit, delivers them to subscribers.
  ///
  /// On a read-only state nothing can be written: when time alone calls for a renewal or an
  /// expiry the operation fails with `notAllowed` rather than show a state that is not current.
  func operation<T>(_ body: (Date) throws(LocalAppStoreError) -> T) throws(LocalAppStoreError) -> T
  {
    handOverUnfinished()
    defer { signing.endOperation() }
    let (result, deliveries) = try ledger.exclusively { () throws(LocalAppStoreError) in
      try ledger.transaction {
        () throws(LocalAppStoreError) -> (T, Deliveries) in
        let now = try readTime()
        // What a failed operation emitted was rolled back with it.
        _ = notifier.takePending()
        caughtUp = []
        signing.beginOperation(in: try currentSettings().environment)
        if ledger.isReadOnly {
          if let due = try nextDueDate(), due <= now {
            throw LocalAppStoreError(
              .notAllowed,
              "\(statePath) is open read-only and a renewal or expiry fell due at "
                + "\(due.formatted(.iso8601)); open it for writing to catch up")
          }
        } else {
          caughtUp = try catchUp(to: now)
          // What time alone did is told before the operation reads or changes anything.
          try recordNotifications(now: now)
        }
        let result = try body(now)
        // At the time the body left the store at (`advance` moves it).
        try recordNotifications(now: try readTime())
        var deliveries = try collectUpdates(now: now)
        deliveries.nextDue = try nextDueDate()
        return (result, deliveries)
      }
    }
    deliveredSequence = max(deliveredSequence, deliveries.sequence)
    gates.deliver(deliveries.items.map { ($0.result, $0.key, $0.account, nil) }, through: hub)
    schedule(at: deliveries.nextDue)
    return result
  }

  /// The earliest date at which time alone changes a subscription.
  private func nextDueDate() throws(LocalAppStoreError) -> Date? {
    try ledger.nextDueDate()
  }

  /// While someone listens to updates, wakes up on the clock when the next renewal or expiry
  /// falls due and catches up, so that renewals arrive through `Transaction.updates` as time
  /// passes, with no call from the app.
  private func schedule(at due: Date?) {
    let wanted = hub.count > 0 ? due : nil
    guard wanted != wake.withLock({ $0.date }) else { return }
    let task: Task<Void, Never>? = wanted.map { date in
      Task { [weak self, clock] in
        do {
          try await clock.sleep(until: date)
        } catch {
          return
        }
        await self?.wakeUp(scheduledFor: date)
      }
    }
    let previous = wake.withLock { wake in
      defer { wake = Wake(date: wanted, task: task) }
      return wake.task
    }
    previous?.cancel()
  }

  private func wakeUp(scheduledFor date: Date) {
    wake.withLock { wake in
      if wake.date == date { wake = Wake() }
    }
    _ = try? operation { (_: Date) throws(LocalAppStoreError) in }
  }

  /// Runs an operation whose App Store failures (faults) are values, so that consuming a
  /// one-shot fault commits with the rest.
  func backendOperation<T>(
    _ body: (Date) throws(LocalAppStoreError) -> Result<T, StoreBackendError>
  ) throws(StoreBackendError) -> T {
    let outcome: Result<T, StoreBackendError>
    do {
      outcome = try operation(body)
    } catch {
      throw StoreBackendError.systemError(
        "local App Store: \(error.reason)", code: error.code.rawValue)
    }
    return try outcome.get()
  }

  /// The time of the operation: the clock's, or the stored time (refreshed from the state, which
  /// another process may have moved).
  func readTime() throws(LocalAppStoreError) -> Date {
    guard let storedClock else { return clock.now }
    let milliseconds = Int64(try ledger.text(.now) ?? "") ?? 0
    storedClock.set(AppStoreJSON.date(milliseconds: milliseconds))
    return storedClock.now
  }

  /// The settings as the state has them now.
  func currentSettings() throws(LocalAppStoreError) -> EmulatorSettings {
    try controls.settings()
  }

  /// Changes the settings the state keeps, in an operation of its own: the one writer of
  /// ``EmulatorSettings`` (switches, device timing, storefront, environment).
  func changeSettings(_ change: (inout EmulatorSettings) throws(LocalAppStoreError) -> Void)
    throws(LocalAppStoreError)
  {
    try operation { (_: Date) throws(LocalAppStoreError) in
      signing.environment = try controls.changeSettings(change).environment
    }
  }

  /// Signs the outbox's new updates for the accounts someone listens to.
  private func collectUpdates(now: Date) throws(LocalAppStoreError) -> Deliveries {
    let events = try ledger.updates(after: deliveredSequence)
    var deliveries = Deliveries(sequence: events.last?.sequence ?? deliveredSequence)
    for event in events where hub.hasSubscribers(account: event.account) {
      guard let stored = try ledger.transaction(event.transactionID),
        try !device.isUnsynced(stored.transaction, account: event.account, in: ledger)
      else { continue }
      let result = try signed(stored.transaction, now: now)
      deliveries.items.append(
        (
          result, UpdateHub.Key(transactionID: stored.transaction.id, revision: stored.revision),
          event.account
        ))
    }
    return deliveries
  }

  /// The catalog's product `id`; throws `notFound` when the catalog has none.
  func product(_ id: String) throws(LocalAppStoreError) -> Product {
    guard let product = productsByID[id] else {
      throw LocalAppStoreError(.notFound, "no product \(id) in the catalog")
    }
    return product
  }

  // MARK: - Signing, with the faults the ledger arms

  /// Signs `transaction` as of `now` and verifies the token as an app would (``StoreSigning``),
  /// with the `verification` or `tamper` fault the ledger has armed.
  func signed(_ transaction: Transaction, now: Date) throws(LocalAppStoreError)
    -> VerificationResult<Transaction>
  {
    try signing.signed(transaction, now: now, fault: try signingFault())
  }

  /// Signs the transaction a purchase hands back: a token that does not verify with no fault
  /// armed throws (``StoreSigning/signedPurchase(_:now:fault:)``).
  func signedPurchase(_ transaction: Transaction, now: Date) throws(LocalAppStoreError)
    -> VerificationResult<Transaction>
  {
    try signing.signedPurchase(transaction, now: now, fault: try signingFault())
  }

  /// Signs renewal info and verifies it as an app would.
  func signed(_ info: RenewalInfo) throws(LocalAppStoreError) -> VerificationResult<RenewalInfo> {
    try signing.signed(info, fault: try signingFault())
  }

  /// `appTransaction` signed in the store's environment, then verified as a device does.
  func signed(_ appTransaction: AppTransaction) throws(LocalAppStoreError)
    -> VerificationResult<AppTransaction>
  {
    try signing.signed(appTransaction, fault: try signingFault())
  }

  /// The `verification` or `tamper` fault the next token takes, disarmed unless sticky.
  private func signingFault() throws(LocalAppStoreError) -> Fault? {
    try controls.consume([.verification, .tamper])
  }

  /// What the store's operations have cost since it was opened.
  package var operationCosts: OperationCosts {
    var costs = signing.costs
    costs.machineRuns = machineRuns
    costs.sqliteTransactions =
      (try? ledger.exclusively { () throws(LocalAppStoreError) in ledger.transactionCount })
      ?? 0
    return costs
  }

  // MARK: - Catching up with the time

  /// Makes every renewal, expiry and billing-retry step due by `now`, subscription by
  /// subscription, in date order (the machine's ``SubscriptionMachine/Event/timePassed``).
  ///
  /// - Returns: The transactions made (renewals, and family members' copies of them).
  /// - Throws: `invalidState`, with nothing changed, when a subscription would renew more than
  ///   ``maximumPeriodsPerAdvance`` times to reach `now` (see ``checkCatchUp(_:to:rate:)``).
  @discardableResult
  func catchUp(to now: Date) throws(LocalAppStoreError) -> [TimeAdvance.NewTransaction] {
    let settings = try currentSettings()
    let records = try ledger.subscriptionsDue(by: now).filter(SubscriptionMachine.isLive)
    for record in records { try checkCatchUp(record, to: now, rate: settings.timeRate) }
    guard !records.isEmpty else { return [] }
    // A renewal or an expiry may depend on a pending price increase: they are read once, when
    // something falls due, so that the machine runs once per subscription.
    let increases = try pricing.increases()
    var made: [TimeAdvance.NewTransaction] = []
    for record in records {
      var context = machineContext(settings)
      context.priceIncrease = increases[record.originalID]
      let passed = run(.timePassed, of: record, at: now, in: context)
      made += try apply(passed, in: context)
    }
    return made
  }

  /// Refuses to catch `record` up to `now` when that would renew it more than
  /// ``maximumPeriodsPerAdvance`` times in one operation.
  ///
  /// The stored time moves at most that far at once (``advanceTime(by:)``), so a state this
  /// store wrote never falls further behind; a state file whose subscription ended long before
  /// its time (`fuzz-state` made one 69,000 renewals behind: 38 s under ASan for every
  /// operation) is damaged, and a clock that jumped that far must move in smaller steps.
  func checkCatchUp(_ record: SubscriptionRecord, to now: Date, rate: TimeRate)
    throws(LocalAppStoreError)
  {
    guard record.phase == .active, record.willAutoRenew, record.expirationDate <= now else {
      return
    }
    guard let limit = renewalLimit(of: record, from: record.expirationDate, rate: rate),
      now > limit
    else { return }
    // A damaged state, not a refused move (`invalidArgument` in `advanceTime(by:)`): the
    // store never writes a state this far behind, so the file was altered or its clock jumped.
    throw LocalAppStoreError(
      .invalidState,
      "\(ledger.path): subscription \(record.originalID) of \(record.account) "
        + "ended \(record.expirationDate.formatted(.iso8601)), and reaching "
        + "\(now.formatted(.iso8601)) would renew it more than "
        + "\(Self.maximumPeriodsPerAdvance) times at once: the local App Store never falls "
        + "that far behind (reset the state; move a clock in smaller steps)")
  }

  // MARK: - Applying the machine

  // Applying the state machine's transitions to the ledger, inside an operation's SQLite
  // transaction: the machine decides (``SubscriptionMachine``), this records what it decided.

  /// What the machine reads about a subscription: the catalog as `settings`' storefront and
  /// locale show it (``ProductPresentation``: a renewal records the storefront's currency),
  /// `settings`, and the subscription's pending price increase.
  func machineContext(
    _ settings: EmulatorSettings, priceIncrease: Pricing.Increase? = nil
  ) -> SubscriptionMachine.Context {
    let products =
      presentation.changesAnything(in: settings)
      ? productsByID.mapValues { presentation.present($0, in: settings) } : productsByID
    return SubscriptionMachine.Context(
      products: products, settings: settings, priceIncrease: priceIncrease,
      codeOffers: offers.codeOffers.mapValues { $0.map(\.offer) })
  }

  /// Runs the machine once for `event` (counted in ``operationCosts``: once per event).
  func run(
    _ event: SubscriptionMachine.Event, of record: SubscriptionRecord?, at now: Date,
    in context: SubscriptionMachine.Context
  ) -> SubscriptionMachine.Transition {
    machineRuns += 1
    return SubscriptionMachine.apply(event, to: record, at: now, in: context)
  }

  /// Applies `event` to `record` at `now` and records the transition.
  /// - Returns: The transition, and the transactions it recorded (family members' copies too).
  @discardableResult
  func transition(
    _ event: SubscriptionMachine.Event, of record: SubscriptionRecord?, at now: Date,
    in context: SubscriptionMachine.Context, mirroring: Bool = true
  ) throws(LocalAppStoreError) -> (SubscriptionMachine.Transition, [TimeAdvance.NewTransaction]) {
    let transition = run(event, of: record, at: now, in: context)
    let made = try apply(transition, in: context, mirroring: mirroring)
    return (transition, made)
  }

  /// Records each step of `transition`: its transactions signed and inserted, then its record
  /// saved (mirrored to family members who share, unless `mirroring` is off: a member's copy)
  /// and its notices handed to the notifier.
  /// - Returns: The transactions recorded, family members' copies included.
  @discardableResult
  func apply(
    _ transition: SubscriptionMachine.Transition, in context: SubscriptionMachine.Context,
    mirroring: Bool = true
  ) throws(LocalAppStoreError) -> [TimeAdvance.NewTransaction] {
    var made: [TimeAdvance.NewTransaction] = []
    for step in transition.steps {
      if step.settlesPriceIncrease { try pricing.settle(step.record.originalID) }
      var transactionID: UInt64?
      switch step.change {
      case .unchanged:
        notifier.emit(step.notices, about: step.record, transactionID: nil)
        continue
      case .upgrade(let new):
        if var upgraded = try latestTransaction(of: step.record) {
          upgraded.isUpgraded = true
          try recorder.update(upgraded) { $0.isUpgraded = true }
        }
        let recorded = try record(new, of: step.record, settings: context.settings)
        transactionID = recorded.transaction.id
        made.append(recorded)
      case .transaction(let new):
        let recorded = try record(new, of: step.record, settings: context.settings)
        transactionID = recorded.transaction.id
        made.append(recorded)
      case .kept, .scheduled, .record:
        break
      }
      made += try recorder.save(step, transactionID: transactionID, mirroring: mirroring)
    }
    return made
  }

  /// Signs and inserts a transaction the machine made for `record`; a renewal is delivered
  /// through `Transaction.updates`.
  private func record(
    _ new: SubscriptionMachine.NewTransaction, of record: SubscriptionRecord,
    settings: EmulatorSettings
  ) throws(LocalAppStoreError) -> TimeAdvance.NewTransaction {
    let transaction = try makeTransaction(
      new.product, account: record.account, originalID: record.originalID,
      purchaseDate: new.purchaseDate, originalPurchaseDate: record.originalPurchaseDate,
      expirationDate: new.expirationDate, reason: new.reason, offer: new.offer,
      appAccountToken: record.appAccountToken, settings: settings, id: new.id)
    try recorder.insert(transaction, account: record.account, emitUpdate: new.isDelivered)
    if new.isDelivered {
      try device.noteRenewal(transaction, account: record.account, settings: settings, in: ledger)
    }
    return TimeAdvance.NewTransaction(account: record.account, transaction: transaction)
  }

  // MARK: - New transactions

  /// A new transaction with the store's bundle, storefront, environment and price.
  func makeTransaction(
    _ product: Product, account: String, originalID: UInt64, purchaseDate: Date,
    originalPurchaseDate: Date, expirationDate: Date?, reason: TransactionReason,
    offer: SubscriptionOffer?, appAccountToken: UUID?, settings: EmulatorSettings,
    id: UInt64? = nil
  ) throws(LocalAppStoreError) -> Transaction {
    let id = try allocate(id)
    var transaction = Transaction(
      id: id, originalID: originalID, appBundleID: settings.bundleID, productID: product.id,
      productType: product.type, purchaseDate: purchaseDate, signedDate: purchaseDate,
      subscriptionGroupID: product.subscription?.subscriptionGroupID,
      originalPurchaseDate: originalPurchaseDate, expirationDate: expirationDate,
      reason: reason, environment: settings.environment)
    transaction.appAccountToken = appAccountToken
    transaction.appTransactionID = Self.appTransactionID(of: account)
    transaction.storefrontCountryCode = settings.storefront
    transaction.storefrontID = Storefront.storefrontID(forCountryCode: settings.storefront)
    transaction.currency = product.currencyCode
    transaction.priceMilliunits = Pricing.milliunits(product.price)
    if product.type == .autoRenewable {
      transaction.webOrderLineItemID = String(id)
    }
    if let offer {
      transaction.offerType = offer.type
      transaction.offerID = offer.id
      transaction.offerPaymentMode = offer.paymentMode
      transaction.offerPeriod = offer.duration.iso8601
      transaction.priceMilliunits = offer.chargedMilliunits
    }
    return transaction
  }

  /// `AppStore.deviceVerificationID` of the device `account` uses: "The device verification
  /// identifier to use to verify whether signed information is valid for the current device"
  /// (its page). On a device it is the app vendor's identifier of the device; here (ours) one
  /// device per account, the same in every state and process: a version 4 UUID from the
  /// account name's hash.
  package nonisolated static func deviceVerificationID(account: String) -> UUID {
    uuid(hashing: "device\u{1F}" + account)
  }

  /// The `deviceVerificationNonce` of a token signed for `account`'s device at `date` (ours:
  /// from their hash, so that a state's tokens are the same in every run; Apple's is random).
  static func deviceVerificationNonce(account: String, at date: Date) -> UUID {
    uuid(hashing: "nonce\u{1F}\(account)\u{1F}\(AppStoreJSON.milliseconds(date))")
  }

  /// A version 4 UUID from two 64-bit FNV-1a hashes of `text` (the second of it reversed).
  private nonisolated static func uuid(hashing text: String) -> UUID {
    LedgerStore.version4UUID(fnv1a(text.utf8), fnv1a(text.utf8.reversed()))
  }

  /// The 64-bit FNV-1a hash of `bytes`.
  private nonisolated static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return hash
  }

  /// The `appTransactionId` of `account`'s copy of the app: Apple's `appTransactionID` page,
  /// "The App Store generates a single, globally unique appTransactionID for each Apple Account
  /// that downloads your app and for each family group member for apps that support Family
  /// Sharing. This value remains the same for the same Apple Account and app if the customer
  /// redownloads the app […], receives a refund, repurchases the app, or changes the
  /// storefront." Here: one per account name, the same in every state and process (an 18-digit
  /// number like Apple's, from the name's 64-bit FNV-1a hash), so a family member's differs
  /// from the purchaser's.
  package static func appTransactionID(of account: String) -> String {
    String(700_000_000_000_000_000 + fnv1a(account.utf8) % 100_000_000_000_000_000)
  }

  /// `preset`, or the next free identifier.
  func allocate(_ preset: UInt64?) throws(LocalAppStoreError) -> UInt64 {
    if let preset { return preset }
    return try ledger.nextIdentifier()
  }
}
