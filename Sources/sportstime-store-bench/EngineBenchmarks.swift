import Foundation
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
/// Two regimes are measured. *Cold*: before each sample the CPU caches are flushed by writing
/// a buffer larger than the last-level cache, so every size reads its ledger from memory, as an
/// app does when it wakes; this is the regime in which the ratio of sizes shows the algorithm's
/// scaling. *Warm*: the same ledger evaluated again and again; a 10k ledger (5 MB) then lives in
/// the cache while a 100k one (50 MB) cannot, which adds a memory-bandwidth penalty to the
/// large size that no algorithm removes.
///
/// The sizes are measured in interleaved rounds (each round times every size once, after one
/// warm-up round), so that a burst of load on a shared machine slows all sizes alike. Each
/// figure is the median over the rounds; each ratio is the median of the rounds' ratios.
///
/// - Returns: Milliseconds per evaluation, cold: `engine_1k_ms`, `engine_10k_ms`,
///   `engine_100k_ms`, and their scaling `engine_100k_over_10k` (linear is 10, the target at
///   most 12); the same warm, with the suffix `_warm`; `engine_100k_ns_per_transaction` (cold);
///   and `engine_100k_three_queries_ms`, the three separate queries instead of one decision
///   (cold), for comparison.
func runEngineBenchmarks() -> [String: Double] {
  let sizes: [(label: String, count: Int)] = [("1k", 1_000), ("10k", 10_000), ("100k", 100_000)]
  let ledgers = sizes.map { HistoryBuilder.synthetic(transactionCount: $0.count, seed: 2026) }
  var flusher = CacheFlusher()
  var sink = 0
  var results: [String: Double] = [:]

  for regime in ["", "_warm"] {
    let cold = regime.isEmpty
    var samples = Array(repeating: [Double](), count: sizes.count)
    for round in 0...15 {
      for position in sizes.indices {
        // Cold samples time one evaluation after a flush; warm samples average ten in a row.
        let repeats = cold ? 1 : 10
        if cold { flusher.flush() }
        let milliseconds = timeMilliseconds {
          for _ in 0..<repeats { sink &+= evaluate(ledgers[position]) }
        }
        // Round 0 warms up the allocator and the code; it is not kept.
        if round > 0 { samples[position].append(milliseconds / Double(repeats)) }
      }
    }
    for (position, size) in sizes.enumerated() {
      results["engine_\(size.label)\(regime)_ms"] = median(samples[position])
    }
    results["engine_100k_over_10k\(regime)"] = median(
      zip(samples[2], samples[1]).map { $0 / max($1, 1e-9) })
  }
  results["engine_100k_ns_per_transaction"] = (results["engine_100k_ms"] ?? 0) * 10

  var separate: [Double] = []
  for _ in 0..<9 {
    flusher.flush()
    separate.append(timeMilliseconds { sink &+= evaluateSeparately(ledgers[2]) })
  }
  results["engine_100k_three_queries_ms"] = median(separate)
  if sink == Int.min { print(sink) }  // Keeps the answers observable.
  return results
}

/// One evaluation; returns a value derived from every answer so that none is optimized away.
private func evaluate(_ ledger: PurchaseLedger) -> Int {
  let decision = EntitlementEngine().decide(in: ledger, at: HistoryBuilder.syntheticNow)
  let statuses = decision.statuses(ofGroup: "group.0")
  return decision.entitlements.count + statuses.count + (decision.nextChange == nil ? 0 : 1)
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

/// The median of `values` (the mean of the middle two for an even count); 0 when empty.
private func median(_ values: [Double]) -> Double {
  guard !values.isEmpty else { return 0 }
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
