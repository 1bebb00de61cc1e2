import Foundation
import LocalAppStore
import StoreModel
import TestSupport
import Testing

/// Runs the built `sportstime-store` in child processes: killed at a commit, and two at once on
/// one state file. Without the built tool the tests are skipped, and say why.
///
/// The processes are started with `posix_spawn` (``ChildProcess``), not `Foundation.Process`,
/// whose weak-reference side tables LeakSanitizer reports depending on timing. The kill is not
/// timed either: `SPORTSTIME_STORE_CRASH_AT` makes the tool kill itself (`SIGKILL`) exactly
/// before or exactly after the commit of its write, so every run checks the same moment.
@Suite(.enabled(if: BuiltTool.url != nil, BuiltTool.notBuilt))
struct ProcessDurabilityTests {

  /// Runs the tool with `arguments` on the state `s.sqlite` in `folder`; `crash` arms a crash
  /// point (`before-commit`, `after-commit`).
  static func tool(
    _ arguments: [String], in folder: TemporaryFolder, crash: String? = nil
  ) throws -> (termination: ChildProcess.Termination, output: String) {
    let tool = try #require(BuiltTool.url)
    var environment = ["PATH": "/usr/bin:/bin"]
    environment["SPORTSTIME_STORE_CRASH_AT"] = crash
    return try ChildProcess.run(
      tool.path, arguments + ["--state", folder.path("s.sqlite")], environment: environment,
      in: folder.url)
  }

  /// Runs `/bin/sh -c script` in `folder` with the tool's path in `$TOOL`.
  static func shell(_ script: String, in folder: TemporaryFolder) throws -> ChildProcess {
    let tool = try #require(BuiltTool.url)
    return try ChildProcess(
      "/bin/sh", ["-c", script], environment: ["TOOL": tool.path, "PATH": "/usr/bin:/bin"],
      in: folder.url)
  }

  /// What a state holds: its time and its transactions (identifier, original, product, dates).
  struct Snapshot: Equatable {
    var now: Date
    var transactions: [Transaction]

    init(_ folder: TemporaryFolder) async throws {
      let store = try LocalAppStore(openingStateAt: folder.path("s.sqlite"))
      now = store.now
      transactions = try await store.history()
    }

