package import Foundation
package import StoreModel

extension EntitlementEngine {
  /// Everything the engine decides about a ledger at one date, from one reading of it.
  ///
  /// An app that wakes asks three questions at once: what is the customer entitled to, what is
  /// the status of each subscription group, and when must it look again. A decision answers
  /// all three from a single pass over the ledger, so the answers agree with each other and
  /// cost a third of three separate calls.
  ///
  /// ```swift
  /// let decision = engine.decide(in: ledger, at: clock.now)
  /// isPro = decision.entitlements.contains { $0.subscriptionGroupID == proGroupID }
  /// wakeUp = decision.nextChange
  /// ```
  package struct Decision: Sendable {
    /// What the customer is entitled to: ``EntitlementEngine/currentEntitlements(in:at:)``.
    package let entitlements: [Transaction]
    /// When to decide again: ``EntitlementEngine/nextChange(in:after:)``.
    package let nextChange: Date?
    let snapshot: LedgerSnapshot

    /// The time the decision holds at: the ledger's answer at any other time may differ.
    package var date: Date { snapshot.date }

    /// The statuses of subscription group `groupID`:
    /// ``EntitlementEngine/statuses(ofGroup:in:at:)``, in the same order.
    ///
    /// A subscription belongs to the group of its latest transaction; StoreKit keeps a
    /// subscription (an `originalID`) within one group, so this is the group of all of them.
    package func statuses(ofGroup groupID: String) -> [GroupStatus] {
      snapshot.statuses(ofGroup: groupID)
    }

    /// The status an app shows for group `groupID`:
    /// ``EntitlementEngine/currentStatus(ofGroup:in:at:)``.
    package func currentStatus(ofGroup groupID: String) -> GroupStatus? {
      snapshot.currentStatus(ofGroup: groupID)
    }
  }

  /// Decides everything about `ledger` at `date` in one pass: the entitlements, the next
  /// change, and the statuses of any group on demand.
  package func decide(in ledger: PurchaseLedger, at date: Date) -> Decision {
    let snapshot = LedgerSnapshot(ledger, at: date, scope: .everything)
    return Decision(
      entitlements: snapshot.entitlements(), nextChange: snapshot.nextChange(),
      snapshot: snapshot)
  }
}
