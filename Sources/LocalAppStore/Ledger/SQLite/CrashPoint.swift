import Foundation
import StoreInternals

/// A place in a write transaction where the process kills itself with `SIGKILL` when its
/// environment asks for it: how the durability tests stop `sportstime-store` exactly before or
/// exactly after a commit, rather than at a moment a timer happens to hit.
///
/// Inert unless `SPORTSTIME_STORE_CRASH_AT` is set, to `before-commit` or `after-commit`,
/// optionally followed by `:N` for the N-th transaction of the process that changed the state
/// (1 by default; transactions that only read do not count).
/// `before-commit` dies with every change of the transaction made but not committed;
/// `after-commit` dies once the commit returned, before anything is reported.
enum CrashPoint: String, Sendable {
  case beforeCommit = "before-commit"
  case afterCommit = "after-commit"

  /// The environment variable that arms a crash point.
  static let variable = "SPORTSTIME_STORE_CRASH_AT"

  /// The armed point and the write transaction it waits for, read once per process.
  private static let armed: (point: CrashPoint, transaction: Int)? = {
    guard let text = ProcessInfo.processInfo.environment[variable] else { return nil }
    let parts = text.split(separator: ":", maxSplits: 1)
    guard let point = parts.first.flatMap({ CrashPoint(rawValue: String($0)) }) else { return nil }
    let transaction = parts.count == 2 ? Int(parts[1]) ?? 1 : 1
    return (point, transaction)
  }()

  /// How many transactions that changed the state reached their commit in this process.
  private static let commits = Locked(0)

  /// Called just before the `COMMIT` of a transaction that changed the state: counts it, and
  /// dies if asked to.
  static func willCommit() {
    guard let armed else { return }
    let number = commits.withLock { count in
      count += 1
      return count
    }
    if armed.point == .beforeCommit, armed.transaction == number { killThisProcess() }
  }

  /// Called just after such a `COMMIT` returned: dies if asked to.
  static func didCommit() {
    guard let armed, armed.point == .afterCommit else { return }
    if commits.withLock({ $0 }) == armed.transaction { killThisProcess() }
  }
}
