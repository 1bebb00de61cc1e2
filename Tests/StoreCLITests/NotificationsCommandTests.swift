import Foundation
import LocalAppStore
import StoreCLI
import Testing

/// A transport that answers every post with `status`, counting them: the commands' delivery
/// after a change, without HTTP.
private actor CountingTransport: NotificationTransport {
  private(set) var count = 0
  let status: Int
  init(status: Int) { self.status = status }
  func post(_ body: Data, to url: URL, timeout: TimeInterval) async -> NotificationPostOutcome {
    count += 1
    return .status(status)
  }
}

@Suite struct NotificationsCommandTests {
  @Test("notifications lists what each command made, with --json and --since")
  func listing() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 0)
    #expect(await session.run("advance", "1m").code == 0)
    let text = await session.run("notifications")
    #expect(text.code == 0)
    #expect(text.out.contains("Server URL:  none (notifications wait for one)"))
    #expect(text.out.contains("#1 SUBSCRIBED/INITIAL_BUY purchaser 2026-01-01T00:00:00Z"))
    #expect(text.out.contains("#2 DID_RENEW purchaser 2026-02-01T00:00:00Z"))
    let json = await session.run("notifications", "--json", "--since", "2026-01-15T00:00:00Z")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let listed = try #require(object["notifications"] as? [[String: Any]])
    #expect(listed.map { $0["notificationType"] as? String } == ["DID_RENEW"])
    #expect(object["pending"] as? Int == 2)
    #expect(object["environment"] as? String == "Xcode")
  }

  @Test("url, environment and test; bad input is a usage error and changes nothing")
  func controls() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(await session.run("notifications", "url", "ftp://x").code == 1)
    #if os(Linux)
      // The Linux build's own HTTP/1.1 client speaks no TLS: refused at once, not at each post.
      #expect(await session.run("notifications", "url", "https://127.0.0.1:8443/n").code == 1)
      #expect(await session.run("status").out.contains("URL none"))
    #endif
    #expect(await session.run("notifications", "url").code == 2)
    #expect(await session.run("notifications", "environment", "Elsewhere").code == 2)
    #expect(await session.run("notifications", "environment", "Production").code == 1)
    let production = await session.run(
      "notifications", "environment", "Production", "--app-apple-id", "42")
    #expect(production.code == 0)
    #expect(await session.run("notifications", "url", "http://127.0.0.1:9/n").code == 0)
    #expect(await session.run("notifications", "test").code == 0)
    let status = await session.run("status")
    #expect(
      status.out.contains(
        "Server notifications: 1 pending, environment Production, URL http://127.0.0.1:9/n"))
    #expect(await session.run("notifications", "url", "--clear").code == 0)
    #expect(await session.run("status").out.contains("URL none"))
    // Without an HTTP client (as in tests), deliver says so.
    #expect(await session.run("notifications", "deliver").code == 1)
  }

  @Test("after a command's change, its notifications are posted; a failure never fails it")
  func deliveryAfterCommands() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(await session.run("notifications", "url", "http://127.0.0.1:9/n").code == 0)
    let failing = CountingTransport(status: 500)
    var context = CommandContext.capturing(currentDirectory: session.folder)
    context.notificationTransport = failing
    let code = await StoreCLI.run(
      ["buy", "com.sportstime.pro.monthly", "--state", session.state], context: context)
    #expect(code == 0)
    #expect(await failing.count == 1)
    #expect(context.capturedErrors.contains("note: notification not delivered: SUBSCRIBED"))
    let listing = await session.run("notifications")
    #expect(listing.out.contains("not delivered (attempts: 500)"))
  }

  @Test("a command that only reads posts nothing after it; one that may change the state does")
  func deliveryFollowsWhatTheCommandDeclares() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    // The runs of `session` have no HTTP client: SUBSCRIBED waits, due, for the next delivery.
    #expect(await session.run("notifications", "url", "http://127.0.0.1:9/n").code == 0)
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 0)
    let transport = CountingTransport(status: 200)
    var context = CommandContext.capturing(currentDirectory: session.folder)
    context.notificationTransport = transport
    let readOnly = CommandRegistry.all.filter { !$0.changesState }.map(\.name)
    #expect(
      Set(readOnly) == [
        "help", "products", "catalog", "verify", "decode", "status", "history", "checklist",
      ])
    for entry in CommandRegistry.all where !entry.changesState {
      for positionals in [[], ["check"], ["list"], ["-"]] {
        let arguments = try ParsedArguments.parse(positionals, specs: [])
        #expect(entry.postsNotifications(arguments) == false, "\(entry.name)")
      }
    }
    for command in ["help", "products", "status", "history", "checklist"] {
      #expect(await StoreCLI.run([command, "--state", session.state], context: context) == 0)
    }
    #expect(await transport.count == 0)
    let change = ["ask-to-buy", "off", "--state", session.state]
    #expect(await StoreCLI.run(change, context: context) == 0)
    #expect(await transport.count == 1)
  }

  @Test(
    "extend-renewal moves the renewal date and makes RENEWAL_EXTENDED; bad input changes nothing")
  func extendRenewal() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 0)
    #expect(await session.run("extend-renewal", "1").code == 2)
    #expect(await session.run("extend-renewal", "1", "--days", "many").code == 2)
    #expect(await session.run("extend-renewal", "1", "--days", "91").code == 1)
    #expect(await session.run("extend-renewal", "1", "--days", "3", "--reason", "9").code == 1)
    let extended = await session.run("extend-renewal", "1", "--days", "3", "--json")
    #expect(extended.code == 0)
    #expect(extended.out.contains("2026-02-04T00:00:00Z"))
    let listing = await session.run("notifications")
    #expect(listing.out.contains("#2 RENEWAL_EXTENDED purchaser"))
    #expect(!listing.out.contains("#3 "))
    let help = await session.run("extend-renewal", "--help")
    #expect(help.out.contains("--days N") && help.out.contains("RENEWAL_EXTENDED"))
  }

  @Test(
    "decline-refund and reverse-refund make REFUND_DECLINED and REFUND_REVERSED; refused input changes nothing"
  )
  func refundDisputes() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 0)
    #expect(await session.run("reverse-refund", "1").code == 1)
    #expect(await session.run("decline-refund").code == 2)
    #expect(await session.run("decline-refund", "1").code == 0)
    #expect(await session.run("refund", "1").code == 0)
    #expect(await session.run("decline-refund", "1").code == 1)
    let reversed = await session.run("reverse-refund", "1", "--json")
    #expect(reversed.code == 0)
    let listing = await session.run("notifications")
    #expect(listing.out.contains("#2 REFUND_DECLINED purchaser"))
    #expect(listing.out.contains("#3 REFUND purchaser"))
    #expect(listing.out.contains("#4 REFUND_REVERSED purchaser"))
    #expect(!listing.out.contains("#5 "))
    for command in ["decline-refund", "reverse-refund"] {
      let help = await session.run(command, "--help")
      #expect(help.code == 0)
      #expect(help.out.contains("USAGE: sportstime-store \(command) TRANSACTION_ID"))
    }
  }
}
