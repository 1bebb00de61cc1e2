import AppStoreJWS
package import Foundation
package import StoreModel

/// The controls' façade: StoreKitTest's `SKTestSession` on the local App Store — its switches,
/// the time, Ask to Buy, refunds, auto-renew, Family Sharing, expiring and renewing
/// subscriptions now, removing transactions, the defaults, the storefront and locale while the
/// store runs, and the failures a test injects. ``Controls`` keeps the switches, defaults and
/// failures; the ``SubscriptionMachine`` decides; the ``Recorder`` writes.
extension LocalAppStore {
  // MARK: - Switches

  /// The store's switches as they are now.
  package func settings() throws(LocalAppStoreError) -> EmulatorSettings {
    try operation { (_: Date) throws(LocalAppStoreError) in try controls.settings() }
  }

  /// Turns `emulatorSwitch` on or off (one of ``EmulatorSwitch/all``); the switch's own setter
  /// (``setBillingIssuesEnabled(_:)``) does the same.
  package func set(_ emulatorSwitch: EmulatorSwitch, _ on: Bool) throws(LocalAppStoreError) {
    try changeSettings { $0[emulatorSwitch] = on }
  }

  /// Turns Ask to Buy on or off: `SKTestSession.askToBuyEnabled`.
  package func setAskToBuyEnabled(_ enabled: Bool) throws(LocalAppStoreError) {
    try changeSettings { $0.askToBuyEnabled = enabled }
  }

  /// Makes renewals fail (billing retry) or succeed again:
  /// `SKTestSession.shouldEnterBillingRetryOnRenewal`.
  ///
  /// Apple: while it is on, renewals fail; "to resolve the simulated billing issue, call
  /// `resolveIssueForTransaction(identifier:)`". Read as: turning it off stops new failures and
  /// leaves a subscription already in billing retry there until ``resolveIssue(transactionID:)``
  /// or the end of its retry (our reading; Apple says no more).
  package func setBillingIssuesEnabled(_ enabled: Bool) throws(LocalAppStoreError) {
    try changeSettings { $0.billingIssuesEnabled = enabled }
  }

  /// Grants a grace period at the start of billing retry, or not:
  /// `SKTestSession.billingGracePeriodIsEnabled`.
  package func setGracePeriodEnabled(_ enabled: Bool) throws(LocalAppStoreError) {
    try changeSettings { $0.gracePeriodEnabled = enabled }
  }

  /// Turns device timing on or off (``DeviceTiming/device`` or ``DeviceTiming/polite``, or a
  /// listing lag of your own), kept in the state.
  package func setDeviceTiming(_ timing: DeviceTiming) throws(LocalAppStoreError) {
    try changeSettings { $0.deviceTiming = timing }
  }

  /// The store's device timing as the state has it now.
  package func deviceTiming() throws(LocalAppStoreError) -> DeviceTiming {
    try settings().deviceTiming
  }

  /// Starts a new launch of the app on this store, as a new process that opens the state does
  /// (``DeviceView/startNewLaunch()``): the lags of this launch are over, the unfinished
  /// transactions go again to the first updates listener, and renewals made while no listener
  /// was open are missed by the first `currentEntitlements` read. For tests of what an app does
  /// at launch.
  package nonisolated func startNewLaunch() {
    device.startNewLaunch()
  }

