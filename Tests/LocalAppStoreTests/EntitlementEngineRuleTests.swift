import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// A status as a row expects it: the state and the identifier of the latest transaction.
struct ExpectedStatus: Hashable, Sendable, CustomStringConvertible {
  var state: RenewalState
  var transactionID: UInt64

  init(_ state: RenewalState, _ transaction: Transaction) {
    self.state = state
    self.transactionID = transaction.id
  }

  init(_ status: EntitlementEngine.GroupStatus) {
    self.state = status.state
    self.transactionID = status.transaction.id
  }

  var description: String { "\(state)(\(transactionID))" }
}

/// What the engine must answer for a history at a date.
struct Expectation: Sendable {
  /// The date of the question.
  var date: Date
  /// The identifiers of the entitling transactions, by purchase date.
  var entitled: [UInt64]
  /// The statuses of ``HistoryBuilder/defaultGroupID``, in the engine's order: the order in
  /// which the subscriptions began, not best first.
  var statuses: [ExpectedStatus] = []
  /// The status an app shows (`currentStatus(ofGroup:in:at:)`), when it is not the first.
  var current: ExpectedStatus?
}

/// One rule of the entitlement semantics: a history, and the engine's answer on it.
struct EntitlementRule: Sendable, CustomTestStringConvertible {
  var rule: String
  var build: @Sendable (inout HistoryBuilder) -> Expectation

  init(_ rule: String, _ build: @escaping @Sendable (inout HistoryBuilder) -> Expectation) {
    self.rule = rule
    self.build = build
  }

  var testDescription: String { rule }
}

private typealias B = HistoryBuilder
private let monthly = HistoryBuilder.monthlyProductID
private let annual = HistoryBuilder.annualProductID

@Suite(.recordsQuietFailures) struct EntitlementEngineRuleTests {
  static let oneTimePurchaseRules: [EntitlementRule] = [
    .init("a non-consumable entitles") { h in
      let t = h.buy("lifetime", at: B.day(0))
      return Expectation(date: B.day(10), entitled: [t.id])
    },
    .init("a non-consumable entitles years later") { h in
      let t = h.buy("lifetime", at: B.day(0))
      return Expectation(date: B.day(5_000), entitled: [t.id])
    },
    .init("a refunded non-consumable does not entitle") { h in
      let t = h.buy("lifetime", at: B.day(0))
      h.refund(t.id, at: B.day(2))
      return Expectation(date: B.day(3), entitled: [])
    },
    .init("a non-consumable entitles until the date of its refund") { h in
      let t = h.buy("lifetime", at: B.day(0))
      h.refund(t.id, at: B.day(20))
      return Expectation(date: B.day(10), entitled: [t.id])
    },
    .init("a consumable never entitles") { h in
      h.buy("coins", type: .consumable, at: B.day(0), quantity: 5)
      return Expectation(date: B.day(1), entitled: [])
    },
    .init("a product type unknown to the engine never entitles") { h in
      h.buy("future", type: ProductType(rawValue: "Hologram"), at: B.day(0))
      return Expectation(date: B.day(1), entitled: [])
    },
    .init("a purchase dated after the date does not exist yet") { h in
      h.buy("lifetime", at: B.day(10))
      return Expectation(date: B.day(5), entitled: [])
    },
    .init("a family-shared non-consumable entitles like a purchased one") { h in
      let t = h.buy("lifetime", at: B.day(0), ownership: .familyShared)
      return Expectation(date: B.day(1), entitled: [t.id])
    },
    .init("a purchased non-consumable is preferred to a later family-shared one") { h in
      let own = h.buy("lifetime", at: B.day(0))
      h.buy("lifetime", at: B.day(5), ownership: .familyShared)
      return Expectation(date: B.day(10), entitled: [own.id])
    },
    .init("a purchased non-consumable is preferred to an earlier family-shared one") { h in
      h.buy("lifetime", at: B.day(0), ownership: .familyShared)
      let own = h.buy("lifetime", at: B.day(5))
      return Expectation(date: B.day(10), entitled: [own.id])
    },
    .init("a non-renewing subscription entitles") { h in
      let t = h.buy(
        "season", type: .nonRenewable, at: B.day(0), expirationDate: B.day(365))
      return Expectation(date: B.day(10), entitled: [t.id])
    },
    .init("a non-renewing subscription still shows after its expiration date") { h in
      let t = h.buy(
        "season", type: .nonRenewable, at: B.day(0), expirationDate: B.day(365))
      return Expectation(date: B.day(400), entitled: [t.id])
    },
    .init("only the latest non-renewing subscription of a product shows") { h in
      h.buy("season", type: .nonRenewable, at: B.day(0), expirationDate: B.day(365))
      let second = h.buy(
        "season", type: .nonRenewable, at: B.day(365), expirationDate: B.day(730))
      return Expectation(date: B.day(400), entitled: [second.id])
    },
    .init("the latest non-renewing subscription of each product shows") { h in
      let a = h.buy("season.a", type: .nonRenewable, at: B.day(0))
      let b = h.buy("season.b", type: .nonRenewable, at: B.day(1))
      return Expectation(date: B.day(2), entitled: [a.id, b.id])
    },
    .init("a refunded non-renewing subscription gives way to the one before") { h in
      let first = h.buy("season", type: .nonRenewable, at: B.day(0))
      let second = h.buy("season", type: .nonRenewable, at: B.day(365))
      h.refund(second.id, at: B.day(366))
      return Expectation(date: B.day(400), entitled: [first.id])
    },
    .init("a re-signed refunded copy of a non-consumable counts, whatever the order") { h in
      let t = h.buy("lifetime", at: B.day(0))
      h.refund(t.id, at: B.day(2))
      h.append(t)  // The stale copy, delivered again after the refund.
      return Expectation(date: B.day(3), entitled: [])
    },
  ]

