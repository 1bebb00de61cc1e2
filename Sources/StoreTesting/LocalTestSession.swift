public import Foundation
public import LocalAppStore
public import StoreModel

/// StoreKitTest's `SKTestSession`, member by member under its names, over a local App Store:
/// what a test written for Xcode's StoreKit Testing needs to run on Linux or a Mac without a
/// device.
///
/// ```swift
/// let session = try LocalTestSession(clock: clock)          // SKTestSession(configurationFileNamed:)
/// try await session.set(.askToBuy, true)                     // session.askToBuyEnabled = true
/// try await session.buyProduct(identifier: "com.sportstime.pro.monthly")
/// try await session.expireSubscription(productIdentifier: "com.sportstime.pro.monthly")
/// ```
///
/// Unlike `SKTestSession`, whose calls are synchronous and take `Int` identifiers, these are
/// `async`, throw a typed `LocalAppStoreError` and take `UInt64` identifiers (StoreKit 2's
/// `Transaction.id`). Properties that `SKTestSession` lets a test assign are read and set with
/// `try await session.timeRate` and `setTimeRate(_:)`; its on/off switches are the switches of
/// `EmulatorSwitch/all`, through ``isOn(_:)`` and ``set(_:_:)``. See the article
/// <doc:PortingSKTestSessionTests>.
public struct LocalTestSession: Sendable {
  /// The local App Store the session controls; also the app's `StoreBackend`.
  public let store: LocalAppStore

  /// A session over `store`.
  public init(store: LocalAppStore) { self.store = store }

  /// A session over a new in-memory store selling the products of the `.storekit` file at
  /// `url` (or of a `.storekit` package folder), with the file's settings and simulated
  /// errors: `SKTestSession(contentsOf:)`.
  /// - Throws: `CatalogError` when the file cannot be read or decoded (its key path and why),
  ///   `LocalAppStoreError` when the store cannot be made.
  public init(contentsOf url: URL, clock: ManualClock = ManualClock()) throws {
    try self.init(catalog: Catalog(contentsOf: url), clock: clock)
  }

  /// A session over a new in-memory store selling `catalog` with its settings and simulated
  /// errors.
  package init(catalog: Catalog, clock: ManualClock = ManualClock()) throws(LocalAppStoreError) {
    store = try LocalAppStore(catalog: catalog, clock: clock)
  }

  /// A session over a new in-memory store selling SportsTime Pro.
  public init(clock: ManualClock = ManualClock(), settings: EmulatorSettings = EmulatorSettings())
    throws(LocalAppStoreError)
  {
    store = try LocalAppStore.sportsTime(clock: clock, settings: settings)
  }

  // MARK: - Settings

  /// Whether `emulatorSwitch` is on: `SKTestSession`'s `askToBuyEnabled` is
  /// `isOn(.askToBuy)`, and each switch of `EmulatorSwitch/all` keeps the name of the
  /// `SKTestSession` member it stands for (`EmulatorSwitch/sessionName`).
  public func isOn(_ emulatorSwitch: EmulatorSwitch) async throws(LocalAppStoreError) -> Bool {
    try await store.settings()[emulatorSwitch]
  }

  /// Turns `emulatorSwitch` on or off: `session.askToBuyEnabled = true` is
  /// `set(.askToBuy, true)`. Turning `EmulatorSwitch/billingIssues`
  /// (`shouldEnterBillingRetryOnRenewal`) off stops new failures only (see
  /// ``resolveIssueForTransaction(identifier:)``); with `EmulatorSwitch/interruptedPurchases`
  /// on, purchases return `.pending` until ``resolveIssueForTransaction(identifier:)`` is called
  /// with their request identifier.
  public func set(_ emulatorSwitch: EmulatorSwitch, _ on: Bool) async throws(LocalAppStoreError) {
    try await store.set(emulatorSwitch, on)
  }

  /// The time rate now: how fast periods pass (`SKTestSession.timeRate`).
  public var timeRate: TimeRate {
    get async throws(LocalAppStoreError) { try await store.settings().timeRate }
  }
  /// Sets `timeRate` while running.
  public func setTimeRate(_ value: TimeRate) async throws(LocalAppStoreError) {
    try await store.setTimeRate(value)
  }

  /// `storefront` (ISO 3166-1 alpha-3).
  public var storefront: String {
    get async throws(LocalAppStoreError) { try await store.settings().storefront }
  }
  /// Sets `storefront` while running.
  public func setStorefront(_ value: String) async throws(LocalAppStoreError) {
    try await store.setStorefront(value)
  }

