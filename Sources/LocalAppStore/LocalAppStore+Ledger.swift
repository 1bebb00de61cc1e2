import Foundation
import StoreModel

/// The App Store's rules, applied to the ledger inside an operation's SQLite transaction.
extension LocalAppStore {
  static let sixtyDays: TimeInterval = 60 * 86_400

  /// The environment a new state signs: `Xcode`, as StoreKit Testing in Xcode does (real
  /// Xcode-signed tokens say `"environment":"Xcode"`; `AppStore.Environment` has `production`,
  /// `sandbox` and `xcode`). `LocalTesting`, which states written before wrote, is the App Store
  /// Server Library's name and still verifies. A state may sign as `Sandbox` or `Production`
  /// instead (``EmulatorSettings/environment``): one environment for everything it signs.
  static let signedEnvironment = AppStoreEnvironment.xcode

  // MARK: - Time passing

  /// Makes every renewal, expiry and billing-retry step due by `now`, subscription by
  /// subscription, in date order.
  ///
  /// - Throws: `invalidState`, with nothing changed, when a subscription would renew more than
  ///   ``maximumPeriodsPerAdvance`` times to reach `now` (see ``checkCatchUp(_:to:rate:)``).
  func catchUp(to now: Date) throws(LocalAppStoreError) {
    let settings = try currentSettings()
    let records = try ledger.purchasedSubscriptions().filter {
      $0.phase == .active || $0.phase == .billingRetry
    }
    for record in records { try checkCatchUp(record, to: now, rate: settings.timeRate) }
    for var record in records {
      try advance(&record, to: now, settings: settings)
    }
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
    for id in [record.productID, record.autoRenewProductID] {
      guard let period = productsByID[id]?.subscription?.subscriptionPeriod else { continue }
      let limit = rate.end(
        of: period, from: record.expirationDate, count: Self.maximumPeriodsPerAdvance)
      guard now <= limit else {
        throw LocalAppStoreError(
          .invalidState,
          "\(ledger.database.path): subscription \(record.originalID) of \(record.account) "
            + "ended \(record.expirationDate.formatted(.iso8601)), and reaching "
            + "\(now.formatted(.iso8601)) would renew it more than "
            + "\(Self.maximumPeriodsPerAdvance) times at once: the local App Store never falls "
            + "that far behind (reset the state; move a clock in smaller steps)")
      }
    }
  }

  /// Moves one subscription to `now`: renews each period that ended (with the product that
  /// renews next), or expires it (auto-renew off, product gone), or enters billing retry
  /// (and its grace period) when billing issues are on, and ends the retry when the time
  /// rate's billing retry period is over (60 days in real time).
  func advance(_ record: inout SubscriptionRecord, to now: Date, settings: EmulatorSettings)
    throws(LocalAppStoreError)
  {
    while true {
      switch record.phase {
      case .active:
        guard record.expirationDate <= now else { return }
        let renewalDate = record.expirationDate
        guard record.willAutoRenew else {
          record.phase = .expired
          record.expirationReason = .autoRenewDisabled
          try save(record)
          return
        }
        guard let next = productsByID[record.autoRenewProductID], next.subscription != nil else {
          record.phase = .expired
          record.expirationReason = .productUnavailable
          try save(record)
          return
        }
        if try expiresForPriceIncrease(&record) { return }
        if settings.billingIssuesEnabled {
          let period = period(of: record)
          record.phase = .billingRetry
          record.retryEndDate = renewalDate.addingTimeInterval(
            settings.timeRate.billingRetryPeriod(for: period))
          record.gracePeriodEndDate =
            settings.gracePeriodEnabled
            ? renewalDate.addingTimeInterval(settings.timeRate.gracePeriod(for: period)) : nil
          try save(record)
          continue
        }
        try renew(&record, with: next, at: renewalDate, settings: settings)
      case .billingRetry:
        if let end = record.retryEndDate, end <= now {
          record.phase = .expired
          record.expirationReason = .billingError
          record.retryEndDate = nil
          record.gracePeriodEndDate = nil
          try save(record)
        }
        return
      case .expired, .revoked:
        return
      }
    }
  }