  /// Resolves the billing issue of the subscription that transaction `transactionID` belongs
  /// to (any of its transactions): `SKTestSession.resolveIssueForTransaction(identifier:)`.
  ///
  /// In billing retry it renews now (within the grace period, at its renewal date, with no
  /// gap), or expires when the customer turned auto-renew off during the retry. The renewal
  /// arrives through `Transaction.updates`.
  /// - Returns: The subscription's latest transaction afterwards (the renewal), or `nil` when it
  ///   expired instead.
  /// - Throws: `notFound` for an unknown transaction; `notAllowed` for a family-shared copy
  ///   (the organizer's subscription is the one billed) or a subscription not in billing retry.
  ///
  /// For an interrupted purchase (``EmulatorSwitch/interruptedPurchases``) pass its request
  /// identifier: the customer's action is done, the purchase is made now and its transaction
  /// arrives through `Transaction.updates`.
  @discardableResult
  package func resolveIssue(transactionID: UInt64) throws(LocalAppStoreError) -> Transaction? {
    if try operation({ (_: Date) throws(LocalAppStoreError) in
      try controls.isInterrupted(transactionID)
    }) {
      return try completeInterruptedPurchase(transactionID)
    }
    return try operation { (now: Date) throws(LocalAppStoreError) in
      let record = try ledger.subscription(ofTransaction: transactionID, toAct: "resolve")
      guard record.phase == .billingRetry else {
        throw LocalAppStoreError(
          .notAllowed,
          "the subscription of transaction \(transactionID) has no billing issue "
            + "(it is \(record.phase.rawValue))")
      }
      let settings = try currentSettings()
      let increase = try pricing.increase(of: record.originalID)
      let (recovery, _) = try transition(
        .recovery, of: record, at: now, in: machineContext(settings, priceIncrease: increase))
      let recovered = recovery.record ?? record
      return recovered.phase == .active ? try latestTransaction(of: recovered) : nil
    }
  }

  // MARK: - Time

  /// Moves the stored time forward by `duration`, making every renewal and expiry that falls
  /// due, in the same SQLite transaction.
  ///
  /// - Throws: `clockNotSettable` when the store reads a clock rather than the stored time
  ///   (move a `ManualClock` instead); `invalidArgument`, with nothing changed, when the time
  ///   would leave ``supportedDates`` or the move spans more than ``maximumPeriodsPerAdvance``
  ///   periods of the shortest live subscription.
  @discardableResult
  package func advanceTime(by duration: EmulatorDuration) throws(LocalAppStoreError)
    -> Date
  {
    try moveStoredTime(by: duration.text) { duration.adding(to: $0) }.date
  }

  /// Moves the stored time forward by `duration`, as ``advanceTime(by:)`` does, and reports what
  /// the move made: the transactions its transitions recorded (renewals, and family members'
  /// copies of them), from the operation itself rather than from the history before and after.
  package func advanceTimeReporting(by duration: EmulatorDuration) throws(LocalAppStoreError)
    -> TimeAdvance
  {
    try moveStoredTime(by: duration.text) { duration.adding(to: $0) }
  }

  /// Moves the stored time forward by `seconds`, as ``advanceTime(by:)`` does.
  ///
  /// - Throws: `clockNotSettable` when the store reads a clock rather than the stored time;
  ///   `invalidArgument`, with nothing changed, when the time would leave ``supportedDates``
  ///   or the move spans more than ``maximumPeriodsPerAdvance`` periods of the shortest live
  ///   subscription.
  @discardableResult
  package func advanceTime(bySeconds seconds: TimeInterval) throws(LocalAppStoreError)
    -> Date
  {
    try moveStoredTime(by: "\(seconds) seconds") { $0.addingTimeInterval(max(0, seconds)) }.date
  }

  private func moveStoredTime(by text: String, _ move: (Date) -> Date?)
    throws(LocalAppStoreError) -> TimeAdvance
  {
    guard let storedClock else {
      throw LocalAppStoreError(
        .clockNotSettable, "this store reads a clock; move the clock instead of the store")
    }
    return try operation { (now: Date) throws(LocalAppStoreError) in
      guard let later = move(now), later >= now, later < Self.supportedDates.end else {
        throw LocalAppStoreError(
          .invalidArgument,
          "cannot advance \(text) from \(now.formatted(.iso8601)): the local App Store keeps "
            + "time up to before \(Self.supportedDates.end.formatted(.iso8601)) (its "
            + "certificates' validity); nothing changed")
      }
      if let limit = try latestAdvance(from: now), later > limit {
        throw LocalAppStoreError(
          .invalidArgument,
          "moving the time to \(later.formatted(.iso8601)) would renew a subscription more than "
            + "\(Self.maximumPeriodsPerAdvance) times; move it at most to "
            + "\(limit.formatted(.iso8601)) at once")
      }
      try ledger.setText(String(AppStoreJSON.milliseconds(later)), for: .now)
      storedClock.set(later)
      let made = caughtUp + (try catchUp(to: later))
      return TimeAdvance(
        date: later,
        newTransactions: made.sorted { $0.transaction.id < $1.transaction.id })
    }
  }

