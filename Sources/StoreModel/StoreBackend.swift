public import Foundation

/// The port every App Store backend implements, shaped after StoreKit 2.
///
/// `StoreKitBackend` forwards to Apple's StoreKit on a device; `LocalAppStore` emulates the App
/// Store anywhere. Apps talk to this protocol only, so every flow runs in tests.
public protocol StoreBackend: Sendable {
  /// The products for `ids`: StoreKit's `Product.products(for:)`.
  ///
  /// Identifiers that do not name a product are silently left out, as StoreKit does.
  /// - Throws: ``StoreBackendError`` when the store cannot be reached.
  func products(for ids: [String]) async throws(StoreBackendError) -> [Product]

  /// Buys `product`: StoreKit's `Product.purchase(options:)`.
  /// - Throws: ``StoreBackendError`` when the purchase fails.
  func purchase(_ product: Product, options: Set<PurchaseOption>) async throws(StoreBackendError)
    -> PurchaseResult

  /// The customer's current entitlements: StoreKit's `Transaction.currentEntitlements`.
  func currentEntitlements() async -> [VerificationResult<Transaction>]

  /// A new stream of transactions that arrive outside a purchase call: StoreKit's
  /// `Transaction.updates`.
  ///
  /// Each call makes a new subscriber; the stream ends when its task is cancelled or the
  /// backend goes away. StoreKit hands the unfinished transactions to `Transaction.updates`
  /// once, as the app launches: a subscriber may get none of them, so read
  /// ``unfinishedTransactions()`` after subscribing.
  func transactionUpdates() -> AsyncStream<VerificationResult<Transaction>>

  /// Transactions not yet finished: StoreKit's `Transaction.unfinished`.
  func unfinishedTransactions() async -> [VerificationResult<Transaction>]

  /// Marks a transaction finished: StoreKit's `Transaction.finish()`.
  func finish(_ transaction: Transaction) async

  /// Synchronizes with the App Store (restore purchases): StoreKit's `AppStore.sync()`.
  /// - Throws: ``StoreBackendError`` when the store cannot be reached.
  func sync() async throws(StoreBackendError)

  /// The statuses of a subscription group: StoreKit's `Product.SubscriptionInfo.status(for:)`.
  ///
  /// Empty when the customer never subscribed; several with Family Sharing.
  /// - Throws: ``StoreBackendError`` when the store cannot be reached.
  func subscriptionStatuses(forGroup groupID: String) async throws(StoreBackendError)
    -> [SubscriptionStatus]

  /// The signed record of the customer's copy of the app: StoreKit's `AppTransaction.shared`.
  ///
  /// Its `appTransactionID` is the one every transaction and renewal info of the customer
  /// carries (`appTransactionId`).
  /// - Throws: ``StoreBackendError`` when the store cannot be reached.
  func appTransaction() async throws(StoreBackendError) -> VerificationResult<AppTransaction>

  /// Whether the customer may get an introductory offer in subscription group `groupID`:
  /// StoreKit's `Product.SubscriptionInfo.isEligibleForIntroOffer(for:)`.
  ///
  /// Apple's page: "A customer is eligible for an introductory offer if they haven't
  /// previously received an introductory offer for the subscription group"
  /// (<https://developer.apple.com/documentation/storekit/product/subscriptioninfo/iseligibleforintrooffer(for:)>).
  func isEligibleForIntroOffer(for groupID: String) async -> Bool
}

/// The outcome of a purchase: StoreKit 2's `Product.PurchaseResult`.
public enum PurchaseResult: Sendable, Hashable {
  /// The purchase went through; the transaction may or may not verify.
  case success(VerificationResult<Transaction>)
  /// The customer dismissed the payment sheet; nothing was bought.
  case userCancelled
  /// Waiting for approval (Ask to Buy) or authentication; the transaction arrives later
  /// through ``StoreBackend/transactionUpdates()``, if at all.
  case pending
}

