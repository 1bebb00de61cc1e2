package import Foundation
import StoreInternals
package import StoreModel

/// Builds a customer's transaction history for tests: purchases, renewals, refunds, upgrades,
/// family-shared subscriptions and renewal infos, on a fixed calendar.
///
/// Dates are counted from ``start`` (2026-01-01T00:00:00Z, also ``ManualClock``'s default) in
/// the Gregorian calendar in UTC. Transaction identifiers count up from the first one given to
/// ``init(bundleID:firstTransactionID:environment:)``, and every method returns the transaction
/// it made, so a test names exactly what it expects. Histories follow the local App Store's
/// contract: a renewal is a new transaction with the same `originalID`, reason `renewal` and
/// purchase date the previous expiry; an upgrade marks the current transaction `isUpgraded`; a
/// refund re-signs the transaction with a revocation date.
///
/// ```swift
/// var history = HistoryBuilder()
/// let first = history.subscribe(to: HistoryBuilder.monthlyProductID, at: HistoryBuilder.start)
/// history.renew(first.originalID, times: 11)
/// let engine = EntitlementEngine()  // LocalAppStore
/// engine.currentEntitlements(in: history.ledger, at: HistoryBuilder.month(6))
/// ```
///
/// Misuse (renewing a subscription that was never started, refunding an unknown transaction)
/// is a bug in the test and stops it with a precondition failure that names the identifier.
package struct HistoryBuilder: Sendable {
  /// The first instant of the fixed calendar: 2026-01-01T00:00:00Z.
  package static let start = Date(timeIntervalSince1970: 1_767_225_600)
  /// SportsTime Pro's monthly subscription (``SportsTimeFixtures/monthlyID``).
  package static let monthlyProductID = SportsTimeFixtures.monthlyID
  /// SportsTime Pro's annual subscription (``SportsTimeFixtures/annualID``).
  package static let annualProductID = SportsTimeFixtures.annualID
  /// The subscription group the builder uses unless told otherwise: Pro Access
  /// (``SportsTimeFixtures/groupID``).
  package static let defaultGroupID = SportsTimeFixtures.groupID

  /// The history built so far.
  package private(set) var ledger: PurchaseLedger
  /// The bundle identifier written in every transaction.
  package var bundleID: String
  /// The environment written in every transaction and renewal info.
  package var environment: AppStoreEnvironment?

  private var nextTransactionID: UInt64
  /// Transaction identifier → index in `ledger.transactions` of its newest copy.
  private var positions: [UInt64: Int] = [:]
  /// Original transaction identifier → index in `ledger.transactions` of its latest transaction.
  private var latestPositions: [UInt64: Int] = [:]
  /// Original transaction identifier → index in `ledger.renewalInfos`.
  private var infoPositions: [UInt64: Int] = [:]
  /// The period of each subscription product seen so far.
  private var periods: [String: SubscriptionPeriod] = [
    monthlyProductID: .monthly, annualProductID: .yearly,
  ]

  /// Creates an empty history.
  ///
  /// - Parameters:
  ///   - bundleID: The app's bundle identifier.
  ///   - firstTransactionID: The identifier of the first transaction; the next ones count up.
  ///   - environment: The environment that "signed" the history.
  package init(
    bundleID: String = "com.sportstime.app",
    firstTransactionID: UInt64 = 2_000_000_001,
    environment: AppStoreEnvironment? = .localTesting
  ) {
    self.ledger = PurchaseLedger()
    self.bundleID = bundleID
    self.nextTransactionID = firstTransactionID
    self.environment = environment
  }

  // MARK: - The calendar

  /// The instant `days` days and `hours` hours after ``start``.
  package static func day(_ days: Int, hour hours: Int = 0) -> Date {
    start.addingTimeInterval(TimeInterval(days) * 86_400 + TimeInterval(hours) * 3_600)
  }

  /// The first instant of the month `months` months after January 2026, plus `days` days.
  package static func month(_ months: Int, day days: Int = 0) -> Date {
    SubscriptionPeriod.monthly.end(from: start, count: months)
      .addingTimeInterval(TimeInterval(days) * 86_400)
  }

  /// The instant `year-month-day hour:00:00Z`.
  package static func date(_ year: Int, _ month: Int, _ day: Int, hour: Int = 0) -> Date {
    let components = DateComponents(year: year, month: month, day: day, hour: hour)
    guard let date = UTCCalendar.gregorian.date(from: components) else {
      preconditionFailure("HistoryBuilder: no date \(year)-\(month)-\(day)")
    }
    return date
  }

  // MARK: - Reading

  /// The transactions built so far, in the order they were made.
  package var transactions: [Transaction] { ledger.transactions }

  /// The newest copy of transaction `id`.
  package func transaction(_ id: UInt64) -> Transaction? {
    positions[id].map { ledger.transactions[$0] }
  }

  /// The latest transaction of subscription `originalID`.
  package func latestTransaction(of originalID: UInt64) -> Transaction? {
    latestPositions[originalID].map { ledger.transactions[$0] }
  }

  /// The renewal info of subscription `originalID`.
  package func renewalInfo(of originalID: UInt64) -> RenewalInfo? {
    infoPositions[originalID].map { ledger.renewalInfos[$0] }
  }

  // MARK: - Auto-renewable subscriptions

  /// Starts a subscription: a purchase with a new `originalID` and renewal info that renews.
  ///
  /// - Parameters:
  ///   - productID: The subscription product.
  ///   - period: Its period; by default the one seen before for the product, else one month.
  ///   - groupID: Its subscription group.
  ///   - date: The purchase date.
  ///   - ownership: `.familyShared` for a subscription a family member shares.
  ///   - offerType: The offer applied, if any.
  /// - Returns: The purchase.
  @discardableResult
  package mutating func subscribe(
    to productID: String = monthlyProductID,
    period: SubscriptionPeriod? = nil,
    inGroup groupID: String = defaultGroupID,
    at date: Date,
    ownership: OwnershipType = .purchased,
    offerType: OfferType? = nil
  ) -> Transaction {
    let period = remember(period, of: productID)
    let id = takeTransactionID()
    var transaction = Transaction(
      id: id, originalID: id, appBundleID: bundleID, productID: productID,
      productType: .autoRenewable, purchaseDate: date, signedDate: date,
      subscriptionGroupID: groupID, expirationDate: period.end(from: date),
      ownershipType: ownership, reason: .purchase, environment: environment)
    transaction.webOrderLineItemID = String(id)
    transaction.offerType = offerType
    return startSubscription(with: transaction)
  }

  /// Records `transaction`, which starts a subscription period (a purchase, a resubscription),
  /// as its subscription's latest, with renewal info that renews from its purchase date.
  private mutating func startSubscription(with transaction: Transaction) -> Transaction {
    appendLatest(transaction)
    setRenewalInfo(
      RenewalInfo(
        originalTransactionID: transaction.originalID, currentProductID: transaction.productID,
        willAutoRenew: true, signedDate: transaction.purchaseDate,
        renewalDate: transaction.expirationDate,
        recentSubscriptionStartDate: transaction.purchaseDate, environment: environment))
    return transaction
  }

  /// Renews subscription `originalID` `times` times on schedule: each renewal starts at the
  /// previous expiry, with reason `renewal`, for the product of the renewal info's
  /// `autoRenewPreference` (so a scheduled downgrade or crossgrade takes effect).
  ///
  /// - Returns: The renewals, oldest first.
  @discardableResult
  package mutating func renew(_ originalID: UInt64, times: Int = 1) -> [Transaction] {
    var renewals: [Transaction] = []
    renewals.reserveCapacity(max(0, times))
    for _ in 0..<max(0, times) {
      let latest = requireLatest(originalID)
      renewals.append(makeRenewal(of: latest, at: latest.expirationDate ?? latest.purchaseDate))
    }
    return renewals
  }

  /// Renews subscription `originalID` late, at `date`: the App Store recovered a payment
  /// during billing retry (or grace period).
  @discardableResult
  package mutating func renewAfterBillingRetry(_ originalID: UInt64, at date: Date) -> Transaction {
    makeRenewal(of: requireLatest(originalID), at: date)
  }

  /// Subscribes again, at `date`, to a subscription that lapsed: a purchase with the same
  /// `originalID` (the App Store keeps it within a group), a new period and renewal info that
  /// renews.
  @discardableResult
  package mutating func resubscribe(
    _ originalID: UInt64, to productID: String? = nil, period: SubscriptionPeriod? = nil,
    at date: Date
  ) -> Transaction {
    let latest = requireLatest(originalID)
    let product = productID ?? latest.productID
    let period = remember(period, of: product)
    var transaction = nextTransaction(after: latest, product: product, at: date, period: period)
    transaction.reason = .purchase
    return startSubscription(with: transaction)
  }

  /// Upgrades subscription `originalID` at `date` to a higher-level product: the current
  /// transaction is re-signed with `isUpgraded`, and a purchase of `productID` with the same
  /// `originalID` starts at once.
  ///
  /// - Returns: The new transaction.
  @discardableResult
  package mutating func upgrade(
    _ originalID: UInt64, to productID: String, period: SubscriptionPeriod? = nil,
    at date: Date
  ) -> Transaction {
    let latest = requireLatest(originalID)
    var upgraded = latest
    upgraded.isUpgraded = true
    upgraded.signedDate = date
    replace(upgraded)
    let period = remember(period, of: productID)
    var transaction = nextTransaction(after: latest, product: productID, at: date, period: period)
    transaction.reason = .purchase
    appendLatest(transaction)
    updateRenewalInfo(of: originalID) { info in
      info.currentProductID = productID
      info.autoRenewPreference = productID
      info.renewalDate = transaction.expirationDate
      info.signedDate = date
    }
    return transaction
  }

  /// Schedules a downgrade or a crossgrade of subscription `originalID` to `productID` at its
  /// next renewal: only the renewal info's `autoRenewPreference` changes.
  package mutating func scheduleChange(
    of originalID: UInt64, to productID: String, period: SubscriptionPeriod? = nil,
    at date: Date? = nil
  ) {
    _ = remember(period, of: productID)
    updateRenewalInfo(of: originalID) { info in
      info.autoRenewPreference = productID
      if let date { info.signedDate = date }
    }
  }

  /// Turns off auto-renew: the subscription will expire at the end of its period.
  package mutating func turnOffAutoRenew(_ originalID: UInt64, at date: Date? = nil) {
    updateRenewalInfo(of: originalID) { info in
      info.willAutoRenew = false
      if let date { info.signedDate = date }
    }
  }

  /// Makes the next renewal of subscription `originalID` fail: the App Store retries billing
  /// from the expiry on, with a grace period of `gracePeriodDays` days when given.
  package mutating func enterBillingRetry(_ originalID: UInt64, gracePeriodDays: Int? = nil) {
    let expiry = requireLatest(originalID).expirationDate ?? Self.start
    updateRenewalInfo(of: originalID) { info in
      info.isInBillingRetry = true
      info.expirationReason = .billingError
      info.gracePeriodExpirationDate = gracePeriodDays.map {
        expiry.addingTimeInterval(TimeInterval($0) * 86_400)
      }
      info.signedDate = max(info.signedDate, expiry)
    }
  }

  /// Ends billing retry of subscription `originalID` without a payment: it has expired for a
  /// billing error.
  package mutating func endBillingRetry(_ originalID: UInt64, at date: Date) {
    updateRenewalInfo(of: originalID) { info in
      info.isInBillingRetry = false
      info.gracePeriodExpirationDate = nil
      info.expirationReason = .billingError
      info.willAutoRenew = false
      info.signedDate = date
    }
  }

  /// Changes the renewal info of subscription `originalID`.
  package mutating func updateRenewalInfo(
    of originalID: UInt64, _ change: (inout RenewalInfo) -> Void
  ) {
    guard let index = infoPositions[originalID] else {
      preconditionFailure("HistoryBuilder: no renewal info for subscription \(originalID)")
    }
    change(&ledger.renewalInfos[index])
  }

  /// Removes the renewal info of subscription `originalID`, as if the ledger never had it.
  package mutating func removeRenewalInfo(of originalID: UInt64) {
    guard let index = infoPositions.removeValue(forKey: originalID) else { return }
    ledger.renewalInfos.remove(at: index)
    for (id, position) in infoPositions where position > index {
      infoPositions[id] = position - 1
    }
  }

  // MARK: - Other products

  /// Buys a non-consumable, a consumable or a non-renewing subscription.
  ///
  /// - Parameters:
  ///   - productID: The product.
  ///   - type: Its type.
  ///   - date: The purchase date.
  ///   - quantity: How many (consumables).
  ///   - expirationDate: The end of a non-renewing subscription, when the App Store knows it.
  ///   - ownership: `.familyShared` for a purchase a family member shares.
  /// - Returns: The purchase.
  @discardableResult
  package mutating func buy(
    _ productID: String, type: ProductType = .nonConsumable, at date: Date, quantity: Int = 1,
    expirationDate: Date? = nil, ownership: OwnershipType = .purchased
  ) -> Transaction {
    let id = takeTransactionID()
    let transaction = Transaction(
      id: id, originalID: id, appBundleID: bundleID, productID: productID, productType: type,
      purchaseDate: date, signedDate: date, expirationDate: expirationDate,
      purchasedQuantity: quantity, ownershipType: ownership, reason: .purchase,
      environment: environment)
    append(transaction)
    return transaction
  }

  // MARK: - Refunds and revocations

  /// Refunds transaction `id` at `date`: the transaction is re-signed with a revocation.
  ///
  /// - Returns: The revoked transaction.
  @discardableResult
  package mutating func refund(
    _ id: UInt64, at date: Date, reason: RevocationReason = .other,
    type: RevocationType = .refundFull
  ) -> Transaction {
    guard var transaction = transaction(id) else {
      preconditionFailure("HistoryBuilder: no transaction \(id)")
    }
    transaction.revocationDate = date
    transaction.revocationReason = reason
    transaction.revocationType = type
    transaction.signedDate = max(transaction.signedDate, date)
    replace(transaction)
    return transaction
  }

  /// Stops family sharing of subscription `originalID` at `date`: its latest transaction is
  /// revoked (`FAMILY_REVOKE`).
  @discardableResult
  package mutating func stopFamilySharing(_ originalID: UInt64, at date: Date) -> Transaction {
    refund(requireLatest(originalID).id, at: date, type: .familyRevoke)
  }

  // MARK: - Raw edits

  /// Appends `transaction` as it is, even a second copy of one already held.
  package mutating func append(_ transaction: Transaction) {
    ledger.transactions.append(transaction)
    let index = ledger.transactions.count - 1
    nextTransactionID = max(nextTransactionID, transaction.id &+ 1)
    if let held = positions[transaction.id],
      ledger.transactions[held].signedDate > transaction.signedDate
    {
      return  // An older copy: the newest one stays the reference.
    }
    positions[transaction.id] = index
    if transaction.productType == .autoRenewable {
      let isLatest = latestPositions[transaction.originalID].map {
        ledger.transactions[$0].purchaseDate <= transaction.purchaseDate
      }
      if isLatest ?? true { latestPositions[transaction.originalID] = index }
    }
  }

  /// Sets the renewal info of its subscription, replacing any held.
  package mutating func setRenewalInfo(_ info: RenewalInfo) {
    if let index = infoPositions[info.originalTransactionID] {
      ledger.renewalInfos[index] = info
    } else {
      ledger.renewalInfos.append(info)
      infoPositions[info.originalTransactionID] = ledger.renewalInfos.count - 1
    }
  }

  // MARK: - Helpers

  private mutating func takeTransactionID() -> UInt64 {
    defer { nextTransactionID += 1 }
    return nextTransactionID
  }

  private mutating func remember(_ period: SubscriptionPeriod?, of productID: String)
    -> SubscriptionPeriod
  {
    let resolved = period ?? periods[productID] ?? .monthly
    periods[productID] = resolved
    return resolved
  }

  private func requireLatest(_ originalID: UInt64) -> Transaction {
    guard let latest = latestTransaction(of: originalID) else {
      preconditionFailure("HistoryBuilder: no subscription \(originalID)")
    }
    return latest
  }

  /// A transaction of the same subscription as `previous` for `product`, starting at `date`.
  private mutating func nextTransaction(
    after previous: Transaction, product: String, at date: Date, period: SubscriptionPeriod
  ) -> Transaction {
    let id = takeTransactionID()
    var transaction = Transaction(
      id: id, originalID: previous.originalID, appBundleID: bundleID, productID: product,
      productType: .autoRenewable, purchaseDate: date, signedDate: date,
      subscriptionGroupID: previous.subscriptionGroupID,
      originalPurchaseDate: previous.originalPurchaseDate,
      expirationDate: period.end(from: date), ownershipType: previous.ownershipType,
      reason: .renewal, environment: environment)
    transaction.webOrderLineItemID = String(id)
    return transaction
  }

  private mutating func makeRenewal(of latest: Transaction, at date: Date) -> Transaction {
    let originalID = latest.originalID
    let product = renewalInfo(of: originalID)?.autoRenewPreference ?? latest.productID
    let period = remember(nil, of: product)
    let renewal = nextTransaction(after: latest, product: product, at: date, period: period)
    appendLatest(renewal)
    if infoPositions[originalID] != nil {
      updateRenewalInfo(of: originalID) { info in
        info.currentProductID = product
        info.autoRenewPreference = product
        info.renewalDate = renewal.expirationDate
        info.isInBillingRetry = false
        info.gracePeriodExpirationDate = nil
        info.expirationReason = nil
        info.signedDate = max(info.signedDate, date)
      }
    }
    return renewal
  }

  private mutating func appendLatest(_ transaction: Transaction) {
    append(transaction)
    latestPositions[transaction.originalID] = ledger.transactions.count - 1
  }

  /// Replaces the newest copy of `transaction` in place.
  private mutating func replace(_ transaction: Transaction) {
    guard let index = positions[transaction.id] else {
      preconditionFailure("HistoryBuilder: no transaction \(transaction.id)")
    }
    ledger.transactions[index] = transaction
  }
}

