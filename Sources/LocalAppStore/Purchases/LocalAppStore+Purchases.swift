import Foundation
import StoreModel

/// Purchases, as the App Store makes them inside an operation's SQLite transaction: one-time
/// products, new subscriptions, upgrades, downgrades and crossgrades, with their transactions.
extension LocalAppStore {
  static let sixtyDays: TimeInterval = 60 * 86_400

  /// The environment a new state signs: `Xcode`, as StoreKit Testing in Xcode does (real
  /// Xcode-signed tokens say `"environment":"Xcode"`; `AppStore.Environment` has `production`,
  /// `sandbox` and `xcode`). `LocalTesting`, which states written before wrote, is the App Store
  /// Server Library's name and still verifies. A state may sign as `Sandbox` or `Production`
  /// instead (``EmulatorSettings/environment``): one environment for everything it signs.
  static let signedEnvironment = AppStoreEnvironment.xcode

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
    record.purchase(product.id, until: expiration, offer: offer, periodsLeft: periodsLeft)
    record.appAccountToken = token
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
    record.purchase(product.id, until: expiration, offer: offer, periodsLeft: periodsLeft)
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
  /// https://developer.apple.com/forums/thread/758078 say only customers who never subscribed to
  /// the group are.
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

  func offer(_ id: String?, of product: Product) -> SubscriptionOffer? {
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
}
