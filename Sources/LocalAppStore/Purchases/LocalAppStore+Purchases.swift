package import AppStoreJWS
package import Foundation
package import StoreModel

/// The purchases' façade: purchases as the App Store makes them inside an operation's SQLite
/// transaction (one-time products, new subscriptions, upgrades, downgrades and crossgrades),
/// purchases made outside the app, what becomes of a refund request, and the offers a purchase
/// may carry. ``Offers`` checks the offers; the ``SubscriptionMachine`` decides a
/// subscription's change; the ``Recorder`` writes.
extension LocalAppStore {

  // MARK: - Purchases

  /// What a purchase did to the ledger, before its transaction is signed.
  enum Purchase {
    /// A new transaction.
    case made(Transaction)
    /// The current transaction of what the customer already has; `restoredRenewal` when
    /// auto-renew was turned back on or a pending change was cancelled.
    case owned(Transaction, restoredRenewal: Bool)
    /// The current transaction; `productID` renews next, on `date`.
    case scheduled(Transaction, productID: String, date: Date)

    /// The transaction the purchase result carries.
    var transaction: Transaction {
      switch self {
      case .made(let transaction), .owned(let transaction, _), .scheduled(let transaction, _, _):
        transaction
      }
    }
  }

  /// Buys `product` for `account` at `now`: a new transaction, or (as StoreKit hands back what
  /// the customer already has) an existing one.
  func executePurchase(
    _ product: Product, account: String, terms: PurchaseTerms, now: Date,
    identifier: UInt64?, settings: EmulatorSettings
  ) throws(LocalAppStoreError) -> Result<Purchase, StoreBackendError> {
    let product = try pricing.currentlyPriced(product, in: settings)
    try ledger.ensureAccount(account)
    let token = terms.appAccountToken
    let quantity = terms.quantity
    guard quantity >= 1, quantity == 1 || product.type == .consumable else {
      return .failure(.purchaseNotAllowed("invalid quantity \(quantity) for \(product.id)"))
    }
    if product.type == .autoRenewable {
      return try purchaseSubscription(
        product, account: account, terms: terms, now: now, identifier: identifier,
        settings: settings)
    }
    if product.type == .nonConsumable,
      let owned = try ledger.transactions(of: account).last(where: {
        $0.transaction.productID == product.id && $0.transaction.revocationDate == nil
      })
    {
      return .success(.owned(owned.transaction, restoredRenewal: false))
    }
    let id = try allocate(identifier)
    var transaction = try makeTransaction(
      product, account: account, originalID: id, purchaseDate: now, originalPurchaseDate: now,
      expirationDate: nil, reason: .purchase, offer: nil, appAccountToken: token,
      settings: settings, id: id)
    transaction.purchasedQuantity = quantity
    try recorder.insert(transaction, account: account, emitUpdate: false)
    return .success(.made(transaction))
  }

