import AppStoreJWS
import Foundation
import LocalAppStore
import StoreModel

/// One account's state read consistently, and the invariants it must satisfy.
///
/// Two processes share the state, and either moves the shared time, so a reading is taken as
/// history, status, entitlements, renewal infos, status, history, and kept only when both ends
/// agree (the same history, the same status at the same time): then nothing changed for the
/// account in between, and the parts describe one moment.
struct AccountSnapshot {
  let account: String
  let status: AccountStatus
  let history: [Transaction]
  let entitlements: [VerificationResult<Transaction>]

  /// Reads `account` consistently; `nil` after `attempts` readings that never agreed.
  static func read(
    _ store: LocalAppStore, account: String, attempts: Int, calls: inout Int, retries: inout Int
  ) async throws -> AccountSnapshot? {
    let backend = store.backend(for: account)
    for _ in 0..<attempts {
      let history = try await store.history(account: account)
      let status = try await store.status(account: account)
      let entitlements = await backend.currentEntitlements()
      let statusAfter = try await store.status(account: account)
      let historyAfter = try await store.history(account: account)
      calls += 5
      if history == historyAfter && status == statusAfter {
        return AccountSnapshot(
          account: account, status: status, history: history, entitlements: entitlements)
      }
      retries += 1
    }
    return nil
  }

  /// Checks every invariant of the snapshot; throws the first that does not hold.
  ///
  /// - Parameters:
  ///   - verifier: Verifies as an app would, with the store's root: every entitlement must be
  ///     a transaction that verifies on its own, not only in the store's eyes.
  ///   - seen: The transactions seen for this account before; none may be lost, and one seen
  ///     revoked stays revoked.
  func check(verifier: SignedDataVerifier, seen: Set<UInt64>, revoked: Set<UInt64>) throws {
    let now = status.date
    let byID = Dictionary(history.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    func fail(_ what: String) -> SoakFailure {
      SoakFailure("\(account) at \(now.formatted(.iso8601)): \(what)")
    }

    // History: identifiers unique and increasing, none lost, revocations permanent.
    let ids = history.map(\.id)
    guard ids == ids.sorted(), Set(ids).count == ids.count else {
      throw fail("the history's identifiers are not unique and increasing: \(ids)")
    }
    let lost = seen.subtracting(ids)
    guard lost.isEmpty else { throw fail("transactions lost from the history: \(lost.sorted())") }
    for id in revoked.intersection(ids) where byID[id]?.revocationDate == nil {
      throw fail("transaction \(id) was revoked and is no longer")
    }

    // No entitlement without a verified transaction of the history.
    for result in entitlements {
      guard case .verified(let transaction) = result else {
        throw fail("an entitlement does not verify: \(result)")
      }
      guard case .verified? = try? verifier.verifyTransaction(transaction.jwsRepresentation)
      else { throw fail("entitlement \(transaction.id) does not verify with the store's root") }
      guard var stored = byID[transaction.id] else {
        throw fail("entitlement \(transaction.id) is not in the history")
      }
      stored.signedDate = transaction.signedDate
      stored.jwsRepresentation = transaction.jwsRepresentation
      guard stored == transaction else {
        throw fail("entitlement \(transaction.id) differs from its history record")
      }
      guard transaction.revocationDate == nil, !transaction.isUpgraded else {
        throw fail("entitlement \(transaction.id) is revoked or upgraded")
      }
    }
    let entitled = Set(entitlements.map(\.payloadValue.productID))
    guard entitled == Set(status.entitledProductIDs) else {
      throw fail("entitlements \(entitled.sorted()) but status \(status.entitledProductIDs)")
    }

    // History consistent with status, decided here from the history alone: a subscription
    // entitles when its latest transaction is unrevoked, not upgraded away, and unexpired, or
    // when the status shows its billing grace period.
    let latest = Dictionary(grouping: history, by: \.originalID).compactMapValues { group in
      group.max { ($0.purchaseDate, $0.id) < ($1.purchaseDate, $1.id) }
    }
    let graced = Set(
      status.subscriptions.filter { $0.state == "inGracePeriod" }.map(\.originalTransactionID))
    let candidates = latest.values.filter { transaction in
      transaction.revocationDate == nil && !transaction.isUpgraded
        && ((transaction.expirationDate ?? .distantPast) > now
          || graced.contains(transaction.originalID))
    }
    // One entitlement per product of the active subscriptions: a family member's own
    // subscription and a family-shared one of another product are listed side by side, as
    // StoreKit lists them (https://developer.apple.com/forums/thread/731683); one product both
    // purchased and shared is listed once, "the latest transaction for each product" (the
    // purchased one, else the longer access; the LocalAppStore article's rules).
    let entitledIDs = Set(entitlements.map(\.payloadValue.id))
    let activeIDs = Set(
      Dictionary(grouping: candidates, by: \.productID).values.compactMap { copies in
        copies.min { a, b in
          let (ownerA, ownerB) = (a.ownershipType == .purchased, b.ownershipType == .purchased)
          if ownerA != ownerB { return ownerA }
          let (endA, endB) = (
            a.expirationDate ?? .distantFuture, b.expirationDate ?? .distantFuture
          )
          if endA != endB { return endA > endB }
          return a.id < b.id
        }?.id
      })
    guard entitledIDs == activeIDs else {
      throw fail(
        "the history makes \(activeIDs.sorted()) the latest transactions of the active "
          + "subscriptions; the entitlements are \(entitledIDs.sorted())")
    }
    for subscription in status.subscriptions {
      guard let transaction = byID[subscription.transactionID] else {
        throw fail("status names transaction \(subscription.transactionID), not in the history")
      }
      guard latest[transaction.originalID]?.id == transaction.id else {
        throw fail("status shows transaction \(transaction.id), not its subscription's latest")
      }
      switch subscription.state {
      case "subscribed":
        guard transaction.revocationDate == nil, (transaction.expirationDate ?? .distantPast) > now
        else { throw fail("subscription \(transaction.originalID) is subscribed but ended") }
      case "revoked":
        guard transaction.revocationDate != nil else {
          throw fail("subscription \(transaction.originalID) is revoked but its transaction is not")
        }
      case "expired":
        guard (transaction.expirationDate ?? .distantPast) <= now || transaction.isUpgraded else {
          throw fail("subscription \(transaction.originalID) is expired before its end")
        }
      default:
        break
      }
      guard
        subscription.isEntitled
          == (subscription.state == "subscribed" || subscription.state == "inGracePeriod")
      else {
        throw fail("subscription \(transaction.originalID) entitlement disagrees with its state")
      }
    }
  }
}

extension VerificationResult {
  /// The payload, verified or not.
  var payloadValue: SignedType {
    switch self {
    case .verified(let value), .unverified(let value, _): value
    }
  }
}
