import AppStoreJWS
import Foundation
public import StoreModel

extension LocalAppStore {
  // MARK: - StoreBackend, for this store's account

  /// The catalog's products named by `ids`, in catalog order: StoreKit's
  /// `Product.products(for:)`. Unknown identifiers are left out, as StoreKit does.
  ///
  /// - Throws: `systemError` with an armed `load-products` fault, `networkError` with `network`.
  public func products(for ids: [String]) async throws(StoreBackendError) -> [Product] {
    try await products(for: ids, account: account)
  }

  /// Buys `product`: StoreKit's `Product.purchase(options:)`.
  ///
  /// Returns `.pending` with Ask to Buy on, `.userCancelled` with a `user-cancel` fault, and
  /// `.success` with the transaction otherwise. With ``DeviceTiming`` on, a new transaction is
  /// missed by the next reads of `currentEntitlements` in this launch, as on a device.
  ///
  /// A second purchase of what the customer already has (the same active subscription, an
  /// owned non-consumable) is not charged again and makes no transaction: as StoreKit 2 does,
  /// it returns `.success` with the current transaction (and turns auto-renew back on if it was
  /// off). An upgrade takes effect at once with a new transaction; a downgrade, or a crossgrade
  /// to another duration, also returns `.success` with the current transaction and only changes
  /// the renewal preference. `purchaseWithOutcome(_:options:account:)` tells these apart.
  /// - Throws: `productUnavailable` for a product not in the catalog, `systemError` with a
  ///   `purchase` fault or when the store cannot sign at its time (nothing is recorded),
  ///   `networkError` with `network`.
  public func purchase(_ product: Product, options: Set<PurchaseOption>)
    async throws(StoreBackendError) -> PurchaseResult
  {
    await gates.pass(.purchase)
    return try purchaseWithOutcome(product, options: options, account: account, byApp: true)
      .purchaseResult
  }

  /// The account's current entitlements: StoreKit's `Transaction.currentEntitlements`, as the
  /// entitlement engine decides them, each signed and verified.
  public func currentEntitlements() async -> [VerificationResult<Transaction>] {
    await currentEntitlements(account: account)
  }

  /// A new stream of the account's transaction updates: StoreKit's `Transaction.updates`.
  ///
  /// The launch's first stream of the account first receives the account's unfinished
  /// transactions (with ``DeviceTiming/polite``, every new stream does), then every renewal,
  /// revocation, upgrade, approved Ask to Buy and family-shared transaction as it happens. Each
  /// revision of a transaction reaches a subscriber at most once; the stream ends when its task
  /// is cancelled or the store goes away.
  public nonisolated func transactionUpdates() -> AsyncStream<VerificationResult<Transaction>> {
    transactionUpdates(account: account)
  }

  /// The account's unfinished transactions: StoreKit's `Transaction.unfinished`.
  public func unfinishedTransactions() async -> [VerificationResult<Transaction>] {
    await unfinishedTransactions(account: account)
  }

  /// Marks a transaction finished: StoreKit's `Transaction.finish()`.
  public func finish(_ transaction: Transaction) async {
    QuietFailure.answer("finish", else: ()) { () throws(LocalAppStoreError) in
      try operation { (_: Date) throws(LocalAppStoreError) in
        try ledger.setFinished(transaction.id)
      }
    }
  }

  /// Synchronizes with the App Store: StoreKit's `AppStore.sync()`. Catches up with the clock,
  /// and brings the purchases made on the customer's other devices to this one (through
  /// `Transaction.updates`).
  /// - Throws: `networkError` with an armed `network` fault, `systemError` with `sync`.
  public func sync() async throws(StoreBackendError) {
    try sync(account: account)
  }

  func sync(account: String) throws(StoreBackendError) {
    try backendOperation {
      (_: Date) throws(LocalAppStoreError) -> Result<Void, StoreBackendError> in
      if let error = try controls.failure(of: .appStoreSync) { return .failure(error) }
      try device.sync(account: account, in: ledger)
      return .success(())
    }
  }

  /// The statuses of a subscription group for the account: StoreKit's
  /// `Product.SubscriptionInfo.status(for:)`, as the entitlement engine decides them.
  /// - Throws: `networkError` with an armed `network` fault, `systemError` with
  ///   `subscription-status`.
  public func subscriptionStatuses(forGroup groupID: String) async throws(StoreBackendError)
    -> [SubscriptionStatus]
  {
    try subscriptionStatuses(forGroup: groupID, account: account)
  }

