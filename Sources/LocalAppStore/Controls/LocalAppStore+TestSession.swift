import Foundation
package import StoreModel

/// What `SKTestSession` does to the test environment beyond its switches: expiring and
/// renewing subscriptions now, auto-renew per transaction, removing transactions, the default
/// state, and the time rate, storefront and locale while the store runs.
extension LocalAppStore {
  /// The settings and faults a state began with (its `.storekit` file's), for
  /// ``resetToDefaultState()``.
  struct DefaultState: Codable {
    var settings: EmulatorSettings
    var faults: [Fault]
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
      var (record, latest) = try liveSubscription(productID, account: account)
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
  /// state with this call" — a subscription in billing retry stays there, and nothing renews.
  /// The renewal transaction (of the product that renews next) is delivered through
  /// `Transaction.updates`.
  /// - Returns: The renewal transaction; in billing retry, the latest transaction, unchanged.
  /// - Throws: `notFound` when the account has no live subscription to `productID`.
  @discardableResult
  package func forceRenewalOfSubscription(productID: String, account: String? = nil)
    throws(LocalAppStoreError) -> Transaction
  {
    try operation { (now: Date) throws(LocalAppStoreError) in
      var (record, latest) = try liveSubscription(productID, account: account)
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
      let record = try subscription(ofTransaction: transactionID)
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
      let stored = try purchasersTransaction(transactionID, toAct: "delete")
      guard stored.transaction.productType == .autoRenewable,
        let record = try subscription(of: stored)
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
    try operation { (_: Date) throws(LocalAppStoreError) in
      let current = try currentSettings()
      let defaults: DefaultState =
        try ledger.readIfPresent(.defaultState)
        ?? DefaultState(settings: EmulatorSettings(bundleID: current.bundleID), faults: [])
      try ledger.write(defaults.settings, to: .settings)
      try ledger.removeAllFaults()
      for fault in defaults.faults { try ledger.setFault(fault, sticky: true) }
      try ledger.write([:], to: .simulatedErrors)
    }
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
    if let identifier, !Self.isLocaleIdentifier(identifier) {
      throw LocalAppStoreError(
        .invalidArgument,
        "'\(identifier)' is not a locale identifier (en_US, ja_JP, fr); the locale stays as it was")
    }
    try changeSettings { $0.locale = identifier }
  }

  /// Whether `identifier` has a locale identifier's form: a language of 2 or 3 letters, then
  /// up to four `_` or `-` separated parts of 1 to 8 letters and digits (BCP 47's shape,
  /// loosely).
  package static func isLocaleIdentifier(_ identifier: String) -> Bool {
    let parts = identifier.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "_" || $0 == "-" })
    guard let language = parts.first, (2...3).contains(language.count), parts.count <= 5,
      language.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }

  // MARK: - Helpers

  /// `account`'s (by default the store's) own live (active or in billing retry) subscription
  /// whose product is `productID`, and its latest transaction.
  private func liveSubscription(_ productID: String, account: String?)
    throws(LocalAppStoreError) -> (SubscriptionRecord, Transaction)
  {
    let account = account ?? self.account
    guard
      let record = try ledger.subscriptions(of: account).first(where: {
        $0.sourceOriginalID == nil && $0.productID == productID
          && ($0.phase == .active || $0.phase == .billingRetry)
      }), let latest = try latestTransaction(of: record)
    else {
      throw LocalAppStoreError(.notFound, "\(account) has no live subscription to \(productID)")
    }
    return (record, latest)
  }

  /// The purchaser's subscription that transaction `transactionID` belongs to.
  /// - Throws: `notFound` for an unknown transaction; `notAllowed` for a family member's copy
  ///   (whose message asks to `verb` the purchaser's transaction instead) or a transaction that
  ///   is not an auto-renewable subscription's.
  func subscription(ofTransaction transactionID: UInt64, toAct verb: String = "use")
    throws(LocalAppStoreError) -> SubscriptionRecord
  {
    let stored = try purchasersTransaction(transactionID, toAct: verb)
    guard let record = try subscription(of: stored) else {
      throw LocalAppStoreError(
        .notAllowed, "transaction \(transactionID) is not an auto-renewable subscription's")
    }
    return record
  }

