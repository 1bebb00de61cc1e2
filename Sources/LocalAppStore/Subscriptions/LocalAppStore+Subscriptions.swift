package import Foundation
package import StoreModel

/// The subscriptions' façade: what changes a subscription from outside the app (a price set
/// or an increase asked and answered, a renewal date extended by the server) and what its
/// state says to the app and the server (its latest transaction, its renewal info, an
/// account's purchase ledger). The ``SubscriptionMachine`` decides; ``Pricing`` keeps the
/// prices; the operation's ``Recorder`` writes.
extension LocalAppStore {
  // MARK: - Prices and their increases

  /// Changes the price of `productID` to `price` (in the catalog's currency) from now on.
  /// - Throws: `notFound` for a product not in the catalog; `invalidArgument` for a negative
  ///   price.
  package func setPrice(_ price: Decimal, forProduct productID: String) throws(LocalAppStoreError) {
    guard price >= 0 else {
      throw LocalAppStoreError(.invalidArgument, "a price cannot be negative (\(price))")
    }
    try operation { (_: Date) throws(LocalAppStoreError) in
      try pricing.setPrice(Pricing.milliunits(price), of: try product(productID).id)
    }
  }

  /// Asks the customer of the subscription that transaction `transactionID` belongs to to
  /// consent to its product's price: `SKTestSession.requestPriceIncreaseConsentForTransaction(
  /// identifier:)`. Its page: "the testing environment assigns a pending price increase to the
  /// subscription […] Note that in the testing environment, changing the price of the
  /// subscription is optional", and it "may call this method repeatedly": without a new price
  /// (``setPrice(_:forProduct:)``) the increase renews at today's price; asking again makes the
  /// increase pending again.
  /// - Throws: `notFound` for an unknown transaction; `notAllowed` when its subscription is not
  ///   live.
  package func requestPriceIncreaseConsent(transactionID: UInt64) throws(LocalAppStoreError) {
    try operation { (now: Date) throws(LocalAppStoreError) in
      let record = try ledger.subscription(ofTransaction: transactionID)
      guard record.phase == .active || record.phase == .billingRetry else {
        throw LocalAppStoreError(
          .notAllowed, "the subscription of transaction \(transactionID) is not live")
      }
      let price = try pricing.price(of: try product(record.autoRenewProductID))
      let increase = try pricing.request(price, for: record.originalID)
      try transition(
        .priceIncreaseRequested, of: record, at: now,
        in: machineContext(try currentSettings(), priceIncrease: increase))
    }
  }

  /// The customer of the subscription that transaction `transactionID` belongs to consents to
  /// its pending price increase: `SKTestSession.consentToPriceIncreaseForTransaction(
  /// identifier:)` ("consent to the price increase and continue renewing"). It renews at the
  /// new price.
  /// - Throws: `notFound` for an unknown transaction; `notAllowed` when no price increase
  ///   awaits an answer for it.
  package func consentToPriceIncrease(transactionID: UInt64) throws(LocalAppStoreError) {
    try answerPriceIncrease(transactionID: transactionID, agreed: true)
  }

  /// The customer of the subscription that transaction `transactionID` belongs to declines its
  /// pending price increase: `SKTestSession.declinePriceIncreaseForTransaction(identifier:)`,
  /// which "disables auto-renew and removes the subscription's pending price increase status";
  /// it expires at its renewal date, as a cancellation (the machine's `priceIncreaseAnswer`).
  /// - Throws: `notFound` for an unknown transaction; `notAllowed` when no price increase
  ///   awaits an answer for it.
  package func declinePriceIncrease(transactionID: UInt64) throws(LocalAppStoreError) {
    try answerPriceIncrease(transactionID: transactionID, agreed: false)
  }