  static let subscriptionRules: [EntitlementRule] = [
    .init("a subscription entitles within its period") { h in
      let t = h.subscribe(at: B.day(0))
      return Expectation(
        date: B.day(10), entitled: [t.id], statuses: [ExpectedStatus(.subscribed, t)])
    },
    .init("a subscription entitles from the instant of its purchase") { h in
      let t = h.subscribe(at: B.day(3))
      return Expectation(
        date: B.day(3), entitled: [t.id], statuses: [ExpectedStatus(.subscribed, t)])
    },
    .init("a subscription purchased after the date does not exist yet") { h in
      h.subscribe(at: B.day(10))
      return Expectation(date: B.day(5), entitled: [], statuses: [])
    },
    .init("a subscription ends at the instant of its expiry") { h in
      let t = h.subscribe(at: B.day(0))
      h.turnOffAutoRenew(t.originalID)
      return Expectation(date: B.month(1), entitled: [], statuses: [ExpectedStatus(.expired, t)])
    },
    .init("a renewal takes over from the transaction before it") { h in
      let t = h.subscribe(at: B.day(0))
      let renewals = h.renew(t.originalID, times: 2)
      return Expectation(
        date: B.month(2, day: 3), entitled: [renewals[1].id],
        statuses: [ExpectedStatus(.subscribed, renewals[1])])
    },
    .init("a subscription whose renewal is not recorded has expired") { h in
      let t = h.subscribe(at: B.day(0))
      return Expectation(
        date: B.month(1, day: 1), entitled: [], statuses: [ExpectedStatus(.expired, t)])
    },
    .init("auto-renew off: subscribed until the end of the period") { h in
      let t = h.subscribe(at: B.day(0))
      h.turnOffAutoRenew(t.originalID, at: B.day(2))
      return Expectation(
        date: B.day(20), entitled: [t.id], statuses: [ExpectedStatus(.subscribed, t)])
    },
    .init("auto-renew off: expired after the end of the period") { h in
      let t = h.subscribe(at: B.day(0))
      h.turnOffAutoRenew(t.originalID, at: B.day(2))
      h.updateRenewalInfo(of: t.originalID) { $0.expirationReason = .autoRenewDisabled }
      return Expectation(
        date: B.month(1, day: 1), entitled: [], statuses: [ExpectedStatus(.expired, t)])
    },
    .init("a pending downgrade keeps the current product until the renewal") { h in
      let t = h.subscribe(to: annual, at: B.day(0))
      h.scheduleChange(of: t.originalID, to: monthly, at: B.day(30))
      return Expectation(
        date: B.month(6), entitled: [t.id], statuses: [ExpectedStatus(.subscribed, t)])
    },
    .init("a pending downgrade takes effect at the renewal") { h in
      let t = h.subscribe(to: annual, at: B.day(0))
      h.scheduleChange(of: t.originalID, to: monthly)
      let renewal = h.renew(t.originalID)[0]
      return Expectation(
        date: B.month(12, day: 5), entitled: [renewal.id],
        statuses: [ExpectedStatus(.subscribed, renewal)])
    },
    .init("billing retry without grace period does not entitle") { h in
      let t = h.subscribe(at: B.day(0))
      h.enterBillingRetry(t.originalID)
      return Expectation(
        date: B.month(1, day: 3), entitled: [],
        statuses: [ExpectedStatus(.inBillingRetryPeriod, t)])
    },
    .init("grace period entitles although the transaction has expired") { h in
      let t = h.subscribe(at: B.day(0))
      h.enterBillingRetry(t.originalID, gracePeriodDays: 16)
      return Expectation(
        date: B.month(1, day: 3), entitled: [t.id],
        statuses: [ExpectedStatus(.inGracePeriod, t)])
    },
    .init("after the grace period, billing retry does not entitle") { h in
      let t = h.subscribe(at: B.day(0))
      h.enterBillingRetry(t.originalID, gracePeriodDays: 16)
      return Expectation(
        date: B.month(1, day: 16), entitled: [],
        statuses: [ExpectedStatus(.inBillingRetryPeriod, t)])
    },
    .init("the grace-period end is trusted over a false billing-retry flag") { h in
      let t = h.subscribe(at: B.day(0))
      h.enterBillingRetry(t.originalID, gracePeriodDays: 6)
      h.updateRenewalInfo(of: t.originalID) { $0.isInBillingRetry = false }
      return Expectation(
        date: B.month(1, day: 5), entitled: [t.id],
        statuses: [ExpectedStatus(.inGracePeriod, t)])
    },
    .init("billing retry that gave up has expired") { h in
      let t = h.subscribe(at: B.day(0))
      h.enterBillingRetry(t.originalID, gracePeriodDays: 16)
      h.endBillingRetry(t.originalID, at: B.month(3))
      return Expectation(
        date: B.month(3, day: 1), entitled: [], statuses: [ExpectedStatus(.expired, t)])
    },
    .init("a payment recovered in billing retry renews and entitles") { h in
      let t = h.subscribe(at: B.day(0))
      h.enterBillingRetry(t.originalID)
      let renewal = h.renewAfterBillingRetry(t.originalID, at: B.month(1, day: 10))
      return Expectation(
        date: B.month(1, day: 12), entitled: [renewal.id],
        statuses: [ExpectedStatus(.subscribed, renewal)])
    },
    .init("before a late renewal, the subscription was in billing retry") { h in
      let t = h.subscribe(at: B.day(0))
      h.enterBillingRetry(t.originalID)
      h.renewAfterBillingRetry(t.originalID, at: B.month(1, day: 10))
      return Expectation(
        date: B.month(1, day: 5), entitled: [],
        statuses: [ExpectedStatus(.inBillingRetryPeriod, t)])
    },
    .init("before a new purchase, the lapsed subscription was expired") { h in
      let t = h.subscribe(at: B.day(0))
      h.turnOffAutoRenew(t.originalID)
      h.resubscribe(t.originalID, at: B.month(3))
      return Expectation(
        date: B.month(2), entitled: [], statuses: [ExpectedStatus(.expired, t)])
    },
    .init("a lapse is judged by the first transaction after it, not the last") { h in
      let t = h.subscribe(at: B.day(0))
      h.resubscribe(t.originalID, at: B.month(3))
      h.renew(t.originalID, times: 2)
      return Expectation(
        date: B.month(2), entitled: [], statuses: [ExpectedStatus(.expired, t)])
    },
    .init("the renewal info of the end of a history does not apply to its past") { h in
      let t = h.subscribe(at: B.day(0))
      let renewal = h.renewAfterBillingRetry(t.originalID, at: B.month(1, day: 10))
      h.enterBillingRetry(renewal.originalID, gracePeriodDays: 16)
      // Grace would run from the renewal's expiry; a month earlier it means nothing.
      return Expectation(
        date: B.month(1, day: 3), entitled: [],
        statuses: [ExpectedStatus(.inBillingRetryPeriod, t)])
    },
    .init("a subscription without renewal info entitles within its period") { h in
      let t = h.subscribe(at: B.day(0))
      h.removeRenewalInfo(of: t.originalID)
      return Expectation(
        date: B.day(10), entitled: [t.id], statuses: [ExpectedStatus(.subscribed, t)])
    },
    .init("a subscription without renewal info expires at its expiry") { h in
      let t = h.subscribe(at: B.day(0))
      h.enterBillingRetry(t.originalID, gracePeriodDays: 16)
      h.removeRenewalInfo(of: t.originalID)
      return Expectation(
        date: B.month(1, day: 1), entitled: [], statuses: [ExpectedStatus(.expired, t)])
    },
    .init("an auto-renewable transaction without an expiration date never entitles") { h in
      let t = Transaction(
        id: 7, originalID: 7, appBundleID: "com.sportstime.app", productID: monthly,
        productType: .autoRenewable, purchaseDate: B.day(0), signedDate: B.day(0),
        subscriptionGroupID: B.defaultGroupID, expirationDate: nil)
      h.append(t)
      return Expectation(date: B.day(1), entitled: [], statuses: [ExpectedStatus(.expired, t)])
    },
    .init("an auto-renewable subscription without a group entitles on its own") { h in
      var t = h.subscribe(at: B.day(0))
      t.id = 99
      t.originalID = 99
      t.productID = "com.sportstime.pro.ungrouped"
      t.subscriptionGroupID = nil
      h.append(t)
      let grouped = h.transactions[0]
      return Expectation(
        date: B.day(1), entitled: [t.id, grouped.id],
        statuses: [ExpectedStatus(.subscribed, grouped)])
    },
  ]

