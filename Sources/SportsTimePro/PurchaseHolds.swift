package import Foundation
package import StoreModel

/// The Pro grants of verified transactions that the listing does not count yet, held so that
/// Pro shows at once: real StoreKit lists a purchase a moment after `purchase()` returns, and an
/// approved Ask to Buy or a renewal arrives through `Transaction.updates` before
/// `Transaction.currentEntitlements` lists it.
///
/// A hold ends when the listing counts its product (``release(countedBy:)``), when the store
/// withdraws it (a refund or revocation ends every hold of the subscription, an upgrade away its
/// own), when it expires, or when ``limit`` passes (``active(at:)``); then the listing has the last
/// word. A value: time is read by the caller, at the moment of each decision.
package struct PurchaseHolds {
  /// A verified transaction that grants Pro and that the listing did not count yet.
  private struct Hold {
    let transaction: Transaction
    /// When the hold lapses: ``limit`` after it began, or the expiration, if sooner.
    let until: Date
  }

  /// How long a grant is held at most.
  let limit: TimeInterval
  /// What grants Pro.
  let rules: ProEntitlements
  private var holds: [UInt64: Hold] = [:]

  /// No holds, each to last at most `limit`, granting what `rules` say grants Pro.
  package init(limit: TimeInterval, rules: ProEntitlements) {
    self.limit = limit
    self.rules = rules
  }

  /// When the earliest hold lapses; `nil` without holds.
  package var nextEnd: Date? { holds.values.map(\.until).min() }

  /// Holds `transaction` when it grants Pro, has not lapsed at `now` and the entitlements
  /// `listed` do not count its product; a transaction that withdraws a grant ends the holds it
  /// names instead.
  ///
  /// - Returns: Whether a hold began: Pro may show more than before.
  package mutating func hold(_ transaction: Transaction, listed: [Transaction], at now: Date)
    -> Bool
  {
    guard rules.grantsPro(transaction) else {
      // A refund or revocation ends the subscription's holds; an upgrade only its own.
      let revoked = transaction.revocationDate != nil
      holds = holds.filter {
        $0.key != transaction.id
          && !(revoked && $0.value.transaction.originalID == transaction.originalID)
      }
      return false
    }
    var until = now.addingTimeInterval(limit)
    if let expiration = transaction.expirationDate { until = min(until, expiration) }
    guard until > now, !listed.contains(where: { $0.productID == transaction.productID }) else {
      return false
    }
    holds[transaction.id] = Hold(transaction: transaction, until: until)
    return true
  }

  /// Ends the holds of the products a reading of the listing counts.
  package mutating func release(countedBy listed: [Transaction]) {
    let counted = Set(listed.map(\.productID))
    holds = holds.filter { !counted.contains($0.value.transaction.productID) }
  }

  /// Ends the holds that lapsed by `now`; the transactions still held, in the order of their
  /// identifiers.
  package mutating func active(at now: Date) -> [Transaction] {
    holds = holds.filter { $0.value.until > now }
    return holds.values.map(\.transaction).sorted { $0.id < $1.id }
  }
}
