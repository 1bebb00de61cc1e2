/// What the store's operations have cost so far: the work the benchmark counts per purchase and
/// per renewal (``LocalAppStore/operationCosts``).
package struct OperationCosts: Sendable, Equatable {
  /// SQLite transactions begun (`BEGIN IMMEDIATE`, or `BEGIN` on a read-only state).
  package var sqliteTransactions = 0
  /// ES256 signatures made: transactions, renewal info, the tokens inside notifications and the
  /// notifications themselves.
  package var signatures = 0
  /// Tokens verified (the chain and the signature) before they were handed out.
  package var verifications = 0
  /// Runs of the subscription machine: one per event (a purchase, each subscription that falls
  /// due, a control).
  package var machineRuns = 0

  package init() {}

  /// What happened between `earlier` and this reading.
  package static func - (later: OperationCosts, earlier: OperationCosts) -> OperationCosts {
    var difference = OperationCosts()
    difference.sqliteTransactions = later.sqliteTransactions - earlier.sqliteTransactions
    difference.signatures = later.signatures - earlier.signatures
    difference.verifications = later.verifications - earlier.verifications
    difference.machineRuns = later.machineRuns - earlier.machineRuns
    return difference
  }
}