  /// How many periods of a live subscription one move of the stored time may span. Each is a
  /// renewal to make in that one operation, so a move stays a second or so of work (a monthly
  /// subscription allows 83 years; a rate that renews every two seconds, 33 minutes); without
  /// it, `advance 999999y` renewed for hours and wrote gigabytes.
  package static let maximumPeriodsPerAdvance = 1_000

  /// The latest date the stored time may move to from `now` in one step, or `nil` when no
  /// subscription renews.
  private func latestAdvance(from now: Date) throws(LocalAppStoreError) -> Date? {
    let rate = try currentSettings().timeRate
    // Each period once: calendar arithmetic, the same for every subscription of the period.
    var periods: Set<SubscriptionPeriod> = []
    for record in try ledger.purchasedSubscriptions()
    where record.phase == .active || record.phase == .billingRetry {
      periods.formUnion(renewalPeriods(of: record))
    }
    return periods.map { rate.end(of: $0, from: now, count: Self.maximumPeriodsPerAdvance) }.min()
  }

  /// The end of ``maximumPeriodsPerAdvance`` periods of `record` from `start`, in the shorter
  /// of its product's and the product it renews as next; `nil` when neither is a subscription
  /// of the catalog. The one place the renewal cap is computed: a move of the stored time
  /// (``advanceTime(by:)``) and a state file's catch-up (``checkCatchUp(_:to:rate:)``) both
  /// stop there.
  func renewalLimit(of record: SubscriptionRecord, from start: Date, rate: TimeRate) -> Date? {
    renewalPeriods(of: record)
      .map { rate.end(of: $0, from: start, count: Self.maximumPeriodsPerAdvance) }
      .min()
  }

  /// The periods of `record`'s product and of the product it renews as next, each once, of
  /// those in the catalog.
  private func renewalPeriods(of record: SubscriptionRecord) -> Set<SubscriptionPeriod> {
    var periods: Set<SubscriptionPeriod> = []
    for id in [record.productID, record.autoRenewProductID] {
      if let period = productsByID[id]?.subscription?.subscriptionPeriod { periods.insert(period) }
    }
    return periods
  }

  /// Catches up with the clock: makes every renewal and expiry due by now and delivers them
  /// to the update subscribers.
  package func synchronize() throws(LocalAppStoreError) {
    try operation { (_: Date) throws(LocalAppStoreError) in }
  }

  // MARK: - Ask to Buy

  /// Approves a pending Ask to Buy request: the purchase is made now and its transaction (a new
  /// purchase's identifier is the request's; an upgrade's or crossgrade's the next one, so that
  /// it outranks the renewals made while the request waited) arrives through
  /// `Transaction.updates`:
  /// `SKTestSession.approveAskToBuyTransaction(identifier:)`.
  @discardableResult
  package func approveAskToBuy(_ id: UInt64) throws(LocalAppStoreError) -> Transaction {
    try operation { (now: Date) throws(LocalAppStoreError) in
      let request = try pendingRequest(id)
      let product = try product(request.0.productID)
      let settings = try currentSettings()
      let terms = try PurchaseTerms(decoding: request.options)
      // A win-back offer is for a lapsed customer at the purchase: one who resubscribed while
      // the request waited is no longer one. (Signatures are not checked again: their nonces
      // were spent when the child asked.)
      if case .winBack(let offerID)? = terms.offer,
        let group = product.subscription?.subscriptionGroupID,
        let refusal = try offers.winBackRefusal(
          offerID, productID: product.id, group: group, account: request.0.account, now: now)
      {
        throw LocalAppStoreError(.notAllowed, "cannot approve request \(id): \(refusal)")
      }
      let outcome = try executePurchase(
        product, account: request.0.account, terms: terms, now: now, identifier: id,
        settings: settings)
      let transaction: Transaction
      switch outcome {
      case .success(let purchase):
        transaction = purchase.transaction
        device.noteListingLag(of: transaction, account: request.0.account, settings: settings)
      case .failure(let error):
        throw LocalAppStoreError(.notAllowed, "cannot approve request \(id): \(error)")
      }
      try ledger.setStatus(.approved, ofRequest: id)
      let revision = try ledger.transaction(transaction.id)?.revision ?? 0
      try ledger.appendUpdate(
        account: request.0.account, transactionID: transaction.id, revision: revision)
      return transaction
    }
  }