  /// Recovers a subscription in billing retry at `now`: within the grace period the renewal
  /// keeps its date (no interruption); after it, the subscription restarts at `now`.
  ///
  /// A subscription whose auto-renew the customer turned off during the retry is not renewed:
  /// resolving the billing issue ends the retry, and it expires now, for the billing error it
  /// lapsed with (our reading: nothing was bought, so nothing renews).
  func recover(_ record: inout SubscriptionRecord, at now: Date, settings: EmulatorSettings)
    throws(LocalAppStoreError)
  {
    guard record.phase == .billingRetry else { return }
    guard record.willAutoRenew else {
      record.phase = .expired
      record.expirationReason = .billingError
      record.retryEndDate = nil
      record.gracePeriodEndDate = nil
      try save(record)
      return
    }
    let product = productsByID[record.autoRenewProductID] ?? productsByID[record.productID]
    guard let product else { return }
    if let grace = record.gracePeriodEndDate, now < grace {
      try renew(&record, with: product, at: record.expirationDate, settings: settings)
      try advance(&record, to: now, settings: settings)
    } else {
      try renew(&record, with: product, at: now, settings: settings)
    }
  }

  /// Adds a renewal transaction that starts at `start`.
  func renew(
    _ record: inout SubscriptionRecord, with product: Product, at start: Date,
    settings: EmulatorSettings
  ) throws(LocalAppStoreError) {
    let product = try renewalPriced(product, for: record)
    var offer: SubscriptionOffer?
    if record.offerPeriodsLeft > 0, product.id == record.productID {
      offer = self.offer(record.offerID, of: product)
      record.offerPeriodsLeft -= 1
    } else {
      record.offerPeriodsLeft = 0
    }
    let expiration = settings.timeRate.end(
      of: product.subscription?.subscriptionPeriod ?? .monthly, from: start)
    let transaction = try makeTransaction(
      product, account: record.account, originalID: record.originalID, purchaseDate: start,
      originalPurchaseDate: record.originalPurchaseDate, expirationDate: expiration,
      reason: .renewal, offer: offer, appAccountToken: record.appAccountToken, settings: settings)
    try insert(transaction, account: record.account, emitUpdate: true)
    try noteRenewalForNextLaunch(transaction, account: record.account, settings: settings)
    record.productID = product.id
    record.expirationDate = expiration
    record.phase = .active
    record.expirationReason = nil
    record.retryEndDate = nil
    record.gracePeriodEndDate = nil
    try save(record)
  }

  // MARK: - Purchases

  /// What a purchase did to the ledger, before its transaction is signed.
  enum Purchase {
    /// A new transaction.
    case made(Transaction)
    /// The current transaction of what the customer already has; `restoredRenewal` when
    /// auto-renew was turned back on or a pending change was cancelled.
    case owned(Transaction, restoredRenewal: Bool)
    /// The current transaction; `productID` renews next, on `date`.
    case scheduled(Transaction, productID: String, date: Date)

    /// The transaction the purchase result carries.
    var transaction: Transaction {
      switch self {
      case .made(let transaction), .owned(let transaction, _), .scheduled(let transaction, _, _):
        transaction
      }
    }
  }

  /// Buys `product` for `account` at `now`: a new transaction, or (as StoreKit hands back what
  /// the customer already has) an existing one.
  func executePurchase(
    _ product: Product, account: String, options: Set<PurchaseOption>, now: Date,
    identifier: UInt64?, settings: EmulatorSettings
  ) throws(LocalAppStoreError) -> Result<Purchase, StoreBackendError> {
    let product = try currentlyPriced(product)
    try ledger.ensureAccount(account)
    var token: UUID?
    var quantity = 1
    var promotionalOfferID: String?
    for option in options {
      switch option {
      case .appAccountToken(let value): token = value
      case .quantity(let value): quantity = value
      case .promotionalOffer(let id): promotionalOfferID = id
      }
    }
    guard quantity >= 1, quantity == 1 || product.type == .consumable else {
      return .failure(.purchaseNotAllowed("invalid quantity \(quantity) for \(product.id)"))
    }
    if product.type == .autoRenewable {
      return try purchaseSubscription(
        product, account: account, token: token, promotionalOfferID: promotionalOfferID,
        now: now, identifier: identifier, settings: settings)
    }
    if product.type == .nonConsumable,
      let owned = try ledger.transactions(of: account).last(where: {
        $0.transaction.productID == product.id && $0.transaction.revocationDate == nil
      })
    {
      return .success(.owned(owned.transaction, restoredRenewal: false))
    }
    let id = try allocate(identifier)
    var transaction = try makeTransaction(
      product, account: account, originalID: id, purchaseDate: now, originalPurchaseDate: now,
      expirationDate: nil, reason: .purchase, offer: nil, appAccountToken: token,
      settings: settings, id: id)
    transaction.purchasedQuantity = quantity
    try insert(transaction, account: account, emitUpdate: false)
    return .success(.made(transaction))
  }