  private func answerPriceIncrease(transactionID: UInt64, agreed: Bool)
    throws(LocalAppStoreError)
  {
    try operation { (now: Date) throws(LocalAppStoreError) in
      let record = try ledger.subscription(ofTransaction: transactionID)
      guard let increase = try pricing.answer(agreed, for: record.originalID) else {
        throw LocalAppStoreError(
          .notAllowed, "no price increase awaits an answer for transaction \(transactionID)")
      }
      try transition(
        .priceIncreaseAnswer(agreed: agreed), of: record, at: now,
        in: machineContext(try currentSettings(), priceIncrease: increase))
    }
  }

  // MARK: - Extending a renewal date

  // The App Store Server API's "Extend a Subscription Renewal Date", which a server calls to
  // compensate a customer for an outage: the renewal date of one active subscription moves
  // later, and the App Store sends `RENEWAL_EXTENDED`.

  /// The longest extension, in days (Apple's `extendByDays` page: "a number from 1 to 90").
  package static let maximumExtensionDays = 90
  /// How many extensions a subscription may get within 365 days (Apple, "Extending the renewal
  /// date for auto-renewable subscriptions": "twice within a year (365 days)").
  package static let extensionsPerYear = 2

  /// Extends the renewal date of the subscription that transaction `transactionID` belongs to
  /// by `days` (in the store's time rate, as the sandbox scales them), as "Extend a
  /// Subscription Renewal Date" does: its latest transaction's `expiresDate` and its renewal
  /// date move, family members' copies with them, and `RENEWAL_EXTENDED` is made.
  ///
  /// - Parameter reasonCode: Apple's `extendReasonCode`: 0 undeclared, 1 customer
  ///   satisfaction, 2 other, 3 service issue or outage.
  /// - Returns: The new renewal date (Apple's `effectiveDate`).
  /// - Throws: `invalidArgument` for days outside 1–90 or a reason code outside 0–3;
  ///   `notFound` for no such transaction; `notAllowed` for a subscription Apple's
  ///   `SubscriptionExtensionIneligibleError` names (in a free offer period, in billing retry or
  ///   its grace period, expired or refunded), one extended twice in the past 365 days
  ///   (`SubscriptionMaxExtensionError`), or a family member's copy. Nothing changes then.
  @discardableResult
  package func extendRenewalDate(transactionID: UInt64, days: Int, reasonCode: Int = 0)
    throws(LocalAppStoreError) -> Date
  {
    guard (1...Self.maximumExtensionDays).contains(days) else {
      throw LocalAppStoreError(
        .invalidArgument,
        "cannot extend by \(days) days: Apple's extendByDays is 1 to \(Self.maximumExtensionDays)")
    }
    guard (0...3).contains(reasonCode) else {
      throw LocalAppStoreError(
        .invalidArgument,
        "extendReasonCode \(reasonCode) is not one of Apple's: 0 undeclared, 1 customer "
          + "satisfaction, 2 other, 3 service issue or outage")
    }
    return try operation { (now: Date) throws(LocalAppStoreError) in
      let record = try ledger.subscription(ofTransaction: transactionID)
      guard record.phase == .active, let latest = try latestTransaction(of: record) else {
        let state =
          switch record.phase {
          case .billingRetry: "in billing retry"
          case .revoked: "refunded"
          default: "expired"
          }
        throw LocalAppStoreError(
          .notAllowed,
          "subscription \(record.originalID) is \(state): only an active subscription's renewal "
            + "date can be extended (Apple: SubscriptionExtensionIneligibleError)")
      }
      guard latest.offerPaymentMode != .freeTrial else {
        throw LocalAppStoreError(
          .notAllowed,
          "subscription \(record.originalID) is in a free offer period, which Apple does not "
            + "extend (SubscriptionExtensionIneligibleError)")
      }
      let recent = try ledger.renewalExtensions(of: record.originalID).filter {
        now.timeIntervalSince($0) < 365 * 86_400
      }
      guard recent.count < Self.extensionsPerYear else {
        throw LocalAppStoreError(
          .notAllowed,
          "subscription \(record.originalID) was extended \(recent.count) times in the past "
            + "365 days, Apple's most (SubscriptionMaxExtensionError)")
      }
      let settings = try currentSettings()
      let renewal = settings.timeRate.end(
        of: SubscriptionPeriod(value: days, unit: .day), from: record.expirationDate)
      var extended = latest
      extended.expirationDate = renewal
      try recorder.update(extended) { $0.expirationDate = renewal }
      try transition(
        .renewalExtension(to: renewal), of: record, at: now, in: machineContext(settings))
      try ledger.addRenewalExtension(of: record.originalID, at: now)
      return renewal
    }
  }

