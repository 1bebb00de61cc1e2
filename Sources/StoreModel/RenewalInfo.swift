public import Foundation

/// Signed renewal information of an auto-renewable subscription: StoreKit 2's
/// `Product.SubscriptionInfo.RenewalInfo`.
///
/// Property names are StoreKit's; the `Codable` form uses the App Store's JSON keys
/// (`JWSRenewalInfoDecodedPayload`) with dates in milliseconds since 1970.
/// `SignedDataVerifier` (in `AppStoreJWS`) decodes it from the signed payload.
public struct RenewalInfo: Sendable, Hashable {
  /// The original transaction of the subscription (`originalTransactionId`).
  public var originalTransactionID: UInt64
  /// The product the customer is subscribed to now (`productId`).
  public var currentProductID: String
  /// Whether the subscription renews at the end of its period (`autoRenewStatus` 1).
  public var willAutoRenew: Bool
  /// The product that renews next; a pending downgrade or crossgrade shows here (`autoRenewProductId`).
  public var autoRenewPreference: String?
  /// Why the subscription expired; `nil` while active (`expirationIntent`).
  public var expirationReason: ExpirationReason?
  /// Whether the App Store is retrying a failed renewal (`isInBillingRetryPeriod`).
  public var isInBillingRetry: Bool
  /// When the billing grace period ends; `nil` unless in grace (`gracePeriodExpiresDate`).
  public var gracePeriodExpirationDate: Date?
  /// The customer's answer to a price increase (`priceIncreaseStatus`).
  public var priceIncreaseStatus: PriceIncreaseStatus?
  /// The offer that applies at the next renewal (`offerType`).
  public var offerType: OfferType?
  /// The identifier of that offer (`offerIdentifier`).
  public var offerID: String?
  /// How that offer is paid (`offerDiscountType`).
  public var offerPaymentMode: OfferPaymentMode?
  /// That offer's duration, ISO 8601 (`offerPeriod`).
  public var offerPeriod: String?
  /// When the App Store signed this data (`signedDate`).
  public var signedDate: Date
  /// The environment that signed the data (`environment`).
  public var environment: AppStoreEnvironment?
  /// The start of the latest run of uninterrupted paid periods (`recentSubscriptionStartDate`).
  public var recentSubscriptionStartDate: Date?
  /// When the subscription renews next, which may be in the past (`renewalDate`).
  public var renewalDate: Date?
  /// ISO 4217 currency code of the renewal price (`currency`).
  public var currency: String?
  /// The renewal price in milli-units (`renewalPrice`).
  public var renewalPriceMilliunits: Int64?
  /// Win-back offers the customer may redeem (`eligibleWinBackOfferIds`).
  public var eligibleWinBackOfferIDs: [String]?
  /// The UUID the app attached to the purchase (`appAccountToken`).
  public var appAccountToken: UUID?
  /// The identifier of the app download the subscription belongs to (`appTransactionId`).
  public var appTransactionID: String?
  /// The billing plan of the next renewal (`renewalBillingPlanType`).
  public var renewalBillingPlanType: String?

  /// The compact JWS this renewal info was decoded from; empty when it was not decoded from one.
  public var jwsRepresentation: String = ""

  /// Creates renewal info; fields not named are absent.
  package init(
    originalTransactionID: UInt64,
    currentProductID: String,
    willAutoRenew: Bool,
    signedDate: Date,
    autoRenewPreference: String? = nil,
    expirationReason: ExpirationReason? = nil,
    isInBillingRetry: Bool = false,
    gracePeriodExpirationDate: Date? = nil,
    renewalDate: Date? = nil,
    recentSubscriptionStartDate: Date? = nil,
    environment: AppStoreEnvironment? = nil
  ) {
    self.originalTransactionID = originalTransactionID
    self.currentProductID = currentProductID
    self.willAutoRenew = willAutoRenew
    self.signedDate = signedDate
    self.autoRenewPreference = autoRenewPreference ?? currentProductID
    self.expirationReason = expirationReason
    self.isInBillingRetry = isInBillingRetry
    self.gracePeriodExpirationDate = gracePeriodExpirationDate
    self.renewalDate = renewalDate
    self.recentSubscriptionStartDate = recentSubscriptionStartDate
    self.environment = environment
  }

  /// The renewal price as a decimal amount of ``currency``.
  public var renewalPrice: Decimal? {
    renewalPriceMilliunits.map { Decimal($0) / 1000 }
  }
}

extension RenewalInfo: Codable {
  enum CodingKeys: String, CodingKey {
    case originalTransactionID = "originalTransactionId"
    case currentProductID = "productId"
    case willAutoRenew = "autoRenewStatus"
    case autoRenewPreference = "autoRenewProductId"
    case expirationReason = "expirationIntent"
    case isInBillingRetry = "isInBillingRetryPeriod"
    case gracePeriodExpirationDate = "gracePeriodExpiresDate"
    case priceIncreaseStatus
    case offerType
    case offerID = "offerIdentifier"
    case offerPaymentMode = "offerDiscountType"
    case offerPeriod
    case signedDate
    case environment
    case recentSubscriptionStartDate
    case renewalDate
    case currency
    case renewalPriceMilliunits = "renewalPrice"
    case eligibleWinBackOfferIDs = "eligibleWinBackOfferIds"
    case appAccountToken
    case appTransactionID = "appTransactionId"
    case renewalBillingPlanType
  }

