package import Foundation
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
      recentSubscriptionStartDate: record.recentStartDate, environment: signing.environment)
    // As the storefront shows it: a renewal bills in the storefront's currency
    // (``ProductPresentation``), and the renewal info says so.
    let next = productsByID[record.autoRenewProductID].map { product in
      (try? currentSettings()).map { presentation.present(product, in: $0) } ?? product
    }
    info.currency = next?.currencyCode
    info.renewalPriceMilliunits = next.map { Self.milliunits($0.price) }
    // The offer the next renewal bills at, while pay-as-you-go periods of it are left
    // (JWSRenewalInfo's offerType, offerIdentifier, offerDiscountType and offerPeriod, "the
    // offer that applies to the next auto-renewable subscription renewal"; its renewalPrice,
    // "the renewal price … that the App Store charges … at the next billing period").
    if record.offerPeriodsLeft > 0, record.autoRenewProductID == record.productID,
      let product = next,
      let offer = SubscriptionMachine.offer(
        record.offerID, of: product, codes: codeOffers[product.id]?.map(\.offer) ?? [])
    {
      info.offerType = offer.type
      info.offerID = offer.id
      info.offerPaymentMode = offer.paymentMode
      info.offerPeriod =
        SubscriptionPeriod(
          value: offer.period.value * record.offerPeriodsLeft, unit: offer.period.unit
        ).iso8601
      info.renewalPriceMilliunits = Self.milliunits(offer.price)
    }
    // eligibleWinBackOfferIds: "the win-back offer identifiers that the customer is eligible
    // to redeem": those of the product it would renew to, once the subscription ended.
    if !SubscriptionMachine.isLive(record), record.sourceOriginalID == nil, let next,
      let offers = next.subscription?.winBackOffers, !offers.isEmpty
    {
      let eligible = offers.compactMap(\.id).filter { offerID in
        // A state that cannot be read lists none (try? would flatten its error into "no
        // refusal").
        do {
          return try winBackRefusal(
            offerID, productID: next.id, group: record.groupID, account: record.account, now: now)
            == nil
        } catch {
          return false
        }
      }
      info.eligibleWinBackOfferIDs = eligible.isEmpty ? nil : eligible
    }
    if let increase = priceIncrease(of: record) {
      info.priceIncreaseStatus = increase.agreed == true ? .agreed : .pending
      info.renewalPriceMilliunits = increase.priceMilliunits
    }
    info.appAccountToken = record.appAccountToken
    info.appTransactionID = Self.appTransactionID(of: record.account)
    return info
  }
}

extension LocalAppStore {
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
              renewalInfos: records.map { renewalInfo(of: $0, now: now) })))
      }
      return (now, decided)
    }
  }
}