  // MARK: - What the state says

  /// The latest transaction of a subscription.
  ///
  /// Only that row is read and decoded: a renewal of a shared subscription asks for it once
  /// per family member, so reading the whole history made catching up quadratic.
  func latestTransaction(of record: SubscriptionRecord) throws(LocalAppStoreError)
    -> Transaction?
  {
    try ledger.latestTransaction(account: record.account, originalID: record.originalID)?
      .transaction
  }

  // MARK: - What the engine decides from

  /// `account`'s purchases at `now`, as this device knows them (without other devices'
  /// purchases it has not synced), or as the App Store knows them when `includingUnsynced`.
  func purchaseLedger(account: String, now: Date, includingUnsynced: Bool = false)
    throws(LocalAppStoreError) -> PurchaseLedger
  {
    let stored =
      includingUnsynced
      ? try ledger.transactions(of: account) : try device.transactions(of: account, in: ledger)
    let known = Set(stored.map(\.transaction.originalID))
    var infos: [RenewalInfo] = []
    for record in try ledger.subscriptions(of: account) where known.contains(record.originalID) {
      infos.append(try renewalInfo(of: record, now: now))
    }
    return PurchaseLedger(transactions: stored.map(\.transaction), renewalInfos: infos)
  }

  /// The renewal info of a subscription, as the App Store would sign it at `now`: a projection
  /// of the state the machine decided (``SubscriptionMachine/state(of:at:)``), with the prices.
  /// - Throws: What reading the settings, the win-back criteria or the price increase threw: a
  ///   state the store cannot read is an error, never renewal info without its terms.
  func renewalInfo(of record: SubscriptionRecord, now: Date) throws(LocalAppStoreError)
    -> RenewalInfo
  {
    let state = SubscriptionMachine.state(of: record, at: now)
    var info = RenewalInfo(
      originalTransactionID: state.originalTransactionID, currentProductID: state.productID,
      willAutoRenew: state.willAutoRenew, signedDate: now,
      autoRenewPreference: state.autoRenewProductID,
      expirationReason: state.expirationReason,
      isInBillingRetry: state.isInBillingRetry,
      gracePeriodExpirationDate: state.gracePeriodExpirationDate,
      renewalDate: state.expirationDate,
      recentSubscriptionStartDate: record.recentStartDate, environment: signing.environment)
    // As the storefront shows it: a renewal bills in the storefront's currency
    // (``ProductPresentation``), and the renewal info says so.
    let settings = try currentSettings()
    let next = productsByID[record.autoRenewProductID].map {
      presentation.present($0, in: settings)
    }
    info.currency = next?.currencyCode
    // The price the subscription renews at: its own (bought at, or agreed to) for the same
    // product, else the next product's.
    let ownPrice =
      record.autoRenewProductID == record.productID ? record.priceMilliunits : nil
    info.renewalPriceMilliunits = ownPrice ?? next.map { Pricing.milliunits($0.price) }
    // The offer the next renewal bills at: one redeemed while subscribed that starts there, or
    // the one whose pay-as-you-go periods are left (JWSRenewalInfo's offerType,
    // offerIdentifier, offerDiscountType and offerPeriod, "the offer that applies to the next
    // auto-renewable subscription renewal"; its renewalPrice, "the renewal price … that the
    // App Store charges … at the next billing period").
    if let product = next {
      let codes = offers.codeOffers[product.id]?.map(\.offer) ?? []
      if let pending = record.pendingOfferID,
        let offer = SubscriptionMachine.offer(pending, of: product, codes: codes)
      {
        info.setOffer(offer)
      } else if record.offerPeriodsLeft > 0, record.autoRenewProductID == record.productID,
        let offer = SubscriptionMachine.offer(record.offerID, of: product, codes: codes)
      {
        info.setOffer(offer)
      }
    }
    // eligibleWinBackOfferIds: "the win-back offer identifiers that the customer is eligible
    // to redeem": those of the product it would renew to, once the subscription ended.
    if !SubscriptionMachine.isLive(record), record.sourceOriginalID == nil, let next,
      let offers = next.subscription?.winBackOffers, !offers.isEmpty
    {
      var eligible: [String] = []
      for offerID in offers.compactMap(\.id)
      where try self.offers.winBackRefusal(
        offerID, productID: next.id, group: record.groupID, account: record.account, now: now)
        == nil
      {
        eligible.append(offerID)
      }
      info.eligibleWinBackOfferIDs = eligible.isEmpty ? nil : eligible
    }
    if let increase = try pricing.increase(of: record.originalID) {
      info.priceIncreaseStatus = increase.agreed == true ? .agreed : .pending
      info.renewalPriceMilliunits = increase.priceMilliunits
    }
    info.appAccountToken = record.appAccountToken
    info.appTransactionID = Self.appTransactionID(of: record.account)
    return info
  }