    static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
      lhs.now == rhs.now && lhs.transactions.map(\.id) == rhs.transactions.map(\.id)
    }
  }

  /// A write the tool is killed at, and what it adds once committed.
  struct Crash: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var point: String
    /// The time the write moves the state by, and the transactions it adds.
    var movesTime: TimeInterval
    var adds: Int

    var testDescription: String { "\(arguments.joined(separator: " ")) at \(point)" }

    static let all: [Crash] = ["before-commit", "after-commit"].flatMap { point in
      [
        Crash(arguments: ["buy", "com.sportstime.coins"], point: point, movesTime: 0, adds: 1),
        // Three renewals of the monthly subscription in one write: 11 Jan → 11 Apr.
        Crash(arguments: ["advance", "3m"], point: point, movesTime: 90 * day, adds: 3),
      ]
    }
  }

  @Test(
    "a process killed (SIGKILL) at its commit keeps all that was acknowledged, and the write is whole or absent",
    arguments: Crash.all)
  func killedAtCommit(_ crash: Crash) async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try Self.catalogWithCoins().write(to: folder.url.appendingPathComponent("loop.storekit"))
    for arguments in [
      ["reset", "--storekit", "loop.storekit", "--date", "2026-01-01T00:00:00Z"],
      ["buy", "com.sportstime.pro.monthly"], ["advance", "10d"], ["buy", "com.sportstime.coins"],
    ] {
      let step = try Self.tool(arguments, in: folder)
      try #require(step.termination == .exited(0), "\(arguments): \(step.output)")
    }
    let acknowledged = try await Snapshot(folder)
    #expect(acknowledged.now == utc(2026, 1, 11))
    #expect(acknowledged.transactions.count == 2)

    let killed = try Self.tool(crash.arguments, in: folder, crash: crash.point)
    #expect(killed.termination == .signalled(SIGKILL))
    #expect(killed.output == "", "nothing is reported before the commit returns")

    let after = try await Snapshot(folder)
    #expect(try Self.integrity(of: folder.path("s.sqlite")) == "ok")
    if crash.point == "before-commit" {
      #expect(after == acknowledged, "an uncommitted write left a trace")
    } else {
      #expect(after.now == acknowledged.now.addingTimeInterval(crash.movesTime))
      #expect(after.transactions.count == acknowledged.transactions.count + crash.adds)
      #expect(Array(after.transactions.prefix(2)).map(\.id) == acknowledged.transactions.map(\.id))
    }
    // The state goes on: the next process opens it, writes and reads a consistent history.
    let next = try Self.tool(["buy", "com.sportstime.coins"], in: folder)
    #expect(next.termination == .exited(0))
    let final = try await Snapshot(folder)
    #expect(Set(final.transactions.map(\.id)).count == final.transactions.count)
    let renewals = final.transactions.filter { $0.originalID == 1 }
    for (previous, next) in zip(renewals, renewals.dropFirst()) {
      #expect(next.purchaseDate == previous.expirationDate)
    }
    #expect(renewals.last?.expirationDate ?? .distantPast > final.now)
  }

  /// The bundled SportsTime.storekit with a consumable added (`com.sportstime.coins`): a
  /// catalog in which a loop can both renew a subscription and keep buying.
  static func catalogWithCoins() throws -> Data {
    let bundled = PackageFolders.root.appendingPathComponent(
      "Sources/SportsTimePro/Resources/SportsTime.storekit")
    var root = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: bundled)) as? [String: Any])
    let coins = try #require(
      try JSONSerialization.jsonObject(with: Data(coinsCatalog.utf8)) as? [String: Any])
    let products = (root["products"] as? [Any] ?? []) + (coins["products"] as? [Any] ?? [])
    root["products"] = products
    return try JSONSerialization.data(withJSONObject: root)
  }

  /// Each process holds the state's lock for one operation (milliseconds) and waits up to
  /// SQLite's busy timeout (10 s) for the other's, so the interleaving varies from run to run
  /// but no interleaving changes the outcome that is checked.
  @Test("two processes buying and advancing on one state file at once lose nothing")
  func twoProcesses() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try Self.coinsCatalog.write(
      to: folder.url.appendingPathComponent("coins.storekit"), atomically: true, encoding: .utf8)
    let setup = try Self.tool(
      ["reset", "--storekit", "coins.storekit", "--date", "2026-01-01T00:00:00Z"], in: folder)
    try #require(setup.termination == .exited(0))
    let count = 12
    let advancing = try Self.shell(
      "i=0; while [ $i -lt \(count) ]; do \"$TOOL\" advance 1d --state s.sqlite >/dev/null || exit 3; i=$((i+1)); done",
      in: folder)
    let buying = try Self.shell(
      "i=0; while [ $i -lt \(count) ]; do \"$TOOL\" buy com.sportstime.coins --state s.sqlite >/dev/null || exit 3; i=$((i+1)); done",
      in: folder)
    _ = try advancing.readToEnd()
    _ = try buying.readToEnd()
    #expect(try advancing.wait() == .exited(0))
    #expect(try buying.wait() == .exited(0))
    let store = try LocalAppStore(openingStateAt: folder.path("s.sqlite"))
    #expect(store.now == utc(2026, 1, 1).addingTimeInterval(Double(count) * day))
    let history = try await store.history()
    #expect(history.count == count)
    #expect(Set(history.map(\.id)).count == count)
    #expect(try Self.integrity(of: folder.path("s.sqlite")) == "ok")
  }

  static func integrity(of path: String) throws -> String {
    try integrityCheck(path)
  }

  static let coinsCatalog = """
    {
      "products" : [
        {
          "displayPrice" : "0.99", "familyShareable" : false, "internalID" : "A1B2C3D4",
          "localizations" : [
            { "description" : "A handful of coins.", "displayName" : "Coins", "locale" : "en_US" }
          ],
          "productID" : "com.sportstime.coins", "referenceName" : "Coins", "type" : "Consumable"
        }
      ],
      "settings" : { "_locale" : "en_US", "_storefront" : "USA" },
      "subscriptionGroups" : [],
      "version" : { "major" : 4, "minor" : 0 }
    }
    """
}
