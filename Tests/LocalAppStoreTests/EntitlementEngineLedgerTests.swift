import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// The engine on large synthetic ledgers: against a slow, obvious reading of the rules, in any
/// order, and group by group.
@Suite(.recordsQuietFailures) struct EntitlementEngineLedgerTests {
  static let dates = [-10, 100, 365, 600, 800, 1_000, 1_400].map { HistoryBuilder.day($0) }
  /// Many dates, a little more than a month apart, for the comparison with the reference.
  static let manyDates = stride(from: -10, through: 1_500, by: 41).map {
    HistoryBuilder.day($0, hour: 5)
  }
  static let groups = (0..<20).map { "group.\($0)" }

  @Test(
    "the one-pass engine agrees with a slow reading of the rules", arguments: [1, 2] as [UInt64])
  func agreesWithReference(seed: UInt64) {
    let ledger = HistoryBuilder.synthetic(transactionCount: 2_000, seed: seed)
    let engine = EntitlementEngine()
    let reference = ReferenceEngine(ledger: ledger)
    for date in Self.manyDates {
      #expect(
        Set(engine.currentEntitlements(in: ledger, at: date).map(\.id))
          == reference.entitlements(at: date), "at \(date)")
      for group in Self.groups.prefix(10) {
        let statuses = engine.statuses(ofGroup: group, in: ledger, at: date)
        #expect(
          statuses.map(ExpectedStatus.init) == reference.statuses(ofGroup: group, at: date),
          "\(group) at \(date)")
        #expect(
          engine.currentStatus(ofGroup: group, in: ledger, at: date).map(ExpectedStatus.init)
            == reference.bestStatus(ofGroup: group, at: date), "\(group) at \(date)")
      }
    }
  }

  @Test("the answers do not depend on the order of the ledger")
  func orderIndependence() {
    let ledger = HistoryBuilder.synthetic(transactionCount: 3_000, seed: 11)
    let transactions = ledger.transactions
    let orders = [
      Array(transactions.reversed()),
      transactions.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        + transactions.enumerated().filter { $0.offset % 2 == 0 }.map(\.element),
      transactions.sorted { $0.id > $1.id },
    ]
    let engine = EntitlementEngine()
    for order in orders {
      let reordered = PurchaseLedger(
        transactions: order, renewalInfos: ledger.renewalInfos.reversed())
      for date in Self.dates {
        #expect(
          engine.currentEntitlements(in: reordered, at: date)
            == engine.currentEntitlements(in: ledger, at: date))
        #expect(
          engine.nextChange(in: reordered, after: date)
            == engine.nextChange(in: ledger, after: date))
        for group in Self.groups.prefix(5) {
          #expect(
            engine.statuses(ofGroup: group, in: reordered, at: date)
              == engine.statuses(ofGroup: group, in: ledger, at: date))
        }
      }
    }
  }

  @Test("a decision answers as the separate queries do")
  func decisionAgrees() {
    let ledger = HistoryBuilder.synthetic(transactionCount: 3_000, seed: 17)
    let engine = EntitlementEngine()
    for date in Self.dates {
      let decision = engine.decide(in: ledger, at: date)
      #expect(decision.date == date)
      #expect(decision.entitlements == engine.currentEntitlements(in: ledger, at: date))
      #expect(decision.nextChange == engine.nextChange(in: ledger, after: date))
      for group in Self.groups + ["none"] {
        #expect(
          decision.statuses(ofGroup: group) == engine.statuses(ofGroup: group, in: ledger, at: date)
        )
        #expect(
          decision.currentStatus(ofGroup: group)
            == engine.currentStatus(ofGroup: group, in: ledger, at: date))
      }
    }
  }

  @Test("each group is decided on its own: the whole ledger answers as its parts do")
  func groupsAreIndependent() {
    let ledger = HistoryBuilder.synthetic(transactionCount: 3_000, seed: 5)
    let parts = Dictionary(grouping: ledger.transactions) { $0.subscriptionGroupID ?? "" }
    let engine = EntitlementEngine()
    for date in Self.dates {
      let whole = engine.currentEntitlements(in: ledger, at: date)
      var fromParts: [Transaction] = []
      for part in parts.values {
        let partLedger = PurchaseLedger(transactions: part, renewalInfos: ledger.renewalInfos)
        fromParts += engine.currentEntitlements(in: partLedger, at: date)
      }
      #expect(Set(whole) == Set(fromParts))
      #expect(whole.count == fromParts.count)
    }
  }

  @Test("each entitled status's product is among the entitlements, and no other status's is")
  func statusesAgreeWithEntitlements() {
    let ledger = HistoryBuilder.synthetic(transactionCount: 3_000, seed: 9)
    let engine = EntitlementEngine()
    for date in Self.dates {
      let listed = engine.currentEntitlements(in: ledger, at: date)
      let entitled = Set(listed.map(\.id))
      let products = Set(listed.map(\.productID))
      for group in Self.groups {
        let statuses = engine.statuses(ofGroup: group, in: ledger, at: date)
        for status in statuses {
          // One transaction per product is listed ("the latest transaction for each product"):
          // an entitled status's product is there, and a listed status is an entitled one.
          if status.isEntitled { #expect(products.contains(status.transaction.productID)) }
          if entitled.contains(status.transaction.id) { #expect(status.isEntitled) }
        }
        let current = engine.currentStatus(ofGroup: group, in: ledger, at: date)
        #expect(current?.isEntitled == statuses.contains { $0.isEntitled } || statuses.isEmpty)
      }
    }
  }

  @Test("statuses hold one status per subscription that exists at the date")
  func oneStatusPerSubscription() {
    let ledger = HistoryBuilder.synthetic(transactionCount: 3_000, seed: 13)
    let engine = EntitlementEngine()
    let date = HistoryBuilder.syntheticNow
    for group in Self.groups {
      let existing = Set(
        ledger.transactions.filter { $0.subscriptionGroupID == group && $0.purchaseDate <= date }
          .map(\.originalID))
      let statuses = engine.statuses(ofGroup: group, in: ledger, at: date)
      #expect(statuses.count == existing.count)
      #expect(Set(statuses.map(\.transaction.originalID)) == existing)
    }
  }
}

extension EntitlementEngineLedgerTests {
  @Test("of two renewal infos of a subscription, the one signed last counts, in any order")
  func newestRenewalInfo() {
    var history = HistoryBuilder()
    let t = history.subscribe(at: HistoryBuilder.day(0))
    let stale = history.renewalInfo(of: t.originalID)
    history.enterBillingRetry(t.originalID, gracePeriodDays: 16)
    guard let stale, let fresh = history.renewalInfo(of: t.originalID) else {
      Issue.record("the builder made no renewal info")
      return
    }
    let engine = EntitlementEngine()
    let date = HistoryBuilder.month(1, day: 2)
    for infos in [[stale, fresh], [fresh, stale]] {
      let ledger = PurchaseLedger(transactions: history.transactions, renewalInfos: infos)
      let status = engine.currentStatus(
        ofGroup: HistoryBuilder.defaultGroupID, in: ledger, at: date)
      #expect(status?.state == .inGracePeriod)
      #expect(status?.renewalInfo == fresh)
      #expect(ledger.renewalInfo(for: t.originalID) == fresh)
    }
  }
}

/// A slow, obvious reading of the entitlement rules: filters and sorts, no single pass.
private struct ReferenceEngine {
  let transactions: [Transaction]
  let renewalInfos: [UInt64: RenewalInfo]
  /// The subscriptions of each group, each sorted by date.
  let groups: [String: [[Transaction]]]

  init(ledger: PurchaseLedger) {
    // The copy signed last of each transaction.
    transactions = Dictionary(grouping: ledger.transactions, by: \.id).values.map { copies in
      copies.dropFirst().reduce(copies[0]) { kept, copy in
        copy.signedDate > kept.signedDate ? copy : kept
      }
    }
    renewalInfos = Dictionary(
      ledger.renewalInfos.map { ($0.originalTransactionID, $0) }, uniquingKeysWith: { $1 })
    let subscriptions = transactions.filter { $0.productType == .autoRenewable }
    groups = Dictionary(grouping: subscriptions) { $0.subscriptionGroupID ?? "" }.mapValues {
      Dictionary(grouping: $0, by: \.originalID).values.map { chain in
        chain.sorted { ($0.purchaseDate, $0.id) < ($1.purchaseDate, $1.id) }
      }
    }
  }

  func entitlements(at date: Date) -> Set<UInt64> {
    var result = Set<UInt64>()
    let oneTime = transactions.filter {
      ($0.productType == .nonConsumable || $0.productType == .nonRenewable)
        && $0.purchaseDate <= date && !$0.isRevoked(at: date) && !$0.isUpgraded
    }
    for copies in Dictionary(grouping: oneTime, by: \.productID).values {
      let best = copies.sorted {
        ($0.ownershipType == .purchased ? 1 : 0, $0.purchaseDate, $0.id)
          > ($1.ownershipType == .purchased ? 1 : 0, $1.purchaseDate, $1.id)
      }
      result.insert(best[0].id)
    }
    // One per product: purchased before family shared, then the later expiration, then the
    // lower identifier ("the latest transaction for each product").
    var subscriptions: [Transaction] = []
    for group in groups.keys {
      for judged in judged(ofGroup: group, at: date) where judged.status.state.isEntitled {
        subscriptions.append(judged.transaction)
      }
    }
    for copies in Dictionary(grouping: subscriptions, by: \.productID).values {
      let best = copies.min { a, b in
        let (ownerA, ownerB) = (
          a.ownershipType == .purchased ? 0 : 1, b.ownershipType == .purchased ? 0 : 1
        )
        if ownerA != ownerB { return ownerA < ownerB }
        let (endA, endB) = (a.expirationDate ?? .distantFuture, b.expirationDate ?? .distantFuture)
        if endA != endB { return endA > endB }
        return a.id < b.id
      }
      if let best { result.insert(best.id) }
    }
    return result
  }

  /// The statuses in the order the subscriptions began (`originalPurchaseDate`, then
  /// `originalID`): StoreKit promises no order, and best-first would hide `status.first`.
  func statuses(ofGroup group: String, at date: Date) -> [ExpectedStatus] {
    judged(ofGroup: group, at: date).sorted { a, b in
      let left = a.transaction.originalPurchaseDate ?? a.transaction.purchaseDate
      let right = b.transaction.originalPurchaseDate ?? b.transaction.purchaseDate
      if left != right { return left < right }
      return a.transaction.originalID < b.transaction.originalID
    }.map(\.status)
  }

  /// The status an app shows: the best entitled one, else the most recent.
  func bestStatus(ofGroup group: String, at date: Date) -> ExpectedStatus? {
    judged(ofGroup: group, at: date).sorted { a, b in
      if a.status.state.isEntitled != b.status.state.isEntitled { return a.status.state.isEntitled }
      if a.status.state.isEntitled {
        let left = (
          a.status.state == .subscribed ? 0 : 1, a.transaction.ownershipType == .purchased ? 0 : 1
        )
        let right = (
          b.status.state == .subscribed ? 0 : 1, b.transaction.ownershipType == .purchased ? 0 : 1
        )
        if left != right { return left < right }
        if a.end != b.end { return (a.end ?? .distantPast) > (b.end ?? .distantPast) }
      } else if a.transaction.purchaseDate != b.transaction.purchaseDate {
        return a.transaction.purchaseDate > b.transaction.purchaseDate
      }
      return a.transaction.id > b.transaction.id
    }.first?.status
  }

  private func judged(ofGroup group: String, at date: Date)
    -> [(status: ExpectedStatus, transaction: Transaction, end: Date?)]
  {
    guard let chains = groups[group] else { return [] }
    var statuses: [(status: ExpectedStatus, transaction: Transaction, end: Date?)] = []
    for sorted in chains {
      guard let latest = sorted.last(where: { $0.purchaseDate <= date }) else { continue }
      let next = sorted.first { $0.purchaseDate > date }
      let info = renewalInfos[latest.originalID]
      let state = state(latest, next: next, info: info, at: date)
      let end =
        state == .inGracePeriod ? info?.gracePeriodExpirationDate : latest.expirationDate
      statuses.append((ExpectedStatus(state, latest), latest, end))
    }
    return statuses
  }

  private func state(
    _ latest: Transaction, next: Transaction?, info: RenewalInfo?, at date: Date
  ) -> RenewalState {
    if latest.isRevoked(at: date) { return .revoked }
    if latest.isUpgraded && next == nil { return .expired }
    guard let expiration = latest.expirationDate else { return .expired }
    if date < expiration { return .subscribed }
    if let next { return next.reason == .renewal ? .inBillingRetryPeriod : .expired }
    guard let info else { return .expired }
    if let grace = info.gracePeriodExpirationDate, date < grace { return .inGracePeriod }
    return info.isInBillingRetry ? .inBillingRetryPeriod : .expired
  }
}
