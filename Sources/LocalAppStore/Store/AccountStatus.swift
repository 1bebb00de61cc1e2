package import Foundation

/// What an account has at a moment: its entitlements, each subscription group's state, pending
/// Ask to Buy requests, and the store's switches. The model of `sportstime-store status`.
package struct AccountStatus: Sendable, Hashable, Codable {
  /// One subscription of a group, as StoreKit's `Product.SubscriptionInfo.Status` shows it.
  package struct Subscription: Sendable, Hashable, Codable {
    package var groupID: String
    /// The subscription group's name in the catalog (`Pro Access`), if it has one.
    package var groupName: String?
    /// `subscribed`, `expired`, `inBillingRetryPeriod`, `inGracePeriod` or `revoked`.
    package var state: String
    /// Whether the state grants access.
    package var isEntitled: Bool
    /// The product of the latest transaction.
    package var productID: String
    /// The identifier of that transaction, the one StoreKit's `Status.transaction` carries.
    package var transactionID: UInt64
    /// The subscription's original transaction identifier.
    package var originalTransactionID: UInt64
    /// When the current period ends (or ended).
    package var expirationDate: Date?
    /// Whether it renews at the end of the period.
    package var willAutoRenew: Bool
    /// The product that renews next (a pending downgrade or crossgrade shows here).
    package var autoRenewProductID: String?
    /// `PURCHASED` or `FAMILY_SHARED`.
    package var ownership: String
    /// Whether the App Store is retrying a failed renewal.
    package var isInBillingRetry: Bool
    /// When the billing grace period ends, while in billing retry with a grace period.
    package var gracePeriodExpirationDate: Date?
    /// Why it expired, when it did.
    package var expirationReason: String?
    /// The customer's answer to a pending price increase (`priceIncreaseStatus`: 0 not yet, 1
    /// agreed), when one awaits the renewal.
    package var priceIncreaseStatus: Int?
    /// The price of the next renewal, in the catalog's currency (`renewalPrice`).
    package var renewalPrice: Decimal?

    /// Creates a subscription status.
    package init(
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

  /// The customer it is the status of: the purchaser or a family member's name.
  package var account: String
  /// The store's time.
  package var date: Date
  /// The products the account is entitled to now (`Transaction.currentEntitlements`).
  package var entitledProductIDs: [String]
  /// Each subscription of each group the account ever subscribed to.
  package var subscriptions: [Subscription]
  /// Ask to Buy requests still waiting.
  package var pendingRequests: [AskToBuyRequest]
  /// The store's switches.
  package var settings: EmulatorSettings
  /// Armed faults and whether each is sticky.
  package var faults: [String: Bool]
  /// Family members who receive the purchaser's shared purchases.
  package var familyMembers: [String]
  /// Server notifications that await delivery (not delivered, another attempt to come).
  package var pendingNotifications = 0
  /// The server URL notifications are posted to, if one is set.
  package var notificationURL: String?

  /// Creates a status.
  package init(
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