  /// Every transaction of the account, oldest first, signed: StoreKit's `Transaction.all`.
  public func allTransactions() async -> [VerificationResult<Transaction>] {
    allTransactions(account: account)
  }

  /// Whether the store's account may get an introductory offer in `groupID`: StoreKit's
  /// `Product.SubscriptionInfo.isEligibleForIntroOffer(for:)`: a customer who never subscribed
  /// to the group, or (with ``EmulatorSwitch/introOfferAfterLapse``) who never received an
  /// introductory offer in it; `false` when the state cannot be read.
  public func isEligibleForIntroOffer(for groupID: String) async -> Bool {
    isEligibleForIntroOffer(for: groupID, account: account)
  }

  /// Whether `account` may use an introductory offer in `groupID`; a state the store cannot
  /// read answers `false`, as a quiet failure (``QuietFailure``).
  func isEligibleForIntroOffer(for groupID: String, account: String) -> Bool {
    QuietFailure.answer("isEligibleForIntroOffer", else: false) { () throws(LocalAppStoreError) in
      try isEligibleForIntroOffer(group: groupID, account: account)
    }
  }

  /// The account's app transaction, signed: StoreKit's `AppTransaction.shared`.
  public func appTransaction() async throws(StoreBackendError)
    -> VerificationResult<AppTransaction>
  {
    try appTransaction(account: account)
  }

  // MARK: - The same, for any account

  func products(for ids: [String], account: String) async throws(StoreBackendError) -> [Product] {
    await gates.pass(.products)
    return try backendOperation {
      (_: Date) throws(LocalAppStoreError) -> Result<[Product], StoreBackendError> in
      let settings = try currentSettings()
      guard device.productsRead(settings: settings) else { return .success([]) }
      if let error = try controls.failure(of: .loadProducts) { return .failure(error) }
      let wanted = Set(ids)
      var products: [Product] = []
      for product in catalog where wanted.contains(product.id) {
        products.append(try pricing.currentlyPriced(product, in: settings))
      }
      return .success(products)
    }
  }

  /// Buys `product` for `account` (the store's account when `nil`), as
  /// ``purchase(_:options:)`` does, and tells what the purchase did: a new transaction, what
  /// the customer already had (nothing charged), a change at the next renewal, or a pending
  /// Ask to Buy request.
  ///
  /// The purchase and the signing of its transaction are one SQLite transaction: when the
  /// store's own signature does not verify, it throws and nothing is recorded.
  /// - Throws: As ``purchase(_:options:)``.
  package func purchaseWithOutcome(
    _ product: Product, options: Set<PurchaseOption> = [], account: String? = nil
  ) throws(StoreBackendError) -> PurchaseOutcome {
    try purchaseWithOutcome(product, options: options, account: account, byApp: false)
  }

