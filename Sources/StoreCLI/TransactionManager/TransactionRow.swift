import Foundation
import LocalAppStore
import StoreModel

/// One line of the Transaction Manager's list: a transaction and the one word for its state at
/// the store's time, as Xcode's Transaction Manager shows it.
struct TransactionRow {
  /// Every state a row may show, the list's filter among them.
  static let states = [
    "active", "expired", "revoked", "billing-retry", "grace", "upgraded", "consumed", "purchased",
  ]

  let record: LocalAppStore.ServerRecord
  let state: String

  init(_ record: LocalAppStore.ServerRecord, _ page: LocalAppStore.TransactionPage) {
    self.record = record
    self.state = Self.state(of: record, page)
  }

  /// The state word:
  /// - `revoked`: refunded or revoked (a family member's copy too);
  /// - `upgraded`: replaced by a higher level of its group (`isUpgraded`);
  /// - a subscription period: `active` until it expires; once expired, the latest one of a
  ///   subscription the App Store is retrying shows `grace` while its grace period lasts, else
  ///   `billing-retry`; any other, `expired`;
  /// - a consumable: `consumed` once finished, else `purchased` (the app owes its content);
  /// - a non-consumable: `purchased`.
  static func state(of record: LocalAppStore.ServerRecord, _ page: LocalAppStore.TransactionPage)
    -> String
  {
    let transaction = record.transaction
    if transaction.revocationDate != nil { return "revoked" }
    if transaction.isUpgraded { return "upgraded" }
    switch transaction.productType {
    case .autoRenewable, .nonRenewable:
      guard let expiration = transaction.expirationDate else { return "purchased" }
      if expiration > page.now { return "active" }
      let subscription = page.subscriptions.first {
        $0.account == record.account && $0.originalID == transaction.originalID
      }
      if let subscription, subscription.phase == "billingRetry",
        subscription.expirationDate == expiration
      {
        if let grace = subscription.gracePeriodEndDate, grace > page.now { return "grace" }
        return "billing-retry"
      }
      return "expired"
    case .consumable:
      return record.isFinished ? "consumed" : "purchased"
    default:
      return "purchased"
    }
  }

  /// The row as the page's JSON.
  var json: [String: Any] {
    let transaction = record.transaction
    func date(_ value: Date?) -> Any { value.map { $0.formatted(.iso8601) } ?? NSNull() }
    return [
      "id": NSNumber(value: transaction.id), "originalID": NSNumber(value: transaction.originalID),
      "account": record.account, "productID": transaction.productID,
      "type": transaction.productType.rawValue,
      "reason": transaction.reason?.rawValue ?? NSNull(),
      "ownership": transaction.ownershipType.rawValue,
      "purchaseDate": date(transaction.purchaseDate),
      "expirationDate": date(transaction.expirationDate),
      "revocationDate": date(transaction.revocationDate),
      "offerType": transaction.offerType.map { NSNumber(value: $0.rawValue) } ?? NSNull(),
      "quantity": transaction.purchasedQuantity,
      "state": state, "finished": record.isFinished, "familyCopy": record.isFamilyCopy,
    ]
  }
}
