import Foundation
import StoreModel

/// Purchases, as the App Store makes them inside an operation's SQLite transaction: one-time
/// products, new subscriptions, upgrades, downgrades and crossgrades, with their transactions.
extension LocalAppStore {

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
    _ product: Product, account: String, terms: PurchaseTerms, now: Date,
    identifier: UInt64?, settings: EmulatorSettings
  ) throws(LocalAppStoreError) -> Result<Purchase, StoreBackendError> {
    let product = try pricing.currentlyPriced(product, in: settings)
    try ledger.ensureAccount(account)
    let token = terms.appAccountToken
    let quantity = terms.quantity
    guard quantity >= 1, quantity == 1 || product.type == .consumable else {
      return .failure(.purchaseNotAllowed("invalid quantity \(quantity) for \(product.id)"))
    }
    if product.type == .autoRenewable {
      return try purchaseSubscription(
        product, account: account, terms: terms, now: now, identifier: identifier,
        settings: settings)
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
    try recorder.insert(transaction, account: account, emitUpdate: false)
    return .success(.made(transaction))
  }

  private func purchaseSubscription(
    _ product: Product, account: String, terms: PurchaseTerms, now: Date,
    identifier: UInt64?, settings: EmulatorSettings
  ) throws(LocalAppStoreError) -> Result<Purchase, StoreBackendError> {
    guard let info = product.subscription else {
      return .failure(.productUnavailable("\(product.id) has no subscription details"))
    }
    let token = terms.appAccountToken
    var offer: SubscriptionOffer?
    switch terms.offer {
    case .promotional(let id)?:
      guard let promotional = info.promotionalOffers.first(where: { $0.id == id }) else {
        return .failure(.invalidOfferIdentifier("\(product.id) has no promotional offer \(id)"))
      }
      offer = promotional
    case .winBack(let id)?:
      guard let winBack = info.winBackOffers.first(where: { $0.id == id }) else {
        return .failure(.invalidOfferIdentifier("\(product.id) has no win-back offer \(id)"))
      }
      offer = winBack
    case .code(let name)?:
      guard let code = codeOffers[product.id]?.first(where: { $0.referenceName == name }) else {
        return .failure(.invalidOfferIdentifier("\(product.id) has no offer code \(name)"))
      }
      offer = code.offer
    case nil: break
    }
    let existing = try ledger.subscriptions(of: account).first {
      $0.groupID == info.subscriptionGroupID && $0.sourceOriginalID == nil
    }
    let context = machineContext(settings)
    if let record = existing, SubscriptionMachine.isLive(record) {
      guard let latest = try latestTransaction(of: record) else {
        throw LocalAppStoreError(
          .invalidState, "subscription \(record.originalID) has no transaction")
      }
      let event = SubscriptionMachine.Event.change(to: product, offer: offer, transactionID: nil)
      // An offer for a subscriber whose purchase changes nothing now (the same product) or
      // only at the next renewal (a downgrade, a crossgrade to another duration) would take
      // effect at that renewal ("immediately or at the next renewal period", Apple staff on
      // https://developer.apple.com/forums/thread/692798), which the store does not model: it
      // is refused rather than dropped (ours). The machine is pure: its answer is recorded only
      // when the purchase goes ahead.
      let change = run(event, of: record, at: now, in: context)
      if offer != nil, terms.offer != nil {
        switch change.steps.last?.change {
        case .kept?, .scheduled?:
          return .failure(
            .ineligibleForOffer(
              "\(account) subscribes to \(record.productID): an offer on \(product.id) would "
                + "start at the next renewal, which the local App Store does not model (ours)"))
        default: break
        }
      }
      let made = try apply(change, in: context)
      switch change.steps.last?.change {
      case .kept(let restored)?:
        return .success(.owned(latest, restoredRenewal: restored))
      case .scheduled(let productID, let date)?:
        return .success(.scheduled(latest, productID: productID, date: date))
      default:
        guard let made = made.first(where: { $0.account == account }) else {
          throw LocalAppStoreError(
            .invalidState, "the change of subscription \(record.originalID) made no transaction")
        }
        return .success(.made(made.transaction))
      }
    }
    // The server's eligibility JWS overrides the App Store's rule ("Include custom claims for
    // introductory offer eligibility", Apple's "Generating JWS to sign App Store requests").
    if offer == nil, let intro = info.introductoryOffer {
      let eligible: Bool
      if let allowed = terms.introductoryOfferAllowed {
        eligible = allowed
      } else {
        eligible = try isEligibleForIntroOffer(account: account, group: info.subscriptionGroupID)
      }
      if eligible { offer = intro }
    }
    let id = try allocate(identifier)
    let (_, made) = try transition(
      .purchase(
        SubscriptionMachine.Subscription(
          product: product, transactionID: id, account: account, offer: offer,
          appAccountToken: token)), of: existing, at: now, in: context)
    guard let made = made.first(where: { $0.account == account }) else {
      throw LocalAppStoreError(.invalidState, "the purchase of \(product.id) made no transaction")
    }
    return .success(.made(made.transaction))
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
      let total = SubscriptionPeriod(
        value: offer.period.value * max(1, offer.periodCount), unit: offer.period.unit)
      transaction.offerPeriod = total.iso8601
      // A free trial charges nothing; pay up front and pay as you go, the offer's price.
      transaction.priceMilliunits =
        offer.paymentMode == .freeTrial ? 0 : Pricing.milliunits(offer.price)
    }
    return transaction
  }

  /// The `appTransactionId` of `account`'s copy of the app: Apple's `appTransactionID` page,
  /// "The App Store generates a single, globally unique appTransactionID for each Apple Account
  /// that downloads your app and for each family group member for apps that support Family
  /// Sharing. This value remains the same for the same Apple Account and app if the customer
  /// redownloads the app […], receives a refund, repurchases the app, or changes the
  /// storefront." Here: one per account name, the same in every state and process (an 18-digit
  /// number like Apple's, from the name's 64-bit FNV-1a hash), so a family member's differs
  /// from the purchaser's.
  static func appTransactionID(of account: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in account.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return String(700_000_000_000_000_000 + hash % 100_000_000_000_000_000)
  }

  /// `preset`, or the next free identifier.
  func allocate(_ preset: UInt64?) throws(LocalAppStoreError) -> UInt64 {
    if let preset { return preset }
    return try ledger.nextIdentifier()
  }
}