/// An option of a purchase: StoreKit 2's `Product.PurchaseOption`.
public enum PurchaseOption: Sendable, Hashable {
  /// A UUID the app attaches to the purchase; it comes back in the transaction.
  case appAccountToken(UUID)
  /// How many of a consumable to buy.
  case quantity(Int)
  /// A promotional offer with the signature the developer's server made for it: StoreKit's
  /// `promotionalOffer(offerID:keyID:nonce:signature:timestamp:)`.
  ///
  /// Apple's "Generating a signature for promotional offers"
  /// (<https://developer.apple.com/documentation/storekit/generating-a-signature-for-promotional-offers>):
  /// the server signs the app's bundle identifier, `keyID`, the product, `offerID`, the
  /// purchase's app account token, `nonce` and `timestamp` (milliseconds since 1970) with the
  /// subscription-offer key `keyID` names; `signature` is the DER ECDSA signature's bytes. The
  /// App Store refuses a signature that does not verify, and a customer who is neither a
  /// subscriber nor a former one of the group.
  case promotionalOffer(
    offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int)
  /// A promotional offer signed as a compact JWS by the developer's server: StoreKit's
  /// `promotionalOffer(_:compactJWS:)` (back-deployed before iOS 26), whose claims Apple's
  /// "Generating JWS to sign App Store requests" lists (`aud` `promotional-offer`).
  case promotionalOfferJWS(offerID: String, compactJWS: String)
  /// The developer's server's word on the introductory offer, as a compact JWS (`aud`
  /// `introductory-offer-eligibility`): StoreKit's `introductoryOfferEligibility(compactJWS:)`
  /// (back-deployed before iOS 18.4). Its `allowIntroductoryOffer` claim decides whether the
  /// product's introductory offer applies.
  case introductoryOfferEligibility(compactJWS: String)
  /// A win-back offer of the product, for a customer whose subscription lapsed: StoreKit's
  /// `winBackOffer(_:)` (iOS 18).
  case winBackOffer(SubscriptionOffer)
}

