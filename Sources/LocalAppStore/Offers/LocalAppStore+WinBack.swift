import Foundation
import StoreModel

/// App Store Connect's optional eligibility criteria of win-back offers, as settings of the
/// store: how long a customer must have been lapsed, and how long to wait after redeeming a
/// win-back offer before another ("Set up win-back offers", App Store Connect Help:
/// <https://developer.apple.com/help/app-store-connect/manage-subscriptions/set-up-win-back-offers>,
/// whose eligibility criteria include the time since the customer last subscribed and a
/// waiting period between offers). Days of store time; `nil` leaves a criterion out.
package struct WinBackRules: Codable, Sendable, Hashable {
  /// The days a subscription must have been expired.
  package var minimumLapseDays: Int?
  /// The days after a win-back redemption before the customer may redeem one again.
  package var cooldownDays: Int?

  package init(minimumLapseDays: Int? = nil, cooldownDays: Int? = nil) {
    self.minimumLapseDays = minimumLapseDays
    self.cooldownDays = cooldownDays
  }
}

/// Who may redeem a win-back offer: Apple's churned customer (a subscription of the group that
/// expired, "customers who previously subscribed", "Supporting win-back offers in your app",
/// <https://developer.apple.com/documentation/storekit/supporting-win-back-offers-in-your-app>),
/// the `.storekit` offer's own `isEligible` switch (Xcode's simulated eligibility: off, no
/// customer is eligible), and the optional ``WinBackRules``.
extension LocalAppStore {
  /// Sets the optional win-back criteria; ``WinBackRules/init(minimumLapseDays:cooldownDays:)``
  /// with no values clears them.
  /// - Throws: `invalidArgument` for a negative number of days, changing nothing.
  package func setWinBackRules(_ rules: WinBackRules) throws(LocalAppStoreError) {
    for days in [rules.minimumLapseDays, rules.cooldownDays].compactMap(\.self) where days < 0 {
      throw LocalAppStoreError(.invalidArgument, "\(days) is not a number of days (0 or more)")
    }
    try operation { (_: Date) throws(LocalAppStoreError) in
      try ledger.write(rules, to: .winBackRules)
    }
  }

  /// The optional win-back criteria in force.
  package func winBackRules() throws(LocalAppStoreError) -> WinBackRules {
    try operation { (_: Date) throws(LocalAppStoreError) in try currentWinBackRules() }
  }

  private func currentWinBackRules() throws(LocalAppStoreError) -> WinBackRules {
    try ledger.read(.winBackRules)
  }

  /// Why `account` may not redeem win-back offer `offerID` of `productID` at `now`, or `nil`
  /// when it may.
  func winBackRefusal(
    _ offerID: String, productID: String, group: String, account: String, now: Date
  ) throws(LocalAppStoreError) -> String? {
    if winBackSwitchedOff.contains(Self.winBackKey(productID, offerID)) {
      return "win-back offer \(offerID) has isEligible false in the .storekit file "
        + "(Xcode's simulated eligibility)"
    }
    guard case .expired(let lapsed) = try customer(account, ofGroup: group) else {
      return "a win-back offer is for a customer whose subscription to the group expired; "
        + "\(account) has none that did"
    }
    let rules = try currentWinBackRules()
    if let days = rules.minimumLapseDays, now < lapsed + Double(days) * 86_400 {
      return "\(account) lapsed \(Int(now.timeIntervalSince(lapsed) / 86_400)) days ago; "
        + "the win-back offers ask for \(days)"
    }
    if let days = rules.cooldownDays,
      let last = try ledger.transactions(of: account).last(where: {
        $0.sourceID == nil && $0.transaction.offerType == .winBack
          && $0.transaction.subscriptionGroupID == group
      }), now < last.transaction.purchaseDate + Double(days) * 86_400
    {
      return "\(account) redeemed a win-back offer on \(last.transaction.purchaseDate); "
        + "the next may come \(days) days after it"
    }
    return nil
  }

  /// What `account` is to subscription `group`: App Store Connect's three kinds of customer
  /// for offers (new, existing, expired), from its own subscriptions (not family copies).
  /// Promotional offers, win-back offers and offer codes all ask it.
  enum CustomerKind: Equatable {
    /// Never subscribed to the group.
    case new
    /// Subscribed now (active or in billing retry): the live subscription.
    case existing(SubscriptionRecord)
    /// Subscribed once; the latest expiration.
    case expired(Date)

    /// `new`, `existing` or `expired`, as a `.storekit` offer code's `eligibility` writes it.
    var name: String {
      switch self {
      case .new: "new"
      case .existing: "existing"
      case .expired: "expired"
      }
    }
  }

  func customer(_ account: String, ofGroup group: String) throws(LocalAppStoreError)
    -> CustomerKind
  {
    let own = try ledger.subscriptions(of: account).filter {
      $0.groupID == group && $0.sourceOriginalID == nil
    }
    if let live = own.first(where: SubscriptionMachine.isLive) { return .existing(live) }
    return own.map(\.expirationDate).max().map(CustomerKind.expired) ?? .new
  }

  /// The key of a win-back offer in ``winBackSwitchedOff``.
  static func winBackKey(_ productID: String, _ offerID: String) -> String {
    productID + "\u{1F}" + offerID
  }
}