  /// What the App Store decided for each of `accounts` at the store's time, beside what it signs
  /// for their devices: the state machine's state of each subscription, and the latest
  /// transaction of each of its purchases with its renewal info, as they are signed then (synced
  /// to a device or not): what a device reads for `Product.SubscriptionInfo.status(for:)` and
  /// `Transaction.latest(for:)`. One operation, so that all of them are read at one moment.
  package func decidedStates(of accounts: [String]) throws(LocalAppStoreError)
    -> (date: Date, accounts: [DecidedStates])
  {
    try operation { (now: Date) throws(LocalAppStoreError) in
      var decided: [DecidedStates] = []
      for account in accounts {
        let records = try ledger.subscriptions(of: account)
        let latest = try ledger.latestTransactions(of: account)
        decided.append(
          DecidedStates(
            account: account, states: records.map { SubscriptionMachine.state(of: $0, at: now) },
            signed: PurchaseLedger(
              transactions: latest.map(\.transaction),
              renewalInfos: try records.map {
                (record) throws(LocalAppStoreError) in try renewalInfo(of: record, now: now)
              })))
      }
      return (now, decided)
    }
  }

  // MARK: - Reading the App Store's view

  /// Whether `account` may still use an introductory offer in `group`:
  /// `Product.SubscriptionInfo.isEligibleForIntroOffer`. By default only a customer who never
  /// subscribed to the group (Apple staff, https://developer.apple.com/forums/thread/758078); with
  /// ``EmulatorSwitch/introOfferAfterLapse`` on, one who never received an introductory offer
  /// in it (Apple's article).
  package func isEligibleForIntroOffer(group: String, account: String? = nil)
    throws(LocalAppStoreError) -> Bool
  {
    let account = account ?? self.account
    return try operation { (_: Date) throws(LocalAppStoreError) in
      try offers.isEligibleForIntroOffer(
        account: account, group: group, articleRule: try currentSettings()[.introOfferAfterLapse])
    }
  }

  /// The accounts that have used the store, by name: the purchaser, everyone who bought or
  /// asked to buy, and family members.
  package func accounts() throws(LocalAppStoreError) -> [String] {
    try operation { (_: Date) throws(LocalAppStoreError) in
      var names = Set(try ledger.accounts().map(\.name))
      for request in try ledger.requests(of: nil) { names.insert(request.account) }
      return names.sorted()
    }
  }