  private func purchaseSubscription(
    _ product: Product, account: String, token: UUID?, promotionalOfferID: String?, now: Date,
    identifier: UInt64?, settings: EmulatorSettings
  ) throws(LocalAppStoreError) -> Result<Purchase, StoreBackendError> {
    guard let info = product.subscription else {
      return .failure(.productUnavailable("\(product.id) has no subscription details"))
    }
    var offer: SubscriptionOffer?
    if let promotionalOfferID {
      guard let promotional = info.promotionalOffers.first(where: { $0.id == promotionalOfferID })
      else {
        return .failure(
          .ineligibleForOffer("\(product.id) has no promotional offer \(promotionalOfferID)"))
      }
      offer = promotional
    }
    let existing = try ledger.subscriptions(of: account).first {
      $0.groupID == info.subscriptionGroupID && $0.sourceOriginalID == nil
    }
    if var record = existing, record.phase == .active || record.phase == .billingRetry {
      return .success(try change(&record, to: product, at: now, offer: offer, settings: settings))
    }
    if offer == nil, let intro = info.introductoryOffer,
      try isEligibleForIntroOffer(account: account, group: info.subscriptionGroupID)
    {
      offer = intro
    }
    let id = try allocate(identifier)
    let (expiration, periodsLeft) = firstPeriod(of: product, offer: offer, from: now, settings)
    var record =
      existing
      ?? SubscriptionRecord(
        originalID: id, account: account, groupID: info.subscriptionGroupID,
        productID: product.id, autoRenewProductID: product.id, willAutoRenew: true,
        phase: .active, expirationDate: expiration, recentStartDate: now,
        originalPurchaseDate: now, offerPeriodsLeft: 0)
    if existing != nil,
      record.phase == .revoked || now.timeIntervalSince(record.expirationDate) >= Self.sixtyDays
    {
      record.recentStartDate = now
    }
    let transaction = try makeTransaction(
      product, account: account, originalID: record.originalID, purchaseDate: now,
      originalPurchaseDate: record.originalPurchaseDate, expirationDate: expiration,
      reason: .purchase, offer: offer, appAccountToken: token, settings: settings, id: id)
    try insert(transaction, account: account, emitUpdate: false)
    record.productID = product.id
    record.autoRenewProductID = product.id
    record.willAutoRenew = true
    record.phase = .active
    record.expirationDate = expiration
    record.expirationReason = nil
    record.retryEndDate = nil
    record.gracePeriodEndDate = nil
    record.appAccountToken = token
    record.offerPeriodsLeft = periodsLeft
    record.offerID = offer?.id
    try save(record)
    return .success(.made(transaction))
  }

