import AppStoreJWS
import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import Testing

/// The subscription machine alone, without a store: a record and an event in, the steps out,
/// each with the record it leaves, the transaction it makes and what it tells.
@Suite struct SubscriptionMachineTests {
  static let products = Dictionary(
    uniqueKeysWithValues: SportsTimeFixtures.products.map { ($0.id, $0) })

  func context(_ settings: EmulatorSettings = EmulatorSettings())
    -> SubscriptionMachine.Context
  {
    SubscriptionMachine.Context(products: Self.products, settings: settings)
  }

  /// A new monthly subscription bought on 2026-01-01, and the transition that made it.
  func subscribed(_ context: SubscriptionMachine.Context) throws
    -> (SubscriptionRecord, SubscriptionMachine.Transition)
  {
    let transition = SubscriptionMachine.apply(
      .purchase(
        SubscriptionMachine.Subscription(
          product: SportsTimeFixtures.monthly, transactionID: 1, account: "purchaser")),
      to: nil, at: utc(2026, 1, 1), in: context)
    return (try #require(transition.record), transition)
  }

  func notices(_ transition: SubscriptionMachine.Transition) -> [String] {
    transition.steps.flatMap(\.notices).map(\.type.rawValue)
  }

  @Test("a purchase makes one transaction and an active record that tells SUBSCRIBED")
  func purchase() throws {
    let (record, transition) = try subscribed(context())
    #expect(transition.steps.count == 1)
    #expect(record.phase == .active)
    #expect(record.expirationDate == utc(2026, 2, 1))
    #expect(SubscriptionMachine.nextDue(of: record) == utc(2026, 2, 1))
    guard case .transaction(let made) = transition.steps[0].change else {
      Issue.record("the purchase made no transaction")
      return
    }
    #expect(made.reason == .purchase)
    #expect(transition.steps[0].notices == [.init(.subscribed, .initialBuy)])
  }

  @Test("time passing before the renewal date changes nothing; at it, one renewal")
  func renewal() throws {
    let context = context()
    let (record, _) = try subscribed(context)
    let early = SubscriptionMachine.apply(
      .timePassed, to: record, at: utc(2026, 1, 20), in: context)
    #expect(early.steps.isEmpty)
    let due = SubscriptionMachine.apply(.timePassed, to: record, at: utc(2026, 2, 1), in: context)
    #expect(due.newTransactions.map(\.reason) == [.renewal])
    #expect(due.record?.expirationDate == utc(2026, 3, 1))
    #expect(notices(due) == ["DID_RENEW"])
    // The machine is pure: the same event on the same record decides the same.
    let again = SubscriptionMachine.apply(.timePassed, to: record, at: utc(2026, 2, 1), in: context)
    #expect(again.record == due.record)
  }

  @Test("auto-renew off, then the end of the period: expired, voluntarily, and no longer live")
  func voluntaryExpiry() throws {
    let context = context()
    let (record, _) = try subscribed(context)
    let off = SubscriptionMachine.apply(
      .autoRenew(false), to: record, at: utc(2026, 1, 10), in: context)
    let cancelled = try #require(off.record)
    #expect(!cancelled.willAutoRenew)
    let end = SubscriptionMachine.apply(
      .timePassed, to: cancelled, at: utc(2026, 2, 1), in: context)
    let expired = try #require(end.record)
    #expect(expired.phase == .expired)
    #expect(!SubscriptionMachine.isLive(expired))
    #expect(end.steps.flatMap(\.notices) == [.init(.expired, .voluntary)])
    #expect(SubscriptionMachine.nextDue(of: expired) == nil)
  }

  @Test("with billing issues and a grace period, a renewal fails into retry, due at the grace end")
  func billingRetry() throws {
    let context = context(
      EmulatorSettings(billingIssuesEnabled: true, gracePeriodEnabled: true))
    let (record, _) = try subscribed(context)
    let failed = SubscriptionMachine.apply(
      .timePassed, to: record, at: utc(2026, 2, 1), in: context)
    let retrying = try #require(failed.record)
    #expect(retrying.phase == .billingRetry)
    #expect(SubscriptionMachine.isLive(retrying))
    #expect(failed.newTransactions.isEmpty)
    #expect(failed.steps.flatMap(\.notices) == [.init(.didFailToRenew, .gracePeriod)])
    let grace = try #require(retrying.gracePeriodEndDate)
    #expect(SubscriptionMachine.nextDue(of: retrying) == grace)
  }
}
