// StoreKit 2 models most enumerations as structs with static members rather than frozen enums,
// so that a value Apple adds later still decodes. These types follow it (``OpenEnumeration``):
// each one *is* the raw value Apple sends, with named constants for the values known today.

/// The type of an in-app purchase: StoreKit's `Product.ProductType`.
///
/// The raw values are those of the App Store's JSON (`type` in a signed transaction).
public struct ProductType: OpenEnumeration {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// A product that is used once and can be bought again.
  public static let consumable = ProductType(rawValue: "Consumable")
  /// A product bought once that never expires.
  public static let nonConsumable = ProductType(rawValue: "Non-Consumable")
  /// A subscription for a fixed time that does not renew: StoreKit's `nonRenewable`.
  public static let nonRenewable = ProductType(rawValue: "Non-Renewing Subscription")
  /// A subscription that renews until cancelled: StoreKit's `autoRenewable`.
  public static let autoRenewable = ProductType(rawValue: "Auto-Renewable Subscription")
}

/// How the customer holds a transaction: StoreKit's `Transaction.OwnershipType`.
public struct OwnershipType: OpenEnumeration {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The customer bought it.
  public static let purchased = OwnershipType(rawValue: "PURCHASED")
  /// A family member bought it and shares it through Family Sharing.
  public static let familyShared = OwnershipType(rawValue: "FAMILY_SHARED")
}

/// Why a transaction exists: StoreKit's `Transaction.Reason`.
public struct TransactionReason: OpenEnumeration {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The customer bought the product.
  public static let purchase = TransactionReason(rawValue: "PURCHASE")
  /// An auto-renewable subscription renewed.
  public static let renewal = TransactionReason(rawValue: "RENEWAL")
}

/// The server environment that signed data: StoreKit's `AppStore.Environment`.
public struct AppStoreEnvironment: OpenEnumeration {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The App Store.
  public static let production = AppStoreEnvironment(rawValue: "Production")
  /// Apple's sandbox (TestFlight and development builds).
  public static let sandbox = AppStoreEnvironment(rawValue: "Sandbox")
  /// StoreKit Testing in Xcode.
  public static let xcode = AppStoreEnvironment(rawValue: "Xcode")
  /// Local testing, as the App Store Server Library names it; the local App Store signs with it.
  public static let localTesting = AppStoreEnvironment(rawValue: "LocalTesting")
}

/// Why the App Store revoked a transaction: StoreKit's `Transaction.RevocationReason`.
public struct RevocationReason: OpenEnumeration {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Refunded for another reason (for example an accidental purchase).
  public static let other = RevocationReason(rawValue: 0)
  /// Refunded because of an actual or perceived issue with the app.
  public static let developerIssue = RevocationReason(rawValue: 1)

  public var description: String {
    switch self {
    case .other: "other"
    case .developerIssue: "developerIssue"
    default: "\(rawValue)"
    }
  }
}

/// How a revocation was made, as the App Store Server API reports it (`revocationType`).
public struct RevocationType: OpenEnumeration {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The whole price was refunded (`REFUND_FULL`).
  public static let refundFull = RevocationType(rawValue: "REFUND_FULL")
  /// Only the unused part of the period was refunded (`REFUND_PRORATED`).
  public static let refundProrated = RevocationType(rawValue: "REFUND_PRORATED")
  /// Family Sharing stopped for this member.
  public static let familyRevoke = RevocationType(rawValue: "FAMILY_REVOKE")
}

/// The kind of subscription offer: StoreKit's `Transaction.OfferType`.
public struct OfferType: OpenEnumeration {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// An introductory offer (free trial, pay as you go, pay up front).
  public static let introductory = OfferType(rawValue: 1)
  /// An offer the app presents to chosen customers, signed by the developer's key.
  public static let promotional = OfferType(rawValue: 2)
  /// An offer redeemed with a code (custom or one-time), in the App Store or the app.
  public static let code = OfferType(rawValue: 3)
  /// An offer to customers whose subscription lapsed, to win them back.
  public static let winBack = OfferType(rawValue: 4)

