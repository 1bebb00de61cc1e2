import Foundation
@_spi(Tools) import LocalAppStore
import StoreModel
import StoreTesting

/// The local App Store's own throughput: purchases and renewals per second on an in-memory
/// store, with what each one costs (SQLite transactions, signatures, verifications), and each
/// against its floor.
///
/// A round makes a fresh store (not timed), then times `operations` purchases of the monthly
/// plan by as many accounts, or one purchase followed by `operations` moves of the stored time
/// by one month, each making one renewal; then as many of each one's floor (``EmulatorFloor``:
/// its signatures, verification and SQLite commit, bare). Each figure is the best of the
/// rounds' rates on the process's CPU time (the machine's quietest moment, as
/// ``Rate/measure(rounds:seconds:_:)``). The per-operation costs come from
/// ``LocalAppStore/operationCosts`` over the same operations, divided by their number.
///
/// - Returns: `purchases_per_s`, `renewals_per_s`; `purchase_floor_per_s` and
///   `renewal_floor_per_s`, the floors' rates, and `purchase_floor_ratio` and
///   `renewal_floor_ratio`, the time of one over its floor's; and per operation
///   `sqlite_transactions_per_purchase`, `signatures_per_purchase`, `verifications_per_purchase`,
///   `sqlite_transactions_per_renewal`, `signatures_per_renewal`, `verifications_per_renewal`.
func runEmulatorBenchmarks(rounds: Int = 15, operations: Int = 100) async -> [String: Double] {
  var purchaseRates: [Double] = []
  var renewalRates: [Double] = []
  var purchaseFloorRates: [Double] = []
  var renewalFloorRates: [Double] = []
  var purchaseCosts = OperationCosts()
  var renewalCosts = OperationCosts()
  let month = EmulatorDuration("P1M")!
  do {
    // The floor signs what a first purchase signed, and commits its notification.
    let first = try await freshStore()
    guard
      case .purchased(let purchase) = try await first.purchaseWithOutcome(
        SportsTimeFixtures.monthly)
    else { return ["emulator_error": 1] }
    let floor = try await EmulatorFloor(after: purchase, in: first)
    for _ in 0..<rounds {
      let buying = try await freshStore()
      let before = await buying.operationCosts
      let start = processCPUTime()
      for index in 0..<operations {
        _ = try await buying.purchaseWithOutcome(
          SportsTimeFixtures.monthly, account: "account-\(index)")
      }
      purchaseRates.append(Double(operations) / (processCPUTime() - start))
      purchaseCosts = await buying.operationCosts - before

      let renewing = try await freshStore()
      _ = try await renewing.purchaseWithOutcome(SportsTimeFixtures.monthly)
      let renewalsBefore = await renewing.operationCosts
      let renewalStart = processCPUTime()
      for _ in 0..<operations {
        try await renewing.advanceTime(by: month)
      }
      renewalRates.append(Double(operations) / (processCPUTime() - renewalStart))
      renewalCosts = await renewing.operationCosts - renewalsBefore

      let floorStart = processCPUTime()
      for _ in 0..<operations {
        guard try floor.purchase() else { return ["emulator_error": 1] }
      }
      purchaseFloorRates.append(Double(operations) / (processCPUTime() - floorStart))
      let renewalFloorStart = processCPUTime()
      for _ in 0..<operations { try floor.renewal() }
      renewalFloorRates.append(Double(operations) / (processCPUTime() - renewalFloorStart))
    }
  } catch {
    return ["emulator_error": 1]
  }
  func perOperation(_ count: Int) -> Double { Double(count) / Double(operations) }
  /// The time of an operation over its floor's: the floor's rate over the operation's.
  func ratio(_ floor: [Double], _ rates: [Double]) -> Double {
    let rate = rates.max() ?? 0
    return rate > 0 ? (floor.max() ?? 0) / rate : 0
  }
  return [
    "purchases_per_s": purchaseRates.max() ?? 0,
    "renewals_per_s": renewalRates.max() ?? 0,
    "purchase_floor_per_s": purchaseFloorRates.max() ?? 0,
    "renewal_floor_per_s": renewalFloorRates.max() ?? 0,
    "purchase_floor_ratio": ratio(purchaseFloorRates, purchaseRates),
    "renewal_floor_ratio": ratio(renewalFloorRates, renewalRates),
    "sqlite_transactions_per_purchase": perOperation(purchaseCosts.sqliteTransactions),
    "signatures_per_purchase": perOperation(purchaseCosts.signatures),
    "verifications_per_purchase": perOperation(purchaseCosts.verifications),
    "sqlite_transactions_per_renewal": perOperation(renewalCosts.sqliteTransactions),
    "signatures_per_renewal": perOperation(renewalCosts.signatures),
    "verifications_per_renewal": perOperation(renewalCosts.verifications),
  ]
}

/// A private in-memory store on the stored time, selling SportsTime's two plans.
private func freshStore() async throws -> LocalAppStore {
  try LocalAppStore.create(
    atPath: ":memory:", products: SportsTimeFixtures.products,
    startDate: Date(timeIntervalSince1970: 1_767_225_600))
}

private func processCPUTime() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