  /// Buys `product`; `byApp` for a purchase the app made through the port, whose new
  /// transaction lags in this launch's listing (``DeviceTiming``). A purchase made by the App
  /// Store itself — `sportstime-store buy`, another device — does not.
  func purchaseWithOutcome(
    _ product: Product, options: Set<PurchaseOption>, account: String?, byApp: Bool
  ) throws(StoreBackendError) -> PurchaseOutcome {
    let account = account ?? self.account
    return try backendOperation {
      (now: Date) throws(LocalAppStoreError) -> Result<PurchaseOutcome, StoreBackendError> in
      let failed = try controls.purchaseFailure()
      let failure = failed?.error
      // A network failure is a request that never reached the App Store: nothing is spent.
      if case .networkError? = failure { return .failure(failure ?? .unknown) }
      guard let product = productsByID[product.id] else {
        return .failure(.productUnavailable("no product \(product.id) in the catalog"))
      }
      let settings = try currentSettings()
      let checked = try offers.terms(
        options, for: product, account: account, now: now, settings: settings)
      // Every buy request that reaches the App Store spends its signatures, whatever it comes
      // to: "each payload, signature, and nonce is only valid for one buy request, even if the
      // buy fails" (Apple, "Generating a signature for promotional offers",
      // https://developer.apple.com/documentation/storekit/generating-a-signature-for-promotional-offers);
      // the JWS form's `nonce` is "A one-time-use UUID". Refused, ineligible, cancelled on the
      // sheet or failed: spent, and committed with the operation, whose failures are values.
      try offers.spend(checked.nonces, now: now)
      // The customer dismissed the sheet: the `.userCancelled` result; any other failure, a
      // simulated `userCancelled` included, is thrown (``Controls/purchaseFailure()``).
      switch failed {
      case (_, true)?: return .success(.userCancelled)
      case (let error, false)?: return .failure(error)
      case nil: break
      }
      let terms: PurchaseTerms
      switch checked.result {
      case .failure(let error): return .failure(error)
      case .success(let accepted): terms = accepted
      }
      if settings.askToBuyEnabled || settings[.interruptedPurchases] {
        try ledger.ensureAccount(account)
        let request = AskToBuyRequest(
          id: try ledger.nextIdentifier(), account: account, productID: product.id,
          requestDate: now, status: .pending)
        try ledger.insert(request, options: terms.encoded)
        if !settings.askToBuyEnabled { try controls.markInterrupted(request.id) }
        return .success(.pending(requestID: request.id))
      }
      let outcome = try executePurchase(
        product, account: account, terms: terms, now: now, identifier: nil,
        settings: settings)
      switch outcome {
      case .success(let purchase):
        let signed = try signedPurchase(purchase.transaction, now: now)
        switch purchase {
        case .made:
          if byApp {
            device.noteListingLag(of: purchase.transaction, account: account, settings: settings)
          }
          return .success(.purchased(signed))
        case .owned(_, let restored):
          return .success(.alreadyOwned(signed, restoredRenewal: restored))
        case .scheduled(_, let productID, let date):
          return .success(.scheduledChange(signed, productID: productID, date: date))
        }
      case .failure(let error): return .failure(error)
      }
    }
  }

  func currentEntitlements(account: String) async -> [VerificationResult<Transaction>] {
    await gates.pass(.currentEntitlements)
    return QuietFailure.answer("currentEntitlements", else: []) { () throws(LocalAppStoreError) in
      try operation { (now: Date) throws(LocalAppStoreError) in
        guard
          let missed = try device.listingRead(
            account: account, settings: try currentSettings(), in: ledger)
        else { return [] }
        var ledger = try purchaseLedger(account: account, now: now)
        ledger.transactions.removeAll { missed.contains($0.id) }
        var results: [VerificationResult<Transaction>] = []
        for transaction in device.engine.currentEntitlements(in: ledger, at: now) {
          results.append(try signed(transaction, now: now))
        }
        return results
      }
    }
  }

  nonisolated func transactionUpdates(account: String) -> AsyncStream<
    VerificationResult<Transaction>
  > {
    let (id, stream) = hub.subscribe(account: account)
    device.listenerSubscribed(id, account: account)
    Task { await self.handOverUnfinished() }
    return stream
  }

  /// Hands the unfinished transactions to the listeners that subscribed since the last
  /// operation: called first by every operation (and by a task of each new listener), so that
  /// what a listener gets is what was unfinished before the store's next operation after it
  /// subscribed.
  func handOverUnfinished() {
    for handover in device.takeHandovers() {
      deliverUnfinished(
        account: handover.account, to: handover.subscriber,
        firstListener: handover.isFirstListener)
    }
  }

  private func deliverUnfinished(account: String, to subscriber: UUID, firstListener: Bool) {
    let none: [(VerificationResult<Transaction>, UpdateHub.Key)] = []
    let items = QuietFailure.answer("Transaction.updates", else: none) {
      () throws(LocalAppStoreError) in
      try operation { (now: Date) throws(LocalAppStoreError) in
        var items: [(VerificationResult<Transaction>, UpdateHub.Key)] = []
        guard
          device.handsOverUnfinished(firstListener: firstListener, settings: try currentSettings())
        else { return items }
        for stored in try device.transactions(of: account, in: ledger) where !stored.finished {
          let key = UpdateHub.Key(transactionID: stored.transaction.id, revision: stored.revision)
          items.append((try signed(stored.transaction, now: now), key))
        }
        return items
      }
    }
    gates.deliver(items.map { ($0.0, $0.1, account, subscriber) }, through: hub)
  }

  func unfinishedTransactions(account: String) async -> [VerificationResult<Transaction>] {
    device.unfinishedRead(account: account)
    return QuietFailure.answer("Transaction.unfinished", else: []) {
      () throws(LocalAppStoreError) in
      try operation { (now: Date) throws(LocalAppStoreError) in
        var results: [VerificationResult<Transaction>] = []
        for stored in try device.transactions(of: account, in: ledger) where !stored.finished {
          results.append(try signed(stored.transaction, now: now))
        }
        return results
      }
    }
  }

