public import Foundation

/// A signed record of a purchase, a renewal or a revocation: StoreKit 2's `Transaction`.
///
/// Property names are StoreKit's; the `Codable` form uses the App Store's JSON keys
/// (`JWSTransactionDecodedPayload`) with dates in milliseconds since 1970, so that the same type
/// decodes Apple's signed transactions and encodes the local App Store's.
/// `SignedDataVerifier` (in `AppStoreJWS`) decodes it from the signed payload.
public struct Transaction: Sendable, Hashable, Identifiable {
  /// The transaction's identifier (`transactionId`).
  public var id: UInt64
  /// The identifier of the first transaction of this purchase or subscription (`originalTransactionId`).
  public var originalID: UInt64
  /// Identifies a subscription purchase across devices (`webOrderLineItemId`).
  public var webOrderLineItemID: String?
  /// The app's bundle identifier (`bundleId`).
  public var appBundleID: String
  /// The product bought, by its App Store Connect identifier (`productId`).
  public var productID: String
  /// The subscription group of an auto-renewable subscription (`subscriptionGroupIdentifier`).
  public var subscriptionGroupID: String?
  /// When the App Store charged the customer, or the renewal began (`purchaseDate`).
  public var purchaseDate: Date
  /// The purchase date of the original transaction (`originalPurchaseDate`).
  public var originalPurchaseDate: Date?
  /// When a subscription expires or renews (`expiresDate`).
  public var expirationDate: Date?
  /// How many of a consumable were bought (`quantity`).
  public var purchasedQuantity: Int
  /// Which kind of product: consumable, non-consumable, non-renewing or auto-renewable (`type`).
  public var productType: ProductType
  /// The UUID the app attached to the purchase (`appAccountToken`).
  public var appAccountToken: UUID?
  /// Purchased or family shared (`inAppOwnershipType`).
  public var ownershipType: OwnershipType
  /// When the App Store signed this data (`signedDate`).
  public var signedDate: Date
  /// Why the App Store refunded or revoked the transaction (`revocationReason`).
  public var revocationReason: RevocationReason?
  /// When the App Store refunded or revoked the transaction (`revocationDate`).
  public var revocationDate: Date?
  /// Whether the customer upgraded to a higher level of the same group (`isUpgraded`).
  public var isUpgraded: Bool
  /// The kind of offer applied (`offerType`).
  public var offerType: OfferType?
  /// The identifier of a promotional offer or the reference name of an offer code (`offerIdentifier`).
  public var offerID: String?
  /// How the offer was paid (`offerDiscountType`).
  public var offerPaymentMode: OfferPaymentMode?
  /// The offer's duration, ISO 8601 (`offerPeriod`).
  public var offerPeriod: String?
  /// The environment that signed the data (`environment`).
  public var environment: AppStoreEnvironment?
  /// The storefront's three-letter country code (`storefront`).
  public var storefrontCountryCode: String?
  /// The App Store's identifier of the storefront (`storefrontId`).
  public var storefrontID: String?
  /// Purchase or renewal (`transactionReason`).
  public var reason: TransactionReason?
  /// ISO 4217 currency code of the price (`currency`).
  public var currency: String?
  /// The price in milli-units of the currency (`price`): 4990 is 4.99.
  public var priceMilliunits: Int64?
  /// The identifier of the app download this purchase belongs to (`appTransactionId`).
  public var appTransactionID: String?
  /// How the transaction was revoked (`revocationType`).
  public var revocationType: RevocationType?
  /// The refunded share in milli-percent (`revocationPercentage`).
  public var revocationPercentage: Int?
  /// The billing plan (`billingPlanType`).
  public var billingPlanType: String?
  /// Device verification data (`deviceVerification`), present in device-side tokens.
  public var deviceVerification: String?
  /// The nonce used for device verification (`deviceVerificationNonce`).
  public var deviceVerificationNonce: UUID?

  /// The compact JWS this transaction was decoded from; empty when it was not decoded from one.
  ///
  /// Not part of the JSON form.
  public var jwsRepresentation: String = ""