  /// `locale`: the locale whose `.storekit` localizations name and describe the products
  /// (`SKTestSession.locale`); the catalog's own locale until one is set.
  public var locale: Locale {
    get async throws(LocalAppStoreError) {
      let identifier = try await store.settings().locale
      return identifier.map(Locale.init(identifier:))
        ?? store.allProducts.first?.locale ?? Locale(identifier: "en_US")
    }
  }
  /// Sets `locale` while running: later product requests show its localizations.
  public func setLocale(_ value: Locale) async throws(LocalAppStoreError) {
    try await store.setLocale(value.identifier)
  }

  /// `setSimulatedError(_:forAPI:)`: every call of `api` fails with `error` (any case of
  /// StoreKit's `StoreKitError` and `Product.PurchaseError`) until cleared with `nil`.
  ///
  /// Loading products, purchase, App Store sync and subscription status fail with the error
  /// chosen; for verification any error arms a real verification failure (a token signed by an
  /// authority the app does not trust). The sheets and the app transaction are not served here:
  /// they throw `invalidArgument`.
  public func setSimulatedError(
    _ error: StoreBackendError?, forAPI api: CatalogSettings.StoreKitAPI
  ) async throws(LocalAppStoreError) {
    guard api == .verification else {
      try await store.setSimulatedError(error, forAPI: api)
      return
    }
    if error == nil {
      try await store.clearFaults(.verification)
    } else {
      try await store.inject(.verification, sticky: true)
    }
  }

  /// `simulatedError(forAPI:)`: the error simulated for `api`, if any.
  public func simulatedError(forAPI api: CatalogSettings.StoreKitAPI)
    async throws(LocalAppStoreError) -> StoreBackendError?
  {
    try await store.simulatedError(forAPI: api)
  }

  // MARK: - Transactions

  /// `buyProduct(identifier:options:)`: a purchase outside the app; a running app receives it
  /// through `Transaction.updates`.
  ///
  /// `purchaseDate` and `renewalBehavior` are StoreKitTest's purchase option
  /// `purchaseDate(_:renewalBehavior:)`: a purchase in the past (or now; "Dates in the future
  /// aren't valid") whose subscription renews up to now (`renewUntilNow`,
  /// the default) or is cancelled at once and ends after one period
  /// (`cancelImmediately`).
  ///
  /// `options` are a test's (``TestPurchaseOption``): a promotional offer is named by its
  /// identifier and signed here with the app's subscription-offer key, as the command line's
  /// `buy --promo-offer` signs it, then checked as any purchase's (no StoreKit API applies an
  /// unsigned offer, so a test cannot skip the check by accident); a win-back offer is named
  /// by its identifier too.
  @discardableResult
  public func buyProduct(
    identifier: String, options: Set<TestPurchaseOption> = [], purchaseDate: Date? = nil,
    renewalBehavior: LocalAppStore.SubscriptionRenewalBehavior = .renewUntilNow
  ) async throws(LocalAppStoreError) -> Transaction {
    var purchaseOptions: Set<PurchaseOption> = []
    var token: UUID?
    for case .appAccountToken(let value) in options { token = value }
    for option in options {
      switch option {
      case .appAccountToken(let value): purchaseOptions.insert(.appAccountToken(value))
      case .quantity(let quantity): purchaseOptions.insert(.quantity(quantity))
      case .promotionalOffer(let id):
        purchaseOptions.insert(
          try await store.signPromotionalOffer(
            id, productID: identifier, appAccountToken: token, nonce: UUID()))
      case .winBackOffer(let id):
        let product = store.allProducts.first { $0.id == identifier }
        guard let offer = product?.subscription?.winBackOffers.first(where: { $0.id == id }) else {
          throw LocalAppStoreError(.notFound, "\(identifier) has no win-back offer \(id)")
        }
        purchaseOptions.insert(.winBackOffer(offer))
      }
    }
    return try await store.buyProduct(
      identifier, options: purchaseOptions, purchaseDate: purchaseDate,
      renewalBehavior: renewalBehavior)
  }

  /// Redeems the `.storekit` file's offer code `referenceName` as the customer would outside
  /// the app (the App Store, or the app's offer-code redemption sheet): the purchase arrives
  /// through `Transaction.updates` with the code's offer, and the server hears OFFER_REDEEMED.
  /// The code's eligibility (new, existing, expired customers) is checked.
  @discardableResult
  public func redeemOfferCode(_ referenceName: String) async throws(LocalAppStoreError)
    -> Transaction
  {
    try await store.redeemOfferCode(referenceName)
  }

