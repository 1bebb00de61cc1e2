#if canImport(StoreKit)
  import Foundation
  import StoreKit
  public import StoreModel
  import os

  #if os(iOS) || os(visionOS)
    public import UIKit
  #endif

  /// A ``StoreModel/StoreBackend`` over Apple's StoreKit 2, for the app on a device.
  ///
  /// Each method forwards to the StoreKit 2 API its requirement names — `Product.products(for:)`,
  /// `Product.purchase(options:)`, `Transaction.currentEntitlements`, `Transaction.updates`,
  /// `Transaction.unfinished`, `Transaction.finish()`, `AppStore.sync()`,
  /// `Product.SubscriptionInfo.status(for:)` and
  /// `Product.SubscriptionInfo.isEligibleForIntroOffer(for:)` — and translates StoreKit's values
  /// into `StoreModel`'s one field at a time. It holds no rules: what a transaction grants is
  /// decided by the app's layer, on these translated values, exactly as with the local App Store.
  ///
  /// Signed data keeps StoreKit's verdict: a `.unverified` StoreKit result stays unverified, with
  /// StoreKit's reason carried in a ``StoreModel/VerificationError``, and every translated
  /// transaction and renewal info keeps its `jwsRepresentation`.
  ///
  /// The backend keeps the StoreKit `Product` values it loaded, to buy them, and the last
  /// ``transactionCacheLimit`` StoreKit `Transaction` values it handed out, to finish them (an
  /// older one is found again among StoreKit's `Transaction.unfinished` when it is finished).
  public actor StoreKitBackend: StoreModel.StoreBackend {
    /// The StoreKit products loaded so far, by identifier: `purchase` buys these.
    private var storeKitProducts: [String: StoreKit.Product] = [:]
    /// The StoreKit transactions handed out and not finished through this backend, by identifier:
    /// at most ``transactionCacheLimit``, the oldest handed out leaving first.
    private var storeKitTransactions: [UInt64: StoreKit.Transaction] = [:]
    /// The identifiers of `storeKitTransactions`, oldest first.
    private var storeKitTransactionOrder: [UInt64] = []
    /// How many StoreKit transactions the backend keeps to finish.
    public static let transactionCacheLimit = 64

    #if os(visionOS)
      /// The scene StoreKit shows its purchase confirmation in: visionOS has no purchase
      /// without one.
      private let confirmationScene: @MainActor @Sendable () -> UIScene?
    #elseif os(iOS)
      /// The scene StoreKit shows its purchase confirmation in; `nil` lets StoreKit choose.
      private let confirmationScene: (@MainActor @Sendable () -> UIScene?)?
    #endif

    /// Where the backend reports what it could not translate.
    static let logger = Logger(subsystem: "SportsTimeStore", category: "StoreKitBackend")

    /// Creates a backend that confirms purchases where StoreKit chooses: StoreKit's
    /// `Product.purchase(options:)`. On visionOS, which has no purchase without a scene, it
    /// confirms them in the app's foreground scene (else any of its connected scenes).
    ///
    /// Not in a visionOS app extension, which has no `UIApplication.shared` (UIKit marks it
    /// unavailable there): an extension gives its scene to ``init(confirmingPurchasesIn:)``.
    @available(visionOSApplicationExtension, unavailable)
    public init() {
      #if os(visionOS)
        confirmationScene = { Self.foregroundScene() }
      #elseif os(iOS)
        confirmationScene = nil
      #endif
    }

    #if os(iOS) || os(visionOS)
      /// Creates a backend that confirms purchases in the scene `scene` returns: StoreKit's
      /// `Product.purchase(confirmIn:options:)`.
      ///
      /// - Parameter scene: Called on the main actor at each purchase; returning `nil` fails the
      ///   purchase with ``StoreModel/StoreBackendError/systemError(_:code:)``.
      public init(confirmingPurchasesIn scene: @escaping @MainActor @Sendable () -> UIScene?) {
        confirmationScene = scene
      }
    #endif

    // MARK: - Products

    /// The products for `ids`: StoreKit's `Product.products(for:)`.
    ///
    /// Identifiers StoreKit does not know are left out, as StoreKit leaves them out.
    /// - Throws: ``StoreModel/StoreBackendError`` translated from StoreKit's error.
    public func products(for ids: [String]) async throws(StoreModel.StoreBackendError)
      -> [StoreModel.Product]
    {
      let loaded: [StoreKit.Product]
      do {
        loaded = try await StoreKit.Product.products(for: ids)
      } catch {
        throw Self.backendError(error)
      }
      var products: [StoreModel.Product] = []
      for storeKitProduct in loaded {
        storeKitProducts[storeKitProduct.id] = storeKitProduct
        if let product = Self.product(storeKitProduct) {
          products.append(product)
        }
      }
      return products
    }

    // MARK: - Purchase

    /// Buys `product`: StoreKit's `Product.purchase(options:)`, or
    /// `Product.purchase(confirmIn:options:)` when the backend was given a scene.
    ///
    /// Each option is forwarded to StoreKit's option of the same name (see
    /// ``purchaseOptions(_:for:)``); whether an offer applies is the App Store's answer.
    /// - Throws: ``StoreModel/StoreBackendError`` translated from StoreKit's error.
    public func purchase(_ product: StoreModel.Product, options: Set<StoreModel.PurchaseOption>)
      async throws(StoreModel.StoreBackendError) -> StoreModel.PurchaseResult
    {
      let storeKitProduct = try await loadedProduct(id: product.id)
      let storeKitOptions = try Self.purchaseOptions(options, for: storeKitProduct)
      let result: StoreKit.Product.PurchaseResult
      do {
        result = try await confirmPurchase(of: storeKitProduct, options: storeKitOptions)
      } catch {
        throw Self.backendError(error)
      }
      switch result {
      case .success(let verification):  // StoreKit: Product.PurchaseResult.success
        return .success(remember(verification))
      case .userCancelled:  // StoreKit: Product.PurchaseResult.userCancelled
        return .userCancelled
      case .pending:  // StoreKit: Product.PurchaseResult.pending
        return .pending
      default:
        throw StoreModel.StoreBackendError.systemError(
          "StoreKit returned a purchase result this backend does not know: \(result)")
      }
    }

    /// StoreKit's options for `options`, to buy `product`: each one StoreKit's
    /// `Product.PurchaseOption` of the same name, with the same values. Nothing is decided here:
    /// signatures, JWSs and eligibility are the App Store's to judge.
    /// - Throws: ``StoreModel/StoreBackendError/invalidOfferIdentifier(_:)`` for a win-back offer
    ///   StoreKit does not list for `product` (see ``winBackOption(_:of:)``).
    static func purchaseOptions(
      _ options: Set<StoreModel.PurchaseOption>, for product: StoreKit.Product
    ) throws(StoreModel.StoreBackendError) -> Set<StoreKit.Product.PurchaseOption> {
      var storeKitOptions: Set<StoreKit.Product.PurchaseOption> = []
      for option in options {
        switch option {
        case .appAccountToken(let token):
          // StoreKit: PurchaseOption.appAccountToken
          storeKitOptions.insert(.appAccountToken(token))
        case .quantity(let quantity):
          storeKitOptions.insert(.quantity(quantity))  // StoreKit: PurchaseOption.quantity
        case .promotionalOffer(let offerID, let keyID, let nonce, let signature, let timestamp):
          // StoreKit: PurchaseOption.promotionalOffer(offerID:keyID:nonce:signature:timestamp:)
          storeKitOptions.insert(
            .promotionalOffer(
              offerID: offerID, keyID: keyID, nonce: nonce, signature: signature,
              timestamp: timestamp))
        case .promotionalOfferJWS(let offerID, let compactJWS):
          // StoreKit: PurchaseOption.promotionalOffer(_:compactJWS:), which gives a list of
          // options: all of them go to the purchase. Only Xcode 26's SDKs declare it (it is
          // back-deployed, so no `#available`): the manifest's swift-tools-version 6.2 keeps
          // older Xcodes out.
          storeKitOptions.formUnion(
            StoreKit.Product.PurchaseOption.promotionalOffer(offerID, compactJWS: compactJWS))
        case .introductoryOfferEligibility(let compactJWS):
          // StoreKit: PurchaseOption.introductoryOfferEligibility(compactJWS:)
          storeKitOptions.insert(.introductoryOfferEligibility(compactJWS: compactJWS))
        case .winBackOffer(let offer):
          storeKitOptions.insert(try winBackOption(offer, of: product))
        }
      }
      return storeKitOptions
    }

    /// StoreKit's `PurchaseOption.winBackOffer(_:)` for `offer`: with StoreKit's
    /// `Product.SubscriptionOffer` of the same `id` among `product`'s
    /// `subscription?.winBackOffers`.
    /// - Throws: ``StoreModel/StoreBackendError/invalidOfferIdentifier(_:)`` when StoreKit lists
    ///   no win-back offer of that identifier for `product`, or has no win-back offers at all
    ///   (before iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2).
    static func winBackOption(_ offer: StoreModel.SubscriptionOffer, of product: StoreKit.Product)
      throws(StoreModel.StoreBackendError) -> StoreKit.Product.PurchaseOption
    {
      let offerID = offer.id ?? "(none)"
      if #available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
        // StoreKit: SubscriptionInfo.winBackOffers, SubscriptionOffer.id
        let winBackOffers = product.subscription?.winBackOffers ?? []
        guard let storeKitOffer = winBackOffers.first(where: { $0.id == offer.id }) else {
          throw .invalidOfferIdentifier(
            "PurchaseError.invalidOfferIdentifier: StoreKit lists no win-back offer "
              + "\(offerID) for product \(product.id)")
        }
        return .winBackOffer(storeKitOffer)  // StoreKit: PurchaseOption.winBackOffer(_:)
      }
      // Before iOS 18 (macOS 15, tvOS 18, watchOS 11, visionOS 2) StoreKit has neither
      // `SubscriptionInfo.winBackOffers` nor `PurchaseOption.winBackOffer(_:)`: no win-back offer
      // identifier names an offer StoreKit knows there. StoreKit answers an offer identifier it
      // does not know with `Product.PurchaseError.invalidOfferIdentifier`, so this is the error
      // family (and case) a StoreKit user would see, the same as for an unlisted offer above.
      throw .invalidOfferIdentifier(
        "PurchaseError.invalidOfferIdentifier: StoreKit has no win-back offers before iOS 18, "
          + "so none is \(offerID) for product \(product.id)")
    }

    /// The StoreKit product `id`, loaded earlier or now.
    private func loadedProduct(id: String) async throws(StoreModel.StoreBackendError)
      -> StoreKit.Product
    {
      if let storeKitProduct = storeKitProducts[id] {
        return storeKitProduct
      }
      let loaded: [StoreKit.Product]
      do {
        loaded = try await StoreKit.Product.products(for: [id])
      } catch {
        throw Self.backendError(error)
      }
      guard let storeKitProduct = loaded.first(where: { $0.id == id }) else {
        throw StoreModel.StoreBackendError.productUnavailable("StoreKit has no product \(id)")
      }
      storeKitProducts[id] = storeKitProduct
      return storeKitProduct
    }

    /// Asks StoreKit to buy `product`, with its confirmation sheet.
    private func confirmPurchase(
      of product: StoreKit.Product, options: Set<StoreKit.Product.PurchaseOption>
    ) async throws -> StoreKit.Product.PurchaseResult {
      #if os(visionOS)
        return try await Self.purchase(product, options: options, confirmingIn: confirmationScene)
      #else
        #if os(iOS)
          if let confirmationScene {
            return try await Self.purchase(
              product, options: options, confirmingIn: confirmationScene)
          }
        #endif
        return try await product.purchase(options: options)  // StoreKit: Product.purchase(options:)
      #endif
    }

    #if os(iOS) || os(visionOS)
      /// Buys `product` with its confirmation shown in `scene`'s scene:
      /// StoreKit's `Product.purchase(confirmIn:options:)`.
      @MainActor
      private static func purchase(
        _ product: StoreKit.Product, options: Set<StoreKit.Product.PurchaseOption>,
        confirmingIn scene: @MainActor @Sendable () -> UIScene?
      ) async throws -> StoreKit.Product.PurchaseResult {
        guard let scene = scene() else {
          throw StoreModel.StoreBackendError.systemError(
            "no scene to confirm the purchase in: the scene provider returned nil")
        }
        return try await product.purchase(confirmIn: scene, options: options)
      }
    #endif

    #if os(visionOS)
      /// The app's foreground scene, else any of its scenes: where visionOS confirms purchases
      /// when the backend was given no scene. Not in an app extension (no `UIApplication.shared`).
      @available(visionOSApplicationExtension, unavailable)
      @MainActor
      private static func foregroundScene() -> UIScene? {
        let scenes = UIApplication.shared.connectedScenes
        return scenes.first { $0.activationState == .foregroundActive } ?? scenes.first
      }
    #endif

    // MARK: - Transactions

    /// The customer's current entitlements: StoreKit's `Transaction.currentEntitlements`.
    public func currentEntitlements() async -> [StoreModel.VerificationResult<
      StoreModel.Transaction
    >] {
      let results = await Self.results(of: StoreKit.Transaction.currentEntitlements)
      return results.map { remember($0) }
    }

    /// A new stream of StoreKit's `Transaction.updates`, preceded by the transactions of
    /// `Transaction.unfinished`, as the port promises each new subscriber.
    ///
    /// StoreKit itself also sends unfinished transactions through `Transaction.updates` once at
    /// launch, so the first subscriber may see one twice; finishing is idempotent. The stream's
    /// task ends when the stream is cancelled, or at the next update after the backend went away.
    public nonisolated func transactionUpdates() -> AsyncStream<
      StoreModel.VerificationResult<StoreModel.Transaction>
    > {
      let (stream, continuation) = AsyncStream.makeStream(
        of: StoreModel.VerificationResult<StoreModel.Transaction>.self)
      let task = Task { [weak self] in
        // StoreKit: Transaction.updates, subscribed to first, so that nothing arriving while the
        // unfinished transactions are read is lost.
        var updates = StoreKit.Transaction.updates.makeAsyncIterator()
        for result in await Self.results(of: StoreKit.Transaction.unfinished) {
          guard let self else { break }
          continuation.yield(await self.remember(result))
        }
        while let result = await updates.next() {
          guard let self else { break }
          continuation.yield(await self.remember(result))
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
      return stream
    }

    /// Transactions not yet finished: StoreKit's `Transaction.unfinished`.
    public func unfinishedTransactions() async -> [StoreModel.VerificationResult<
      StoreModel.Transaction
    >] {
      let results = await Self.results(of: StoreKit.Transaction.unfinished)
      return results.map { remember($0) }
    }

    /// Finishes `transaction`: StoreKit's `Transaction.finish()`.
    ///
    /// The StoreKit transaction is the one this backend handed out; one it never saw is looked
    /// up among StoreKit's `Transaction.unfinished`, and nothing happens when it is not there.
    public func finish(_ transaction: StoreModel.Transaction) async {
      if let storeKitTransaction = storeKitTransactions.removeValue(forKey: transaction.id) {
        storeKitTransactionOrder.removeAll { $0 == transaction.id }
        await storeKitTransaction.finish()  // StoreKit: Transaction.finish()
        return
      }
      for result in await Self.results(of: StoreKit.Transaction.unfinished)
      where result.unsafePayloadValue.id == transaction.id {
        await result.unsafePayloadValue.finish()  // StoreKit: Transaction.finish()
      }
    }

    /// Synchronizes with the App Store: StoreKit's `AppStore.sync()`.
    /// - Throws: ``StoreModel/StoreBackendError`` translated from StoreKit's error.
    public func sync() async throws(StoreModel.StoreBackendError) {
      do {
        try await StoreKit.AppStore.sync()  // StoreKit: AppStore.sync()
      } catch {
        throw Self.backendError(error)
      }
    }

    /// The statuses of the subscription group `groupID`: StoreKit's
    /// `Product.SubscriptionInfo.status(for:)`.
    /// - Throws: ``StoreModel/StoreBackendError`` translated from StoreKit's error.
    public func subscriptionStatuses(forGroup groupID: String)
      async throws(StoreModel.StoreBackendError) -> [StoreModel.SubscriptionStatus]
    {
      let statuses: [StoreKit.Product.SubscriptionInfo.Status]
      do {
        statuses = try await StoreKit.Product.SubscriptionInfo.status(for: groupID)
      } catch {
        throw Self.backendError(error)
      }
      return statuses.map { status in
        StoreModel.SubscriptionStatus(
          state: Self.renewalState(status.state),  // StoreKit: Status.state
          transaction: remember(status.transaction),  // StoreKit: Status.transaction
          renewalInfo: Self.renewalInfo(status.renewalInfo)  // StoreKit: Status.renewalInfo
        )
      }
    }

    public func appTransaction() async throws(StoreModel.StoreBackendError)
      -> StoreModel.VerificationResult<StoreModel.AppTransaction>
    {
      let result: StoreKit.VerificationResult<StoreKit.AppTransaction>
      do {
        result = try await StoreKit.AppTransaction.shared  // StoreKit: AppTransaction.shared
      } catch {
        throw Self.backendError(error)
      }
      return Self.appTransaction(result)
    }

    /// Whether the customer may get an introductory offer in subscription group `groupID`:
    /// StoreKit's `Product.SubscriptionInfo.isEligibleForIntroOffer(for:)`.
    public func isEligibleForIntroOffer(for groupID: String) async -> Bool {
      // StoreKit: Product.SubscriptionInfo.isEligibleForIntroOffer(for:)
      await StoreKit.Product.SubscriptionInfo.isEligibleForIntroOffer(for: groupID)
    }

    // MARK: - StoreKit's sequences

    /// Keeps the StoreKit transaction of `result`, to finish it, and translates it.
    private func remember(_ result: StoreKit.VerificationResult<StoreKit.Transaction>)
      -> StoreModel.VerificationResult<StoreModel.Transaction>
    {
      let storeKitTransaction = result.unsafePayloadValue
      if storeKitTransactions.updateValue(storeKitTransaction, forKey: storeKitTransaction.id)
        == nil
      {
        storeKitTransactionOrder.append(storeKitTransaction.id)
        while storeKitTransactionOrder.count > Self.transactionCacheLimit {
          storeKitTransactions[storeKitTransactionOrder.removeFirst()] = nil
        }
      }
      return Self.transaction(result)
    }

    /// The elements of one of StoreKit's finite transaction sequences
    /// (`Transaction.currentEntitlements`, `Transaction.unfinished`), in its order.
    private static func results(of sequence: StoreKit.Transaction.Transactions) async
      -> [StoreKit.VerificationResult<StoreKit.Transaction>]
    {
      var results: [StoreKit.VerificationResult<StoreKit.Transaction>] = []
      for await result in sequence {
        results.append(result)
      }
      return results
    }
  }
#endif