  /// Decodes the App Store's JSON: `originalTransactionId`, `productId`, `autoRenewStatus` (0 or
  /// 1) and `signedDate` are required; an absent `isInBillingRetryPeriod` reads as `false`.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    originalTransactionID = try c.decodeNumericID(.originalTransactionID)
    currentProductID = try c.decode(String.self, forKey: .currentProductID)
    // Required: every renewal info the App Store signs carries it (all the real ones and
    // Apple's test vectors do), and a payload without it is not renewal info.
    switch try c.decode(Int.self, forKey: .willAutoRenew) {
    case 0: willAutoRenew = false
    case 1: willAutoRenew = true
    case let other:
      throw DecodingError.dataCorruptedError(
        forKey: .willAutoRenew, in: c, debugDescription: "expected 0 or 1, got \(other)")
    }
    autoRenewPreference = try c.decodeIfPresent(String.self, forKey: .autoRenewPreference)
    expirationReason = try c.decodeIfPresent(ExpirationReason.self, forKey: .expirationReason)
    // Optional: the App Store often leaves it out when it would be false (15 of the corpus's 18
    // real renewal infos lack it; the 3 that carry it say false). StoreKit reads absent as false.
    isInBillingRetry = try c.decodeIfPresent(Bool.self, forKey: .isInBillingRetry) ?? false
    gracePeriodExpirationDate = try c.decodeIfPresent(
      Date.self, forKey: .gracePeriodExpirationDate)
    priceIncreaseStatus = try c.decodeIfPresent(
      PriceIncreaseStatus.self, forKey: .priceIncreaseStatus)
    offerType = try c.decodeIfPresent(OfferType.self, forKey: .offerType)
    offerID = try c.decodeIfPresent(String.self, forKey: .offerID)
    offerPaymentMode = try c.decodeIfPresent(OfferPaymentMode.self, forKey: .offerPaymentMode)
    offerPeriod = try c.decodeIfPresent(String.self, forKey: .offerPeriod)
    signedDate = try c.decode(Date.self, forKey: .signedDate)
    environment = try c.decodeIfPresent(AppStoreEnvironment.self, forKey: .environment)
    recentSubscriptionStartDate = try c.decodeIfPresent(
      Date.self, forKey: .recentSubscriptionStartDate)
    renewalDate = try c.decodeIfPresent(Date.self, forKey: .renewalDate)
    currency = try c.decodeIfPresent(String.self, forKey: .currency)
    renewalPriceMilliunits = try c.decodeIfPresent(Int64.self, forKey: .renewalPriceMilliunits)
    eligibleWinBackOfferIDs = try c.decodeIfPresent(
      [String].self, forKey: .eligibleWinBackOfferIDs)
    appAccountToken = try c.decodeIfPresent(UUID.self, forKey: .appAccountToken)
    appTransactionID = try c.decodeIfPresent(String.self, forKey: .appTransactionID)
    renewalBillingPlanType = try c.decodeIfPresent(String.self, forKey: .renewalBillingPlanType)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(String(originalTransactionID), forKey: .originalTransactionID)
    try c.encode(currentProductID, forKey: .currentProductID)
    try c.encode(willAutoRenew ? 1 : 0, forKey: .willAutoRenew)
    try c.encodeIfPresent(autoRenewPreference, forKey: .autoRenewPreference)
    try c.encodeIfPresent(expirationReason, forKey: .expirationReason)
    try c.encode(isInBillingRetry, forKey: .isInBillingRetry)
    try c.encodeIfPresent(gracePeriodExpirationDate, forKey: .gracePeriodExpirationDate)
    try c.encodeIfPresent(priceIncreaseStatus, forKey: .priceIncreaseStatus)
    try c.encodeIfPresent(offerType, forKey: .offerType)
    try c.encodeIfPresent(offerID, forKey: .offerID)
    try c.encodeIfPresent(offerPaymentMode, forKey: .offerPaymentMode)
    try c.encodeIfPresent(offerPeriod, forKey: .offerPeriod)
    try c.encode(signedDate, forKey: .signedDate)
    try c.encodeIfPresent(environment, forKey: .environment)
    try c.encodeIfPresent(recentSubscriptionStartDate, forKey: .recentSubscriptionStartDate)
    try c.encodeIfPresent(renewalDate, forKey: .renewalDate)
    try c.encodeIfPresent(currency, forKey: .currency)
    try c.encodeIfPresent(renewalPriceMilliunits, forKey: .renewalPriceMilliunits)
    try c.encodeIfPresent(eligibleWinBackOfferIDs, forKey: .eligibleWinBackOfferIDs)
    try c.encodeIfPresent(appAccountToken?.uuidString.lowercased(), forKey: .appAccountToken)
    try c.encodeIfPresent(appTransactionID, forKey: .appTransactionID)
    try c.encodeIfPresent(renewalBillingPlanType, forKey: .renewalBillingPlanType)
  }
}