  /// Creates a transaction; fields not named take their StoreKit defaults.
  package init(
    id: UInt64,
    originalID: UInt64,
    appBundleID: String,
    productID: String,
    productType: ProductType,
    purchaseDate: Date,
    signedDate: Date,
    subscriptionGroupID: String? = nil,
    originalPurchaseDate: Date? = nil,
    expirationDate: Date? = nil,
    purchasedQuantity: Int = 1,
    ownershipType: OwnershipType = .purchased,
    reason: TransactionReason? = .purchase,
    environment: AppStoreEnvironment? = nil
  ) {
    self.id = id
    self.originalID = originalID
    self.appBundleID = appBundleID
    self.productID = productID
    self.productType = productType
    self.purchaseDate = purchaseDate
    self.signedDate = signedDate
    self.subscriptionGroupID = subscriptionGroupID
    self.originalPurchaseDate = originalPurchaseDate ?? purchaseDate
    self.expirationDate = expirationDate
    self.purchasedQuantity = purchasedQuantity
    self.ownershipType = ownershipType
    self.reason = reason
    self.environment = environment
    self.isUpgraded = false
  }

  /// The price as a decimal amount of ``currency`` (`price` / 1000).
  public var price: Decimal? {
    priceMilliunits.map { Decimal($0) / 1000 }
  }

  /// Whether the transaction was revoked at or before `date`.
  public func isRevoked(at date: Date) -> Bool {
    guard let revocationDate else { return false }
    return revocationDate <= date
  }
}

