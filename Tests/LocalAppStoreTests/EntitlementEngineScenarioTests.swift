import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// A moment of the ten-year subscriber's story and what the engine says then.
struct SubscriberCheckpoint: Sendable, CustomTestStringConvertible {
  /// What happens at that moment.
  var moment: String
  var date: Date
  /// The position (1 = the first purchase, 121 = the re-purchase) of the transaction that
  /// entitles, if any.
  var entitled: Int?
  /// The state of the one status of the group, and the position of its transaction.
  var state: RenewalState?
  var statusTransaction: Int?
  var nextChange: Date?

  var testDescription: String { moment }
}

private typealias B = HistoryBuilder

/// A subscriber of ten years: 120 monthly transactions (one purchase, 119 renewals) from
/// 2026-01-01, a refund of the latest on 2035-12-15, and a re-purchase on 2036-02-01.
@Suite(.recordsQuietFailures) struct EntitlementEngineScenarioTests {
  static let firstID: UInt64 = 5_000

  static func history() -> HistoryBuilder {
    var history = HistoryBuilder(firstTransactionID: firstID)
    let first = history.subscribe(to: B.monthlyProductID, at: B.date(2026, 1, 1))
    history.renew(first.originalID, times: 119)
    if let latest = history.latestTransaction(of: first.originalID) {
      history.refund(latest.id, at: B.date(2035, 12, 15), reason: .other)
    }
    history.resubscribe(first.originalID, at: B.date(2036, 2, 1))
    return history
  }

  static let checkpoints: [SubscriberCheckpoint] = [
    .init(
      moment: "the day before the first purchase: nothing yet", date: B.date(2025, 12, 31),
      entitled: nil, state: nil, statusTransaction: nil, nextChange: B.date(2026, 1, 1)),
    .init(
      moment: "the instant of the first purchase", date: B.date(2026, 1, 1),
      entitled: 1, state: .subscribed, statusTransaction: 1, nextChange: B.date(2026, 2, 1)),
    .init(
      moment: "an hour before the first renewal", date: B.date(2026, 1, 31, hour: 23),
      entitled: 1, state: .subscribed, statusTransaction: 1, nextChange: B.date(2026, 2, 1)),
    .init(
      moment: "the instant of the first renewal", date: B.date(2026, 2, 1),
      entitled: 2, state: .subscribed, statusTransaction: 2, nextChange: B.date(2026, 3, 1)),
    .init(
      moment: "mid-2031: the 66th transaction", date: B.date(2031, 6, 15),
      entitled: 66, state: .subscribed, statusTransaction: 66, nextChange: B.date(2031, 7, 1)),
    .init(
      moment: "the last day of November 2035: the 119th", date: B.date(2035, 11, 30),
      entitled: 119, state: .subscribed, statusTransaction: 119,
      nextChange: B.date(2035, 12, 1)),
    .init(
      moment: "before the refund: the 120th, and the refund is the next change",
      date: B.date(2035, 12, 10), entitled: 120, state: .subscribed, statusTransaction: 120,
      nextChange: B.date(2035, 12, 15)),
    .init(
      moment: "the instant of the refund: revoked", date: B.date(2035, 12, 15),
      entitled: nil, state: .revoked, statusTransaction: 120, nextChange: B.date(2036, 2, 1)),
    .init(
      moment: "after the refunded period would have ended: still revoked",
      date: B.date(2036, 1, 10), entitled: nil, state: .revoked, statusTransaction: 120,
      nextChange: B.date(2036, 2, 1)),
    .init(
      moment: "the instant of the re-purchase", date: B.date(2036, 2, 1),
      entitled: 121, state: .subscribed, statusTransaction: 121,
      nextChange: B.date(2036, 3, 1)),
    .init(
      moment: "the re-purchase's period ended without a recorded renewal",
      date: B.date(2036, 3, 1), entitled: nil, state: .expired, statusTransaction: 121,
      nextChange: nil),
  ]

  @Test("the history is 121 transactions of one subscription")
  func historyShape() throws {
    let transactions = Self.history().transactions
    #expect(transactions.count == 121)
    #expect(Set(transactions.map(\.originalID)) == [Self.firstID])
    #expect(transactions.filter { $0.reason == .renewal }.count == 119)
    #expect(transactions[120].reason == .purchase)
    for (previous, next) in zip(transactions[..<119], transactions[1..<120]) {
      #expect(next.purchaseDate == previous.expirationDate)
    }
    #expect(transactions[119].expirationDate == B.date(2036, 1, 1))
    #expect(transactions[119].revocationDate == B.date(2035, 12, 15))
    #expect(transactions[118].revocationDate == nil)
  }

  @Test("the engine answers at each moment of a ten-year subscription", arguments: checkpoints)
  func checkpoint(_ point: SubscriberCheckpoint) {
    let ledger = Self.history().ledger
    let engine = EntitlementEngine()
    func id(_ position: Int?) -> UInt64? { position.map { Self.firstID + UInt64($0 - 1) } }

    let entitled = engine.currentEntitlements(in: ledger, at: point.date)
    #expect(entitled.map(\.id) == (id(point.entitled).map { [$0] } ?? []))
    let statuses = engine.statuses(ofGroup: B.defaultGroupID, in: ledger, at: point.date)
    #expect(statuses.map(\.state) == (point.state.map { [$0] } ?? []))
    #expect(statuses.map(\.transaction.id) == (id(point.statusTransaction).map { [$0] } ?? []))
    #expect(engine.nextChange(in: ledger, after: point.date) == point.nextChange)
  }
}
