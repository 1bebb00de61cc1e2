public import Foundation

/// What an account has at a moment: its entitlements, each subscription group's state, pending
/// Ask to Buy requests, and the store's switches. The model of `sportstime-store status`.
@_spi(Tools) public struct AccountStatus: Sendable, Hashable, Codable {
  /// One subscription of a group, as StoreKit's `Product.SubscriptionInfo.Status` shows it.
  public struct Subscription: Sendable, Hashable, Codable {
    /// The subscription group.
    public var groupID: String
    /// The subscription group's name in the catalog (`Pro Access`), if it has one.
    public var groupName: String?
    /// `subscribed`, `expired`, `inBillingRetryPeriod`, `inGracePeriod` or `revoked`.
    public var state: String
    /// Whether the state grants access.
    public var isEntitled: Bool
    /// The product of the latest transaction.
    public var productID: String
    /// The latest transaction's identifier.
    public var transactionID: UInt64
    /// The subscription's original transaction identifier.
    public var originalTransactionID: UInt64
    /// When the current period ends (or ended).
    public var expirationDate: Date?
    /// Whether it renews at the end of the period.
    public var willAutoRenew: Bool
    /// The product that renews next (a pending downgrade or crossgrade shows here).
    public var autoRenewProductID: String?
    /// `PURCHASED` or `FAMILY_SHARED`.
    public var ownership: String
    /// Whether the App Store is retrying a failed renewal.
    public var isInBillingRetry: Bool
    /// When the billing grace period ends, while in billing retry with a grace period.
    public var gracePeriodExpirationDate: Date?
    /// Why it expired, when it did.
    public var expirationReason: String?
    /// The customer's answer to a pending price increase (`priceIncreaseStatus`: 0 not yet, 1
    /// agreed), when one awaits the renewal.
    public var priceIncreaseStatus: Int?
    /// The price of the next renewal, in the catalog's currency (`renewalPrice`).
    public var renewalPrice: Decimal?

    /// Creates a subscription status.
    public init(
      groupID: String, groupName: String? = nil, state: String, isEntitled: Bool, productID: String,
      transactionID: UInt64, originalTransactionID: UInt64, expirationDate: Date?,
      willAutoRenew: Bool, autoRenewProductID: String?, ownership: String,
      isInBillingRetry: Bool, gracePeriodExpirationDate: Date?, expirationReason: String?,
      priceIncreaseStatus: Int? = nil, renewalPrice: Decimal? = nil
    ) {
      self.groupID = groupID
      self.groupName = groupName
      self.state = state
      self.isEntitled = isEntitled
      self.productID = productID
      self.transactionID = transactionID
      self.originalTransactionID = originalTransactionID
      self.expirationDate = expirationDate
      self.willAutoRenew = willAutoRenew
      self.autoRenewProductID = autoRenewProductID
      self.ownership = ownership
      self.isInBillingRetry = isInBillingRetry
      self.gracePeriodExpirationDate = gracePeriodExpirationDate
      self.expirationReason = expirationReason
      self.priceIncreaseStatus = priceIncreaseStatus
      self.renewalPrice = renewalPrice
    }
  }

  /// The account.
  public var account: String
  /// The store's time.
  public var date: Date
  /// The products the account is entitled to now (`Transaction.currentEntitlements`).
  public var entitledProductIDs: [String]
  /// Each subscription of each group the account ever subscribed to.
  public var subscriptions: [Subscription]
  /// Ask to Buy requests still waiting.
  public var pendingRequests: [AskToBuyRequest]
  /// The store's switches.
  public var settings: EmulatorSettings
  /// Armed faults and whether each is sticky.
  public var faults: [String: Bool]
  /// Family members who receive the purchaser's shared purchases.
  public var familyMembers: [String]
  /// Server notifications that await delivery (not delivered, another attempt to come).
  public var pendingNotifications = 0
  /// The server URL notifications are posted to, if one is set.
  public var notificationURL: String?

  /// Creates a status.
  public init(
    account: String, date: Date, entitledProductIDs: [String], subscriptions: [Subscription],
    pendingRequests: [AskToBuyRequest], settings: EmulatorSettings, faults: [String: Bool],
    familyMembers: [String]
  ) {
    self.account = account
    self.date = date
    self.entitledProductIDs = entitledProductIDs
    self.subscriptions = subscriptions
    self.pendingRequests = pendingRequests
    self.settings = settings
    self.faults = faults
    self.familyMembers = familyMembers
  }
}
