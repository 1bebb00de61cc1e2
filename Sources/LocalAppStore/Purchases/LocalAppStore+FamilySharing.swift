import Foundation
import StoreModel

/// Family Sharing, inside an operation's SQLite transaction: every transaction and subscription
/// of a shareable product the purchaser writes is copied to each family member who shares.
extension LocalAppStore {
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
    copy.appTransactionID = Self.appTransactionID(of: member)
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
  /// - Returns: The copies of the latest transaction given to family members.
  @discardableResult
  func save(_ record: SubscriptionRecord) throws(LocalAppStoreError) -> [TimeAdvance.NewTransaction]
  {
    try ledger.save(record)
    guard record.sourceOriginalID == nil, record.account == Self.purchaser,
      productsByID[record.productID]?.isFamilyShareable == true
    else { return [] }
    var copies: [TimeAdvance.NewTransaction] = []
    for member in try ledger.sharingMembers() where member != record.account {
      if let copy = try mirror(record, to: member) { copies.append(copy) }
    }
    return copies
  }

  /// Brings `member`'s copy of a purchaser's subscription up to date (the machine's
  /// ``SubscriptionMachine/share(_:with:originalID:originalPurchaseDate:)``).
  /// - Returns: The copy of the latest transaction given to `member`, if one was.
  @discardableResult
  func mirror(_ record: SubscriptionRecord, to member: String) throws(LocalAppStoreError)
    -> TimeAdvance.NewTransaction?
  {
    let existing = try ledger.mirrors(of: record.originalID).first { $0.account == member }
    var memberOriginalID = existing?.originalID
    var originalPurchaseDate = existing?.originalPurchaseDate
    var made: TimeAdvance.NewTransaction?
    if SubscriptionMachine.isLive(record),
      let latest = try latestTransaction(of: record), latest.revocationDate == nil,
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
    for step in shared.steps { try ledger.save(step.record) }
    return made
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
}