  private func purchaseSubscription(
    _ product: Product, account: String, terms: PurchaseTerms, now: Date,
    identifier: UInt64?, settings: EmulatorSettings
  ) throws(LocalAppStoreError) -> Result<Purchase, StoreBackendError> {
    guard let info = product.subscription else {
      return .failure(.productUnavailable("\(product.id) has no subscription details"))
    }
    let token = terms.appAccountToken
    var offer: SubscriptionOffer?
    switch terms.offer {
    case .promotional(let id)?:
      guard let promotional = info.promotionalOffers.first(where: { $0.id == id }) else {
        return .failure(.invalidOfferIdentifier("\(product.id) has no promotional offer \(id)"))
      }
      offer = promotional
    case .winBack(let id)?:
      guard let winBack = info.winBackOffers.first(where: { $0.id == id }) else {
        return .failure(.invalidOfferIdentifier("\(product.id) has no win-back offer \(id)"))
      }
      offer = winBack
    case .code(let name)?:
      guard let code = offers.codeOffers[product.id]?.first(where: { $0.referenceName == name })
      else {
        return .failure(.invalidOfferIdentifier("\(product.id) has no offer code \(name)"))
      }
      offer = code.offer
    case nil: break
    }
    let existing = try ledger.subscriptions(of: account).first {
      $0.groupID == info.subscriptionGroupID && $0.sourceOriginalID == nil
    }
    let context = machineContext(settings)
    if let record = existing, SubscriptionMachine.isLive(record) {
      guard let latest = try latestTransaction(of: record) else {
        throw LocalAppStoreError(
          .invalidState, "subscription \(record.originalID) has no transaction")
      }
      // An offer on the same product, or on a downgrade or a crossgrade to another duration,
      // waits for the next renewal (the machine's `change`); the purchase hands back the
      // current transaction.
      let event = SubscriptionMachine.Event.change(to: product, offer: offer, transactionID: nil)
      let change = run(event, of: record, at: now, in: context)
      let made = try apply(change, in: context)
      switch change.steps.last?.change {
      case .kept(let restored)?:
        return .success(.owned(latest, restoredRenewal: restored))
      case .scheduled(let productID, let date)?:
        return .success(.scheduled(latest, productID: productID, date: date))
      default:
        guard let made = made.first(where: { $0.account == account }) else {
          throw LocalAppStoreError(
            .invalidState, "the change of subscription \(record.originalID) made no transaction")
        }
        return .success(.made(made.transaction))
      }
    }
    // The server's eligibility JWS overrides the App Store's rule ("Include custom claims for
    // introductory offer eligibility", Apple's "Generating JWS to sign App Store requests").
    if offer == nil, let intro = info.introductoryOffer {
      let eligible: Bool
      if let allowed = terms.introductoryOfferAllowed {
        eligible = allowed
      } else {
        eligible = try offers.isEligibleForIntroOffer(
          account: account, group: info.subscriptionGroupID,
          articleRule: settings[.introOfferAfterLapse])
      }
      if eligible { offer = intro }
    }
    let id = try allocate(identifier)
    let (_, made) = try transition(
      .purchase(
        SubscriptionMachine.Subscription(
          product: product, transactionID: id, account: account, offer: offer,
          appAccountToken: token)), of: existing, at: now, in: context)
    guard let made = made.first(where: { $0.account == account }) else {
      throw LocalAppStoreError(.invalidState, "the purchase of \(product.id) made no transaction")
    }
    return .success(.made(made.transaction))
  }

  // MARK: - Purchases made outside the app