// MARK: - Synthetic histories

extension HistoryBuilder {
  /// The date at which ``synthetic(transactionCount:seed:)`` histories are meant to be read:
  /// 800 days after ``start``, when some subscriptions run, some lapsed, some are to come.
  package static let syntheticNow = day(800)

  /// A large, varied, reproducible history for benchmarks and differential tests.
  ///
  /// Many subscriptions in 20 groups (monthly or annual, purchased or family shared) started
  /// over 1,000 days, each renewed up to three years; some are refunded, upgraded, cancelled
  /// in billing retry with or without grace period, recovered late, or subscribed again after a
  /// lapse; besides them, a few non-consumables,
  /// consumables and non-renewing subscriptions. The same `seed` gives the same history.
  ///
  /// - Parameters:
  ///   - transactionCount: How many transactions to make (the last subscription is cut short to
  ///     fit).
  ///   - seed: The seed of the random choices.
  package static func synthetic(transactionCount: Int, seed: UInt64) -> PurchaseLedger {
    var random = SeededGenerator(seed: seed)
    var history = HistoryBuilder(firstTransactionID: 1)
    func roll(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
    while history.ledger.transactions.count < transactionCount {
      let remaining = transactionCount - history.ledger.transactions.count
      let start = day(roll(1_000), hour: roll(24))
      let kind = roll(100)
      if kind < 3 {
        let bought = history.buy("lifetime.\(roll(5))", at: start)
        if roll(10) == 0 { history.refund(bought.id, at: start.addingTimeInterval(86_400)) }
      } else if kind < 5 {
        history.buy("coins", type: .consumable, at: start, quantity: 1 + roll(10))
      } else if kind < 7 {
        history.buy(
          "season.\(roll(3))", type: .nonRenewable, at: start,
          expirationDate: SubscriptionPeriod.yearly.end(from: start))
      } else {
        let group = "group.\(roll(20))"
        let annual = roll(100) < 15
        let product = annual ? "\(group).annual" : "\(group).monthly"
        let first = history.subscribe(
          to: product, period: annual ? .yearly : .monthly, inGroup: group, at: start,
          ownership: roll(10) == 0 ? .familyShared : .purchased)
        let renewals = min(remaining - 1, annual ? roll(3) : roll(36))
        history.renew(first.originalID, times: renewals)
        let latest = history.requireLatest(first.originalID)
        let event = roll(100)
        if event < 5 {
          history.refund(latest.id, at: latest.purchaseDate.addingTimeInterval(3 * 86_400))
        } else if event < 10, !annual, remaining - renewals > 2 {
          history.upgrade(
            first.originalID, to: "\(group).annual", period: .yearly,
            at: latest.purchaseDate.addingTimeInterval(10 * 86_400))
        } else if event < 20 {
          history.turnOffAutoRenew(first.originalID)
        } else if event < 25 {
          history.enterBillingRetry(first.originalID, gracePeriodDays: 16)
        } else if event < 30 {
          history.enterBillingRetry(first.originalID)
        } else if event < 33 {
          history.scheduleChange(of: first.originalID, to: "\(group).annual", period: .yearly)
        } else if event < 38, remaining - renewals > 1 {
          // A payment recovered late in billing retry.
          let late = (latest.expirationDate ?? start).addingTimeInterval(
            Double(1 + roll(20)) * 86_400)
          history.renewAfterBillingRetry(first.originalID, at: late)
        } else if event < 43, remaining - renewals > 1 {
          // Lapsed, then subscribed again.
          let again = (latest.expirationDate ?? start).addingTimeInterval(
            Double(1 + roll(90)) * 86_400)
          history.turnOffAutoRenew(first.originalID)
          history.resubscribe(first.originalID, at: again)
        }
      }
    }
    return history.ledger
  }
}
