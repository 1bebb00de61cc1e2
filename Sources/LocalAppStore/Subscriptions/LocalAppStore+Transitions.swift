import Foundation
import StoreModel

/// Applying the state machine's transitions to the ledger, inside an operation's SQLite
/// transaction: the machine decides (``SubscriptionMachine``), this records what it decided.
extension LocalAppStore {
  /// What the machine reads about a subscription: the catalog as `settings`' storefront and
  /// locale show it (``ProductPresentation``: a renewal records the storefront's currency),
  /// `settings`, and the subscription's pending price increase.
  func machineContext(
    _ settings: EmulatorSettings, priceIncrease: PriceIncrease? = nil
  ) -> SubscriptionMachine.Context {
    let products =
      presentation.changesAnything(in: settings)
      ? productsByID.mapValues { presentation.present($0, in: settings) } : productsByID
    return SubscriptionMachine.Context(
      products: products, settings: settings, priceIncrease: priceIncrease,
      codeOffers: codeOffers.mapValues { $0.map(\.offer) })
  }

  /// Runs the machine once for `event` (counted in ``operationCosts``: once per event).
  func run(
    _ event: SubscriptionMachine.Event, of record: SubscriptionRecord?, at now: Date,
    in context: SubscriptionMachine.Context
  ) -> SubscriptionMachine.Transition {
    machineRuns += 1
    return SubscriptionMachine.apply(event, to: record, at: now, in: context)
  }

  /// Applies `event` to `record` at `now` and records the transition.
  /// - Returns: The transition, and the transactions it recorded (family members' copies too).
  @discardableResult
  func transition(
    _ event: SubscriptionMachine.Event, of record: SubscriptionRecord?, at now: Date,
    in context: SubscriptionMachine.Context, mirroring: Bool = true
  ) throws(LocalAppStoreError) -> (SubscriptionMachine.Transition, [TimeAdvance.NewTransaction]) {
    let transition = run(event, of: record, at: now, in: context)
    let made = try apply(transition, in: context, mirroring: mirroring)
    return (transition, made)
  }

  /// Records each step of `transition`: its transactions signed and inserted, then its record
  /// saved (mirrored to family members who share, unless `mirroring` is off: a member's copy)
  /// and its notices handed to the notifier.
  /// - Returns: The transactions recorded, family members' copies included.
  @discardableResult
  func apply(
    _ transition: SubscriptionMachine.Transition, in context: SubscriptionMachine.Context,
    mirroring: Bool = true
  ) throws(LocalAppStoreError) -> [TimeAdvance.NewTransaction] {
    var made: [TimeAdvance.NewTransaction] = []
    for step in transition.steps {
      if step.settlesPriceIncrease { try settlePriceIncrease(of: step.record.originalID) }
      var transactionID: UInt64?
      switch step.change {
      case .unchanged:
        notifier.emit(step.notices, about: step.record, transactionID: nil)
        continue
      case .upgrade(let new):
        if var upgraded = try latestTransaction(of: step.record) {
          upgraded.isUpgraded = true
          try recorder.update(upgraded) { $0.isUpgraded = true }
        }
        let recorded = try record(new, of: step.record, settings: context.settings)
        transactionID = recorded.transaction.id
        made.append(recorded)
      case .transaction(let new):
        let recorded = try record(new, of: step.record, settings: context.settings)
        transactionID = recorded.transaction.id
        made.append(recorded)
      case .kept, .scheduled, .record:
        break
      }
      made += try recorder.save(step, transactionID: transactionID, mirroring: mirroring)
    }
    return made
  }

  /// Signs and inserts a transaction the machine made for `record`; a renewal is delivered
  /// through `Transaction.updates`.
  private func record(
    _ new: SubscriptionMachine.NewTransaction, of record: SubscriptionRecord,
    settings: EmulatorSettings
  ) throws(LocalAppStoreError) -> TimeAdvance.NewTransaction {
    let transaction = try makeTransaction(
      new.product, account: record.account, originalID: record.originalID,
      purchaseDate: new.purchaseDate, originalPurchaseDate: record.originalPurchaseDate,
      expirationDate: new.expirationDate, reason: new.reason, offer: new.offer,
      appAccountToken: record.appAccountToken, settings: settings, id: new.id)
    try recorder.insert(transaction, account: record.account, emitUpdate: new.isDelivered)
    if new.isDelivered {
      try device.noteRenewal(transaction, account: record.account, settings: settings, in: ledger)
    }
    return TimeAdvance.NewTransaction(account: record.account, transaction: transaction)
  }
}
