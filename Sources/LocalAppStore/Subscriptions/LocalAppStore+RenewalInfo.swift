import Foundation
import StoreModel

/// What a subscription's state says to the app and to the engine: its latest transaction, its
/// renewal info, an account's purchase ledger.
extension LocalAppStore {
  /// The latest transaction of a subscription.
  ///
  /// Only that row is read and decoded: a renewal of a shared subscription asks for it once
  /// per family member, so reading the whole history made catching up quadratic.
  func latestTransaction(of record: SubscriptionRecord) throws(LocalAppStoreError)
    -> Transaction?
  {
    try ledger.transactions(
      where: "id = (SELECT MAX(id) FROM transactions WHERE account = ? AND original_id = ?)",
      [.text(record.account), .integer(Int64(bitPattern: record.originalID))]
    ).last?.transaction
  }

  // MARK: - What the engine decides from

  /// `account`'s purchases at `now`, as this device knows them (without other devices'
  /// purchases it has not synced), or as the App Store knows them when `includingUnsynced`.
  func purchaseLedger(account: String, now: Date, includingUnsynced: Bool = false)
    throws(LocalAppStoreError) -> PurchaseLedger
  {
    let stored =
      includingUnsynced ? try ledger.transactions(of: account) : try deviceTransactions(of: account)
    let known = Set(stored.map(\.transaction.originalID))
    let infos = try ledger.subscriptions(of: account).filter { known.contains($0.originalID) }.map {
      renewalInfo(of: $0, now: now)
    }
    return PurchaseLedger(transactions: stored.map(\.transaction), renewalInfos: infos)
  }

  /// The renewal info of a subscription, as the App Store would sign it at `now`: a projection
  /// of the state the machine decided (``SubscriptionMachine/state(of:at:)``), with the prices.
  func renewalInfo(of record: SubscriptionRecord, now: Date) -> RenewalInfo {
    let state = SubscriptionMachine.state(of: record, at: now)
    var info = RenewalInfo(
      originalTransactionID: state.originalTransactionID, currentProductID: state.productID,
      willAutoRenew: state.willAutoRenew, signedDate: now,
      autoRenewPreference: state.autoRenewProductID,
      expirationReason: state.expirationReason,
      isInBillingRetry: state.isInBillingRetry,
      gracePeriodExpirationDate: state.gracePeriodExpirationDate,
      renewalDate: state.expirationDate,
      recentSubscriptionStartDate: record.recentStartDate, environment: signingEnvironment)
    let next = productsByID[record.autoRenewProductID]
    info.currency = next?.currencyCode
    info.renewalPriceMilliunits = next.map { Self.milliunits($0.price) }
    if let increase = priceIncrease(of: record) {
      info.priceIncreaseStatus = increase.agreed == true ? .agreed : .noIncreasePending
      info.renewalPriceMilliunits = increase.priceMilliunits
    }
    info.appAccountToken = record.appAccountToken
    return info
  }
}