  /// Declines a pending Ask to Buy request; nothing is bought and nothing is delivered:
  /// `SKTestSession.declineAskToBuyTransaction(identifier:)`.
  package func declineAskToBuy(_ id: UInt64) throws(LocalAppStoreError) {
    try operation { (_: Date) throws(LocalAppStoreError) in
      _ = try pendingRequest(id)
      try ledger.setStatus(.declined, ofRequest: id)
    }
  }

  /// Ask to Buy requests of `account` (every account when `nil`), oldest first.
  package func askToBuyRequests(account: String? = nil) throws(LocalAppStoreError)
    -> [AskToBuyRequest]
  {
    try operation { (_: Date) throws(LocalAppStoreError) in try ledger.requests(of: account) }
  }

  private func pendingRequest(_ id: UInt64) throws(LocalAppStoreError) -> (
    AskToBuyRequest, options: String
  ) {
    guard let request = try ledger.request(id) else {
      throw LocalAppStoreError(.notFound, "no Ask to Buy request \(id)")
    }
    guard request.0.status == .pending else {
      throw LocalAppStoreError(
        .notAllowed, "Ask to Buy request \(id) was already \(request.0.status.rawValue)")
    }
    return request
  }

  // MARK: - Auto-renew

  /// Turns auto-renew of the account's subscription in `group` (every group when `nil`) off or
  /// on: `SKTestSession.disableAutoRenewForTransaction(identifier:)` and
  /// `enableAutoRenewForTransaction(identifier:)`. Off, the subscription expires at the end of
  /// its period.
  /// - Returns: The subscriptions changed, by original transaction identifier.
  @discardableResult
  package func setWillAutoRenew(
    _ willAutoRenew: Bool, forGroup group: String? = nil, account: String? = nil
  )
    throws(LocalAppStoreError) -> [UInt64]
  {
    let account = account ?? self.account
    return try operation { (now: Date) throws(LocalAppStoreError) in
      var changed: [UInt64] = []
      var context: SubscriptionMachine.Context?
      for record in try ledger.subscriptions(of: account)
      where record.sourceOriginalID == nil && (group == nil || record.groupID == group)
        && SubscriptionMachine.isLive(record)
      {
        if context == nil { context = machineContext(try currentSettings()) }
        guard let made = context else { continue }
        try transition(.autoRenew(willAutoRenew), of: record, at: now, in: made)
        changed.append(record.originalID)
      }
      return changed
    }
  }

  // MARK: - Family Sharing

  /// Adds `member` to the purchaser's family and shares with them: they receive a
  /// `familyShared` transaction for each active shareable purchase, now and at each renewal.
  package func startFamilySharing(with member: String) throws(LocalAppStoreError) {
    guard !member.isEmpty, !member.contains(where: { $0.isWhitespace || $0.isNewline }) else {
      throw LocalAppStoreError(
        .invalidArgument,
        "'\(member)' is not a family member's name: a name has at least one character and no "
          + "spaces; nothing was shared")
    }
    guard member != Self.purchaser else {
      throw LocalAppStoreError(.invalidArgument, "the purchaser cannot share with themselves")
    }
    try operation { (_: Date) throws(LocalAppStoreError) in try recorder.startSharing(with: member)
    }
  }

  /// Stops sharing with `member`: their family-shared transactions are revoked now and the
  /// revocations arrive through their updates.
  package func stopFamilySharing(with member: String) throws(LocalAppStoreError) {
    try operation { (now: Date) throws(LocalAppStoreError) in
      let copies = try recorder.stopSharing(with: member, now: now)
      guard !copies.isEmpty else { return }
      let context = machineContext(try currentSettings())
      for record in copies {
        try transition(.familyUnshare, of: record, at: now, in: context, mirroring: false)
      }
    }
  }

  // MARK: - Faults

