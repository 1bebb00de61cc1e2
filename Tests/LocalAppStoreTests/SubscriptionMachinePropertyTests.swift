import Foundation
import LocalAppStore
import StoreInternals
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// The App Store's decisions and the device's reading of what it signed agree at every step of
/// seeded random histories: for every subscription of every account, the state machine's state
/// (``SubscriptionState``) equals what the entitlement engine reads from the signed transactions
/// and renewal info.
///
/// Two controls are left out of the random histories: stopping Family Sharing and deleting a
/// transaction. The histories where they once made the two part ways are pinned, and now held
/// equal, by ``SubscriptionMachineKnownDivergenceTests``.
@Suite("The state machine and the engine agree on random histories", .recordsQuietFailures)
struct SubscriptionMachinePropertyTests {
  /// Same level and duration as monthly: a crossgrade at once.
  static let plusID = "com.sportstime.pro.monthly.plus"
  /// A lower level, another duration: a downgrade at the next renewal.
  static let weeklyID = "com.sportstime.pro.weekly"
  /// A second group, not shareable.
  static let teamID = "com.sportstime.team.monthly"
  static let products =
    SportsTimeFixtures.products + [
      product(plusID, .autoRenewable, price: "5.99", shareable: true, group: groupID, level: 2),
      product(
        weeklyID, .autoRenewable, price: "1.99", shareable: true, group: groupID, level: 3,
        period: .weekly),
      product(teamID, .autoRenewable, price: "9.99", group: "TEAM", level: 1),
    ]
  static let buyers = [LocalAppStore.purchaser, "other"]
  static let members = ["member-1", "member-2"]
  static let rates: [TimeRate] = [
    .realTime, .oneHourIsOneDay, .monthlyRenewalEveryHour, .oneRenewalEveryMinute,
  ]

  /// Forty histories of 250 events, 10,000 in all: long enough for renewals, retries, lapses
  /// and family copies, short enough that each step's reading stays small.
  ///
  /// Under a sanitizer (`scripts/sanitize` sets `SPORTSTIME_SANITIZED`), eight: that run looks
  /// for races and memory errors, which eight histories side by side exercise as forty do,
  /// while the semantics are the plain run's. Under ThreadSanitizer the forty took 351 s, the
  /// whole sanitized run's length (CI, 2026-12-06).
  static let sanitized = ProcessInfo.processInfo.environment["SPORTSTIME_SANITIZED"] != nil
  static let seeds: [UInt64] = Array(1...(sanitized ? 8 : 40))
  static let eventsPerHistory = 250