  static let revocationAndUpgradeRules: [EntitlementRule] = [
    .init("a refunded subscription is revoked") { h in
      let t = h.subscribe(at: B.day(0))
      let revoked = h.refund(t.id, at: B.day(5))
      return Expectation(
        date: B.day(6), entitled: [], statuses: [ExpectedStatus(.revoked, revoked)])
    },
    .init("a revocation dated at the date has happened") { h in
      let t = h.subscribe(at: B.day(0))
      h.refund(t.id, at: B.day(5))
      return Expectation(date: B.day(5), entitled: [], statuses: [ExpectedStatus(.revoked, t)])
    },
    .init("a revocation dated after the date has not happened yet") { h in
      let t = h.subscribe(at: B.day(0))
      h.refund(t.id, at: B.day(5))
      return Expectation(
        date: B.day(4), entitled: [t.id], statuses: [ExpectedStatus(.subscribed, t)])
    },
    .init("a revoked subscription stays revoked after its expiry") { h in
      let t = h.subscribe(at: B.day(0))
      h.refund(t.id, at: B.day(5))
      return Expectation(
        date: B.month(3), entitled: [], statuses: [ExpectedStatus(.revoked, t)])
    },
    .init("refunding an old renewal leaves the current period") { h in
      let t = h.subscribe(at: B.day(0))
      let renewals = h.renew(t.originalID, times: 3)
      h.refund(renewals[0].id, at: B.month(3, day: 1))
      return Expectation(
        date: B.month(3, day: 5), entitled: [renewals[2].id],
        statuses: [ExpectedStatus(.subscribed, renewals[2])])
    },
    .init("a re-signed refunded copy of a subscription counts, whatever the order") { h in
      let t = h.subscribe(at: B.day(0))
      h.refund(t.id, at: B.day(5))
      h.append(t)  // The stale copy, delivered again after the refund.
      return Expectation(date: B.day(6), entitled: [], statuses: [ExpectedStatus(.revoked, t)])
    },
    .init("of two copies of a transaction, the one signed last counts") { h in
      var stale = h.subscribe(at: B.day(0))
      stale.revocationDate = B.day(1)
      stale.signedDate = B.day(1)
      var fresh = stale
      fresh.revocationDate = nil
      fresh.signedDate = B.day(2)
      h.append(fresh)
      h.append(stale)
      return Expectation(
        date: B.day(3), entitled: [fresh.id], statuses: [ExpectedStatus(.subscribed, fresh)])
    },
    .init("an upgrade takes effect at once and the upgraded transaction never entitles") { h in
      let t = h.subscribe(at: B.day(0))
      let upgrade = h.upgrade(t.originalID, to: annual, at: B.day(10))
      return Expectation(
        date: B.day(11), entitled: [upgrade.id],
        statuses: [ExpectedStatus(.subscribed, upgrade)])
    },
    .init("before the upgrade, the transaction it supersedes entitled") { h in
      let t = h.subscribe(at: B.day(0))
      h.upgrade(t.originalID, to: annual, at: B.day(10))
      return Expectation(
        date: B.day(5), entitled: [t.id], statuses: [ExpectedStatus(.subscribed, t)])
    },
    .init("an upgraded transaction whose replacement is missing never entitles") { h in
      var t = h.subscribe(at: B.day(0))
      t.isUpgraded = true
      t.signedDate = B.day(1)
      h.append(t)
      return Expectation(date: B.day(2), entitled: [], statuses: [ExpectedStatus(.expired, t)])
    },
    .init("an upgrade recorded under another originalID: the new one entitles") { h in
      var old = h.subscribe(at: B.day(0))
      old.isUpgraded = true
      old.signedDate = B.day(10)
      h.append(old)
      let new = h.subscribe(to: annual, at: B.day(10))
      return Expectation(
        date: B.day(11), entitled: [new.id],
        statuses: [ExpectedStatus(.expired, old), ExpectedStatus(.subscribed, new)],
        current: ExpectedStatus(.subscribed, new))
    },
    .init("an upgraded transaction whose subscription does not continue never entitled") { h in
      // StoreKit keeps the originalID through an upgrade; a flag without a continuation is
      // trusted as it is, even for a date before the other subscription began.
      var old = h.subscribe(at: B.day(0))
      old.isUpgraded = true
      old.signedDate = B.day(10)
      h.append(old)
      h.subscribe(to: annual, at: B.day(10))
      return Expectation(date: B.day(5), entitled: [], statuses: [ExpectedStatus(.expired, old)])
    },
    .init("at the same instant, a replacement wins over the transaction it upgrades") { h in
      var old = Transaction(
        id: 50, originalID: 50, appBundleID: "com.sportstime.app", productID: monthly,
        productType: .autoRenewable, purchaseDate: B.day(0), signedDate: B.day(0),
        subscriptionGroupID: B.defaultGroupID, expirationDate: B.month(1))
      old.isUpgraded = true
      var replacement = old
      replacement.id = 40
      replacement.isUpgraded = false
      replacement.productID = annual
      replacement.expirationDate = B.month(12)
      h.append(old)
      h.append(replacement)
      return Expectation(
        date: B.day(1), entitled: [replacement.id],
        statuses: [ExpectedStatus(.subscribed, replacement)])
    },
    .init("a refunded upgrade leaves no access") { h in
      let t = h.subscribe(at: B.day(0))
      let upgrade = h.upgrade(t.originalID, to: annual, at: B.day(10))
      h.refund(upgrade.id, at: B.day(12))
      return Expectation(
        date: B.day(13), entitled: [], statuses: [ExpectedStatus(.revoked, upgrade)])
    },
  ]

