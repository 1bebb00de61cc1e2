public import Foundation
public import StoreModel

/// An App Store Server Notification, version 2: the decoded `signedPayload`
/// (`ResponseBodyV2DecodedPayload`).
///
/// The App Store sends these to a server when an In-App Purchase event happens; the local App
/// Store makes one for every change it makes, signs it, keeps it in its state and posts it to
/// the server URL the state holds (LocalAppStore's "Server notifications" article). The nested
/// `signedTransactionInfo`, `signedRenewalInfo` and `signedAppTransactionInfo` are compact JWS
/// of their own, to be verified separately.
/// The `Codable` form uses the App Store's JSON keys; `SignedDataVerifier` (in `AppStoreJWS`)
/// decodes it from the signed payload.
public struct ServerNotification: Sendable, Hashable, Codable {
  /// What happened (`notificationType`).
  public var notificationType: NotificationType
  /// Details of what happened (`subtype`).
  public var subtype: NotificationSubtype?
  /// The notification's unique identifier; a retried notification keeps it (`notificationUUID`).
  public var notificationUUID: String?
  /// The format version, `"2.0"` (`version`).
  public var version: String?
  /// When the App Store signed the notification (`signedDate`).
  public var signedDate: Date?
  /// The app, environment and signed data of the event (`data`).
  public var data: NotificationData?
  /// The outcome of a subscription-renewal-date extension request (`summary`).
  public var summary: Summary?
  /// For `EXTERNAL_PURCHASE_TOKEN`: the token of a purchase made outside the App Store
  /// (`externalPurchaseToken`).
  public var externalPurchaseToken: ExternalPurchaseToken?
  /// The app and its signed app transaction, for app-level events (`appData`).
  public var appData: AppData?

  /// Creates a notification; fields not named are absent.
  package init(
    notificationType: NotificationType,
    subtype: NotificationSubtype? = nil,
    notificationUUID: String? = nil,
    version: String? = "2.0",
    signedDate: Date? = nil,
    data: NotificationData? = nil,
    summary: Summary? = nil,
    externalPurchaseToken: ExternalPurchaseToken? = nil,
    appData: AppData? = nil
  ) {
    self.notificationType = notificationType
    self.subtype = subtype
    self.notificationUUID = notificationUUID
    self.version = version
    self.signedDate = signedDate
    self.data = data
    self.summary = summary
    self.externalPurchaseToken = externalPurchaseToken
    self.appData = appData
  }

  /// The app, environment and signed data of a notification (`NotificationData`).
  public struct NotificationData: Sendable, Hashable, Codable {
    /// The environment of the event (`environment`).
    public var environment: AppStoreEnvironment?
    /// The app's numeric identifier on the App Store, not its bundle id (`appAppleId`).
    public var appAppleID: UInt64?
    /// The app's bundle identifier (`bundleId`).
    public var bundleID: String?
    /// The app's build version (`bundleVersion`).
    public var bundleVersion: String?
    /// The transaction, a compact JWS (`signedTransactionInfo`).
    public var signedTransactionInfo: String?
    /// The subscription's renewal info, a compact JWS (`signedRenewalInfo`).
    public var signedRenewalInfo: String?
    /// The subscription's state (`status`: 1 active … 5 revoked).
    public var status: RenewalState?
    /// Why the customer asked for a refund, in a consumption request (`consumptionRequestReason`).
    public var consumptionRequestReason: ConsumptionRequestReason?

    /// Creates notification data; fields not named are absent.
    package init(
      environment: AppStoreEnvironment? = nil,
      appAppleID: UInt64? = nil,
      bundleID: String? = nil,
      bundleVersion: String? = nil,
      signedTransactionInfo: String? = nil,
      signedRenewalInfo: String? = nil,
      status: RenewalState? = nil,
      consumptionRequestReason: ConsumptionRequestReason? = nil
    ) {
      self.environment = environment
      self.appAppleID = appAppleID
      self.bundleID = bundleID
      self.bundleVersion = bundleVersion
      self.signedTransactionInfo = signedTransactionInfo
      self.signedRenewalInfo = signedRenewalInfo
      self.status = status
      self.consumptionRequestReason = consumptionRequestReason
    }

    enum CodingKeys: String, CodingKey {
      case environment
      case appAppleID = "appAppleId"
      case bundleID = "bundleId"
      case bundleVersion
      case signedTransactionInfo
      case signedRenewalInfo
      case status
      case consumptionRequestReason
    }
  }

