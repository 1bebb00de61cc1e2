import Foundation
import LocalAppStore
import StoreModel
import StoreTesting

/// The soak of the local App Store: `soak setup|worker|check`, driven by `scripts/soak`.
///
/// - `soak setup STATE`: a fresh state selling SportsTime Pro, its time at 2026-01-01.
/// - `soak worker STATE NAME SEED DAYS REPORT`: one process's share of the work. It runs random
///   operations (purchases, renewals by moving time, billing issues, grace periods, refunds, Ask
///   to Buy, family sharing, cancellations, finishing) for its own accounts until the shared
///   time has passed DAYS days, checks every invariant of the accounts a step touched after
///   that step, and writes what it saw to REPORT (JSON).
/// - `soak check STATE REPORT...`: once the workers are done, checks every account of every
///   report again and that no transaction any worker saw is lost; prints the figures.
///
/// Exit status 1 at the first broken invariant, with what broke.
@_spi(Fuzz) public enum Soak {
  /// Runs `soak` with its arguments (the program's name left out) and returns its exit status:
  /// 0 when every invariant held, 1 at the first broken one or failed step.
  public static func run(_ arguments: [String]) async -> Int32 {
    do {
      switch arguments.first {
      case "setup" where arguments.count == 2:
        try setup(path: arguments[1])
      case "worker" where arguments.count == 6:
        guard let seed = UInt64(arguments[3]), let days = Int(arguments[4]) else {
          throw SoakFailure("worker: SEED and DAYS are numbers")
        }
        var worker = try Worker(
          path: arguments[1], name: arguments[2], seed: seed, days: days)
        let report = try await worker.run()
        try JSONEncoder().encode(report).write(to: URL(fileURLWithPath: arguments[5]))
      case "check" where arguments.count >= 3:
        try await FinalCheck(path: arguments[1], reports: Array(arguments.dropFirst(2))).run()
      default:
        throw SoakFailure(
          "usage: soak setup STATE | worker STATE NAME SEED DAYS REPORT | check STATE REPORT...")
      }
    } catch {
      FileHandle.standardError.write(Data("soak: \(error)\n".utf8))
      return 1
    }
    return 0
  }

  /// 2026-01-01T00:00:00Z.
  static let start = Date(timeIntervalSince1970: 1_767_225_600)

  /// The state's settings. The soak checks the ledger across processes, not StoreKit's timing:
  /// the app-side listing it compares with the status must not lag (device timing's lag is
  /// proven by its tests). The workers verify in the environment these settings sign in
  /// (StoreKit Testing's `Xcode`).
  static let settings = EmulatorSettings.polite

  static func setup(path: String) throws {
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
    _ = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, settings: settings, startDate: start)
  }
}

/// A broken invariant or a failed step.
struct SoakFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// What a worker saw: the transactions of each of its accounts, and its figures.
struct WorkerReport: Codable {
  var name: String
  var steps = 0
  var storeCalls = 0
  var checks = 0
  var retries = 0
  /// Operations refused because the other process held the lock past the busy timeout.
  var busy = 0
  var seconds = 0.0
  var stepsByKind: [String: Int] = [:]
  /// Every transaction identifier seen per account, and those seen revoked.
  var seen: [String: [UInt64]] = [:]
  var revoked: [UInt64] = []
  var finalDate = Date(timeIntervalSince1970: 0)
}
