import Foundation
import StoreCLI
import TestSupport
import Testing

/// A temporary folder with a state file, and a runner of commands on it.
struct EmulatorSession {
  private let temporary: TemporaryFolder
  var folder: URL { temporary.url }
  var state: String { temporary.path("state.sqlite") }

  init() throws { temporary = try TemporaryFolder("emulator-cli") }

  /// Runs `arguments` with `--state`; returns the exit code, standard output and error.
  func run(_ arguments: String...) async -> InProcessTool.Result { await run(arguments) }

  /// Runs `arguments` with `--state`; returns the exit code, standard output and error.
  func run(_ arguments: [String]) async -> InProcessTool.Result {
    await InProcessTool.run(arguments + ["--state", state], in: folder)
  }

  /// The state file's bytes, or `nil` when there is none.
  ///
  /// Read through a file handle: `Data(contentsOf:)` leaks 4 KB on Linux for an empty file
  /// (Foundation's path for files whose size reads as 0), which fails the AddressSanitizer run.
  var stateBytes: Data? {
    guard let handle = FileHandle(forReadingAtPath: state) else { return nil }
    defer { try? handle.close() }
    do { return try handle.readToEnd() ?? Data() } catch { return nil }
  }

  /// Resets the state to the bundled catalog on 2026-01-01.
  func reset() async -> Int32 {
    await run("reset", "--date", "2026-01-01T00:00:00Z").code
  }