  /// A purchase in a group where the customer is subscribed: StoreKit hands back the current
  /// transaction for the same product (turning auto-renew back on), upgrades or crossgrades
  /// to a product of the same duration at once, and defers a downgrade or a crossgrade to
  /// another duration to the next renewal.
  private func change(
    _ record: inout SubscriptionRecord, to product: Product, at now: Date,
    offer: SubscriptionOffer?, settings: EmulatorSettings
  ) throws(LocalAppStoreError) -> Purchase {
    guard let latest = try latestTransaction(of: record) else {
      throw LocalAppStoreError(
        .invalidState, "subscription \(record.originalID) has no transaction")
    }
    let current = productsByID[record.productID]?.subscription
    let target = product.subscription
    if product.id == record.productID {
      let restored = !record.willAutoRenew || record.autoRenewProductID != product.id
      record.willAutoRenew = true
      record.autoRenewProductID = product.id
      try save(record)
      return .owned(latest, restoredRenewal: restored)
    }
    let currentLevel = current?.groupLevel ?? Int.max
    let targetLevel = target?.groupLevel ?? Int.max
    let immediate =
      targetLevel < currentLevel
      || (targetLevel == currentLevel && target?.subscriptionPeriod == current?.subscriptionPeriod)
    guard immediate else {
      record.willAutoRenew = true
      record.autoRenewProductID = product.id
      try save(record)
      return .scheduled(latest, productID: product.id, date: max(record.expirationDate, now))
    }
    var upgraded = latest
    upgraded.isUpgraded = true
    try update(upgraded) { $0.isUpgraded = true }
    let (expiration, periodsLeft) = firstPeriod(of: product, offer: offer, from: now, settings)
    let transaction = try makeTransaction(
      product, account: record.account, originalID: record.originalID, purchaseDate: now,
      originalPurchaseDate: record.originalPurchaseDate, expirationDate: expiration,
      reason: .purchase, offer: offer, appAccountToken: record.appAccountToken,
      settings: settings)
    try insert(transaction, account: record.account, emitUpdate: false)
    record.productID = product.id
    record.autoRenewProductID = product.id
    record.willAutoRenew = true
    record.phase = .active
    record.expirationDate = expiration
    record.retryEndDate = nil
    record.gracePeriodEndDate = nil
    record.offerPeriodsLeft = periodsLeft
    record.offerID = offer?.id
    try save(record)
    return .made(transaction)
  }

  /// The end of a new subscription's first period, and how many more periods bill at the
  /// offer's price.
  private func firstPeriod(
    of product: Product, offer: SubscriptionOffer?, from start: Date,
    _ settings: EmulatorSettings
  ) -> (Date, Int) {
    let period = product.subscription?.subscriptionPeriod ?? .monthly
    guard let offer else { return (settings.timeRate.end(of: period, from: start), 0) }
    switch offer.paymentMode {
    case .payAsYouGo:
      return (settings.timeRate.end(of: period, from: start), max(0, offer.periodCount - 1))
    default:
      return (settings.timeRate.end(of: offer.period, from: start, count: offer.periodCount), 0)
    }
  }

  /// Whether `account` may still use an introductory offer in `group`.
  ///
  /// Apple's two accounts differ. Its article on introductory offers makes eligible a customer
  /// who has not "previously received an introductory offer" in the group; Apple staff on
  /// developer forum thread 758078 say only customers who never subscribed to the group are.
  /// By default the store follows the staff's answer (the stricter: a paywall that shows a
  /// trial to a returning subscriber fails here as it may on a device); the switch
  /// ``EmulatorSwitch/introOfferAfterLapse`` follows the article. Family-shared copies count
  /// for neither.
  func isEligibleForIntroOffer(account: String, group: String) throws(LocalAppStoreError) -> Bool {
    let articleRule = try currentSettings()[.introOfferAfterLapse]
    return try !ledger.transactions(of: account).contains {
      $0.transaction.subscriptionGroupID == group && $0.sourceID == nil
        && (!articleRule || $0.transaction.offerType == .introductory)
    }
  }