  // Purchases made outside the app: `SKTestSession.buyProduct(identifier:options:)`, and
  // purchases on the customer's other devices, which reach this one only when it syncs.

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
    _ productID: String, terms: PurchaseTerms = PurchaseTerms(),
    options: Set<PurchaseOption> = [], account: String? = nil,
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
      var terms = terms
      if !options.isEmpty {
        // Offers are checked as the App Store checks any purchase's, signatures and all.
        let checked = try offers.terms(
          options, for: product, account: account, now: date, settings: settings)
        try offers.spend(checked.nonces, now: now)
        switch checked.result {
        case .success(let accepted): terms = accepted
        case .failure(let error):
          throw LocalAppStoreError(.notAllowed, "cannot buy \(productID): \(error)")
        }
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

  // MARK: - Refund requests

  // What becomes of a customer's refund request beside a granted refund
  // (``refund(transactionID:reason:)``): the App Store declines it (`REFUND_DECLINED`), or
  // reverses a refund it granted after the customer disputes it (`REFUND_REVERSED`).

  /// Refunds a transaction: sets its revocation date and reason and delivers the change
  /// (and the revocation of family members' copies): `SKTestSession.refundTransaction(identifier:)`.
  ///
  /// Refunding a subscription's latest transaction revokes the subscription: it no longer renews.
  ///
  /// `percentage` (milli-percent, 1 to 100 000; `nil` in full) makes a partial refund, the
  /// figure the App Store arrived at: since App Store Server API 1.19 a developer may ask for
  /// `GRANT_PRORATED` ("The system calculates the consumption automatically for
  /// auto-renewable subscriptions", the `refundPreference` page; "The final refund percentage
  /// may differ from the value you provide", `consumptionPercentage`'s), and the transaction
  /// says what was granted: `revocationType` REFUND_PRORATED, "The transaction has a prorated
  /// refund", with its `revocationPercentage`. A partial refund revokes the transaction all
  /// the same (its revocation date is set); what a customer keeps of a consumable is the
  /// app's business.
  /// - Throws: `invalidArgument` for a percentage out of range; `notFound`, `notAllowed` as
  ///   below. Nothing changes then.
  @discardableResult
  package func refund(
    transactionID: UInt64, reason: RevocationReason = .other, percentage: Int? = nil
  ) throws(LocalAppStoreError) -> Transaction {
    if let percentage, !(1...100_000).contains(percentage) {
      throw LocalAppStoreError(
        .invalidArgument,
        "a refund's percentage is 1 to 100000 milli-percent (0.001% to 100%), not \(percentage)")
    }
    return try operation { (now: Date) throws(LocalAppStoreError) in
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
      let transaction = try recorder.refund(
        stored.transaction, reason: reason, percentage: percentage ?? 100_000, now: now)
      guard transaction.productType == .autoRenewable else { return transaction }
      if let record = try ledger.subscription(of: stored),
        try latestTransaction(of: record)?.id == transaction.id
      {
        let context = machineContext(try currentSettings())
        try self.transition(.refund, of: record, at: now, in: context)
        for mirror in try ledger.mirrors(of: record.originalID) {
          try self.transition(.refund, of: mirror, at: now, in: context, mirroring: false)
        }
      } else {
        // An earlier transaction of the subscription: it stays active on its latest, and the
        // server hears REFUND (Apple staff on such refunds, forum thread 757986,
        // https://developer.apple.com/forums/thread/757986).
        notifier.emit(.init(.refund), about: .transaction(transaction.id))
      }
      return transaction
    }
  }

  /// The App Store declines the customer's request to refund transaction `transactionID`: the
  /// transaction is unchanged, and `REFUND_DECLINED` is made ("the App Store declined a refund
  /// request": Apple's notificationType page).
  /// - Throws: `notFound` for no such transaction; `notAllowed` for one already refunded or a
  ///   family member's copy (the purchaser asks for refunds). Nothing changes then.
  package func declineRefund(transactionID: UInt64) throws(LocalAppStoreError) {
    try operation { (_: Date) throws(LocalAppStoreError) in
      let stored = try ledger.purchasersTransaction(transactionID)
      guard stored.transaction.revocationDate == nil else {
        throw LocalAppStoreError(
          .notAllowed, "transaction \(transactionID) is refunded already: no request to decline")
      }
      notifier.emit(.init(.refundDeclined), about: .transaction(transactionID))
    }
  }

  /// The App Store reverses the refund of transaction `transactionID`, as after a dispute the
  /// customer raised: its revocation is removed (family members' copies too, which are shared
  /// again), a refunded subscription is back with its renewal date unchanged (renewing or
  /// expiring at once if that date passed meanwhile), and `REFUND_REVERSED` is made ("If your
  /// app revoked content or services as a result of the related refund, it needs to reinstate
  /// them": Apple's notificationType page).
  /// - Throws: `notFound` for no such transaction; `notAllowed` for one that was not refunded,
  ///   or a family member's copy. Nothing changes then.
  @discardableResult
  package func reverseRefund(transactionID: UInt64) throws(LocalAppStoreError) -> Transaction {
    try operation { (now: Date) throws(LocalAppStoreError) in
      let stored = try ledger.purchasersTransaction(transactionID)
      guard stored.transaction.revocationDate != nil else {
        throw LocalAppStoreError(
          .notAllowed, "transaction \(transactionID) was not refunded: no refund to reverse")
      }
      // `revocationPercentage`: "This field doesn't appear if the refund is reversed."
      let reinstate: (inout Transaction) -> Void = {
        $0.revocationDate = nil
        $0.revocationReason = nil
        $0.revocationType = nil
        $0.revocationPercentage = nil
      }
      var transaction = stored.transaction
      reinstate(&transaction)
      let revision = try ledger.update(transaction)
      try ledger.appendUpdate(
        account: stored.account, transactionID: transaction.id, revision: revision)
      // REFUND_REVERSED of a product that is not an auto-renewable subscription (a
      // subscription's is its machine step's, below).
      let oneTime = transaction.productType != .autoRenewable
      if oneTime { notifier.emit(.init(.refundReversed), about: .transaction(transaction.id)) }
      // The copies revoked with the refund (not those a family member lost before it), of the
      // members who still share: one who stopped sharing meanwhile has lost access for that
      // reason too, and their copy stays revoked, as their subscription record does.
      let sharing = try ledger.sharingMembers()
      for copy in try ledger.copies(of: transaction.id)
      where copy.transaction.revocationDate == stored.transaction.revocationDate
        && sharing.contains(copy.account)
      {
        var reinstated = copy.transaction
        reinstate(&reinstated)
        let copyRevision = try ledger.update(reinstated)
        try ledger.appendUpdate(
          account: copy.account, transactionID: reinstated.id, revision: copyRevision)
        if oneTime { notifier.emit(.init(.refundReversed), about: .transaction(reinstated.id)) }
      }
      if let record = try ledger.subscription(of: stored),
        try latestTransaction(of: record)?.id != transaction.id
      {
        // The reversal of an earlier transaction's refund: the subscription went on; the server
        // hears REFUND_REVERSED, as it heard REFUND (forum thread 757986).
        notifier.emit(.init(.refundReversed), about: .transaction(transaction.id))
      } else if let record = try ledger.subscription(of: stored), record.phase == .revoked {
        let increase = try pricing.increase(of: record.originalID)
        try self.transition(
          .refundReversed, of: record, at: now,
          in: machineContext(try currentSettings(), priceIncrease: increase))
      }
      return transaction
    }
  }

  // MARK: - Offers

  /// Installs `key` as the app's subscription-offer key: what a server under test signs
  /// promotional offers with, in place of the `.storekit` file's (if any).
  /// - Throws: `invalidArgument` for a key that does not export, changing nothing.
  package func setSubscriptionOffersKey(_ key: SubscriptionOfferKey) throws(LocalAppStoreError) {
    try operation { (_: Date) throws(LocalAppStoreError) in try offers.install(key) }
  }

  /// The app's subscription-offer key, or `nil` when neither the `.storekit` file nor
  /// ``setSubscriptionOffersKey(_:)`` gave one.
  package func subscriptionOffersKey() throws(LocalAppStoreError) -> SubscriptionOfferKey? {
    try operation { (_: Date) throws(LocalAppStoreError) in try offers.key() }
  }

  /// Sets the optional win-back criteria (``Offers/setWinBackRules(_:)``).
  /// - Throws: `invalidArgument` for a negative number of days, changing nothing.
  package func setWinBackRules(_ rules: WinBackRules) throws(LocalAppStoreError) {
    try operation { (_: Date) throws(LocalAppStoreError) in try offers.setWinBackRules(rules) }
  }

  /// The optional win-back criteria in force.
  package func winBackRules() throws(LocalAppStoreError) -> WinBackRules {
    try operation { (_: Date) throws(LocalAppStoreError) in try offers.winBackRules() }
  }

  /// Redeems the offer code `referenceName` for `account` (the store's account when `nil`).
  ///
  /// Who may redeem follows the code's `eligibility`, App Store Connect's three customer kinds
  /// ("Set up offer codes": new customers who never subscribed to the group, existing
  /// subscribers, and expired ones whose subscription lapsed); a code that names none is for
  /// anyone. A simulated error for the offer-code redemption sheet
  /// (`setSimulatedError(_:forAPI:)` with `Offer Code Redeem Sheet`) fails it.
  /// - Returns: The purchase's transaction (unsigned).
  /// - Throws: `notFound` for a code no product has; `notAllowed` for a customer the code is
  ///   not for, or the simulated error. Nothing changes then. A subscriber's code for the
  ///   product it has, or for a downgrade, starts at the next renewal: the transaction
  ///   returned is the current one.
  @discardableResult
  package func redeemOfferCode(_ referenceName: String, account: String? = nil)
    throws(LocalAppStoreError) -> Transaction
  {
    let (productID, code) = try offers.codeOffer(named: referenceName)
    let account = account ?? self.account
    try operation { (_: Date) throws(LocalAppStoreError) in
      if let error = try controls.failure(of: .offerCodeRedeem) {
        throw LocalAppStoreError(.notAllowed, "the offer-code redemption failed: \(error)")
      }
      try offers.checkRedemption(code, productID: productID, account: account)
    }
    return try buyProduct(
      productID, terms: PurchaseTerms(offer: .code(referenceName)), account: account)
  }

  // Signing offers as the developer's server does, with the app's subscription-offer key: what
  // an app's tests and the command line pass to a purchase.

  /// The issuer a JWS signed here carries (`iss`). A `.storekit` key has no App Store Connect
  /// issuer, so the store accepts any `iss`; this one says where the token came from.
  package static let offerIssuerID = "00000000-0000-0000-0000-00000000c0de"

  /// `offerID` on `productID` signed for a purchase now: StoreKit's
  /// `promotionalOffer(offerID:keyID:nonce:signature:timestamp:)`, made as Apple's
  /// "Generating a signature for promotional offers" says. Without a key yet, one is made and
  /// installed (``setSubscriptionOffersKey(_:)``).
  package func signPromotionalOffer(
    _ offerID: String, productID: String, appAccountToken: UUID? = nil, nonce: UUID
  ) throws(LocalAppStoreError) -> PurchaseOption {
    try offers.checkSignable(offerID, of: productID)
    return try signing { (key, settings, now) throws(AppStoreJWSError) in
      let timestamp = AppStoreJSON.milliseconds(now)
      let signed = try PromotionalOfferSignature.sign(
        bundleID: settings.bundleID, productID: productID, offerID: offerID,
        appAccountToken: appAccountToken, nonce: nonce, timestamp: timestamp, key: key)
      return .promotionalOffer(
        offerID: offerID, keyID: key.keyID, nonce: nonce,
        signature: Data(base64Encoded: signed.signature) ?? Data(), timestamp: Int(timestamp))
    }
  }

  /// A compact JWS a developer's server signs for a purchase.
  package enum OfferJWS: Sendable, Hashable {
    /// A promotional offer: StoreKit's `promotionalOffer(_:compactJWS:)` (`aud`
    /// `promotional-offer`). `transactionID`, when given, must be one of the customer's.
    case promotionalOffer(offerID: String, productID: String, transactionID: UInt64?)
    /// The server's word on a product's introductory offer: StoreKit's
    /// `introductoryOfferEligibility(compactJWS:)` (`aud` `introductory-offer-eligibility`).
    case introductoryOfferEligibility(productID: String, allow: Bool, transactionID: UInt64)
  }

  /// `token` signed now with the app's key, as the purchase option that carries it.
  package func sign(_ token: OfferJWS, nonce: UUID) throws(LocalAppStoreError) -> PurchaseOption {
    switch token {
    case .promotionalOffer(let offerID, let productID, _):
      try offers.checkSignable(offerID, of: productID)
    case .introductoryOfferEligibility(let productID, _, _):
      try offers.checkSignable(nil, of: productID)
    }
    return try signing { (key, settings, now) throws(AppStoreJWSError) in
      let signer = OfferJWSSigner(
        key: key, issuerID: Self.offerIssuerID, bundleID: settings.bundleID)
      switch token {
      case .promotionalOffer(let offerID, let productID, let transactionID):
        let jws = try signer.signPromotionalOffer(
          productID: productID, offerIdentifier: offerID,
          transactionID: transactionID.map(String.init), nonce: nonce, issuedAt: now)
        return .promotionalOfferJWS(offerID: offerID, compactJWS: jws)
      case .introductoryOfferEligibility(let productID, let allow, let transactionID):
        let jws = try signer.signIntroductoryOfferEligibility(
          productID: productID, allowIntroductoryOffer: allow,
          transactionID: String(transactionID), nonce: nonce, issuedAt: now)
        return .introductoryOfferEligibility(compactJWS: jws)
      }
    }
  }

  /// Runs `sign` with the app's key (made and installed when there is none), settings and time.
  private func signing(
    _ sign: (SubscriptionOfferKey, EmulatorSettings, Date) throws(AppStoreJWSError) ->
      PurchaseOption
  ) throws(LocalAppStoreError) -> PurchaseOption {
    try operation { (now: Date) throws(LocalAppStoreError) in
      let key = try offers.keyMadeIfNeeded()
      let settings = try currentSettings()
      return try Self.signingFailure { () throws(AppStoreJWSError) in
        try sign(key, settings, now)
      }
    }
  }

  private static func signingFailure<T>(_ body: () throws(AppStoreJWSError) -> T)
    throws(LocalAppStoreError) -> T
  {
    do throws(AppStoreJWSError) {
      return try body()
    } catch {
      throw LocalAppStoreError(.invalidArgument, "signing the offer failed: \(error)")
    }
  }
}
