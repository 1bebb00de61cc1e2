import AppStoreJWS
package import Foundation
package import StoreModel

/// The recorder: every write of a transaction or a subscription record an operation makes, with
/// Family Sharing and the notices each write tells.
///
/// A part of the store with what it writes through: the ledger, the catalog (which products
/// are family-shareable) and the ``Notifier``. Each new transaction is inserted with its row in
/// the updates outbox; a purchaser's shareable one is copied to every family member who shares
/// ("Family Sharing": a family member gets their own transaction, `inAppOwnershipType`
/// `FAMILY_SHARED`). A record a machine step left is saved with the step's notices, and a
/// purchaser's shareable subscription is mirrored to each member. Every write runs inside the
/// operation's SQLite transaction: a rolled-back operation leaves none of it, and its notices
/// are dropped with it.
package struct Recorder {
  package let ledger: LedgerStore
  /// The catalog's products, by identifier.
  let products: [String: Product]
  /// Where the writes' notices go.
  package let notifier: Notifier

  /// A recorder writing to `ledger`, for the catalog's `products`, emitting to `notifier`.
  package init(ledger: LedgerStore, products: [String: Product], notifier: Notifier) {
    self.ledger = ledger
    self.products = products
    self.notifier = notifier
  }

  /// Whether the product `id` is family-shareable.
  func isShareable(_ id: String) -> Bool {
    products[id]?.isFamilyShareable == true
  }

  /// Records a new transaction; the purchaser's shareable non-subscription purchases are
  /// copied to every family member who shares.
  package func insert(_ transaction: Transaction, account: String, emitUpdate: Bool)
    throws(LocalAppStoreError)
  {
    try ledger.insert(
      StoredTransaction(
        transaction: transaction, account: account, revision: 0, finished: false, sourceID: nil))
    if emitUpdate {
      try ledger.appendUpdate(account: account, transactionID: transaction.id, revision: 0)
    }
    emitOneTimeCharge(transaction)
    guard account == LocalAppStore.purchaser, transaction.productType != .autoRenewable,
      isShareable(transaction.productID)
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
    copy.appTransactionID = LocalAppStore.appTransactionID(of: member)
    copy.webOrderLineItemID = transaction.webOrderLineItemID.map { _ in String(id) }
    try ledger.insert(
      StoredTransaction(
        transaction: copy, account: member, revision: 0, finished: false,
        sourceID: transaction.id))
    try ledger.appendUpdate(account: member, transactionID: id, revision: 0)
    emitOneTimeCharge(copy)
    return copy
  }

  /// ONE_TIME_CHARGE for a new transaction of a product that is not an auto-renewable
  /// subscription: "the customer purchased a consumable, non-consumable, or non-renewing
  /// subscription", or received a non-consumable through Family Sharing (Apple's
  /// notificationType page, 2024). A subscription's transactions are told by its machine steps.
  private func emitOneTimeCharge(_ transaction: Transaction) {
    guard transaction.productType != .autoRenewable, transaction.revocationDate == nil else {
      return
    }
    notifier.emit(.init(.oneTimeCharge), about: .transaction(transaction.id))
  }

  /// Saves the record a machine step left and emits the step's notices; a purchaser's
  /// shareable subscription is mirrored to every family member who shares, with a copy of its
  /// latest transaction and the step's notices (unless `mirroring` is off: a member's copy).
  /// - Returns: The copies of the latest transaction given to family members.
  @discardableResult
  package func save(_ step: SubscriptionMachine.Step, transactionID: UInt64?, mirroring: Bool)
    throws(LocalAppStoreError) -> [TimeAdvance.NewTransaction]
  {
    let record = step.record
    try ledger.save(record)
    if !step.notices.isEmpty {
      var latest = transactionID
      if latest == nil {
        latest =
          try ledger.latestTransaction(account: record.account, originalID: record.originalID)?
          .transaction.id
      }
      notifier.emit(step.notices, about: record, transactionID: latest)
    }
    guard mirroring, record.sourceOriginalID == nil, record.account == LocalAppStore.purchaser,
      isShareable(record.productID)
    else { return [] }
    var copies: [TimeAdvance.NewTransaction] = []
    for member in try ledger.sharingMembers() where member != record.account {
      if let copy = try mirror(record, to: member, notices: step.notices) { copies.append(copy) }
    }
    return copies
  }

  /// Brings `member`'s copy of a purchaser's subscription up to date (the machine's
  /// ``SubscriptionMachine/share(_:with:originalID:originalPurchaseDate:)``), and emits what
  /// the member's server hears: the purchaser's step's `notices` (REVOKE for a REFUND: the
  /// member loses access through Family Sharing), or `nil` when the member starts sharing.
  /// A member's first copy is their SUBSCRIBED INITIAL_BUY (Apple sends notifications for
  /// `FAMILY_SHARED` transactions); sharing again after a lapse, RESUBSCRIBE.
  /// - Returns: The copy of the latest transaction given to `member`, if one was.
  @discardableResult
  func mirror(
    _ record: SubscriptionRecord, to member: String, notices: [SubscriptionMachine.Notice]?
  ) throws(LocalAppStoreError) -> TimeAdvance.NewTransaction? {
    let existing = try ledger.mirrors(of: record.originalID).first { $0.account == member }
    var memberOriginalID = existing?.originalID
    var originalPurchaseDate = existing?.originalPurchaseDate
    var made: TimeAdvance.NewTransaction?
    if SubscriptionMachine.isLive(record),
      let latest = try ledger.latestTransaction(
        account: record.account, originalID: record.originalID)?
        .transaction, latest.revocationDate == nil,
      try !ledger.copies(of: latest.id).contains(where: {
        $0.account == member && $0.transaction.revocationDate == nil
      })
    {
      let copy = try share(latest, with: member, originalID: memberOriginalID)
      made = TimeAdvance.NewTransaction(account: member, transaction: copy)
      memberOriginalID = copy.originalID
      originalPurchaseDate = originalPurchaseDate ?? copy.purchaseDate
    }
    guard let memberOriginalID else { return made }
    let shared = SubscriptionMachine.share(
      record, with: member, originalID: memberOriginalID,
      originalPurchaseDate: originalPurchaseDate ?? record.originalPurchaseDate)
    for step in shared.steps {
      var step = step
      if let existing {
        step.notices = (notices ?? []).compactMap(Self.memberNotice)
        if notices == nil, !SubscriptionMachine.isLive(existing), step.record.phase == .active {
          step.notices = [SubscriptionMachine.Notice(.subscribed, .resubscribe)]
        }
      } else if step.record.phase == .active {
        step.notices = [SubscriptionMachine.Notice(.subscribed, .initialBuy)]
      }
      try save(step, transactionID: made?.transaction.id, mirroring: false)
    }
    return made
  }

  /// What a family member's server hears for the purchaser's `notice`: REVOKE for a REFUND
  /// ("an In-App Purchase the customer was entitled to through Family Sharing is no longer
  /// available through sharing"); for OFFER_REDEEMED, what the purchase is without the offer
  /// (SUBSCRIBED INITIAL_BUY or RESUBSCRIBE, DID_CHANGE_RENEWAL_PREF UPGRADE or DOWNGRADE), and
  /// nothing for an offer on the plan the purchaser has: OFFER_REDEEMED says "the customer
  /// redeemed" an offer (Apple's notificationType page), and the member redeemed none (ours).
  static func memberNotice(_ notice: SubscriptionMachine.Notice) -> SubscriptionMachine.Notice? {
    switch (notice.type, notice.subtype) {
    case (.refund, let subtype): SubscriptionMachine.Notice(.revoke, subtype)
    case (.offerRedeemed, .initialBuy?), (.offerRedeemed, .resubscribe?):
      SubscriptionMachine.Notice(.subscribed, notice.subtype)
    case (.offerRedeemed, .upgrade?), (.offerRedeemed, .downgrade?):
      SubscriptionMachine.Notice(.didChangeRenewalPreference, notice.subtype)
    case (.offerRedeemed, _): nil
    default: notice
    }
  }

  /// Rewrites a changed transaction, emits the change, and applies it to family copies.
  /// - Returns: The family copies changed with it.
  @discardableResult
  package func update(_ transaction: Transaction, copies change: (inout Transaction) -> Void)
    throws(LocalAppStoreError) -> [Transaction]
  {
    let revision = try ledger.update(transaction)
    guard let stored = try ledger.transaction(transaction.id) else { return [] }
    try ledger.appendUpdate(
      account: stored.account, transactionID: transaction.id, revision: revision)
    var changedCopies: [Transaction] = []
    for copy in try ledger.copies(of: transaction.id) where copy.transaction.revocationDate == nil {
      var changed = copy.transaction
      change(&changed)
      let copyRevision = try ledger.update(changed)
      try ledger.appendUpdate(
        account: copy.account, transactionID: changed.id, revision: copyRevision)
      changedCopies.append(changed)
    }
    return changedCopies
  }

  // MARK: - Family Sharing and refunds

  /// Shares with `member` from now on: they receive a `familyShared` copy of each of the
  /// purchaser's shareable subscriptions and of each shareable purchase still held, unless
  /// they hold one already.
  package func startSharing(with member: String) throws(LocalAppStoreError) {
    let purchaser = LocalAppStore.purchaser
    try ledger.setSharing(member, true)
    for record in try ledger.subscriptions(of: purchaser)
    where record.sourceOriginalID == nil && isShareable(record.productID) {
      try mirror(record, to: member, notices: nil)
    }
    let owned = try ledger.transactions(of: purchaser).filter {
      $0.transaction.productType != .autoRenewable && $0.transaction.revocationDate == nil
        && isShareable($0.transaction.productID)
    }
    for stored in owned
    where try !ledger.copies(of: stored.transaction.id).contains(where: {
      $0.account == member && $0.transaction.revocationDate == nil
    }) {
      try share(stored.transaction, with: member, originalID: nil)
    }
  }

  /// Stops sharing with `member`: each family-shared transaction they hold is revoked at
  /// `now` (`familyRevoke`) and delivered through their updates; a one-time purchase's copy
  /// tells `REVOKE` ("an In-App Purchase the customer was entitled to through Family Sharing
  /// is no longer available", Apple's notificationType page).
  /// - Returns: `member`'s copies of subscriptions, for the machine's `familyUnshare` step
  ///   (which tells theirs).
  /// - Throws: `notFound` when `member` does not share.
  package func stopSharing(with member: String, now: Date) throws(LocalAppStoreError)
    -> [SubscriptionRecord]
  {
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
      if transaction.productType != .autoRenewable {
        notifier.emit(.init(.revoke), about: .transaction(transaction.id))
      }
    }
    return try ledger.subscriptions(of: member).filter { $0.sourceOriginalID != nil }
  }

  /// Refunds `percentage` (in milli-percent, 100 000 in full) of `transaction` at `now`, with
  /// family members' copies: each revoked and delivered. A one-time purchase tells `REFUND`,
  /// and its copies `REVOKE` (a subscription's are its machine steps').
  /// - Returns: The refunded transaction.
  package func refund(
    _ transaction: Transaction, reason: RevocationReason, percentage: Int = 100_000, now: Date
  ) throws(LocalAppStoreError) -> Transaction {
    // `revocationPercentage` (App Store Server API): "The percentage, in milliunits, of the
    // transaction that the App Store has refunded or revoked. This field is present in the
    // JWSTransactionDecodedPayload for refunded transactions"; `revocationType`: REFUND_FULL,
    // "The transaction has a full refund", or REFUND_PRORATED, "The transaction has a prorated
    // refund". Either way the transaction is revoked (its revocationDate is set).
    let revoke: (inout Transaction) -> Void = {
      $0.revocationDate = now
      $0.revocationReason = reason
      $0.revocationType = percentage < 100_000 ? .refundProrated : .refundFull
      $0.revocationPercentage = percentage
    }
    var refunded = transaction
    revoke(&refunded)
    let copies = try update(refunded, copies: revoke)
    if refunded.productType != .autoRenewable {
      notifier.emit(.init(.refund), about: .transaction(refunded.id))
      for copy in copies { notifier.emit(.init(.revoke), about: .transaction(copy.id)) }
    }
    return refunded
  }
}