  static let familyAndGroupRules: [EntitlementRule] = [
    .init("a family-shared subscription entitles like a purchased one") { h in
      let t = h.subscribe(at: B.day(0), ownership: .familyShared)
      return Expectation(
        date: B.day(1), entitled: [t.id], statuses: [ExpectedStatus(.subscribed, t)])
    },
    .init("a family-shared subscription ends when sharing stops") { h in
      let t = h.subscribe(at: B.day(0), ownership: .familyShared)
      h.stopFamilySharing(t.originalID, at: B.day(5))
      return Expectation(date: B.day(6), entitled: [], statuses: [ExpectedStatus(.revoked, t)])
    },
    // StoreKit promises no order for `status(for:)`; the engine lists the statuses in the
    // order the subscriptions began, so `statuses.first` here is the lapsed one (issue 13,
    // item 2): code that reads only `first` fails as on a device. The current status is safe.
    .init("the entitled status wins over an earlier expired family-shared one") { h in
      let shared = h.subscribe(at: B.day(0), ownership: .familyShared)
      h.turnOffAutoRenew(shared.originalID)
      let own = h.subscribe(at: B.month(2))
      return Expectation(
        date: B.month(2, day: 5), entitled: [own.id],
        statuses: [ExpectedStatus(.expired, shared), ExpectedStatus(.subscribed, own)],
        current: ExpectedStatus(.subscribed, own))
    },
    .init("a family-shared subscription entitles when the purchased one was refunded") { h in
      let own = h.subscribe(at: B.day(0))
      let shared = h.subscribe(at: B.day(1), ownership: .familyShared)
      h.refund(own.id, at: B.day(2))
      return Expectation(
        date: B.day(3), entitled: [shared.id],
        statuses: [ExpectedStatus(.revoked, own), ExpectedStatus(.subscribed, shared)],
        current: ExpectedStatus(.subscribed, shared))
    },
    // `currentEntitlements` lists "the latest transaction for each auto-renewable
    // subscription" (Apple's Transaction.currentEntitlements page); access both purchased and
    // family shared shows as several entries (Apple staff,
    // https://developer.apple.com/forums/thread/731683).
    .init("purchased and family-shared subscriptions of one group are both entitlements") { h in
      let shared = h.subscribe(to: annual, at: B.day(0), ownership: .familyShared)
      let own = h.subscribe(at: B.day(1))
      return Expectation(
        date: B.day(3), entitled: [shared.id, own.id],
        statuses: [ExpectedStatus(.subscribed, shared), ExpectedStatus(.subscribed, own)],
        current: ExpectedStatus(.subscribed, own))
    },
    // The same product, purchased and family shared: `currentEntitlements` "emits the latest
    // transaction for each product the customer has an entitlement to", and
    // `currentEntitlements(for:)` (iOS 18.4) "If an ID for a regular IAP is provided, the
    // returned sequence will contain no more than one transaction" (the "generic SKU" it is
    // set against is Advanced Commerce's): one is listed, the purchased one. The statuses
    // keep both, one per subscription.
    .init("the same product purchased and family shared: one entitlement, the purchased") { h in
      let shared = h.subscribe(at: B.day(0), ownership: .familyShared)
      let own = h.subscribe(at: B.day(1))
      return Expectation(
        date: B.day(3), entitled: [own.id],
        statuses: [ExpectedStatus(.subscribed, shared), ExpectedStatus(.subscribed, own)],
        current: ExpectedStatus(.subscribed, own))
    },
    .init("a purchased one in grace is listed over a shared subscribed one; subscribed is current")
    {
      h in
      let own = h.subscribe(at: B.day(0))
      h.enterBillingRetry(own.originalID, gracePeriodDays: 16)
      let shared = h.subscribe(at: B.month(1, day: 1), ownership: .familyShared)
      return Expectation(
        date: B.month(1, day: 2), entitled: [own.id],
        statuses: [ExpectedStatus(.inGracePeriod, own), ExpectedStatus(.subscribed, shared)],
        current: ExpectedStatus(.subscribed, shared))
    },
    .init("of two family-shared subscriptions, both entitle; the longer one is current") { h in
      let short = h.subscribe(at: B.day(0), ownership: .familyShared)
      let long = h.subscribe(to: annual, at: B.day(1), ownership: .familyShared)
      return Expectation(
        date: B.day(3), entitled: [short.id, long.id],
        statuses: [ExpectedStatus(.subscribed, short), ExpectedStatus(.subscribed, long)],
        current: ExpectedStatus(.subscribed, long))
    },
    .init("statuses hold one status per subscription, in the order they began") { h in
      let first = h.subscribe(at: B.day(0), ownership: .familyShared)
      let second = h.subscribe(at: B.day(1), ownership: .familyShared)
      let third = h.subscribe(at: B.day(2))
      for t in [first, second, third] { h.turnOffAutoRenew(t.originalID) }
      return Expectation(
        date: B.month(3), entitled: [],
        statuses: [
          ExpectedStatus(.expired, first), ExpectedStatus(.expired, second),
          ExpectedStatus(.expired, third),
        ],
        current: ExpectedStatus(.expired, third))
    },
    .init("statuses leave out other groups, entitlements hold one per group") { h in
      let other = h.subscribe(to: "com.example.other", inGroup: "other", at: B.day(0))
      let pro = h.subscribe(at: B.day(1))
      return Expectation(
        date: B.day(2), entitled: [other.id, pro.id],
        statuses: [ExpectedStatus(.subscribed, pro)])
    },
  ]