/// Why a backend operation failed: the cases of StoreKit 2's `StoreKitError` and
/// `Product.PurchaseError`, each under StoreKit's name (`caseName`), so that a simulated error
/// (`SKTestSession.setSimulatedError(_:forAPI:)`) can be any of them.
public enum StoreBackendError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The store could not be reached.
  case networkError(String)
  /// A system error (StoreKit's `StoreKitError.systemError(_:)`, which carries the underlying
  /// error), for example a failed purchase, or the local App Store's own failure (its state
  /// file busy or damaged): `code` is the underlying error's code when it has one (the local
  /// App Store's: `stateBusy`, `invalidState`, `database`, ...).
  case systemError(String, code: String? = nil)
  /// The product cannot be bought (unknown or not for sale).
  case productUnavailable(String)
  /// The purchase is not allowed (for example the customer already owns the product).
  case purchaseNotAllowed(String)
  /// The customer is not eligible for the requested offer.
  case ineligibleForOffer(String)
  /// The customer cancelled a dialog the operation needed (StoreKit's `userCancelled`).
  case userCancelled
  /// StoreKit's `StoreKitError.unknown`.
  case unknown
  /// The product is not sold in the customer's storefront (`StoreKitError.notAvailableInStorefront`).
  case notAvailableInStorefront(String)
  /// The app lacks the entitlement the call needs (`StoreKitError.notEntitled`).
  case notEntitled(String)
  /// The call is not supported here (`StoreKitError.unsupported`).
  case unsupported(String)
  /// The quantity is not allowed (`Product.PurchaseError.invalidQuantity`).
  case invalidQuantity(String)
  /// No offer has the identifier (`Product.PurchaseError.invalidOfferIdentifier`).
  case invalidOfferIdentifier(String)
  /// The offer's price is not valid (`Product.PurchaseError.invalidOfferPrice`).
  case invalidOfferPrice(String)
  /// The offer's signature is not valid (`Product.PurchaseError.invalidOfferSignature`).
  case invalidOfferSignature(String)
  /// The offer lacks parameters (`Product.PurchaseError.missingOfferParameters`).
  case missingOfferParameters(String)

  /// StoreKit's name of the case: `networkError`, `invalidOfferSignature`.
  package var caseName: String {
    switch self {
    case .networkError: "networkError"
    case .systemError: "systemError"
    case .productUnavailable: "productUnavailable"
    case .purchaseNotAllowed: "purchaseNotAllowed"
    case .ineligibleForOffer: "ineligibleForOffer"
    case .userCancelled: "userCancelled"
    case .unknown: "unknown"
    case .notAvailableInStorefront: "notAvailableInStorefront"
    case .notEntitled: "notEntitled"
    case .unsupported: "unsupported"
    case .invalidQuantity: "invalidQuantity"
    case .invalidOfferIdentifier: "invalidOfferIdentifier"
    case .invalidOfferPrice: "invalidOfferPrice"
    case .invalidOfferSignature: "invalidOfferSignature"
    case .missingOfferParameters: "missingOfferParameters"
    }
  }

  /// A code for a log: the case's name as StoreKit spells it, then, for a system error
  /// whose underlying error has a code, a dot and that code: `networkError`,
  /// `systemError.stateBusy`. Stable: an app may count failures by it.
  public var code: String {
    if case .systemError(_, let code?) = self {
      return "\(caseName).\(code)"
    }
    return caseName
  }

  /// The reason the case carries, if any.
  public var reason: String? {
    switch self {
    case .systemError(let reason, _): reason
    case .networkError(let reason), .productUnavailable(let reason),
      .purchaseNotAllowed(let reason), .ineligibleForOffer(let reason),
      .notAvailableInStorefront(let reason), .notEntitled(let reason), .unsupported(let reason),
      .invalidQuantity(let reason), .invalidOfferIdentifier(let reason),
      .invalidOfferPrice(let reason), .invalidOfferSignature(let reason),
      .missingOfferParameters(let reason):
      reason
    case .userCancelled, .unknown: nil
    }
  }

  /// The error StoreKit names `caseName`, with `reason`; `nil` for a name StoreKit's
  /// `StoreKitError` and `Product.PurchaseError` do not have.
  package init?(caseName: String, reason: String) {
    switch caseName {
    case "networkError": self = .networkError(reason)
    case "systemError": self = .systemError(reason)
    case "productUnavailable": self = .productUnavailable(reason)
    case "purchaseNotAllowed": self = .purchaseNotAllowed(reason)
    case "ineligibleForOffer": self = .ineligibleForOffer(reason)
    case "userCancelled": self = .userCancelled
    case "unknown": self = .unknown
    case "notAvailableInStorefront": self = .notAvailableInStorefront(reason)
    case "notEntitled": self = .notEntitled(reason)
    case "unsupported": self = .unsupported(reason)
    case "invalidQuantity": self = .invalidQuantity(reason)
    case "invalidOfferIdentifier": self = .invalidOfferIdentifier(reason)
    case "invalidOfferPrice": self = .invalidOfferPrice(reason)
    case "invalidOfferSignature": self = .invalidOfferSignature(reason)
    case "missingOfferParameters": self = .missingOfferParameters(reason)
    default: return nil
    }
  }

  /// Every case's name, StoreKitError's then Product.PurchaseError's.
  package static let caseNames = [
    "unknown", "userCancelled", "networkError", "systemError", "notAvailableInStorefront",
    "notEntitled", "unsupported", "invalidQuantity", "productUnavailable", "purchaseNotAllowed",
    "ineligibleForOffer", "invalidOfferIdentifier", "invalidOfferPrice", "invalidOfferSignature",
    "missingOfferParameters",
  ]

  public var description: String {
    switch self {
    case .networkError(let reason): "network error: \(reason)"
    case .systemError(let reason, _): "system error: \(reason)"
    case .productUnavailable(let reason): "product unavailable: \(reason)"
    case .purchaseNotAllowed(let reason): "purchase not allowed: \(reason)"
    case .ineligibleForOffer(let reason): "ineligible for offer: \(reason)"
    case .userCancelled: "user cancelled"
    case .unknown: "unknown error"
    default: "\(caseName): \(reason ?? "")"
    }
  }
}