  /// A new session reset to SportsTime's catalog with offers (`OfferCatalogFile`) on
  /// 2026-01-01.
  static func withOffers() async throws -> EmulatorSession {
    let session = try EmulatorSession()
    let file = try OfferCatalogFile.write(into: session.folder)
    #expect(
      await session.run("reset", "--storekit", file, "--date", "2026-01-01T00:00:00Z").code == 0)
    return session
  }

  func remove() { temporary.remove() }
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
        Subscription Pro Access (2F8B6D14): subscribed com.sportstime.pro.monthly, expires 2026-04-01T00:00:00Z, renews, purchased
        Ask to Buy pending: none
        Switches: ask-to-buy off, billing-issue off, grace-period off, intro-offer-after-lapse off, interrupted-purchases off, consumable-history off, device-timing on (listing lag 1 read), time rate realTime
        Faults: none
        Family: no one
        Server notifications: 3 pending, environment Xcode, URL none

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
    #expect(await session.run("status").out.contains("inGracePeriod"))
    #expect(await session.run("resolve-issue", "1").code == 0)
    #expect(await session.run("status").out.contains("subscribed"))
    // An empty name or one with spaces is refused, and shares nothing (before, '' was added as a
    // member; watched).
    for name in ["", "a b"] {
      let refused = await session.run("family-share", name)
      #expect(refused.code == 1)
      #expect(refused.err.contains("is not a family member's name"))
    }
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

  @Test("a state started in 1990 buys verified transactions, and a century later still verifies")
  func datesOutsideTheOldValidity() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.run("reset", "--date", "1990-01-01T00:00:00Z").code == 0)
    let buy = await session.run("buy", "com.sportstime.pro.annual")
    #expect(buy.code == 0)
    #expect(buy.err == "")
    #expect(await session.run("advance", "100y").code == 0)
    let history = await session.run("history")
    #expect(history.out.split(separator: "\n").count == 101)
    #expect(!history.out.contains("UNVERIFIED"))
  }

  @Test(
    "a time outside the certificates' validity is refused with exit 1, changing nothing",
    arguments: [
      ["reset", "--date", "1969-12-31T23:59:59Z"], ["advance", "8000y"], ["advance", "999999y"],
    ])
  func timeRefused(arguments: [String]) async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    _ = await session.reset()
    _ = await session.run("buy", "com.sportstime.pro.monthly")
    let before = await session.run("status").out
    let result = await session.run(arguments)
    #expect(result.code == 1)
    #expect(result.out == "")
    #expect(result.err.contains("(its certificates' validity); nothing changed\n"))
    #expect(await session.run("status").out == before)
  }

  @Test("a second purchase of the subscription is refused; a downgrade says when it starts")
  func secondPurchase() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    _ = await session.reset()
    #expect(await session.run("buy", "com.sportstime.pro.annual").code == 0)
    let again = await session.run("buy", "com.sportstime.pro.annual")
    #expect(again.code == 1)
    #expect(again.out == "")
    #expect(
      again.err
        == "sportstime-store: already subscribed to com.sportstime.pro.annual (transaction #1); nothing was charged\n"
    )
    let downgrade = await session.run("buy", "com.sportstime.pro.monthly")
    #expect(downgrade.code == 0)
    #expect(
      downgrade.out
        == "Pro Monthly starts at the next renewal on 2027-01-01T00:00:00Z (downgrade from Pro Annual); nothing was charged\n"
    )
    #expect(await session.run("history").out.split(separator: "\n").count == 1)
    let json = await session.run("buy", "com.sportstime.pro.annual", "--json")
    #expect(json.code == 0)
    #expect(json.out.contains("\"result\" : \"alreadyOwned\""))
  }

  @Test(
    "commands on a file that is not a state leave it byte for byte as it was",
    arguments: ["empty", "text", "foreign"],
    [["status"], ["history"], ["buy", "com.sportstime.pro.monthly"], ["advance", "1d"]])
  func notAState(kind: String, command: [String]) async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    let url = URL(fileURLWithPath: session.state)
    switch kind {
    case "empty": try Data().write(to: url)
    case "text": try Data("just some notes\n".utf8).write(to: url)
    default:
      let resetInOther = try EmulatorSession()
      defer { resetInOther.remove() }
      _ = await resetInOther.reset()
      var bytes = try #require(resetInOther.stateBytes)
      bytes.replaceSubrange(68..<72, with: [0, 0, 0, 1])  // another application_id
      try bytes.write(to: url)
    }
    let before = try #require(session.stateBytes)
    let result = await session.run(command)
    #expect(result.code == 1)
    #expect(result.err.contains(session.state))
    #expect(session.stateBytes == before)
  }

  @Test("restore marks entitlements that do not verify and exits 1 when none verified")
  func restoreUnverified() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    _ = await session.reset()
    _ = await session.run("buy", "com.sportstime.pro.monthly")
    _ = await session.run("fail", "verification", "--sticky")
    let restore = await session.run("restore")
    #expect(restore.code == 1)
    #expect(restore.out.hasPrefix("Restored: #1  com.sportstime.pro.monthly"))
    #expect(restore.out.contains("  UNVERIFIED (invalidChain: "))
    #expect(
      restore.err
        == "sportstime-store: nothing verified was restored: 1 entitlement did not verify\n")
    _ = await session.run("fail", "clear")
    let verified = await session.run("restore")
    #expect(verified.code == 0)
    #expect(!verified.out.contains("UNVERIFIED"))
  }

  @Test("sharing again after unsharing shares the subscription again")
  func reshare() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    _ = await session.reset()
    _ = await session.run("buy", "com.sportstime.pro.monthly")
    _ = await session.run("family-share", "alex")
    _ = await session.run("family-unshare", "alex")
    let again = await session.run("family-share", "alex")
    #expect(again.out == "Sharing with alex: com.sportstime.pro.monthly.\n")
    let status = await session.run("status", "--account", "alex")
    #expect(status.out.contains("Entitled: com.sportstime.pro.monthly\n"))
    #expect(status.out.contains("subscribed com.sportstime.pro.monthly"))
  }

  @Test(
    "--account is refused by the commands that act on the whole store",
    arguments: [
      ["reset"], ["advance", "1d"], ["fail", "purchase"], ["family-share", "alex"],
      ["family-unshare", "alex"], ["ask-to-buy", "on"], ["billing-issue", "on"],
      ["grace-period", "on"], ["approve", "1"], ["decline", "1"], ["refund", "1"],
    ])
  func accountRefused(command: [String]) async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    _ = await session.reset()
    let before = session.stateBytes
    let result = await session.run(command + ["--account", "kid"])
    #expect(result.code == 2)
    #expect(
      result.err.hasPrefix(
        "sportstime-store \(command[0]): --account does not apply to \(command[0]): it acts on the whole store"
      ))
    #expect(session.stateBytes == before)
    let help = await session.run(command[0], "--help")
    #expect(!help.out.contains("--account NAME"))
  }

  @Test("an empty account is a usage error; a mistyped one gets a note on stderr")
  func accountNames() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    _ = await session.reset()
    _ = await session.run("buy", "com.sportstime.pro.monthly", "--account", "alex")
    #expect(await session.run("status", "--account", "").code == 2)
    #expect(await session.run("buy", "com.sportstime.pro.monthly", "--account", " ").code == 2)
    for command in ["status", "history", "restore"] {
      let typo = await session.run(command, "--account", "alx")
      #expect(typo.code == 0)
      #expect(typo.err == "note: no customer named 'alx' has used this store yet\n")
      let known = await session.run(command, "--account", "alex")
      #expect(known.err == "")
    }
  }

  @Test("argument errors name what was expected")
  func argumentErrors() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    _ = await session.reset()
    #expect(
      await session.run("refund", "1", "2", "3").err
        == "sportstime-store refund: expected a transaction identifier, got 3 arguments: 1 2 3; see 'sportstime-store refund --help'\n"
    )
    #expect(
      await session.run("approve").err
        == "sportstime-store approve: expected a request identifier; see 'sportstime-store approve --help'\n"
    )
    #expect(
      await session.run("decline", "x").err
        == "sportstime-store decline: 'x' is not a request identifier (digits); see 'sportstime-store decline --help'\n"
    )
  }

  @Test(
    "every emulator command's help has its options under OPTIONS:, aligned, before the examples",
    arguments: [
      "reset", "status", "history", "buy", "restore", "cancel-renewal", "refund", "advance",
      "ask-to-buy", "approve", "decline", "billing-issue", "grace-period", "family-share",
      "family-unshare", "fail",
    ])
  func help(command: String) async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    let help = await session.run(command, "--help").out
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    let header = try #require(lines.firstIndex(of: "OPTIONS:"))
    #expect(lines[header - 1] == "")
    let options = lines[(header + 1)...].prefix { !$0.isEmpty }
    #expect(options.contains { $0.hasPrefix("  --state PATH") })
    for line in options {
      // Every option's text, and each continuation of it, starts in column 22.
      let characters = Array(line)
      #expect(characters.count > 22, "\(line)")
      #expect(String(characters.prefix(22).suffix(2)) == "  ", "\(line)")
      #expect(characters.dropFirst(22).first != " ", "\(line)")
    }
    let headers = lines.indices.filter { index in
      let line = lines[index]
      return line.hasSuffix(":") && !line.hasPrefix(" ") && line == line.uppercased()
    }
    #expect(headers.map { lines[$0] }.filter { $0 != "KIND:" } == ["OPTIONS:", "EXAMPLES:"])
    for index in headers + lines.indices.filter({ lines[$0].hasPrefix("Exits ") }) {
      #expect(lines[index - 1].isEmpty, "a blank line before \(lines[index])")
    }
    let registered = try #require(CommandRegistry.all.first { $0.name == command })
    for option in registered.options.map(\.name) {
      #expect(options.contains { $0.hasPrefix("  --\(option)") }, "--\(option) is explained")
    }
  }

  @Test("fail accepts sync and subscription-status, and its help says what verification does")
  func failKinds() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    _ = await session.reset()
    #expect(await session.run("fail", "sync").out == "Armed sync (once).\n")
    #expect(await session.run("fail", "subscription-status").code == 0)
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 0)
    #expect(await session.run("restore").err.contains("simulated App Store sync failure"))
    let help = await session.run("fail", "--help").out
    #expect(help.contains("signed by another certificate\n"))
    #expect(!help.contains("a key outside the chain"))
  }
}