  public var description: String {
    switch self {
    case .introductory: "introductory"
    case .promotional: "promotional"
    case .code: "code"
    case .winBack: "winBack"
    default: "\(rawValue)"
    }
  }
}

/// How an offer is paid for: StoreKit's `Transaction.Offer.PaymentMode` (`offerDiscountType`).
public struct OfferPaymentMode: OpenEnumeration {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Free for the offer's periods.
  public static let freeTrial = OfferPaymentMode(rawValue: "FREE_TRIAL")
  /// A reduced price each period.
  public static let payAsYouGo = OfferPaymentMode(rawValue: "PAY_AS_YOU_GO")
  /// One reduced payment for the offer's whole duration.
  public static let payUpFront = OfferPaymentMode(rawValue: "PAY_UP_FRONT")
  /// A single charge rather than a price per period (`ONE_TIME`).
  public static let oneTime = OfferPaymentMode(rawValue: "ONE_TIME")
}

/// Why a subscription expired: StoreKit's `RenewalInfo.ExpirationReason` (`expirationIntent`).
public struct ExpirationReason: OpenEnumeration {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The customer turned auto-renew off.
  public static let autoRenewDisabled = ExpirationReason(rawValue: 1)
  /// Billing failed and retry ended.
  public static let billingError = ExpirationReason(rawValue: 2)
  /// The customer did not consent to a price increase.
  public static let didNotConsentToPriceIncrease = ExpirationReason(rawValue: 3)
  /// The product was not available at renewal.
  public static let productUnavailable = ExpirationReason(rawValue: 4)
  /// Another reason.
  public static let unknown = ExpirationReason(rawValue: 5)

  public var description: String {
    switch self {
    case .autoRenewDisabled: "autoRenewDisabled"
    case .billingError: "billingError"
    case .didNotConsentToPriceIncrease: "didNotConsentToPriceIncrease"
    case .productUnavailable: "productUnavailable"
    case .unknown: "unknown"
    default: "\(rawValue)"
    }
  }
}

/// Whether the customer consented to a price increase: StoreKit's `PriceIncreaseStatus`.
public struct PriceIncreaseStatus: OpenEnumeration {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The customer has not yet answered a price increase that needs their consent: StoreKit's
  /// `.pending`, the App Store's `priceIncreaseStatus` 0 ("The customer hasn't yet responded to
  /// an auto-renewable subscription price increase that requires customer consent", App Store
  /// Server Notifications' `priceIncreaseStatus` page). With no increase at all the field is
  /// absent (StoreKit's `.noIncreasePending`).
  public static let pending = PriceIncreaseStatus(rawValue: 0)
  /// The old name of ``pending``: raw 0 is an increase awaiting an answer, not the absence of
  /// one.
  @available(*, deprecated, renamed: "pending")
  public static let noIncreasePending = PriceIncreaseStatus.pending
  /// The customer consented.
  public static let agreed = PriceIncreaseStatus(rawValue: 1)
}

/// The state of an auto-renewable subscription: StoreKit's
/// `Product.SubscriptionInfo.RenewalState`.
///
/// Raw values match the App Store Server API's `status` (1 active … 5 revoked).
public struct RenewalState: OpenEnumeration {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Active and paid.
  public static let subscribed = RenewalState(rawValue: 1)
  /// Expired: no access.
  public static let expired = RenewalState(rawValue: 2)
  /// Billing failed, the App Store is retrying, and there is no grace period: no access.
  public static let inBillingRetryPeriod = RenewalState(rawValue: 3)
  /// Billing failed and the grace period runs: full access.
  public static let inGracePeriod = RenewalState(rawValue: 4)
  /// Refunded or revoked (Family Sharing stopped): no access.
  public static let revoked = RenewalState(rawValue: 5)

  /// Whether this state grants access: `subscribed` and `inGracePeriod` do, nothing else does.
  public var isEntitled: Bool { self == .subscribed || self == .inGracePeriod }

  public var description: String {
    switch self {
    case .subscribed: "subscribed"
    case .expired: "expired"
    case .inBillingRetryPeriod: "inBillingRetryPeriod"
    case .inGracePeriod: "inGracePeriod"
    case .revoked: "revoked"
    default: "\(rawValue)"
    }
  }
}