extension Transaction: Codable {
  enum CodingKeys: String, CodingKey {
    case id = "transactionId"
    case originalID = "originalTransactionId"
    case webOrderLineItemID = "webOrderLineItemId"
    case appBundleID = "bundleId"
    case productID = "productId"
    case subscriptionGroupID = "subscriptionGroupIdentifier"
    case purchaseDate
    case originalPurchaseDate
    case expirationDate = "expiresDate"
    case purchasedQuantity = "quantity"
    case productType = "type"
    case appAccountToken
    case ownershipType = "inAppOwnershipType"
    case signedDate
    case revocationReason
    case revocationDate
    case isUpgraded
    case offerType
    case offerID = "offerIdentifier"
    case offerPaymentMode = "offerDiscountType"
    case offerPeriod
    case environment
    case storefrontCountryCode = "storefront"
    case storefrontID = "storefrontId"
    case reason = "transactionReason"
    case currency
    case priceMilliunits = "price"
    case appTransactionID = "appTransactionId"
    case revocationType
    case revocationPercentage
    case billingPlanType
    case deviceVerification
    case deviceVerificationNonce
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decodeNumericID(.id)
    originalID = try c.decodeNumericID(.originalID)
    webOrderLineItemID = try c.decodeIfPresent(String.self, forKey: .webOrderLineItemID)
    appBundleID = try c.decode(String.self, forKey: .appBundleID)
    productID = try c.decode(String.self, forKey: .productID)
    subscriptionGroupID = try c.decodeIfPresent(String.self, forKey: .subscriptionGroupID)
    purchaseDate = try c.decode(Date.self, forKey: .purchaseDate)
    originalPurchaseDate = try c.decodeIfPresent(Date.self, forKey: .originalPurchaseDate)
    expirationDate = try c.decodeIfPresent(Date.self, forKey: .expirationDate)
    purchasedQuantity = try c.decodeIfPresent(Int.self, forKey: .purchasedQuantity) ?? 1
    productType = try c.decode(ProductType.self, forKey: .productType)
    appAccountToken = try c.decodeIfPresent(UUID.self, forKey: .appAccountToken)
    ownershipType =
      try c.decodeIfPresent(OwnershipType.self, forKey: .ownershipType) ?? .purchased
    signedDate = try c.decode(Date.self, forKey: .signedDate)
    revocationReason = try c.decodeIfPresent(RevocationReason.self, forKey: .revocationReason)
    revocationDate = try c.decodeIfPresent(Date.self, forKey: .revocationDate)
    isUpgraded = try c.decodeIfPresent(Bool.self, forKey: .isUpgraded) ?? false
    offerType = try c.decodeIfPresent(OfferType.self, forKey: .offerType)
    offerID = try c.decodeIfPresent(String.self, forKey: .offerID)
    offerPaymentMode = try c.decodeIfPresent(OfferPaymentMode.self, forKey: .offerPaymentMode)
    offerPeriod = try c.decodeIfPresent(String.self, forKey: .offerPeriod)
    environment = try c.decodeIfPresent(AppStoreEnvironment.self, forKey: .environment)
    storefrontCountryCode = try c.decodeIfPresent(String.self, forKey: .storefrontCountryCode)
    storefrontID = try c.decodeIfPresent(String.self, forKey: .storefrontID)
    reason = try c.decodeIfPresent(TransactionReason.self, forKey: .reason)
    currency = try c.decodeIfPresent(String.self, forKey: .currency)
    priceMilliunits = try c.decodeIfPresent(Int64.self, forKey: .priceMilliunits)
    appTransactionID = try c.decodeIfPresent(String.self, forKey: .appTransactionID)
    revocationType = try c.decodeIfPresent(RevocationType.self, forKey: .revocationType)
    revocationPercentage = try c.decodeIfPresent(Int.self, forKey: .revocationPercentage)
    billingPlanType = try c.decodeIfPresent(String.self, forKey: .billingPlanType)
    deviceVerification = try c.decodeIfPresent(String.self, forKey: .deviceVerification)
    deviceVerificationNonce = try c.decodeIfPresent(UUID.self, forKey: .deviceVerificationNonce)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(String(id), forKey: .id)
    try c.encode(String(originalID), forKey: .originalID)
    try c.encodeIfPresent(webOrderLineItemID, forKey: .webOrderLineItemID)
    try c.encode(appBundleID, forKey: .appBundleID)
    try c.encode(productID, forKey: .productID)
    try c.encodeIfPresent(subscriptionGroupID, forKey: .subscriptionGroupID)
    try c.encode(purchaseDate, forKey: .purchaseDate)
    try c.encodeIfPresent(originalPurchaseDate, forKey: .originalPurchaseDate)
    try c.encodeIfPresent(expirationDate, forKey: .expirationDate)
    try c.encode(purchasedQuantity, forKey: .purchasedQuantity)
    try c.encode(productType, forKey: .productType)
    try c.encodeIfPresent(appAccountToken?.uuidString.lowercased(), forKey: .appAccountToken)
    try c.encode(ownershipType, forKey: .ownershipType)
    try c.encode(signedDate, forKey: .signedDate)
    try c.encodeIfPresent(revocationReason, forKey: .revocationReason)
    try c.encodeIfPresent(revocationDate, forKey: .revocationDate)
    // Apple writes `isUpgraded` only when it is true.
    if isUpgraded { try c.encode(true, forKey: .isUpgraded) }
    try c.encodeIfPresent(offerType, forKey: .offerType)
    try c.encodeIfPresent(offerID, forKey: .offerID)
    try c.encodeIfPresent(offerPaymentMode, forKey: .offerPaymentMode)
    try c.encodeIfPresent(offerPeriod, forKey: .offerPeriod)
    try c.encodeIfPresent(environment, forKey: .environment)
    try c.encodeIfPresent(storefrontCountryCode, forKey: .storefrontCountryCode)
    try c.encodeIfPresent(storefrontID, forKey: .storefrontID)
    try c.encodeIfPresent(reason, forKey: .reason)
    try c.encodeIfPresent(currency, forKey: .currency)
    try c.encodeIfPresent(priceMilliunits, forKey: .priceMilliunits)
    try c.encodeIfPresent(appTransactionID, forKey: .appTransactionID)
    try c.encodeIfPresent(revocationType, forKey: .revocationType)
    try c.encodeIfPresent(revocationPercentage, forKey: .revocationPercentage)
    try c.encodeIfPresent(billingPlanType, forKey: .billingPlanType)
    try c.encodeIfPresent(deviceVerification, forKey: .deviceVerification)
    try c.encodeIfPresent(deviceVerificationNonce, forKey: .deviceVerificationNonce)
  }
}

extension KeyedDecodingContainer {
  /// Decodes an App Store identifier, sent as a string of digits, as StoreKit's `UInt64`.
  func decodeNumericID(_ key: Key) throws -> UInt64 {
    let text = try decode(String.self, forKey: key)
    guard let value = UInt64(text) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self, debugDescription: "expected a string of digits, got \"\(text)\"")
    }
    return value
  }
}