  /// Every transaction of `account`, oldest first, as stored (not signed): the history.
  package func history(account: String? = nil) throws(LocalAppStoreError)
    -> [Transaction]
  {
    let account = account ?? self.account
    return try operation { (_: Date) throws(LocalAppStoreError) in
      try ledger.transactions(of: account).map(\.transaction)
    }
  }

  /// The renewal info of each of `account`'s subscriptions at the store's time, unsigned.
  package func renewalInfos(account: String? = nil) throws(LocalAppStoreError)
    -> [RenewalInfo]
  {
    let account = account ?? self.account
    return try operation { (now: Date) throws(LocalAppStoreError) in
      try ledger.subscriptions(of: account).map {
        (record) throws(LocalAppStoreError) in try renewalInfo(of: record, now: now)
      }
    }
  }

  /// What `account` has now: entitlements, subscription states, pending requests, switches.
  package func status(account: String? = nil) throws(LocalAppStoreError)
    -> AccountStatus
  {
    let account = account ?? self.account
    return try operation { (now: Date) throws(LocalAppStoreError) in
      let purchases = try purchaseLedger(account: account, now: now, includingUnsynced: true)
      let entitled = device.engine.currentEntitlements(in: purchases, at: now).map(\.productID)
      var subscriptions: [AccountStatus.Subscription] = []
      let groups = Set(try ledger.subscriptions(of: account).map(\.groupID)).sorted()
      for group in groups {
        for status in device.engine.statuses(ofGroup: group, in: purchases, at: now) {
          let info =
            status.renewalInfo
            ?? purchases.renewalInfos.first {
              $0.originalTransactionID == status.transaction.originalID
            }
          subscriptions.append(
            AccountStatus.Subscription(
              groupID: group,
              groupName: catalog.lazy.compactMap(\.subscription).first {
                $0.subscriptionGroupID == group
              }?.groupDisplayName, state: status.state.description,
              isEntitled: status.state.isEntitled, productID: status.transaction.productID,
              transactionID: status.transaction.id,
              originalTransactionID: status.transaction.originalID,
              expirationDate: status.transaction.expirationDate,
              willAutoRenew: info?.willAutoRenew ?? false,
              autoRenewProductID: info?.autoRenewPreference,
              ownership: status.transaction.ownershipType.rawValue,
              isInBillingRetry: info?.isInBillingRetry ?? false,
              gracePeriodExpirationDate: info?.gracePeriodExpirationDate,
              expirationReason: info?.expirationReason?.description,
              priceIncreaseStatus: info?.priceIncreaseStatus?.rawValue,
              renewalPrice: info?.renewalPrice))
        }
      }
      var faults: [String: Bool] = [:]
      for (fault, sticky) in try controls.armedFaults() { faults[fault.rawValue] = sticky }
      var status = AccountStatus(
        account: account, date: now, entitledProductIDs: entitled,
        subscriptions: subscriptions,
        pendingRequests: try ledger.requests(of: account).filter { $0.status == .pending },
        settings: try currentSettings(), faults: faults,
        familyMembers: try ledger.sharingMembers())
      status.pendingNotifications = try ledger.pendingNotificationCount()
      status.notificationURL = try ledger.text(.notificationURL)
      return status
    }
  }
}

extension RenewalInfo {
  /// The next renewal bills at `offer`: its type, identifier, payment mode, whole duration
  /// (`duration`, what is left of it or not) and charge.
  fileprivate mutating func setOffer(_ offer: SubscriptionOffer) {
    offerType = offer.type
    offerID = offer.id
    offerPaymentMode = offer.paymentMode
    offerPeriod = offer.duration.iso8601
    renewalPriceMilliunits = offer.chargedMilliunits
  }
}
