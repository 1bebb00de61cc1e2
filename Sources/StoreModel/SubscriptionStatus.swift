/// The status of one subscription in a group: StoreKit 2's `Product.SubscriptionInfo.Status`.
///
/// A group can have several statuses at once (one purchased, others family shared); the customer
/// is entitled when any of them is (see ``RenewalState/isEntitled``).
public struct SubscriptionStatus: Sendable, Hashable {
  /// Where the subscription stands: subscribed, expired, in billing retry, in grace, or revoked.
  public var state: RenewalState
  /// The latest transaction of the subscription.
  public var transaction: VerificationResult<Transaction>
  /// The subscription's renewal information.
  public var renewalInfo: VerificationResult<RenewalInfo>

  /// Creates a status.
  package init(
    state: RenewalState,
    transaction: VerificationResult<Transaction>,
    renewalInfo: VerificationResult<RenewalInfo>
  ) {
    self.state = state
    self.transaction = transaction
    self.renewalInfo = renewalInfo
  }
}
