import AppStoreJWS
package import Foundation
package import StoreModel

/// The controls of StoreKitTest's `SKTestSession`, on the local App Store.
extension LocalAppStore {
  // MARK: - Switches

  /// The store's switches as they are now.
  package func settings() throws(LocalAppStoreError) -> EmulatorSettings {
    try operation { (_: Date) throws(LocalAppStoreError) in try currentSettings() }
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
      try isInterrupted(transactionID)
    }) {
      return try completeInterruptedPurchase(transactionID)
    }
    return try operation { (now: Date) throws(LocalAppStoreError) in
      let record = try subscription(ofTransaction: transactionID, toAct: "resolve")
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
    return try ledger.purchasedSubscriptions()
      .filter { $0.phase == .active || $0.phase == .billingRetry }
      .compactMap { renewalLimit(of: $0, from: now, rate: rate) }
      .min()
  }

  /// The end of ``maximumPeriodsPerAdvance`` periods of `record` from `start`, in the shorter
  /// of its product's and the product it renews as next; `nil` when neither is a subscription
  /// of the catalog. The one place the renewal cap is computed: a move of the stored time
  /// (``advanceTime(by:)``) and a state file's catch-up (``checkCatchUp(_:to:rate:)``) both
  /// stop there.
  func renewalLimit(of record: SubscriptionRecord, from start: Date, rate: TimeRate) -> Date? {
    [record.productID, record.autoRenewProductID]
      .compactMap { productsByID[$0]?.subscription?.subscriptionPeriod }
      .map { rate.end(of: $0, from: start, count: Self.maximumPeriodsPerAdvance) }
      .min()
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

  // MARK: - Refunds and renewal

  /// Refunds a transaction: sets its revocation date and reason and delivers the change
  /// (and the revocation of family members' copies): `SKTestSession.refundTransaction(identifier:)`.
  ///
  /// Refunding a subscription's latest transaction revokes the subscription: it no longer renews.
  @discardableResult
  package func refund(transactionID: UInt64, reason: RevocationReason = .other)
    throws(LocalAppStoreError) -> Transaction
  {
    try operation { (now: Date) throws(LocalAppStoreError) in
      guard let stored = try ledger.transaction(transactionID) else {
        throw LocalAppStoreError(.notFound, "no transaction \(transactionID)")
      }
      guard stored.transaction.revocationDate == nil else {
        throw LocalAppStoreError(.notAllowed, "transaction \(transactionID) is already revoked")
      }
      guard stored.sourceID == nil else {
        throw LocalAppStoreError(
          .notAllowed,
          "transaction \(transactionID) is a family-shared copy; refund the purchaser's transaction \(stored.sourceID ?? 0)"
        )
      }
      var transaction = stored.transaction
      // `revocationPercentage` (App Store Server API): "The percentage, in milliunits, of the
      // transaction that the App Store has refunded or revoked. This field is present in the
      // JWSTransactionDecodedPayload for refunded transactions": 100000 for a full refund.
      let revoke: (inout Transaction) -> Void = {
        $0.revocationDate = now
        $0.revocationReason = reason
        $0.revocationType = .refundFull
        $0.revocationPercentage = 100_000
      }
      revoke(&transaction)
      let copies = try recorder.update(transaction, copies: revoke)
      // REFUND of a product that is not an auto-renewable subscription, and REVOKE of family
      // members' copies of it (a subscription's are its machine steps', below).
      if transaction.productType != .autoRenewable {
        notifier.emit(.init(.refund), about: .transaction(transaction.id))
        for copy in copies { notifier.emit(.init(.revoke), about: .transaction(copy.id)) }
      }
      if let record = try ledger.subscriptions(of: stored.account).first(where: {
        $0.originalID == transaction.originalID && $0.sourceOriginalID == nil
      }), try latestTransaction(of: record)?.id == transaction.id {
        let context = machineContext(try currentSettings())
        try self.transition(.refund, of: record, at: now, in: context)
        for mirror in try ledger.mirrors(of: record.originalID) {
          try self.transition(.refund, of: mirror, at: now, in: context, mirroring: false)
        }
      }
      return transaction
    }
  }

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
    try operation { (_: Date) throws(LocalAppStoreError) in
      try ledger.setSharing(member, true)
      for record in try ledger.subscriptions(of: Self.purchaser)
      where record.sourceOriginalID == nil
        && productsByID[record.productID]?.isFamilyShareable == true
      {
        try recorder.mirror(record, to: member, notices: nil)
      }
      let owned = try ledger.transactions(of: Self.purchaser).filter {
        $0.transaction.productType != .autoRenewable && $0.transaction.revocationDate == nil
          && productsByID[$0.transaction.productID]?.isFamilyShareable == true
      }
      for stored in owned
      where try !ledger.copies(of: stored.transaction.id).contains(where: {
        $0.account == member && $0.transaction.revocationDate == nil
      }) {
        try recorder.share(stored.transaction, with: member, originalID: nil)
      }
    }
  }

  /// Stops sharing with `member`: their family-shared transactions are revoked now and the
  /// revocations arrive through their updates.
  package func stopFamilySharing(with member: String) throws(LocalAppStoreError) {
    try operation { (now: Date) throws(LocalAppStoreError) in
      guard try ledger.sharingMembers().contains(member) else {
        throw LocalAppStoreError(.notFound, "\(member) is not a sharing family member")
      }
      try ledger.setSharing(member, false)
      for stored in try ledger.transactions(of: member)
      where stored.sourceID != nil && stored.transaction.revocationDate == nil {
        var transaction = stored.transaction
        transaction.revocationDate = now
        transaction.revocationReason = .other
        transaction.revocationType = .familyRevoke
        let revision = try ledger.update(transaction)
        try ledger.appendUpdate(account: member, transactionID: transaction.id, revision: revision)
        // REVOKE: "an In-App Purchase the customer was entitled to through Family Sharing is no
        // longer available" (a subscription's copy is told by its machine step, below).
        if transaction.productType != .autoRenewable {
          notifier.emit(.init(.revoke), about: .transaction(transaction.id))
        }
      }
      var context: SubscriptionMachine.Context?
      for record in try ledger.subscriptions(of: member) where record.sourceOriginalID != nil {
        if context == nil { context = machineContext(try currentSettings()) }
        guard let made = context else { continue }
        try transition(.familyUnshare, of: record, at: now, in: made, mirroring: false)
      }
    }
  }

  // MARK: - Faults

  /// Arms a fault for the next operation it applies to, or for every one when `sticky`.
  package func inject(_ fault: Fault, sticky: Bool = false) throws(LocalAppStoreError) {
    try operation { (_: Date) throws(LocalAppStoreError) in
      try ledger.setFault(fault, sticky: sticky)
    }
  }

  /// Disarms `fault`, or every fault when `nil`.
  package func clearFaults(_ fault: Fault? = nil) throws(LocalAppStoreError) {
    try operation { (_: Date) throws(LocalAppStoreError) in
      if let fault { try ledger.removeFault(fault) } else { try ledger.removeAllFaults() }
    }
  }

  // MARK: - Reading

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
      try ledger.subscriptions(of: account).map { renewalInfo(of: $0, now: now) }
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
      for (fault, sticky) in try ledger.faults() { faults[fault.rawValue] = sticky }
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