  @Test("10,000 events across accounts, family, grace, retry, upgrades, refunds and time rates")
  func randomHistoriesAgree() async throws {
    var events = 0
    var renewals = 0
    var notifications = 0
    var seen: Set<RenewalState> = []
    // Each history has its own store and clock: two run side by side.
    try await withThrowingTaskGroup(of: (UInt64, Report).self) { group in
      var next = Self.seeds.makeIterator()
      func start() {
        guard let seed = next.next() else { return }
        group.addTask { (seed, try await Self.run(seed: seed, events: Self.eventsPerHistory)) }
      }
      start()
      start()
      while let (seed, report) = try await group.next() {
        #expect(report.mismatch == nil, "seed \(seed): \(report.mismatch ?? "")")
        events += report.events
        renewals += report.renewals
        notifications += report.notifications
        seen.formUnion(report.seen)
        if report.mismatch == nil { start() }
      }
    }
    #expect(events >= Self.seeds.count * Self.eventsPerHistory)
    // The histories reach every state the property is about, and renew often.
    #expect(
      seen == [.subscribed, .inGracePeriod, .inBillingRetryPeriod, .expired, .revoked],
      "\(seen)")
    // At least 25 of each per history: 1,000 of each in the plain run.
    #expect(renewals >= Self.seeds.count * 25, "\(renewals) renewals")
    #expect(notifications >= Self.seeds.count * 25, "\(notifications) notifications")
  }

  struct Report: Sendable {
    var events = 0
    var renewals = 0
    var seen: Set<RenewalState> = []
    var notifications = 0
    var mismatch: String?
  }

  /// Plays `events` random events on a fresh store, checking the agreement after each.
  static func run(seed: UInt64, events count: Int) async throws -> Report {
    var random = SeededGenerator(seed: seed)
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(
      clock: clock, settings: .polite, products: products)
    var report = Report()
    var rate = TimeRate.realTime
    var log: [String] = []
    await store.startEmittedNotificationLog()
    var decided = try await store.decidedStates(of: buyers + members)
    for step in 0..<count {
      let event = try await play(
        on: store, clock: clock, rate: &rate, decided: decided.accounts, random: &random)
      log.append(event)
      if log.count > 12 { log.removeFirst() }
      report.events += 1
      decided = try await store.decidedStates(of: buyers + members)
      for account in decided.accounts {
        if let mismatch = disagreement(account, at: decided.date) {
          report.mismatch =
            "step \(step), \(account.account): \(mismatch)\nlast events: "
            + log.joined(separator: "; ")
          return report
        }
        report.seen.formUnion(account.states.map(\.state))
      }
    }
    for account in buyers + members {
      report.renewals += try await store.history(account: account).count { $0.reason == .renewal }
    }
    // Each notification made is one a step emitted, in order: none inferred, none dropped, none
    // added.
    let made = try await store.serverNotifications().map {
      EmittedNotification(
        notificationType: $0.notificationType, subtype: $0.subtype, account: $0.account,
        originalTransactionID: $0.originalTransactionID)
    }
    let emitted = await store.emittedNotifications()
    if made != emitted {
      let first =
        zip(made, emitted).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(made.count, emitted.count)
      report.mismatch =
        "notification \(first): made \(made.dropFirst(first).prefix(3)), emitted "
        + "\(emitted.dropFirst(first).prefix(3)) (\(made.count) made, \(emitted.count) emitted)"
    }
    report.notifications = made.count
    return report
  }

  /// Where the engine's reading of the signed data differs from the machine's state, if it does.
  static func disagreement(_ decided: DecidedStates, at moment: Date) -> String? {
    let engine = EntitlementEngine()
    let entitled = Set(engine.currentEntitlements(in: decided.signed, at: moment).map(\.id))
    for state in decided.states {
      let statuses = engine.statuses(ofGroup: state.groupID, in: decided.signed, at: moment)
      guard
        let status = statuses.first(where: {
          $0.transaction.originalID == state.originalTransactionID
        })
      else {
        return "the engine has no status of subscription \(state.originalTransactionID)"
      }
      let info = status.renewalInfo
      let transaction = status.transaction
      let expiration = transaction.expirationDate ?? .distantPast
      var differences: [String] = []
      if status.state != state.state {
        differences.append("state \(status.state) ≠ \(state.state)")
      }
      if entitled.contains(transaction.id) != state.state.isEntitled {
        differences.append("entitled \(entitled.contains(transaction.id))")
      }
      if transaction.productID != state.productID {
        differences.append("product \(transaction.productID) ≠ \(state.productID)")
      }
      if abs(expiration.timeIntervalSince(state.expirationDate)) > 0.001 {
        differences.append("expiration \(expiration) ≠ \(state.expirationDate)")
      }
      if info?.willAutoRenew != state.willAutoRenew {
        differences.append("willAutoRenew \(String(describing: info?.willAutoRenew))")
      }
      if info?.autoRenewPreference != state.autoRenewProductID {
        differences.append("autoRenewPreference \(String(describing: info?.autoRenewPreference))")
      }
      if info?.isInBillingRetry != state.isInBillingRetry {
        differences.append("isInBillingRetry \(String(describing: info?.isInBillingRetry))")
      }
      if info?.gracePeriodExpirationDate != state.gracePeriodExpirationDate {
        differences.append("grace \(String(describing: info?.gracePeriodExpirationDate))")
      }
      if info?.expirationReason != state.expirationReason {
        differences.append("expirationReason \(String(describing: info?.expirationReason))")
      }
      if !differences.isEmpty {
        return "subscription \(state.originalTransactionID) at \(moment): "
          + differences.joined(separator: ", ")
      }
    }
    return nil
  }

  /// Plays one random event; refusals (`notAllowed`, `notFound`) are events too.
  static func play(
    on store: LocalAppStore, clock: ManualClock, rate: inout TimeRate,
    decided: [DecidedStates], random: inout SeededGenerator
  ) async throws -> String {
    let roll = Int.random(in: 0..<100, using: &random)
    let buyer = buyers.randomElement(using: &random) ?? LocalAppStore.purchaser
    let productID = products.randomElement(using: &random)?.id ?? monthlyID
    let latest = latestTransaction(in: decided.first { $0.account == buyer }, random: &random)
    do {
      switch roll {
      case 0..<35:
        // Time passes: up to about a month and a half of the current rate.
        let month = rate.end(of: .monthly, from: clock.now).timeIntervalSince(clock.now)
        let seconds = (month * Double.random(in: 0.02...1.6, using: &random)).rounded()
        clock.advance(by: max(1, seconds))
        try await store.synchronize()
        return "advance \(seconds)s"
      case 35..<50:
        guard let product = products.first(where: { $0.id == productID }) else { return "-" }
        do {
          _ = try await store.backend(for: buyer).purchase(product, options: [])
        } catch {
          return "\(buyer) could not buy \(productID): \(error)"
        }
        return "\(buyer) buys \(productID)"
      case 50..<55:
        let on = Bool.random(using: &random)
        try await store.setBillingIssuesEnabled(on)
        return "billing issues \(on)"
      case 55..<59:
        let on = Bool.random(using: &random)
        try await store.setGracePeriodEnabled(on)
        return "grace \(on)"
      case 59..<64:
        guard let latest else { return "-" }
        try await store.resolveIssue(transactionID: latest)
        return "resolve \(latest)"
      case 64..<67:
        guard let latest else { return "-" }
        try await store.refund(transactionID: latest)
        return "refund \(latest)"
      case 67..<70:
        guard let latest else { return "-" }
        try await store.reverseRefund(transactionID: latest)
        return "reverse refund \(latest)"
      case 70..<76:
        let on = Bool.random(using: &random)
        try await store.setWillAutoRenew(on, account: buyer)
        return "\(buyer) auto-renew \(on)"
      case 76..<80:
        let member = members.randomElement(using: &random) ?? "member-1"
        try await store.startFamilySharing(with: member)
        return "share with \(member)"
      case 80..<83:
        rate = rates.randomElement(using: &random) ?? .realTime
        try await store.setTimeRate(rate)
        return "rate \(rate)"
      case 83..<86:
        guard let latest else { return "-" }
        let days = Int.random(in: 1...90, using: &random)
        try await store.extendRenewalDate(transactionID: latest, days: days)
        return "extend \(latest) by \(days)d"
      case 86..<88:
        try await store.expireSubscription(productID: productID, account: buyer)
        return "expire \(buyer)'s \(productID)"
      case 88..<90:
        try await store.forceRenewalOfSubscription(productID: productID, account: buyer)
        return "force renewal of \(buyer)'s \(productID)"
      case 90..<93:
        guard let latest else { return "-" }
        try await store.setPrice(
          Decimal(Int.random(in: 5...60, using: &random)), forProduct: productID)
        try await store.requestPriceIncreaseConsent(transactionID: latest)
        return "price increase for \(latest)"
      case 93..<96:
        guard let latest else { return "-" }
        let agreed = Bool.random(using: &random)
        if agreed {
          try await store.consentToPriceIncrease(transactionID: latest)
        } else {
          try await store.declinePriceIncrease(transactionID: latest)
        }
        return "price increase answer \(agreed) for \(latest)"
      default:
        guard let latest else { return "-" }
        try await store.declineRefund(transactionID: latest)
        return "decline refund \(latest)"
      }
    } catch {
      guard error.code == .notAllowed || error.code == .notFound else { throw error }
      return "refused: \(error.code)"
    }
  }

  /// The latest transaction of one of an account's subscriptions, chosen at random.
  static func latestTransaction(in decided: DecidedStates?, random: inout SeededGenerator)
    -> UInt64?
  {
    let subscriptions = Dictionary(grouping: decided?.signed.transactions ?? [], by: \.originalID)
    let latest = subscriptions.values.compactMap { $0.map(\.id).max() }.sorted()
    return latest.randomElement(using: &random)
  }
}