  /// Arms a fault for the next operation it applies to, or for every one when `sticky`.
  package func inject(_ fault: Fault, sticky: Bool = false) throws(LocalAppStoreError) {
    try operation { (_: Date) throws(LocalAppStoreError) in
      try controls.inject(fault, sticky: sticky)
    }
  }

  /// Disarms `fault`, or every fault when `nil`.
  package func clearFaults(_ fault: Fault? = nil) throws(LocalAppStoreError) {
    try operation { (_: Date) throws(LocalAppStoreError) in
      try controls.clearFaults(fault)
    }
  }

  // MARK: - Subscriptions

  /// Expires `account`'s subscription to `productID` now: `SKTestSession.expireSubscription(
  /// productIdentifier:)`. Its latest transaction's expiration date becomes now (re-signed, and
  /// delivered through `Transaction.updates`), auto-renew is off and the subscription is
  /// `expired` with reason `autoRenewDisabled` (ours: Apple does not say which reason).
  /// - Returns: The re-signed latest transaction.
  /// - Throws: `notFound` when the account has no live subscription to `productID`.
  @discardableResult
  package func expireSubscription(productID: String, account: String? = nil)
    throws(LocalAppStoreError) -> Transaction
  {
    try operation { (now: Date) throws(LocalAppStoreError) in
      var (record, latest) = try ledger.liveSubscription(productID, of: account ?? self.account)
      latest.expirationDate = now
      try recorder.update(latest) { $0.expirationDate = now }
      try transition(.expiry, of: record, at: now, in: machineContext(try currentSettings()))
      return latest
    }
  }

  /// Renews `account`'s subscription to `productID` now: `SKTestSession.forceRenewalOfSubscription(
  /// productIdentifier:)`. Its page: "the subscription expires at the time you call the method,
  /// and a new subscription period begins"; "The testing environment also: Enables the
  /// subscription auto-renew state; Removes a pending price increase" (an increase already
  /// agreed to is not pending: the renewal is at its price); "doesn't change the billing retry
  /// state with this call" — a subscription in billing retry stays there, and nothing renews
  /// (its pending price increase is removed all the same).
  /// The renewal transaction (of the product that renews next) is delivered through
  /// `Transaction.updates`.
  /// - Returns: The renewal transaction; in billing retry, the latest transaction, unchanged.
  /// - Throws: `notFound` when the account has no live subscription to `productID`.
  @discardableResult
  package func forceRenewalOfSubscription(productID: String, account: String? = nil)
    throws(LocalAppStoreError) -> Transaction
  {
    try operation { (now: Date) throws(LocalAppStoreError) in
      var (record, latest) = try ledger.liveSubscription(productID, of: account ?? self.account)
      if let expiration = latest.expirationDate, expiration > now {
        latest.expirationDate = max(now, latest.purchaseDate)
        try recorder.update(latest) { $0.expirationDate = max(now, $0.purchaseDate) }
      }
      let next: Product
      if let renewing = productsByID[record.autoRenewProductID] {
        next = renewing
      } else {
        next = try product(record.productID)
      }
      let increase = try pricing.increase(of: record.originalID)
      try transition(
        .forcedRenewal(next, start: max(now, latest.purchaseDate)), of: record, at: now,
        in: machineContext(try currentSettings(), priceIncrease: increase))
      guard let renewal = try latestTransaction(of: record) else {
        throw LocalAppStoreError(.invalidState, "the renewal of \(productID) was not recorded")
      }
      return renewal
    }
  }

  /// Turns auto-renew on or off for the subscription that transaction `transactionID` (any of
  /// its transactions) belongs to: `SKTestSession.enableAutoRenewForTransaction(identifier:)`
  /// and `disableAutoRenewForTransaction(identifier:)`, per transaction rather than per group.
  /// - Throws: `notFound` for an unknown transaction; `notAllowed` for a family-shared copy (the
  ///   organizer's subscription is the one that renews) or a transaction of no live subscription.
  package func setWillAutoRenew(
    _ willAutoRenew: Bool, forTransaction transactionID: UInt64
  )
    throws(LocalAppStoreError)
  {
    try operation { (now: Date) throws(LocalAppStoreError) in
      let record = try ledger.subscription(ofTransaction: transactionID)
      guard SubscriptionMachine.isLive(record) else {
        throw LocalAppStoreError(
          .notAllowed,
          "the subscription of transaction \(transactionID) is \(record.phase.rawValue)")
      }
      try transition(
        .autoRenew(willAutoRenew), of: record, at: now, in: machineContext(try currentSettings()))
    }
  }