  /// The purchaser's subscription that the purchaser's transaction `stored` belongs to; `nil`
  /// when it is not an auto-renewable subscription's.
  func subscription(of stored: StoredTransaction) throws(LocalAppStoreError)
    -> SubscriptionRecord?
  {
    try ledger.subscriptions(of: stored.account).first {
      $0.originalID == stored.transaction.originalID && $0.sourceOriginalID == nil
    }
  }

  /// Transaction `transactionID`, which must be the purchaser's own, not a family member's
  /// copy.
  /// - Throws: `notFound` for an unknown transaction; `notAllowed` for a family member's copy,
  ///   with a message that asks to `verb` ("use", "delete", "resolve") the purchaser's
  ///   transaction instead.
  func purchasersTransaction(_ transactionID: UInt64, toAct verb: String = "use")
    throws(LocalAppStoreError) -> StoredTransaction
  {
    guard let stored = try ledger.transaction(transactionID) else {
      throw LocalAppStoreError(.notFound, "no transaction \(transactionID)")
    }
    guard stored.sourceID == nil else {
      throw LocalAppStoreError(
        .notAllowed,
        "transaction \(transactionID) is a family-shared copy; \(verb) the purchaser's "
          + "transaction \(stored.sourceID ?? 0)")
    }
    return stored
  }
}

/// Interrupted purchases: `SKTestSession.interruptedPurchasesEnabled`.
extension LocalAppStore {
  /// Keeps request `id` as an interrupted purchase rather than an Ask to Buy request.
  func markInterrupted(_ id: UInt64) throws(LocalAppStoreError) {
    var ids = try interruptedRequests()
    ids.insert(id)
    try ledger.write(ids, to: .interruptedRequests)
  }

  /// Whether `id` is an interrupted purchase still waiting for the customer.
  func isInterrupted(_ id: UInt64) throws(LocalAppStoreError) -> Bool {
    guard try interruptedRequests().contains(id), let request = try ledger.request(id) else {
      return false
    }
    return request.0.status == .pending
  }

  /// Completes interrupted purchase `id`: made now, delivered through `Transaction.updates`.
  func completeInterruptedPurchase(_ id: UInt64) throws(LocalAppStoreError) -> Transaction {
    let transaction = try approveAskToBuy(id)
    try operation { (_: Date) throws(LocalAppStoreError) in
      var ids = try interruptedRequests()
      ids.remove(id)
      try ledger.write(ids, to: .interruptedRequests)
    }
    return transaction
  }

  /// Every account's requests still waiting, oldest first, each with whether it is an
  /// interrupted purchase (resolved by `resolve-issue`) or an Ask to Buy request (approved or
  /// declined): the Transaction Manager's list of them.
  package func waitingRequests() throws(LocalAppStoreError)
    -> [(request: AskToBuyRequest, isInterrupted: Bool)]
  {
    try operation { (_: Date) throws(LocalAppStoreError) in
      let interrupted = try interruptedRequests()
      return try ledger.requests(of: nil).filter { $0.status == .pending }.map {
        ($0, interrupted.contains($0.id))
      }
    }
  }

  private func interruptedRequests() throws(LocalAppStoreError) -> Set<UInt64> {
    try ledger.read(.interruptedRequests)
  }
}

extension LocalAppStore {
  /// Whether request `id` is an interrupted purchase still waiting for the customer's action
  /// (``resolveIssue(transactionID:)`` completes it), rather than an Ask to Buy request.
  package func isInterruptedPurchase(_ id: UInt64) throws(LocalAppStoreError) -> Bool {
    try operation { (_: Date) throws(LocalAppStoreError) in try isInterrupted(id) }
  }
}
