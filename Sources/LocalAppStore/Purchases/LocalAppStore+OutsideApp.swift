package import Foundation
package import StoreModel

/// Purchases made outside the app: `SKTestSession.buyProduct(identifier:options:)`, and
/// purchases on the customer's other devices, which reach this one only when it syncs.
extension LocalAppStore {
  /// Where a purchase made outside the app happens.
  package enum PurchaseOrigin: String, Sendable, Hashable, CaseIterable {
    /// On this device, outside the app (the App Store, a promoted purchase):
    /// `SKTestSession.buyProduct(identifier:options:)`. A running app receives the transaction
    /// through `Transaction.updates`, as StoreKitTest's page says of that call.
    case thisDevice
    /// On another of the customer's devices. Apple's `Transaction.updates` page: "It also emits
    /// transactions that customers complete in your app on another device" — so an app running
    /// here (one listening to the account's updates) receives it there, and its listing reads
    /// miss it for the device's lag; an app not running learns of it at its next launch
    /// (``appDidLaunch(account:)``) or `AppStore.sync()` (``sync()``), and until then its
    /// entitlements, statuses, history and updates leave it out.
    case anotherDevice
    /// On another device, and not synced to this one even while the app runs: the rare case
    /// `AppStore.sync()` is for ("In rare cases when a user suspects the app isn't showing all
    /// the transactions, call sync()", its page). This device learns of it only at its next
    /// `AppStore.sync()` (Restore Purchases) or launch; the App Store's own view
    /// (``status(account:)``, ``history(account:)``) has it.
    case notSynced
  }

  /// What a subscription bought in the past does up to now: StoreKitTest's
  /// `Product.PurchaseOption.SubscriptionRenewalBehavior`.
  public enum SubscriptionRenewalBehavior: String, Sendable, Hashable, CaseIterable {
    /// "allows the subscription to renew continuously, up to the current date. […] If you set
    /// the purchase date […] to the past, the testing environment generates transactions for
    /// all the subscription renewals up to the current date" (its page). The default.
    case renewUntilNow
    /// "cancels the subscription, resulting in only one subscription period" (its page).
    case cancelImmediately
  }

  /// Buys `productID` for `account` (the store's account when `nil`) outside the app:
  /// `SKTestSession.buyProduct(identifier:options:)`.
  ///
  /// Neither Ask to Buy nor an armed fault applies: the purchase is the test's, as with
  /// `SKTestSession`.
  ///
  /// With `purchaseDate` (StoreKitTest's `Product.PurchaseOption.purchaseDate(_:renewalBehavior:)`:
  /// "Specify a date in the past or the current moment. Dates in the future aren't valid"), the
  /// purchase is made then; a subscription then renews up to now (`renewUntilNow`, each renewal
  /// delivered as the store's own) or is cancelled at once and ends after its first period
  /// (`cancelImmediately`). A date so far back that reaching now takes more than
  /// ``maximumPeriodsPerAdvance`` periods is refused (ours: Apple states no limit); in the
  /// Sandbox the subscription stops after its 12 renewals on the way, as any does there.
  /// - Returns: The purchase's transaction (unsigned), or what the customer already had.
  /// - Throws: `notFound` for a product not in the catalog; `notAllowed` when the App Store
  ///   refuses the purchase (an invalid quantity, an unknown offer); `invalidArgument` for a
  ///   purchase date in the future, before the store's supported dates, or too far back. Nothing
  ///   changes then.
  @discardableResult
  package func buyProduct(
    _ productID: String, terms: PurchaseTerms = PurchaseTerms(), account: String? = nil,
    from origin: PurchaseOrigin = .thisDevice, purchaseDate: Date? = nil,
    renewalBehavior: SubscriptionRenewalBehavior = .renewUntilNow
  ) throws(LocalAppStoreError) -> Transaction {
    let account = account ?? self.account
    return try operation { (now: Date) throws(LocalAppStoreError) in
      let product = try product(productID)
      let settings = try currentSettings()
      let date = purchaseDate ?? now
      if purchaseDate != nil {
        try checkPurchaseDate(date, of: product, now: now, rate: settings.timeRate)
      }
      let outcome = try executePurchase(
        product, account: account, terms: terms, now: date, identifier: nil,
        settings: settings)
      let purchase: Purchase
      switch outcome {
      case .success(let made): purchase = made
      case .failure(let error):
        throw LocalAppStoreError(.notAllowed, "cannot buy \(productID): \(error)")
      }
      guard case .made(let transaction) = purchase else { return purchase.transaction }
      if purchaseDate != nil, product.type == .autoRenewable,
        let record = try ledger.subscriptions(of: account).first(where: {
          $0.originalID == transaction.originalID && $0.sourceOriginalID == nil
        })
      {
        if renewalBehavior == .cancelImmediately {
          try transition(
            .autoRenew(false), of: record, at: date, in: machineContext(settings))
        }
        _ = try catchUp(to: now)
      }
      try device.receive(
        transaction, madeOn: origin, account: account, settings: settings, in: ledger)
      return transaction
    }
  }

  /// Refuses a purchase date in the future, before the store's supported dates, or so far back
  /// that reaching `now` takes more renewals than one operation makes.
  private func checkPurchaseDate(_ date: Date, of product: Product, now: Date, rate: TimeRate)
    throws(LocalAppStoreError)
  {
    guard date <= now else {
      throw LocalAppStoreError(
        .invalidArgument,
        "the purchase date \(date.formatted(.iso8601)) is after the store's time "
          + "\(now.formatted(.iso8601)): \"Dates in the future aren't valid\" (StoreKitTest)")
    }
    guard date >= Self.supportedDates.start else {
      throw LocalAppStoreError(
        .invalidArgument,
        "the purchase date \(date.formatted(.iso8601)) is before the store's supported dates "
          + "(from \(Self.supportedDates.start.formatted(.iso8601)))")
    }
    if let period = product.subscription?.subscriptionPeriod,
      rate.end(of: period, from: date, count: Self.maximumPeriodsPerAdvance) < now
    {
      throw LocalAppStoreError(
        .invalidArgument,
        "a purchase on \(date.formatted(.iso8601)) would renew more than "
          + "\(Self.maximumPeriodsPerAdvance) times to reach \(now.formatted(.iso8601)); choose a "
          + "later date")
    }
  }

  /// The app starts on this device for `account` (the store's account when `nil`): purchases
  /// made on other devices since its last sync arrive, through `Transaction.updates` to a
  /// listener and in the entitlements.
  package func appDidLaunch(account: String? = nil) throws(LocalAppStoreError) {
    let account = account ?? self.account
    try operation { (_: Date) throws(LocalAppStoreError) in
      try device.sync(account: account, in: ledger)
    }
  }

  /// The purchases of `account` made on other devices that this device has not synced, by
  /// original transaction identifier.
  package func unsyncedPurchases(account: String? = nil) throws(LocalAppStoreError) -> [UInt64] {
    let account = account ?? self.account
    return try operation { (_: Date) throws(LocalAppStoreError) in
      try device.unsyncedPurchases(of: account, in: ledger)
    }
  }
}
