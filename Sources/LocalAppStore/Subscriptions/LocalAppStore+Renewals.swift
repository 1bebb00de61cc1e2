import Foundation
import StoreModel

/// Time passing, as the App Store applies it inside an operation's SQLite transaction: renewals,
/// expiries, billing retry with its grace period, recovery.
extension LocalAppStore {
  /// Makes every renewal, expiry and billing-retry step due by `now`, subscription by
  /// subscription, in date order (the machine's ``SubscriptionMachine/Event/timePassed``).
  ///
  /// - Returns: The transactions made (renewals, and family members' copies of them).
  /// - Throws: `invalidState`, with nothing changed, when a subscription would renew more than
  ///   ``maximumPeriodsPerAdvance`` times to reach `now` (see ``checkCatchUp(_:to:rate:)``).
  @discardableResult
  func catchUp(to now: Date) throws(LocalAppStoreError) -> [TimeAdvance.NewTransaction] {
    let settings = try currentSettings()
    let records = try ledger.subscriptionsDue(by: now).filter(SubscriptionMachine.isLive)
    for record in records { try checkCatchUp(record, to: now, rate: settings.timeRate) }
    var increases: [UInt64: PriceIncrease]?
    var made: [TimeAdvance.NewTransaction] = []
    for record in records {
      var context = machineContext(settings)
      var passed = SubscriptionMachine.apply(.timePassed, to: record, at: now, in: context)
      // The pending price increases are read only when something falls due (a renewal or an
      // expiry may depend on one), as often as before the machine.
      if !passed.steps.isEmpty {
        if increases == nil { increases = try priceIncreases() }
        if let increase = increases?[record.originalID] {
          context.priceIncrease = increase
          passed = SubscriptionMachine.apply(.timePassed, to: record, at: now, in: context)
        }
      }
      made += try apply(passed, in: context)
    }
    return made
  }

  /// Refuses to catch `record` up to `now` when that would renew it more than
  /// ``maximumPeriodsPerAdvance`` times in one operation.
  ///
  /// The stored time moves at most that far at once (``advanceTime(by:)``), so a state this
  /// store wrote never falls further behind; a state file whose subscription ended long before
  /// its time (`fuzz-state` made one 69,000 renewals behind: 38 s under ASan for every
  /// operation) is damaged, and a clock that jumped that far must move in smaller steps.
  func checkCatchUp(_ record: SubscriptionRecord, to now: Date, rate: TimeRate)
    throws(LocalAppStoreError)
  {
    guard record.phase == .active, record.willAutoRenew, record.expirationDate <= now else {
      return
    }
    guard let limit = renewalLimit(of: record, from: record.expirationDate, rate: rate),
      now > limit
    else { return }
    // A damaged state, not a refused move (`invalidArgument` in `advanceTime(by:)`): the
    // store never writes a state this far behind, so the file was altered or its clock jumped.
    throw LocalAppStoreError(
      .invalidState,
      "\(ledger.path): subscription \(record.originalID) of \(record.account) "
        + "ended \(record.expirationDate.formatted(.iso8601)), and reaching "
        + "\(now.formatted(.iso8601)) would renew it more than "
        + "\(Self.maximumPeriodsPerAdvance) times at once: the local App Store never falls "
        + "that far behind (reset the state; move a clock in smaller steps)")
  }
}
