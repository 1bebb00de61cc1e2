import Foundation
import Testing

@testable import StoreCLI

/// A temporary folder with a state file, and a runner of commands on it.
struct EmulatorSession {
  let folder: URL
  var state: String { folder.appendingPathComponent("state.sqlite").path }

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emulator-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// Runs `arguments` with `--state`; returns the exit code, standard output and error.
  func run(_ arguments: String...) async -> (code: Int32, out: String, err: String) {
    let context = CommandContext.capturing(currentDirectory: folder)
    let code = await StoreCLI.run(arguments + ["--state", state], context: context)
    return (code, context.capturedOutput, context.capturedErrors)
  }

  /// Resets the state to the bundled catalog on 2026-01-01.
  func reset() async -> Int32 {
    await run("reset", "--date", "2026-01-01T00:00:00Z").code
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}

@Suite struct EmulatorCommandTests {
  @Test("reset, buy, advance and history tell the story of a subscription")
  func subscriptionStory() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    let buy = await session.run("buy", "com.sportstime.pro.monthly")
    #expect(buy.code == 0)
    #expect(
      buy.out
        == "Purchased: #1  com.sportstime.pro.monthly  purchase  purchased 2026-01-01T00:00:00Z  expires 2026-02-01T00:00:00Z\n"
    )
    let advance = await session.run("advance", "2m")
    #expect(
      advance.out == """
        Time is now 2026-03-01T00:00:00Z.
        New: #2  com.sportstime.pro.monthly  renewal  purchased 2026-02-01T00:00:00Z  expires 2026-03-01T00:00:00Z  original #1
        New: #3  com.sportstime.pro.monthly  renewal  purchased 2026-03-01T00:00:00Z  expires 2026-04-01T00:00:00Z  original #1

        """)
    let status = await session.run("status")
    #expect(
      status.out == """
        Account:  purchaser
        Time:     2026-03-01T00:00:00Z
        Entitled: com.sportstime.pro.monthly
        Subscription 2F8B6D14: subscribed com.sportstime.pro.monthly, expires 2026-04-01T00:00:00Z, renews, purchased
        Ask to Buy pending: none
        Switches: ask-to-buy off, billing-issue off, grace-period off, time rate realTime
        Faults: none
        Family: no one

        """)
    #expect(await session.run("history").out.split(separator: "\n").count == 3)
  }

  @Test("status --json has entitlements, group states, expiry, auto-renew, ownership and requests")
  func statusJSON() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    _ = await session.reset()
    _ = await session.run("buy", "com.sportstime.pro.annual")
    _ = await session.run("cancel-renewal")
    _ = await session.run("ask-to-buy", "on")
    _ = await session.run("buy", "com.sportstime.pro.monthly", "--account", "kid")
    let result = await session.run("status", "--json")
    #expect(result.code == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    #expect(json["entitledProductIDs"] as? [String] == ["com.sportstime.pro.annual"])
    let subscriptions = try #require(json["subscriptions"] as? [[String: Any]])
    #expect(subscriptions.count == 1)
    #expect(subscriptions.first?["state"] as? String == "subscribed")
    #expect(subscriptions.first?["expirationDate"] as? String == "2027-01-01T00:00:00Z")
    #expect(subscriptions.first?["willAutoRenew"] as? Bool == false)
    #expect(subscriptions.first?["ownership"] as? String == "PURCHASED")
    let kid = await session.run("status", "--json", "--account", "kid")
    let kidJSON = try #require(
      try JSONSerialization.jsonObject(with: Data(kid.out.utf8)) as? [String: Any])
    let pending = try #require(kidJSON["pendingRequests"] as? [[String: Any]])
    #expect(pending.first?["productID"] as? String == "com.sportstime.pro.monthly")
  }

  @Test("Ask to Buy from the terminal: pending, approve by request id, entitled")
  func askToBuy() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    _ = await session.reset()
    #expect(await session.run("ask-to-buy", "on").out == "ask-to-buy is on.\n")
    let buy = await session.run("buy", "com.sportstime.pro.monthly")
    #expect(buy.out == "Waiting for approval (Ask to Buy): request #1\n")
    #expect(await session.run("approve", "1").code == 0)
    #expect(await session.run("approve", "1").code == 1)
    let status = await session.run("status", "--json")
    #expect(
      status.out.contains("\"entitledProductIDs\" : [\n    \"com.sportstime.pro.monthly\"\n  ]"))
  }

  @Test("billing issue with grace period, family sharing, refund and faults from the terminal")
  func switches() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    _ = await session.reset()
    _ = await session.run("buy", "com.sportstime.pro.monthly")
    _ = await session.run("billing-issue", "on")
    _ = await session.run("grace-period", "on")
    _ = await session.run("advance", "35d")
    #expect(await session.run("status").out.contains("inGracePeriod"))
    _ = await session.run("billing-issue", "off")
    #expect(await session.run("status").out.contains("subscribed"))
    #expect(
      await session.run("family-share", "alex").out
        == "Sharing with alex: com.sportstime.pro.monthly.\n")
    #expect(await session.run("status", "--account", "alex").out.contains("family shared"))
    #expect(await session.run("refund", "2").code == 0)
    #expect(await session.run("status", "--account", "alex").out.contains("Entitled: nothing"))
    #expect(await session.run("fail", "purchase").code == 0)
    let failed = await session.run("buy", "com.sportstime.pro.annual")
    #expect(failed.code == 1)
    #expect(
      failed.err
        == "sportstime-store: purchase of com.sportstime.pro.annual failed: system error: simulated purchase failure\n"
    )
    #expect(await session.run("fail", "verification").code == 0)
    let unverified = await session.run("buy", "com.sportstime.pro.annual")
    #expect(unverified.code == 1)
    #expect(unverified.err.contains("did not verify: invalidChain"))
  }

  @Test("bad usage exits 2; a missing state or an unknown product exits 1 with a reason")
  func errors() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    let missing = await session.run("status")
    #expect(missing.code == 1)
    #expect(missing.err.contains("run `sportstime-store reset` first"))
    _ = await session.reset()
    #expect(await session.run("advance", "soon").code == 2)
    #expect(await session.run("refund", "abc").code == 2)
    #expect(await session.run("ask-to-buy", "maybe").code == 2)
    #expect(await session.run("fail", "gravity").code == 2)
    #expect(await session.run("refund", "77").err == "sportstime-store: no transaction 77\n")
    let unknown = await session.run("buy", "com.example.nothing")
    #expect(unknown.code == 1)
    #expect(unknown.err.contains("no product com.example.nothing in the catalog"))
  }

  @Test("history --jws prints tokens that chain to the root status --export-root writes")
  func tokens() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    _ = await session.reset()
    _ = await session.run("buy", "com.sportstime.pro.monthly")
    let tokens = await session.run("history", "--jws")
    #expect(tokens.out.split(separator: "\n").count == 1)
    #expect(tokens.out.split(separator: ".").count == 3)
    let root = session.folder.appendingPathComponent("root.pem")
    #expect(await session.run("status", "--export-root", root.path).code == 0)
    let pem = try String(contentsOf: root, encoding: .utf8)
    #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----"))
  }
}
