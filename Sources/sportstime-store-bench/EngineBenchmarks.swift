import Foundation
import LocalAppStore
import StoreModel
import StoreTesting

/// Measures the entitlement engine on synthetic histories of 1k, 10k and 100k transactions.
///
/// One evaluation is what an app does when it wakes: ``EntitlementEngine/decide(in:at:)`` at
/// ``HistoryBuilder/syntheticNow`` (one pass: the entitlements and the next change), then the
/// statuses of one group. The histories come from
/// ``HistoryBuilder/synthetic(transactionCount:seed:)``: many subscriptions with monthly
/// renewals, some refunds, upgrades, billing retries.
///
/// Each sample is taken *cold*: the CPU caches are first flushed by writing a buffer larger
/// than the last-level cache, so every size reads its ledger from main memory, as an app does
/// when it wakes. That is the regime in which the ratio of two sizes shows the algorithm's
/// scaling. The same evaluation repeated at once gives the *warm* figures: there a 10k ledger
/// (a transaction takes about 500 bytes: 5 MB) stays in the cache and a 100k one (50 MB)
/// cannot, which penalizes the large size for memory bandwidth, not for the algorithm; the
/// warm ratio of a bare loop that only reads the three fields every pass needs
/// (`scan_100k_over_10k_warm`) shows that penalty alone.
///
/// The sizes are measured in interleaved rounds (every round times each size once, after one
/// warm-up round), so that a burst of load on a shared machine slows all sizes alike. Each
/// figure is the median over the rounds; each ratio is the median of the rounds' ratios.
///
/// - Returns: Milliseconds per evaluation, cold: `engine_1k_ms`, `engine_10k_ms`,
///   `engine_100k_ms`, and the scaling `engine_100k_over_10k` (linear is 10, the target at
///   most 12); the same warm, suffixed `_warm`; `scan_100k_over_10k_warm`;
///   `engine_100k_ns_per_transaction` (cold); `engine_100k_by_date_ms`, the 100k ledger sorted
///   by purchase date so that subscriptions interleave (cold); and
///   `engine_100k_three_queries_ms`, the three separate queries instead of one decision (cold).
func runEngineBenchmarks() -> [String: Double] {
  let sizes: [(label: String, count: Int)] = [("1k", 1_000), ("10k", 10_000), ("100k", 100_000)]
  let ledgers = sizes.map { HistoryBuilder.synthetic(transactionCount: $0.count, seed: 2026) }
  var byDate = ledgers[2]
  byDate.transactions.sort { ($0.purchaseDate, $0.id) < ($1.purchaseDate, $1.id) }
  var flusher = CacheFlusher()
  var sink = 0
  var cold = Array(repeating: [Double](), count: sizes.count)
  var warm = Array(repeating: [Double](), count: sizes.count)
  var scans = Array(repeating: [Double](), count: sizes.count)
  var byDateSamples: [Double] = []
  var separateSamples: [Double] = []

  for round in 0...15 {
    // Round 0 warms up the allocator and the code; it is not kept.
    let keep = round > 0
    for position in sizes.indices {
      flusher.flush()
      let coldTime = timeMilliseconds { sink &+= evaluate(ledgers[position]) }
      let warmTime = timeMilliseconds { sink &+= evaluate(ledgers[position]) }
      let scanTime = timeMilliseconds { sink &+= scan(ledgers[position]) }
      if keep {
        cold[position].append(coldTime)
        warm[position].append(warmTime)
        scans[position].append(scanTime)
      }
    }
    flusher.flush()
    let byDateTime = timeMilliseconds { sink &+= evaluate(byDate) }
    flusher.flush()
    let separateTime = timeMilliseconds { sink &+= evaluateSeparately(ledgers[2]) }
    if keep {
      byDateSamples.append(byDateTime)
      separateSamples.append(separateTime)
    }
  }
  if sink == Int.min { print(sink) }  // Keeps the answers observable.

  var results: [String: Double] = [:]
  for (position, size) in sizes.enumerated() {
    results["engine_\(size.label)_ms"] = median(cold[position])
    results["engine_\(size.label)_warm_ms"] = median(warm[position])
  }
  results["engine_100k_over_10k"] = medianRatio(cold[2], cold[1])
  results["engine_100k_over_10k_warm"] = medianRatio(warm[2], warm[1])
  results["scan_100k_over_10k_warm"] = medianRatio(scans[2], scans[1])
  results["engine_100k_ns_per_transaction"] = median(cold[2]) * 1_000_000 / 100_000
  results["engine_100k_by_date_ms"] = median(byDateSamples)
  results["engine_100k_three_queries_ms"] = median(separateSamples)
  return results
}

/// One evaluation; returns a value derived from every answer so that none is optimized away.
private func evaluate(_ ledger: PurchaseLedger) -> Int {
  let decision = EntitlementEngine().decide(in: ledger, at: HistoryBuilder.syntheticNow)
  let statuses = decision.statuses(ofGroup: "group.0")
  return decision.entitlements.count + statuses.count + (decision.nextChange == nil ? 0 : 1)
}

/// The least any pass must do: read, for every transaction, the three fields the engine's
/// pass reads (`productType`, `originalID`, `purchaseDate`).
private func scan(_ ledger: PurchaseLedger) -> Int {
  let transactions = ledger.transactions
  let autoRenewable = ProductType.autoRenewable
  var count = 0
  var latest = Date.distantPast
  for index in transactions.indices where transactions[index].productType == autoRenewable {
    count &+= Int(truncatingIfNeeded: transactions[index].originalID)
    latest = max(latest, transactions[index].purchaseDate)
  }
  return count &+ Int(latest.timeIntervalSince1970)
}

/// The same answers from the three separate queries, each reading the ledger.
private func evaluateSeparately(_ ledger: PurchaseLedger) -> Int {
  let engine = EntitlementEngine()
  let date = HistoryBuilder.syntheticNow
  let entitlements = engine.currentEntitlements(in: ledger, at: date)
  let statuses = engine.statuses(ofGroup: "group.0", in: ledger, at: date)
  let next = engine.nextChange(in: ledger, after: date)
  return entitlements.count + statuses.count + (next == nil ? 0 : 1)
}

/// Evicts the benchmark's data from the CPU caches by writing a buffer larger than them.
private struct CacheFlusher {
  /// 64 MiB: twice the largest last-level cache of the machines this runs on.
  private var buffer = [UInt8](repeating: 0, count: 64 << 20)
  private var pass: UInt8 = 0

  mutating func flush() {
    pass &+= 1
    let value = pass
    buffer.withUnsafeMutableBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        bytes[offset] = value
        offset += 64
      }
    }
  }
}

/// The wall time of `body`, read from `ContinuousClock`, in milliseconds.
private func timeMilliseconds(_ body: () -> Void) -> Double {
  let clock = ContinuousClock()
  let start = clock.now
  body()
  let (seconds, attoseconds) = (clock.now - start).components
  return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
}

/// The median of the ratios of `numerators` to `denominators`, pairwise.
private func medianRatio(_ numerators: [Double], _ denominators: [Double]) -> Double {
  median(zip(numerators, denominators).map { $0 / max($1, 1e-9) })
}

/// The median of `values` (the mean of the middle two for an even count); 0 when empty.
private func median(_ values: [Double]) -> Double {
  guard !values.isEmpty else { return 0 }
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