  // MARK: - Removing transactions

  /// Removes every transaction, subscription and Ask to Buy request of every account:
  /// `SKTestSession.clearTransactions()` ("removes all transactions from the test environment",
  /// so that one-time purchases can be tested again). Settings, faults, family sharing and the
  /// app's data stay; nothing is delivered.
  package func clearTransactions() throws(LocalAppStoreError) {
    try operation { (_: Date) throws(LocalAppStoreError) in try ledger.clearPurchases() }
  }

  /// Removes transaction `transactionID` and family members' copies of it:
  /// `SKTestSession.deleteTransaction(identifier:)`. Its page: "Deleting a transaction deletes
  /// its child transactions, for example: Deleting an original subscription transaction
  /// deletes all related renewal transactions. Deleting a transaction deletes any associated
  /// restored transactions" — so the original transaction of a subscription takes the whole
  /// subscription with it (renewals, family members' copies). A later transaction alone goes;
  /// the subscription goes back to the one before (ours: Apple does not say), ending then.
  /// - Throws: `notFound` for an unknown transaction; `notAllowed` for a family-shared copy.
  package func deleteTransaction(_ transactionID: UInt64) throws(LocalAppStoreError) {
    try operation { (now: Date) throws(LocalAppStoreError) in
      let stored = try ledger.purchasersTransaction(transactionID, toAct: "delete")
      guard stored.transaction.productType == .autoRenewable,
        let record = try ledger.subscription(of: stored)
      else {
        try ledger.deleteTransaction(transactionID)
        return
      }
      if stored.transaction.id == record.originalID {
        try ledger.deleteTransactions(ofSubscription: record.originalID)
        try ledger.deleteSubscription(record.originalID)
        return
      }
      try ledger.deleteTransaction(transactionID)
      guard var previous = try latestTransaction(of: record) else {
        try ledger.deleteSubscription(record.originalID)
        return
      }
      // The transaction an upgrade replaced is no longer upgraded once the upgrade is gone.
      if previous.isUpgraded {
        previous.isUpgraded = false
        try recorder.update(previous) { $0.isUpgraded = false }
      }
      try transition(
        .transactionDeleted(previous: previous), of: record, at: now,
        in: machineContext(try currentSettings()))
    }
  }

  /// Reverts the switches, time rate, storefront, locale and simulated errors to the state's
  /// defaults (its `.storekit` file's): `SKTestSession.resetToDefaultState()`. Transactions stay
  /// (``clearTransactions()`` removes them). A state written before the defaults were kept goes
  /// back to ``EmulatorSettings/init(askToBuyEnabled:billingIssuesEnabled:gracePeriodEnabled:timeRate:storefront:bundleID:)``
  /// with its bundle identifier and no fault.
  package func resetToDefaultState() throws(LocalAppStoreError) {
    try operation { (_: Date) throws(LocalAppStoreError) in _ = try controls.resetToDefaults() }
  }

  // MARK: - While running

  /// Changes how fast subscriptions renew from now on: `SKTestSession.timeRate`. Periods that
  /// already began keep their end (Xcode documents nothing else; ours); the next ones, and any
  /// grace or retry that starts later, follow the new rate.
  package func setTimeRate(_ timeRate: TimeRate) throws(LocalAppStoreError) {
    try changeSettings { $0.timeRate = timeRate }
  }