  /// `AppTransaction.shared` for `account`: its `appTransactionId` (``appTransactionID(of:)``,
  /// the one its transactions carry), the store's bundle identifier, app version `1.0`
  /// (ours: the emulator has no app binary), and the date the account first asked for it as
  /// its `originalPurchaseDate` (kept in the state: the App Store keeps the first download's).
  /// The app's Apple ID in Production only ("absent outside Production").
  ///
  /// For the device (`forDevice`), it carries `deviceVerificationNonce` and
  /// `deviceVerification` for ``deviceVerificationID(account:)`` (``DeviceVerification``), so
  /// that an app's own device check runs here; the Server API's copy has neither (they are
  /// the device's).
  func appTransaction(account: String, forDevice: Bool = true) throws(StoreBackendError)
    -> VerificationResult<AppTransaction>
  {
    try backendOperation {
      (now: Date) throws(LocalAppStoreError) -> Result<
        VerificationResult<AppTransaction>, StoreBackendError
      > in
      if let error = try controls.failure(of: .appTransaction) { return .failure(error) }
      let settings = try currentSettings()
      var downloads = try ledger.read(.appDownloads)
      let first = downloads[account] ?? now
      if downloads[account] == nil, !ledger.isReadOnly {
        downloads[account] = now
        try ledger.write(downloads, to: .appDownloads)
      }
      var app = AppTransaction(
        environment: settings.environment, bundleID: settings.bundleID, appVersion: "1.0",
        originalAppVersion: "1.0", originalPurchaseDate: first, signedDate: now,
        appID: settings.environment == .production ? settings.appAppleID : nil,
        appTransactionID: Self.appTransactionID(of: account), originalPlatform: .iOS)
      if forDevice {
        let nonce = Self.deviceVerificationNonce(account: account, at: now)
        app.deviceVerificationNonce = nonce
        app.deviceVerification = DeviceVerification.value(
          nonce: nonce, deviceID: Self.deviceVerificationID(account: account)
        ).base64EncodedString()
      }
      return .success(try signed(app))
    }
  }

  /// `Transaction.all`: the account's history on the device, without finished consumables
  /// unless refunded or revoked ("The transaction history includes […] Unfinished consumables;
  /// Finished consumables that are refunded or revoked", Apple's `Transaction.all` page) —
  /// unless ``EmulatorSwitch/consumableHistory`` stands for the app's
  /// `SKIncludeConsumableInAppPurchaseHistory` key.
  func allTransactions(account: String) -> [VerificationResult<Transaction>] {
    QuietFailure.answer("Transaction.all", else: []) { () throws(LocalAppStoreError) in
      try operation { (now: Date) throws(LocalAppStoreError) in
        let keepsConsumables = try currentSettings()[.consumableHistory]
        var results: [VerificationResult<Transaction>] = []
        for stored in try device.transactions(of: account, in: ledger)
        where keepsConsumables || stored.transaction.productType != .consumable
          || !stored.finished || stored.transaction.revocationDate != nil
        {
          results.append(try signed(stored.transaction, now: now))
        }
        return results
      }
    }
  }

  func subscriptionStatuses(forGroup groupID: String, account: String) throws(StoreBackendError)
    -> [SubscriptionStatus]
  {
    try backendOperation {
      (now: Date) throws(LocalAppStoreError) -> Result<[SubscriptionStatus], StoreBackendError> in
      if let error = try controls.failure(of: .subscriptionStatus) { return .failure(error) }
      let ledger = try purchaseLedger(account: account, now: now)
      var statuses: [SubscriptionStatus] = []
      for status in device.engine.statuses(ofGroup: groupID, in: ledger, at: now) {
        let info =
          status.renewalInfo
          ?? ledger.renewalInfos.first {
            $0.originalTransactionID == status.transaction.originalID
          }
          ?? RenewalInfo(
            originalTransactionID: status.transaction.originalID,
            currentProductID: status.transaction.productID, willAutoRenew: false,
            signedDate: now)
        statuses.append(
          SubscriptionStatus(
            state: status.state, transaction: try signed(status.transaction, now: now),
            renewalInfo: try signed(info)))
      }
      return .success(statuses)
    }
  }
}
