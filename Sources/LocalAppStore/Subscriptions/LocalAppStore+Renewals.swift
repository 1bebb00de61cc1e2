import Foundation
import StoreModel

/// Time passing, as the App Store applies it inside an operation's SQLite transaction: renewals,
/// expiries, billing retry with its grace period, recovery.
extension LocalAppStore {
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
    guard let limit = renewalLimit(of: record, from: record.expirationDate, rate: rate),
      now > limit
    else { return }
    // A damaged state, not a refused move (`invalidArgument` in `advanceTime(by:)`): the
    // store never writes a state this far behind, so the file was altered or its clock jumped.
    throw LocalAppStoreError(
      .invalidState,
      "\(ledger.database.path): subscription \(record.originalID) of \(record.account) "
        + "ended \(record.expirationDate.formatted(.iso8601)), and reaching "
        + "\(now.formatted(.iso8601)) would renew it more than "
        + "\(Self.maximumPeriodsPerAdvance) times at once: the local App Store never falls "
        + "that far behind (reset the state; move a clock in smaller steps)")
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
          record.expire(for: .autoRenewDisabled)
          try save(record)
          return
        }
        guard let next = productsByID[record.autoRenewProductID], next.subscription != nil else {
          record.expire(for: .productUnavailable)
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
          record.expire(for: .billingError)
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
      record.expire(for: .billingError)
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
    record.activate(product.id, until: expiration)
    try save(record)
  }

  func period(of record: SubscriptionRecord) -> SubscriptionPeriod {
    productsByID[record.productID]?.subscription?.subscriptionPeriod ?? .monthly
  }
}

extension SubscriptionRecord {
  /// Active on `productID` until `expiration`, out of any billing retry and its grace period.
  mutating func activate(_ productID: String, until expiration: Date) {
    self.productID = productID
    expirationDate = expiration
    phase = .active
    expirationReason = nil
    retryEndDate = nil
    gracePeriodEndDate = nil
  }

  /// A new purchase of `productID`: active until `expiration`, renewing with it, with the
  /// `periodsLeft` periods of `offer` still to bill at its price.
  mutating func purchase(
    _ productID: String, until expiration: Date, offer: SubscriptionOffer?, periodsLeft: Int
  ) {
    activate(productID, until: expiration)
    autoRenewProductID = productID
    willAutoRenew = true
    offerPeriodsLeft = periodsLeft
    offerID = offer?.id
  }

  /// Expired for `reason`, out of any billing retry and its grace period.
  mutating func expire(for reason: ExpirationReason) {
    phase = .expired
    expirationReason = reason
    retryEndDate = nil
    gracePeriodEndDate = nil
  }
}
