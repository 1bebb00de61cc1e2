import Foundation
import LocalAppStore
import StoreModel
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the built `sportstime-store` in child processes: killed in the middle of its work, and
/// two at once on one state file. Without the built tool the tests are skipped, and say why.
@Suite(
  .enabled(
    if: BuiltTool.url != nil,
    "sportstime-store is not built: run `swift build` before `swift test` to run these tests"))
struct ProcessDurabilityTests {
  static var packageRoot: URL { BuiltTool.packageRoot }
  static var tool: URL? { BuiltTool.url }

  /// Starts `/bin/sh -c script` with the tool's path in `$TOOL`; standard output is piped.
  static func shell(_ script: String, tool: URL, in folder: URL) throws -> (Process, Pipe) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = folder
    process.environment = ["TOOL": tool.path, "PATH": "/usr/bin:/bin"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    return (process, pipe)
  }

  /// Reads `pipe` until `count` lines starting with `prefix` arrived (or it ends).
  static func readLines(from pipe: Pipe, until count: Int, prefix: String) -> String {
    var text = ""
    while text.components(separatedBy: "\n").filter({ $0.hasPrefix(prefix) }).count < count {
      let data = pipe.fileHandleForReading.availableData
      if data.isEmpty { break }
      text += String(decoding: data, as: UTF8.self)
    }
    return text
  }

  /// SIGKILLs `process` and the children it runs.
  static func killTree(_ process: Process) {
    let pid = process.processIdentifier
    let children =
      (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
    kill(pid, SIGKILL)
    for child in children.split(separator: " ").compactMap({ Int32($0) }) {
      kill(child, SIGKILL)
    }
    process.waitUntilExit()
  }

  @Test(
    "a process killed (SIGKILL) in a loop of purchases and renewals loses nothing it acknowledged")
  func killedMidOperation() async throws {
    let tool = try #require(Self.tool)
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try Self.catalogWithCoins().write(to: folder.url.appendingPathComponent("loop.storekit"))
    let setup = try Self.shell(
      "\"$TOOL\" reset --storekit loop.storekit --date 2026-01-01T00:00:00Z --state s.sqlite && \"$TOOL\" buy com.sportstime.pro.monthly --state s.sqlite",
      tool: tool, in: folder.url)
    setup.0.waitUntilExit()
    try #require(setup.0.terminationStatus == 0)
    var generator = SeededGenerator(seed: 7)
    var acknowledgedIDs: Set<UInt64> = [1]
    var acknowledgedPurchases = 0
    var acknowledgedTime = utc(2026, 1, 1)
    for _ in 0..<3 {
      let (process, pipe) = try Self.shell(
        """
        while true; do
          "$TOOL" advance 10d --state s.sqlite || exit 3
          "$TOOL" buy com.sportstime.coins --state s.sqlite || exit 3
        done
        """, tool: tool, in: folder.url)
      // Let a few operations be acknowledged, then kill at a random moment of the next one.
      let wanted = Int.random(in: 2...4, using: &generator)
      var output = Self.readLines(from: pipe, until: wanted, prefix: "Purchased: ")
      let delay = UInt64.random(in: 0...120, using: &generator)
      try await Task.sleep(nanoseconds: delay * 1_000_000)
      Self.killTree(process)
      output += String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      for line in output.split(separator: "\n") {
        if line.hasPrefix("Time is now "),
          let date = try? Date(String(line.dropFirst(12).dropLast()), strategy: .iso8601)
        {
          acknowledgedTime = max(acknowledgedTime, date)
        }
        for prefix in ["New: #", "Purchased: #"] where line.hasPrefix(prefix) {
          guard let id = UInt64(line.dropFirst(prefix.count).prefix { $0.isNumber }) else {
            continue
          }
          acknowledgedIDs.insert(id)
          if prefix == "Purchased: #" { acknowledgedPurchases += 1 }
        }
      }
      let store = try LocalAppStore(openingStateAt: folder.path("s.sqlite"))
      #expect(store.now >= acknowledgedTime)
      let history = try await store.history()
      #expect(acknowledgedIDs.isSubset(of: Set(history.map(\.id))))
      #expect(Set(history.map(\.id)).count == history.count)
      #expect(
        history.filter { $0.productID == "com.sportstime.coins" }.count >= acknowledgedPurchases)
      let renewals = history.filter { $0.originalID == 1 }
      for (previous, next) in zip(renewals, renewals.dropFirst()) {
        #expect(next.purchaseDate == previous.expirationDate)
      }
      #expect(renewals.last?.expirationDate ?? .distantPast > store.now)
      #expect(try Self.integrity(of: folder.path("s.sqlite")) == "ok")
    }
    #expect(acknowledgedPurchases >= 6)
    #expect(acknowledgedIDs.count > acknowledgedPurchases + 1)
  }

  /// The bundled SportsTime.storekit with a consumable added (`com.sportstime.coins`): a
  /// catalog in which a loop can both renew a subscription and keep buying.
  static func catalogWithCoins() throws -> Data {
    let bundled = packageRoot.appendingPathComponent(
      "Sources/SportsTimePro/Resources/SportsTime.storekit")
    var root = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: bundled)) as? [String: Any])
    let coins = try #require(
      try JSONSerialization.jsonObject(with: Data(coinsCatalog.utf8)) as? [String: Any])
    let products = (root["products"] as? [Any] ?? []) + (coins["products"] as? [Any] ?? [])
    root["products"] = products
    return try JSONSerialization.data(withJSONObject: root)
  }

  @Test("two processes buying and advancing on one state file at once lose nothing")
  func twoProcesses() async throws {
    let tool = try #require(Self.tool)
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try Self.coinsCatalog.write(
      to: folder.url.appendingPathComponent("coins.storekit"), atomically: true, encoding: .utf8)
    let setup = try Self.shell(
      "\"$TOOL\" reset --storekit coins.storekit --date 2026-01-01T00:00:00Z --state s.sqlite",
      tool: tool, in: folder.url)
    setup.0.waitUntilExit()
    try #require(setup.0.terminationStatus == 0)
    let count = 12
    let advancing = try Self.shell(
      "i=0; while [ $i -lt \(count) ]; do \"$TOOL\" advance 1d --state s.sqlite >/dev/null || exit 3; i=$((i+1)); done",
      tool: tool, in: folder.url)
    let buying = try Self.shell(
      "i=0; while [ $i -lt \(count) ]; do \"$TOOL\" buy com.sportstime.coins --state s.sqlite >/dev/null || exit 3; i=$((i+1)); done",
      tool: tool, in: folder.url)
    advancing.0.waitUntilExit()
    buying.0.waitUntilExit()
    #expect(advancing.0.terminationStatus == 0)
    #expect(buying.0.terminationStatus == 0)
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

/// The package's built `sportstime-store`.
enum BuiltTool {
  /// The package's root folder.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The built tool, or `nil` when it was not built.
  static let url: URL? = ["debug", "release"].lazy.map {
    packageRoot.appendingPathComponent(".build/\($0)/sportstime-store")
  }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}