  private func offer(_ id: String?, of product: Product) -> SubscriptionOffer? {
    guard let id else { return product.subscription?.introductoryOffer }
    return product.subscription?.promotionalOffers.first { $0.id == id }
  }

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
    transaction.storefrontCountryCode = settings.storefront
    transaction.storefrontID = Self.storefrontIDs[settings.storefront]
    transaction.currency = product.currencyCode
    transaction.priceMilliunits = Self.milliunits(product.price)
    if product.type == .autoRenewable {
      transaction.webOrderLineItemID = String(id)
    }
    if let offer {
      transaction.offerType = offer.type
      transaction.offerID = offer.id
      transaction.offerPaymentMode = offer.paymentMode
      let total = SubscriptionPeriod(
        value: offer.period.value * max(1, offer.periodCount), unit: offer.period.unit)
      transaction.offerPeriod = total.iso8601
      transaction.priceMilliunits =
        switch offer.paymentMode {
        case .freeTrial: 0
        case .payUpFront: Self.milliunits(offer.price)
        default: Self.milliunits(offer.price)
        }
    }
    return transaction
  }

  /// `preset`, or the next free identifier.
  func allocate(_ preset: UInt64?) throws(LocalAppStoreError) -> UInt64 {
    if let preset { return preset }
    return try ledger.nextIdentifier()
  }

  static func milliunits(_ amount: Decimal) -> Int64 {
    var value = amount * 1000
    var rounded = Decimal()
    NSDecimalRound(&rounded, &value, 0, .plain)
    return NSDecimalNumber(decimal: rounded).int64Value
  }

  /// App Store storefront identifiers of a few storefronts (`storefrontId`).
  static let storefrontIDs: [String: String] = [
    "USA": "143441", "GBR": "143444", "DEU": "143443", "FRA": "143442", "JPN": "143462",
    "CAN": "143455", "AUS": "143460", "ESP": "143454", "ITA": "143450", "NLD": "143452",
  ]

  // MARK: - Writing, with Family Sharing

  /// Records a new transaction; the purchaser's shareable non-subscription purchases are
  /// copied to every family member who shares.
  func insert(_ transaction: Transaction, account: String, emitUpdate: Bool)
    throws(LocalAppStoreError)
  {
    try ledger.insert(
      StoredTransaction(
        transaction: transaction, account: account, revision: 0, finished: false, sourceID: nil))
    if emitUpdate {
      try ledger.appendUpdate(account: account, transactionID: transaction.id, revision: 0)
    }
    guard account == Self.purchaser, transaction.productType != .autoRenewable,
      productsByID[transaction.productID]?.isFamilyShareable == true
    else { return }
    for member in try ledger.sharingMembers() where member != account {
      try share(transaction, with: member, originalID: nil)
    }
  }

  /// Gives `member` a family-shared copy of `transaction`, delivered through their updates.
  @discardableResult
  func share(_ transaction: Transaction, with member: String, originalID: UInt64?)
    throws(LocalAppStoreError) -> Transaction
  {
    let id = try ledger.nextIdentifier()
    var copy = transaction
    copy.id = id
    copy.originalID = originalID ?? id
    copy.ownershipType = .familyShared
    copy.appAccountToken = nil
    copy.webOrderLineItemID = transaction.webOrderLineItemID.map { _ in String(id) }
    try ledger.insert(
      StoredTransaction(
        transaction: copy, account: member, revision: 0, finished: false,
        sourceID: transaction.id))
    try ledger.appendUpdate(account: member, transactionID: id, revision: 0)
    return copy
  }

  /// Saves a subscription; a purchaser's shareable subscription is mirrored to every family
  /// member who shares, with a copy of its latest transaction.
  func save(_ record: SubscriptionRecord) throws(LocalAppStoreError) {
    try ledger.save(record)
    guard record.sourceOriginalID == nil, record.account == Self.purchaser,
      productsByID[record.productID]?.isFamilyShareable == true
    else { return }
    for member in try ledger.sharingMembers() where member != record.account {
      try mirror(record, to: member)
    }
  }

  /// Brings `member`'s copy of a purchaser's subscription up to date.
  func mirror(_ record: SubscriptionRecord, to member: String) throws(LocalAppStoreError) {
    let existing = try ledger.mirrors(of: record.originalID).first { $0.account == member }
    var memberOriginalID = existing?.originalID
    var originalPurchaseDate = existing?.originalPurchaseDate
    if record.phase == .active || record.phase == .billingRetry,
      let latest = try latestTransaction(of: record), latest.revocationDate == nil,
      try !ledger.copies(of: latest.id).contains(where: {
        $0.account == member && $0.transaction.revocationDate == nil
      })
    {
      let copy = try share(latest, with: member, originalID: memberOriginalID)
      memberOriginalID = copy.originalID
      originalPurchaseDate = originalPurchaseDate ?? copy.purchaseDate
    }
    guard let memberOriginalID else { return }
    var mirror = record
    mirror.originalID = memberOriginalID
    mirror.account = member
    mirror.sourceOriginalID = record.originalID
    mirror.appAccountToken = nil
    mirror.originalPurchaseDate = originalPurchaseDate ?? record.originalPurchaseDate
    try ledger.save(mirror)
  }

  /// Rewrites a changed transaction, emits the change, and applies it to family copies.
  func update(_ transaction: Transaction, copies change: (inout Transaction) -> Void)
    throws(LocalAppStoreError)
  {
    let revision = try ledger.update(transaction)
    guard let stored = try ledger.transaction(transaction.id) else { return }
    try ledger.appendUpdate(
      account: stored.account, transactionID: transaction.id, revision: revision)
    for copy in try ledger.copies(of: transaction.id) where copy.transaction.revocationDate == nil {
      var changed = copy.transaction
      change(&changed)
      let copyRevision = try ledger.update(changed)
      try ledger.appendUpdate(
        account: copy.account, transactionID: changed.id, revision: copyRevision)
    }
  }

  /// The latest transaction of a subscription.
  ///
  /// Only that row is read and decoded: a renewal of a shared subscription asks for it once
  /// per family member, so reading the whole history made catching up quadratic.
  func latestTransaction(of record: SubscriptionRecord) throws(LocalAppStoreError)
    -> Transaction?
  {
    try ledger.transactions(
      where: "id = (SELECT MAX(id) FROM transactions WHERE account = ? AND original_id = ?)",
      [.text(record.account), .integer(Int64(bitPattern: record.originalID))]
    ).last?.transaction
  }

  func period(of record: SubscriptionRecord) -> SubscriptionPeriod {
    productsByID[record.productID]?.subscription?.subscriptionPeriod ?? .monthly
  }

  // MARK: - What the engine decides from

  /// `account`'s transactions and the renewal info of each of its subscriptions at `now`.
  /// `account`'s purchases at `now`, as this device knows them (without other devices'
  /// purchases it has not synced), or as the App Store knows them when `includingUnsynced`.
  func purchaseLedger(account: String, now: Date, includingUnsynced: Bool = false)
    throws(LocalAppStoreError) -> PurchaseLedger
  {
    let stored =
      includingUnsynced ? try ledger.transactions(of: account) : try deviceTransactions(of: account)
    let known = Set(stored.map(\.transaction.originalID))
    let infos = try ledger.subscriptions(of: account).filter { known.contains($0.originalID) }.map {
      renewalInfo(of: $0, now: now)
    }
    return PurchaseLedger(transactions: stored.map(\.transaction), renewalInfos: infos)
  }

  /// Why the subscription expired: in billing retry (its grace period included) the renewal
  /// already failed, and Apple sets `expirationReason` to `billingError` beside
  /// `isInBillingRetry` (the RenewalInfo `isInBillingRetry` page's table: billing retry and
  /// grace period both carry `billingError`); once expired, the reason recorded then.
  func expirationReason(of record: SubscriptionRecord) -> ExpirationReason? {
    switch record.phase {
    case .billingRetry: .billingError
    case .expired: record.expirationReason
    case .active, .revoked: nil
    }
  }

  /// The renewal info of a subscription, as the App Store would sign it at `now`.
  func renewalInfo(of record: SubscriptionRecord, now: Date) -> RenewalInfo {
    let live = record.phase == .active || record.phase == .billingRetry
    var info = RenewalInfo(
      originalTransactionID: record.originalID, currentProductID: record.productID,
      willAutoRenew: live && record.willAutoRenew, signedDate: now,
      autoRenewPreference: record.autoRenewProductID,
      expirationReason: expirationReason(of: record),
      isInBillingRetry: record.phase == .billingRetry,
      gracePeriodExpirationDate: record.phase == .billingRetry ? record.gracePeriodEndDate : nil,
      renewalDate: record.expirationDate,
      recentSubscriptionStartDate: record.recentStartDate, environment: signingEnvironment)
    let next = productsByID[record.autoRenewProductID]
    info.currency = next?.currencyCode
    info.renewalPriceMilliunits = next.map { Self.milliunits($0.price) }
    if let increase = priceIncrease(of: record) {
      info.priceIncreaseStatus = increase.agreed == true ? .agreed : .noIncreasePending
      info.renewalPriceMilliunits = increase.priceMilliunits
    }
    info.appAccountToken = record.appAccountToken
    return info
  }
}