  /// Moves the customer to storefront `countryCode` (ISO 3166-1 alpha-3, `JPN`):
  /// `SKTestSession.storefront`. Later transactions carry it (`storefront`, and `storefrontId`
  /// where the country has an App Store); products show the catalog's amounts in the
  /// storefront's currency, and transactions record it (``ProductPresentation``: Xcode's prices
  /// are placeholders shown in the storefront's currency; no amount is converted).
  /// - Throws: `invalidArgument` for a code that is not an ISO 3166-1 alpha-3 country's
  ///   (`XXX`), changing nothing.
  package func setStorefront(_ countryCode: String) throws(LocalAppStoreError) {
    let code = countryCode.uppercased()
    guard Storefront.isCountryCode(code) else {
      throw LocalAppStoreError(
        .invalidArgument,
        "'\(countryCode)' is not an ISO 3166-1 alpha-3 country code (USA, JPN, DEU); the storefront stays "
          + "as it was")
    }
    try changeSettings { $0.storefront = code }
  }

  /// Shows each product's name and description from its `.storekit` localization for
  /// `identifier` (`ja_JP`, `fr`): `SKTestSession.locale`, "the localization metadata the
  /// test environment uses". A locale the file has no localization for falls back as the
  /// catalog does (the same language, else `en_US`, else the first); prices are not touched.
  /// `nil` goes back to the file's own choice.
  /// - Throws: `invalidArgument` for an identifier that is not a locale's form (letters, then
  ///   `_` or `-` separated letters and digits), changing nothing.
  package func setLocale(_ identifier: String?) throws(LocalAppStoreError) {
    if let identifier, !Controls.isLocaleIdentifier(identifier) {
      throw LocalAppStoreError(
        .invalidArgument,
        "'\(identifier)' is not a locale identifier (en_US, ja_JP, fr); the locale stays as it was")
    }
    try changeSettings { $0.locale = identifier }
  }

  // MARK: - Simulated errors

  /// Makes every call of `api` fail with `error` until it is cleared with `nil`:
  /// `SKTestSession.setSimulatedError(_:forAPI:)`; or, not `sticky`, only the next call. A
  /// purchase's simulated `userCancelled` is thrown, as a simulated error is; the customer
  /// dismissing the sheet is the `user-cancel` fault, the `.userCancelled` result.
  /// - Throws: `invalidArgument` for an API the store does not serve (the sheets, app
  ///   transaction); for verification arm the ``Fault/verification`` fault, which signs with an
  ///   untrusted authority.
  package func setSimulatedError(
    _ error: StoreBackendError?, forAPI api: CatalogSettings.StoreKitAPI, sticky: Bool = true
  ) throws(LocalAppStoreError) {
    try operation { (_: Date) throws(LocalAppStoreError) in
      try controls.setSimulatedError(error, forAPI: api, sticky: sticky)
    }
  }

  /// The error simulated for `api`, if any: `SKTestSession.simulatedError(forAPI:)`.
  package func simulatedError(forAPI api: CatalogSettings.StoreKitAPI) throws(LocalAppStoreError)
    -> StoreBackendError?
  {
    try operation { (_: Date) throws(LocalAppStoreError) in try controls.simulatedError(for: api) }
  }

  // MARK: - Interrupted purchases

  /// Completes interrupted purchase `id` (``EmulatorSwitch/interruptedPurchases``): made now,
  /// delivered through `Transaction.updates`.
  func completeInterruptedPurchase(_ id: UInt64) throws(LocalAppStoreError) -> Transaction {
    let transaction = try approveAskToBuy(id)
    try operation { (_: Date) throws(LocalAppStoreError) in try controls.finishInterrupted(id) }
    return transaction
  }

  /// Every account's requests still waiting, oldest first, each with whether it is an
  /// interrupted purchase (resolved by `resolve-issue`) or an Ask to Buy request (approved or
  /// declined): the Transaction Manager's list of them.
  package func waitingRequests() throws(LocalAppStoreError)
    -> [(request: AskToBuyRequest, isInterrupted: Bool)]
  {
    try operation { (_: Date) throws(LocalAppStoreError) in try controls.waitingRequests() }
  }

  /// Whether request `id` is an interrupted purchase still waiting for the customer's action
  /// (``resolveIssue(transactionID:)`` completes it), rather than an Ask to Buy request.
  package func isInterruptedPurchase(_ id: UInt64) throws(LocalAppStoreError) -> Bool {
    try operation { (_: Date) throws(LocalAppStoreError) in try controls.isInterrupted(id) }
  }
}