  /// The outcome of a request to extend subscription renewal dates (`Summary`).
  public struct Summary: Sendable, Hashable, Codable {
    /// The environment of the request (`environment`).
    public var environment: AppStoreEnvironment?
    /// The app's numeric identifier on the App Store, not its bundle id (`appAppleId`).
    public var appAppleID: UInt64?
    /// The app's bundle identifier (`bundleId`).
    public var bundleID: String?
    /// The product whose subscriptions were extended (`productId`).
    public var productID: String?
    /// The identifier of the extension request (`requestIdentifier`).
    public var requestIdentifier: String?
    /// The storefronts the request covered (`storefrontCountryCodes`).
    public var storefrontCountryCodes: [String]?
    /// How many subscriptions were extended (`succeededCount`).
    public var succeededCount: Int64?
    /// How many could not be (`failedCount`).
    public var failedCount: Int64?

    /// Creates a summary; fields not named are absent.
    package init(
      environment: AppStoreEnvironment? = nil,
      appAppleID: UInt64? = nil,
      bundleID: String? = nil,
      productID: String? = nil,
      requestIdentifier: String? = nil,
      storefrontCountryCodes: [String]? = nil,
      succeededCount: Int64? = nil,
      failedCount: Int64? = nil
    ) {
      self.environment = environment
      self.appAppleID = appAppleID
      self.bundleID = bundleID
      self.productID = productID
      self.requestIdentifier = requestIdentifier
      self.storefrontCountryCodes = storefrontCountryCodes
      self.succeededCount = succeededCount
      self.failedCount = failedCount
    }

    enum CodingKeys: String, CodingKey {
      case environment
      case appAppleID = "appAppleId"
      case bundleID = "bundleId"
      case productID = "productId"
      case requestIdentifier
      case storefrontCountryCodes
      case succeededCount
      case failedCount
    }
  }

  /// The token the App Store makes for a purchase outside it (`externalPurchaseToken`'s object).
  public struct ExternalPurchaseToken: Sendable, Hashable, Codable {
    /// The token's identifier; sandbox tokens start with `SANDBOX` (`externalPurchaseId`).
    public var externalPurchaseID: String?
    /// When the token was made, in milliseconds since 1970, as sent (`tokenCreationDate`).
    public var tokenCreationDateMilliseconds: Int64?
    /// The app's numeric identifier on the App Store, not its bundle id (`appAppleId`).
    public var appAppleID: UInt64?
    /// The app's bundle identifier (`bundleId`).
    public var bundleID: String?

    /// Creates a token; fields not named are absent.
    package init(
      externalPurchaseID: String? = nil,
      tokenCreationDateMilliseconds: Int64? = nil,
      appAppleID: UInt64? = nil,
      bundleID: String? = nil
    ) {
      self.externalPurchaseID = externalPurchaseID
      self.tokenCreationDateMilliseconds = tokenCreationDateMilliseconds
      self.appAppleID = appAppleID
      self.bundleID = bundleID
    }

    /// When the token was made.
    public var tokenCreationDate: Date? {
      tokenCreationDateMilliseconds.map { AppStoreJSON.date(milliseconds: $0) }
    }

    /// The environment the token belongs to, as Apple's library infers it: Sandbox when the
    /// identifier starts with `SANDBOX`, else Production.
    public var environment: AppStoreEnvironment {
      externalPurchaseID?.hasPrefix("SANDBOX") == true ? .sandbox : .production
    }

    enum CodingKeys: String, CodingKey {
      case externalPurchaseID = "externalPurchaseId"
      case tokenCreationDateMilliseconds = "tokenCreationDate"
      case appAppleID = "appAppleId"
      case bundleID = "bundleId"
    }
  }

  /// The app of an app-level notification (`AppData`).
  public struct AppData: Sendable, Hashable, Codable {
    /// The app's numeric identifier on the App Store, not its bundle id (`appAppleId`).
    public var appAppleID: UInt64?
    /// The app's bundle identifier (`bundleId`).
    public var bundleID: String?
    /// The environment the notification was sent from (`environment`): Apple's `Sandbox` or
    /// `Production`.
    public var environment: AppStoreEnvironment?
    /// The app transaction, a compact JWS (`signedAppTransactionInfo`).
    public var signedAppTransactionInfo: String?

    /// Creates app data; fields not named are absent.
    package init(
      appAppleID: UInt64? = nil,
      bundleID: String? = nil,
      environment: AppStoreEnvironment? = nil,
      signedAppTransactionInfo: String? = nil
    ) {
      self.appAppleID = appAppleID
      self.bundleID = bundleID
      self.environment = environment
      self.signedAppTransactionInfo = signedAppTransactionInfo
    }

