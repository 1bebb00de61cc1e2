import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// One rule of `nextChange(in:after:)`: a history, a date, and the moment to re-evaluate.
struct NextChangeRule: Sendable, CustomTestStringConvertible {
  var rule: String
  var build: @Sendable (inout HistoryBuilder) -> (date: Date, next: Date?)

  init(
    _ rule: String, _ build: @escaping @Sendable (inout HistoryBuilder) -> (date: Date, next: Date?)
  ) {
    self.rule = rule
    self.build = build
  }

  var testDescription: String { rule }
}

private typealias B = HistoryBuilder

@Suite(.recordsQuietFailures) struct EntitlementEngineNextChangeTests {
  static let rules: [NextChangeRule] = [
    .init("an empty ledger schedules nothing") { _ in (B.day(0), nil) },
    .init("a non-consumable schedules nothing") { h in
      h.buy("lifetime", at: B.day(0))
      return (B.day(1), nil)
    },
    .init("the expiration of a non-renewing subscription is not a change") { h in
      h.buy("season", type: .nonRenewable, at: B.day(0), expirationDate: B.day(30))
      return (B.day(1), nil)
    },
    .init("a subscription changes at its expiry") { h in
      h.subscribe(at: B.day(0))
      return (B.day(10), B.month(1))
    },
    .init("a subscription with its renewal recorded changes at its expiry") { h in
      let t = h.subscribe(at: B.day(0))
      h.renew(t.originalID)
      return (B.day(10), B.month(1))
    },
    .init("the earliest expiry among the groups") { h in
      h.subscribe(to: HistoryBuilder.annualProductID, at: B.day(0))
      h.subscribe(to: "com.example.other", inGroup: "other", at: B.day(5))
      return (B.day(10), B.month(1, day: 5))
    },
    .init("the expiry of a family-shared subscription counts too") { h in
      h.subscribe(to: HistoryBuilder.annualProductID, at: B.day(0))
      h.subscribe(at: B.day(3), ownership: .familyShared)
      return (B.day(10), B.month(1, day: 3))
    },
    .init("in grace period, the end of the grace period") { h in
      let t = h.subscribe(at: B.day(0))
      h.enterBillingRetry(t.originalID, gracePeriodDays: 16)
      return (B.month(1, day: 3), B.month(1, day: 16))
    },
    .init("in billing retry, nothing") { h in
      let t = h.subscribe(at: B.day(0))
      h.enterBillingRetry(t.originalID, gracePeriodDays: 16)
      return (B.month(1, day: 20), nil)
    },
    .init("an expired subscription schedules nothing") { h in
      h.subscribe(at: B.day(0))
      return (B.month(2), nil)
    },
    .init("an expiry at the date itself is already past") { h in
      let t = h.subscribe(at: B.day(0))
      h.turnOffAutoRenew(t.originalID)
      return (B.month(1), nil)
    },
    .init("the expiry of a revoked subscription is not a change") { h in
      let t = h.subscribe(at: B.day(0))
      h.refund(t.id, at: B.day(5))
      return (B.day(6), nil)
    },
    .init("a refund of an entitling subscription dated after the date") { h in
      let t = h.subscribe(at: B.day(0))
      h.refund(t.id, at: B.day(5))
      return (B.day(2), B.day(5))
    },
    .init("a refund of an entitling non-consumable dated after the date") { h in
      let t = h.buy("lifetime", at: B.day(0))
      h.refund(t.id, at: B.day(40))
      return (B.day(2), B.day(40))
    },
    .init("a subscription purchased after the date") { h in
      h.subscribe(at: B.day(10))
      return (B.day(0), B.day(10))
    },
    .init("of several transactions purchased after the date, the earliest") { h in
      let t = h.subscribe(at: B.day(10))
      h.renew(t.originalID, times: 2)
      return (B.day(0), B.day(10))
    },
    .init("a non-consumable purchased after the date") { h in
      h.buy("lifetime", at: B.day(10))
      return (B.day(0), B.day(10))
    },
    .init("an upgrade dated after the date") { h in
      let t = h.subscribe(at: B.day(0))
      h.upgrade(t.originalID, to: HistoryBuilder.annualProductID, at: B.day(10))
      return (B.day(5), B.day(10))
    },
  ]

  @Test("the engine schedules the next re-evaluation", arguments: rules)
  func nextChange(_ row: NextChangeRule) {
    var history = HistoryBuilder()
    let (date, expected) = row.build(&history)
    #expect(EntitlementEngine().nextChange(in: history.ledger, after: date) == expected)
  }

  @Test("nothing changes between one scheduled change and the next")
  func nothingChangesBetween() {
    let ledger = HistoryBuilder.synthetic(transactionCount: 1_500, seed: 7)
    let engine = EntitlementEngine()
    let groups = (0..<4).map { "group.\($0)" }
    struct Answer: Equatable {
      var entitlements: [Transaction]
      var statuses: [[EntitlementEngine.GroupStatus]]
    }
    func answer(at date: Date) -> Answer {
      Answer(
        entitlements: engine.currentEntitlements(in: ledger, at: date),
        statuses: groups.map { engine.statuses(ofGroup: $0, in: ledger, at: date) })
    }
    var date = HistoryBuilder.day(-1)
    var changes = 0
    while changes < 100, let next = engine.nextChange(in: ledger, after: date) {
      #expect(next > date)
      let middle = date.addingTimeInterval(next.timeIntervalSince(date) / 2)
      let first = answer(at: date)
      #expect(answer(at: middle) == first)
      #expect(answer(at: next.addingTimeInterval(-0.001)) == first)
      date = next
      changes += 1
    }
    #expect(changes == 100)
  }
}