  // MARK: - Offers, signed as the developer's server signs them

  /// A promotional offer signed now with the app's subscription-offer key (the `.storekit`
  /// file's `subscriptionOffersKeyPair`, else one made for the session), ready for
  /// `purchase(_:options:)`: StoreKit's `promotionalOffer(offerID:keyID:nonce:signature:timestamp:)`.
  /// The purchase must carry the same `appAccountToken`, which the signature covers.
  public func signPromotionalOffer(
    _ offerID: String, productID: String, appAccountToken: UUID? = nil, nonce: UUID = UUID()
  ) async throws(LocalAppStoreError) -> PurchaseOption {
    try await store.signPromotionalOffer(
      offerID, productID: productID, appAccountToken: appAccountToken, nonce: nonce)
  }

  /// A promotional offer signed now as a compact JWS: StoreKit's
  /// `promotionalOffer(_:compactJWS:)`. `transactionID`, when given, must be one of the
  /// customer's transactions.
  public func signPromotionalOfferJWS(
    _ offerID: String, productID: String, transactionID: UInt64? = nil, nonce: UUID = UUID()
  ) async throws(LocalAppStoreError) -> PurchaseOption {
    try await store.sign(
      .promotionalOffer(offerID: offerID, productID: productID, transactionID: transactionID),
      nonce: nonce)
  }

  /// The server's word on `productID`'s introductory offer, signed now: StoreKit's
  /// `introductoryOfferEligibility(compactJWS:)`.
  public func signIntroductoryOfferEligibility(
    productID: String, allowIntroductoryOffer: Bool, transactionID: UInt64,
    nonce: UUID = UUID()
  ) async throws(LocalAppStoreError) -> PurchaseOption {
    try await store.sign(
      .introductoryOfferEligibility(
        productID: productID, allow: allowIntroductoryOffer, transactionID: transactionID),
      nonce: nonce)
  }

  /// `allTransactions()`: every transaction of the store's account, as the App Store has them.
  public func allTransactions() async throws(LocalAppStoreError) -> [Transaction] {
    try await store.history()
  }

  /// The identifiers of the purchases waiting for a parent's answer, oldest first: what
  /// `SKTestSession.allTransactions()` lists in the state `pendingAskToBuyConfirmation` (and
  /// what an interrupted purchase waits under), for ``approveAskToBuyTransaction(identifier:)``,
  /// ``declineAskToBuyTransaction(identifier:)`` and ``resolveIssueForTransaction(identifier:)``.
  public func pendingAskToBuyIdentifiers() async throws(LocalAppStoreError) -> [UInt64] {
    try await store.askToBuyRequests().filter { $0.status == .pending }.map(\.id)
  }

  /// Approves the pending Ask to Buy request `identifier`: its transaction arrives through
  /// `Transaction.updates` (`SKTestSession`'s name); a new purchase keeps the request's
  /// identifier, an upgrade or crossgrade takes the next one.
  @discardableResult
  public func approveAskToBuyTransaction(identifier: UInt64) async throws(LocalAppStoreError)
    -> Transaction
  {
    try await store.approveAskToBuy(identifier)
  }

  /// Declines the pending Ask to Buy request `identifier`: nothing is bought or delivered
  /// (`SKTestSession`'s name).
  public func declineAskToBuyTransaction(identifier: UInt64) async throws(LocalAppStoreError) {
    try await store.declineAskToBuy(identifier)
  }

  /// Refunds transaction `identifier`: sets its revocation date and reason and delivers the change;
  /// a subscription's latest transaction refunded no longer renews (`SKTestSession`'s name).
  ///
  /// `percentage` (milli-percent, 1 to 100 000; ours, `SKTestSession` refunds in full) makes it
  /// a prorated refund: `revocationType` `REFUND_PRORATED` with that `revocationPercentage`.
  @discardableResult
  public func refundTransaction(identifier: UInt64, percentage: Int? = nil)
    async throws(LocalAppStoreError) -> Transaction
  {
    try await store.refund(transactionID: identifier, percentage: percentage)
  }

  /// `expireSubscription(productIdentifier:)`.
  @discardableResult
  public func expireSubscription(productIdentifier: String) async throws(LocalAppStoreError)
    -> Transaction
  {
    try await store.expireSubscription(productID: productIdentifier)
  }

  /// `forceRenewalOfSubscription(productIdentifier:)`.
  @discardableResult
  public func forceRenewalOfSubscription(productIdentifier: String)
    async throws(LocalAppStoreError) -> Transaction
  {
    try await store.forceRenewalOfSubscription(productID: productIdentifier)
  }