    enum CodingKeys: String, CodingKey {
      case appAppleID = "appAppleId"
      case bundleID = "bundleId"
      case environment
      case signedAppTransactionInfo
    }
  }
}

/// The kind of a server notification (`notificationType`).
public struct NotificationType: OpenEnumeration {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  public static let subscribed = NotificationType(rawValue: "SUBSCRIBED")
  public static let didChangeRenewalPreference = NotificationType(
    rawValue: "DID_CHANGE_RENEWAL_PREF")
  public static let didChangeRenewalStatus = NotificationType(rawValue: "DID_CHANGE_RENEWAL_STATUS")
  public static let offerRedeemed = NotificationType(rawValue: "OFFER_REDEEMED")
  public static let didRenew = NotificationType(rawValue: "DID_RENEW")
  public static let expired = NotificationType(rawValue: "EXPIRED")
  public static let didFailToRenew = NotificationType(rawValue: "DID_FAIL_TO_RENEW")
  public static let gracePeriodExpired = NotificationType(rawValue: "GRACE_PERIOD_EXPIRED")
  public static let priceIncrease = NotificationType(rawValue: "PRICE_INCREASE")
  public static let refund = NotificationType(rawValue: "REFUND")
  public static let refundDeclined = NotificationType(rawValue: "REFUND_DECLINED")
  public static let consumptionRequest = NotificationType(rawValue: "CONSUMPTION_REQUEST")
  public static let renewalExtended = NotificationType(rawValue: "RENEWAL_EXTENDED")
  public static let revoke = NotificationType(rawValue: "REVOKE")
  public static let test = NotificationType(rawValue: "TEST")
  public static let renewalExtension = NotificationType(rawValue: "RENEWAL_EXTENSION")
  public static let refundReversed = NotificationType(rawValue: "REFUND_REVERSED")
  public static let externalPurchaseToken = NotificationType(rawValue: "EXTERNAL_PURCHASE_TOKEN")
  public static let oneTimeCharge = NotificationType(rawValue: "ONE_TIME_CHARGE")
  public static let rescindConsent = NotificationType(rawValue: "RESCIND_CONSENT")
  public static let metadataUpdate = NotificationType(rawValue: "METADATA_UPDATE")
  public static let migration = NotificationType(rawValue: "MIGRATION")
  public static let priceChange = NotificationType(rawValue: "PRICE_CHANGE")
}

/// Details of a server notification (`subtype`).
public struct NotificationSubtype: OpenEnumeration {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  public static let initialBuy = NotificationSubtype(rawValue: "INITIAL_BUY")
  public static let resubscribe = NotificationSubtype(rawValue: "RESUBSCRIBE")
  public static let downgrade = NotificationSubtype(rawValue: "DOWNGRADE")
  public static let upgrade = NotificationSubtype(rawValue: "UPGRADE")
  public static let autoRenewEnabled = NotificationSubtype(rawValue: "AUTO_RENEW_ENABLED")
  public static let autoRenewDisabled = NotificationSubtype(rawValue: "AUTO_RENEW_DISABLED")
  public static let voluntary = NotificationSubtype(rawValue: "VOLUNTARY")
  public static let billingRetry = NotificationSubtype(rawValue: "BILLING_RETRY")
  public static let priceIncrease = NotificationSubtype(rawValue: "PRICE_INCREASE")
  public static let gracePeriod = NotificationSubtype(rawValue: "GRACE_PERIOD")
  public static let pending = NotificationSubtype(rawValue: "PENDING")
  public static let accepted = NotificationSubtype(rawValue: "ACCEPTED")
  public static let billingRecovery = NotificationSubtype(rawValue: "BILLING_RECOVERY")
  public static let productNotForSale = NotificationSubtype(rawValue: "PRODUCT_NOT_FOR_SALE")
  public static let summary = NotificationSubtype(rawValue: "SUMMARY")
  public static let failure = NotificationSubtype(rawValue: "FAILURE")
  public static let unreported = NotificationSubtype(rawValue: "UNREPORTED")
}

/// Why a customer asked for a refund of a consumable (`consumptionRequestReason`).
public struct ConsumptionRequestReason: OpenEnumeration {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  public static let unintendedPurchase = ConsumptionRequestReason(rawValue: "UNINTENDED_PURCHASE")
  public static let fulfillmentIssue = ConsumptionRequestReason(rawValue: "FULFILLMENT_ISSUE")
  public static let unsatisfiedWithPurchase = ConsumptionRequestReason(
    rawValue: "UNSATISFIED_WITH_PURCHASE")
  public static let legal = ConsumptionRequestReason(rawValue: "LEGAL")
  public static let other = ConsumptionRequestReason(rawValue: "OTHER")
}