  static let rules =
    oneTimePurchaseRules + subscriptionRules + revocationAndUpgradeRules + familyAndGroupRules

  @Test("the engine follows each rule of StoreKit's entitlements", arguments: rules)
  func rule(_ row: EntitlementRule) {
    var history = HistoryBuilder()
    let expected = row.build(&history)
    let engine = EntitlementEngine()
    let ledger = history.ledger
    let group = HistoryBuilder.defaultGroupID

    let entitled = engine.currentEntitlements(in: ledger, at: expected.date)
    #expect(entitled.map(\.id) == expected.entitled)
    let statuses = engine.statuses(ofGroup: group, in: ledger, at: expected.date)
    #expect(statuses.map(ExpectedStatus.init) == expected.statuses)
    let current = engine.currentStatus(ofGroup: group, in: ledger, at: expected.date)
    #expect(current.map(ExpectedStatus.init) == (expected.current ?? expected.statuses.first))

    // One decision gives the same answers.
    let decision = engine.decide(in: ledger, at: expected.date)
    #expect(decision.entitlements == entitled)
    #expect(decision.statuses(ofGroup: group) == statuses)

    // The answer does not depend on the order of the ledger.
    let reversed = PurchaseLedger(
      transactions: ledger.transactions.reversed(), renewalInfos: ledger.renewalInfos.reversed())
    #expect(engine.currentEntitlements(in: reversed, at: expected.date) == entitled)
    #expect(engine.statuses(ofGroup: group, in: reversed, at: expected.date) == statuses)
  }
}