  /// Turns auto-renew back on for the subscription of transaction `identifier` (`SKTestSession`'s
  /// name).
  public func enableAutoRenewForTransaction(identifier: UInt64) async throws(LocalAppStoreError) {
    try await store.setWillAutoRenew(true, forTransaction: identifier)
  }

  /// Turns auto-renew off for the subscription of transaction `identifier`: it expires at the end
  /// of its period (`SKTestSession`'s name).
  public func disableAutoRenewForTransaction(identifier: UInt64) async throws(LocalAppStoreError) {
    try await store.setWillAutoRenew(false, forTransaction: identifier)
  }

  /// `resolveIssueForTransaction(identifier:)`: a billing issue (the subscription renews, or
  /// expires when auto-renew was turned off), or an interrupted purchase (by its request
  /// identifier: the purchase is made and delivered).
  @discardableResult
  public func resolveIssueForTransaction(identifier: UInt64) async throws(LocalAppStoreError)
    -> Transaction?
  {
    try await store.resolveIssue(transactionID: identifier)
  }

  /// `requestPriceIncreaseConsentForTransaction(identifier:)`: the customer of the subscription
  /// is asked to consent to its product's price, new (set with ``setPrice(_:forProduct:)``) or
  /// not ("in the testing environment, changing the price of the subscription is optional",
  /// its page); its renewal info's `priceIncreaseStatus` is `PriceIncreaseStatus.pending`
  /// until the customer answers. Unanswered at the renewal, the subscription expires with
  /// `didNotConsentToPriceIncrease`.
  public func requestPriceIncreaseConsentForTransaction(identifier: UInt64)
    async throws(LocalAppStoreError)
  {
    try await store.requestPriceIncreaseConsent(transactionID: identifier)
  }

  /// Changes a product's price while running, as editing it in Xcode's StoreKit configuration
  /// editor during a test does (ours: `SKTestSession` has no such call).
  public func setPrice(_ price: Decimal, forProduct productIdentifier: String)
    async throws(LocalAppStoreError)
  {
    try await store.setPrice(price, forProduct: productIdentifier)
  }

  /// `consentToPriceIncreaseForTransaction(identifier:)`: the customer consents to the pending
  /// price increase ("consent to the price increase and continue renewing"); the next renewal
  /// is at the new price.
  public func consentToPriceIncreaseForTransaction(identifier: UInt64)
    async throws(LocalAppStoreError)
  {
    try await store.consentToPriceIncrease(transactionID: identifier)
  }

  /// `declinePriceIncreaseForTransaction(identifier:)`: the customer declines the pending price
  /// increase, which "disables auto-renew and removes the subscription's pending price increase
  /// status. The subscription expires at the end of the billing period" (its page), with
  /// `autoRenewDisabled` (the page calls it "a user canceling an auto-renewable subscription").
  public func declinePriceIncreaseForTransaction(identifier: UInt64)
    async throws(LocalAppStoreError)
  {
    try await store.declinePriceIncrease(transactionID: identifier)
  }

  /// Removes every transaction, subscription and Ask to Buy request; settings, faults, family
  /// sharing and the app's data stay, and nothing is delivered (`SKTestSession`'s name).
  public func clearTransactions() async throws(LocalAppStoreError) {
    try await store.clearTransactions()
  }

  /// Removes transaction `identifier` and family members' copies of it (`SKTestSession`'s name).
  public func deleteTransaction(identifier: UInt64) async throws(LocalAppStoreError) {
    try await store.deleteTransaction(identifier)
  }

  /// Reverts the switches, time rate, storefront, locale and simulated errors to the `.storekit`
  /// file's; transactions stay (`SKTestSession`'s name).
  public func resetToDefaultState() async throws(LocalAppStoreError) {
    try await store.resetToDefaultState()
  }
}

/// A purchase option of `SKTestSession.buyProduct(identifier:options:)`: what a test passes
/// for a purchase made outside the app.
///
/// Unlike the port's `PurchaseOption`, a promotional offer is named by its
/// identifier alone and applied unsigned, as Xcode's test purchases apply it; the App Store
/// checks nothing else for it here.
public enum TestPurchaseOption: Sendable, Hashable {
  /// A UUID the transaction carries.
  case appAccountToken(UUID)
  /// How many of a consumable.
  case quantity(Int)
  /// A promotional offer of the product, signed with the app's subscription-offer key.
  case promotionalOffer(id: String)
  /// A win-back offer of the product.
  case winBackOffer(id: String)
}
