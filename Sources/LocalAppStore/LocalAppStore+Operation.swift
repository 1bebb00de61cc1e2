import Foundation
import StoreModel

extension LocalAppStore {
  /// What one operation hands back once its SQLite transaction committed.
  struct Deliveries {
    var items: [(result: VerificationResult<Transaction>, key: UpdateHub.Key, account: String)] = []
    var sequence: Int64
  }

  /// Runs `body` as one store operation: one SQLite transaction that first reads the time,
  /// catches up with it (renewals, expiries, billing retry), then does the operation, then
  /// signs the updates it produced; after the commit, delivers them to subscribers.
  func operation<T>(_ body: (Date) throws(LocalAppStoreError) -> T) throws(LocalAppStoreError) -> T
  {
    let (result, deliveries) = try ledger.database.immediateTransaction {
      () throws(LocalAppStoreError) -> (T, Deliveries) in
      let now = try readTime()
      try catchUp(to: now)
      let result = try body(now)
      return (result, try collectUpdates(now: now))
    }
    deliveredSequence = max(deliveredSequence, deliveries.sequence)
    for item in deliveries.items {
      hub.deliver(item.result, key: item.key, account: item.account)
    }
    return result
  }

  /// Runs an operation whose App Store failures (faults) are values, so that consuming a
  /// one-shot fault commits with the rest.
  func backendOperation<T>(
    _ body: (Date) throws(LocalAppStoreError) -> Result<T, StoreBackendError>
  ) throws(StoreBackendError) -> T {
    let outcome: Result<T, StoreBackendError>
    do {
      outcome = try operation(body)
    } catch {
      throw StoreBackendError.systemError("local App Store: \(error.reason)")
    }
    return try outcome.get()
  }

  /// The time of the operation: the clock's, or the stored time (refreshed from the state, which
  /// another process may have moved).
  func readTime() throws(LocalAppStoreError) -> Date {
    guard let storedClock else { return clock.now }
    let milliseconds = Int64(try ledger.meta("now") ?? "") ?? 0
    storedClock.set(AppStoreJSON.date(milliseconds: milliseconds))
    return storedClock.now
  }

  /// The settings as the state has them now.
  func currentSettings() throws(LocalAppStoreError) -> EmulatorSettings {
    try ledger.decodeMeta(EmulatorSettings.self, "settings")
  }

  /// Signs the outbox's new updates for the accounts someone listens to.
  private func collectUpdates(now: Date) throws(LocalAppStoreError) -> Deliveries {
    let events = try ledger.updates(after: deliveredSequence)
    var deliveries = Deliveries(sequence: events.last?.sequence ?? deliveredSequence)
    for event in events where hub.hasSubscribers(account: event.account) {
      guard let stored = try ledger.transaction(event.transactionID) else { continue }
      let result = try signed(stored.transaction, now: now)
      deliveries.items.append(
        (
          result, UpdateHub.Key(transactionID: stored.transaction.id, revision: stored.revision),
          event.account
        ))
    }
    return deliveries
  }

  /// Takes the first of `faults` that is armed, disarming it unless it is sticky.
  func consumeFault(_ faults: [Fault]) throws(LocalAppStoreError) -> Fault? {
    let armed = try ledger.faults()
    for fault in faults {
      guard let sticky = armed[fault] else { continue }
      if !sticky { try ledger.removeFault(fault) }
      return fault
    }
    return nil
  }

  /// The product named `id`.
  func product(_ id: String) throws(LocalAppStoreError) -> Product {
    guard let product = productsByID[id] else {
      throw LocalAppStoreError(.notFound, "no product \(id) in the catalog")
    }
    return product
  }
}
