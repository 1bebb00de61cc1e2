import Foundation

/// The figures of one benchmark run, in the order they were measured, and notices.
struct BenchmarkReport {
  private(set) var figures: [(key: String, value: Double, label: String, listed: Bool)] = []
  private(set) var notices: [String] = []

  /// Records a figure under a stable `snake_case` key, with a label for people; `listed: false`
  /// leaves it out of ``text()`` (a group that prints a table of its own).
  mutating func record(_ key: String, _ value: Double, label: String, listed: Bool = true) {
    figures.append((key, value, label, listed))
  }

  /// Records a notice (a skipped measurement, a missing input).
  mutating func notice(_ text: String) {
    notices.append(text)
  }

  /// One JSON object: every figure under its key, and `notices` when there are any.
  func json() -> String {
    var members = figures.map { figure in
      let rounded = (figure.value * 1000).rounded() / 1000
      return "  \"\(figure.key)\": \(rounded)"
    }
    if !notices.isEmpty {
      let list = notices.map { "\"" + $0.replacingOccurrences(of: "\"", with: "'") + "\"" }
      members.append("  \"notices\": [" + list.joined(separator: ", ") + "]")
    }
    return "{\n" + members.joined(separator: ",\n") + "\n}"
  }

  /// A table: one figure a line.
  func text() -> String {
    let listed = figures.filter(\.listed)
    let width = listed.map(\.label.count).max() ?? 0
    var lines = listed.map { figure in
      let padded = figure.label.padding(toLength: width, withPad: " ", startingAt: 0)
      let value: String
      if figure.key.hasSuffix("_ratio") || figure.key.contains("_over_") {
        value = String(format: "%.2f×", figure.value)
      } else if figure.key.hasSuffix("_bytes") {
        value = String(format: "%.0f bytes", figure.value)
      } else if figure.key.hasSuffix("_ns_per_transaction") {
        value = String(format: "%.0f ns", figure.value)
      } else if figure.key.hasSuffix("_per_purchase") || figure.key.hasSuffix("_per_renewal") {
        value = String(format: "%.2f", figure.value)
      } else if figure.key.hasSuffix("_ms") {
        value = String(format: "%.3f ms", figure.value)
      } else {
        value = String(format: "%.0f/s", figure.value)
      }
      return "\(padded)  \(value)"
    }
    lines += notices.map { "notice: \($0)" }
    return lines.joined(separator: "\n")
  }
}

/// Measures how many times a second a closure runs, per second of the measuring thread's own CPU
/// time: other processes sharing the machine's cores then slow the wall clock, not the figure.
enum Rate {
  /// The calling thread's CPU time, in seconds.
  static func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// The best rate over `rounds` rounds of about `seconds` of CPU time each, after a warm-up.
  static func measure(rounds: Int = 5, seconds: Double = 0.4, _ body: () -> Bool) -> Double {
    for _ in 0..<20 { _ = body() }
    var best = 0.0
    for _ in 0..<rounds {
      var iterations = 0
      var failures = 0
      let start = threadCPUTime()
      var elapsed = 0.0
      while elapsed < seconds {
        for _ in 0..<16 where !body() { failures += 1 }
        iterations += 16
        elapsed = threadCPUTime() - start
      }
      precondition(failures == 0, "a benchmarked check failed")
      best = max(best, Double(iterations) / elapsed)
    }
    return best
  }

  /// Measures two closures in many short alternating rounds and keeps each one's best, so that
  /// both are seen at the machine's quietest moments (other processes share its cores).
  static func compare(
    rounds: Int = 6, seconds: Double = 0.1, _ first: () -> Bool, _ second: () -> Bool
  )
    -> (Double, Double)
  {
    var bestFirst = 0.0
    var bestSecond = 0.0
    for _ in 0..<rounds {
      bestFirst = max(bestFirst, measure(rounds: 1, seconds: seconds, first))
      bestSecond = max(bestSecond, measure(rounds: 1, seconds: seconds, second))
    }
    return (bestFirst, bestSecond)
  }
}
