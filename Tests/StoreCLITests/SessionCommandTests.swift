import Foundation
import StoreCLI
import Testing

/// SKTestSession's controls from the terminal, each its own command with --help and --json.
@Suite struct SessionCommandTests {
  private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test(
    "every SKTestSession command has help naming its member, and takes --json",
    arguments: [
      ("buy-product", "SKTestSession.buyProduct"), ("expire", "SKTestSession.expireSubscription"),
      ("force-renewal", "SKTestSession.forceRenewalOfSubscription"),
      ("enable-auto-renew", "SKTestSession.enableAutoRenewForTransaction"),
      ("disable-auto-renew", "SKTestSession.disableAutoRenewForTransaction"),
      ("resolve-issue", "SKTestSession.resolveIssueForTransaction"),
      ("interrupted-purchases", "SKTestSession.interruptedPurchasesEnabled"),
      ("clear-transactions", "SKTestSession.clearTransactions"),
      ("delete-transaction", "SKTestSession.deleteTransaction"),
      ("reset-to-default", "SKTestSession.resetToDefaultState"),
      ("time-rate", "SKTestSession.timeRate"), ("storefront", "SKTestSession.storefront"),
      ("locale", "SKTestSession.locale"),
    ])
  func help(command: String, member: String) async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    let help = await session.run(command, "--help")
    #expect(help.code == 0)
    #expect(help.out.contains(member))
    #expect(help.out.contains("  --json"))
  }

  @Test("locale while running: set, shown in status, refused when malformed, back to the file's")
  func localeWhileRunning() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(
      await session.run("locale", "ja_JP").out == "Products are shown in the ja_JP localization.\n")
    let settings = try #require(
      try json(await session.run("status", "--json").out)["settings"] as? [String: Any])
    #expect(settings["locale"] as? String == "ja_JP")
    let malformed = await session.run("locale", "12")
    #expect(malformed.code == 2)
    #expect(malformed.err.contains("'12' is not a locale identifier"))
    #expect(await session.run("locale", "ja", "--catalog").code == 2)
    let back = try json(await session.run("locale", "--catalog", "--json").out)
    #expect(back["locale"] is NSNull)
    let cleared = try #require(
      try json(await session.run("status", "--json").out)["settings"] as? [String: Any])
    #expect(cleared["locale"] == nil)
  }

  @Test("expire and force-renewal by command")
  func expireAndRenew() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 0)
    #expect(await session.run("advance", "3d").code == 0)
    let renewed = await session.run("force-renewal", "com.sportstime.pro.monthly", "--json")
    #expect(renewed.code == 0)
    let renewal = try json(renewed.out)
    #expect(renewal["reason"] as? String == "RENEWAL")
    #expect(renewal["purchaseDate"] as? String == "2026-01-04T00:00:00Z")
    let expired = await session.run("expire", "com.sportstime.pro.monthly")
    #expect(expired.code == 0 && expired.out.hasPrefix("Expired: #2"))
    #expect(await session.run("status").out.contains("Entitled: nothing"))
    #expect(await session.run("expire", "com.sportstime.pro.monthly").code == 1)
  }

  @Test("auto-renew off and on per transaction")
  func autoRenew() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 0)
    #expect(
      await session.run("disable-auto-renew", "1").out
        == "Auto-renew is off for the subscription of transaction #1.\n")
    #expect(await session.run("status").out.contains("does not renew"))
    #expect(await session.run("enable-auto-renew", "1", "--json").code == 0)
    #expect(await session.run("status").out.contains(", renews,"))
    #expect(await session.run("disable-auto-renew", "9").code == 1)
  }

  @Test("an interrupted purchase waits until resolve-issue, then entitles")
  func interruptedPurchase() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(await session.run("interrupted-purchases", "on").code == 0)
    let buy = await session.run("buy", "com.sportstime.pro.annual")
    #expect(
      buy.out
        == "Interrupted: the customer must act; 'resolve-issue 1' completes it: request #1\n")
    #expect(await session.run("status").out.contains("Entitled: nothing"))
    let resolved = await session.run("resolve-issue", "1")
    #expect(resolved.code == 0 && resolved.out.hasPrefix("Resolved: purchased #1"))
    #expect(await session.run("status").out.contains("Entitled: com.sportstime.pro.annual"))
  }

  @Test("clear-transactions and delete-transaction by command")
  func clearAndDelete() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 0)
    #expect(await session.run("advance", "1m").code == 0)
    #expect(await session.run("delete-transaction", "2").code == 0)
    #expect(await session.run("history").out.split(separator: "\n").count == 1)
    #expect(await session.run("clear-transactions", "--json").out.contains("true"))
    #expect(await session.run("history").out == "No transactions.\n")
    #expect(await session.run("status").out.contains("Subscriptions: none"))
    #expect(await session.run("delete-transaction", "1").code == 1)
  }

  @Test("buy-product --purchase-date renews up to now; --cancel-immediately gives one period")
  func purchaseDate() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(await session.run("advance", "6m").code == 0)
    let bought = await session.run(
      "buy-product", "com.sportstime.pro.monthly", "--purchase-date", "2026-02-01T00:00:00Z")
    #expect(bought.code == 0)
    #expect(await session.run("history").out.split(separator: "\n").count == 6)
    #expect(await session.run("status").out.contains("subscribed com.sportstime.pro.monthly"))
    #expect(
      await session.run("buy-product", "com.sportstime.pro.annual", "--cancel-immediately").code
        == 2)
    #expect(
      await session.run("buy-product", "com.sportstime.pro.annual", "--purchase-date", "soon").code
        == 2)
    let future = await session.run(
      "buy-product", "com.sportstime.pro.annual", "--purchase-date", "2030-01-01T00:00:00Z")
    #expect(future.code == 1)
    #expect(future.err.contains("Dates in the future aren't valid"))
    #expect(await session.run("history").out.split(separator: "\n").count == 6)
  }

  @Test("time-rate, storefront and reset-to-default while running")
  func settingsWhileRunning() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(await session.run("time-rate", "oneRenewalEveryTwoSeconds").code == 0)
    #expect(await session.run("storefront", "jpn").out == "Storefront is JPN.\n")
    let settings = try #require(
      try json(await session.run("status", "--json").out)["settings"] as? [String: Any])
    #expect(settings["timeRate"] as? Int == 1005)
    #expect(settings["storefront"] as? String == "JPN")
    #expect(await session.run("time-rate", "1002").code == 0)
    #expect(await session.run("time-rate", "sometimes").code == 2)
    #expect(await session.run("storefront", "Japan").code == 2)
    // Three letters that name no country: refused, and nothing changes (before, XXX was
    // accepted; watched).
    let unknown = await session.run("storefront", "XXX")
    #expect(unknown.code == 1)
    #expect(unknown.err.contains("'XXX' is not an ISO 3166-1 alpha-3 country code"))
    let kept = try #require(
      try json(await session.run("status", "--json").out)["settings"] as? [String: Any])
    #expect(kept["storefront"] as? String == "JPN")
    #expect(await session.run("reset-to-default").code == 0)
    let reverted = try #require(
      try json(await session.run("status", "--json").out)["settings"] as? [String: Any])
    #expect(reverted["timeRate"] as? Int == 0)
    #expect(reverted["storefront"] as? String == "USA")
  }
}

/// A price increase from the terminal.
@Suite struct PriceCommandTests {
  @Test("set-price, price-consent request and agree: status shows it, the renewal pays it")
  func priceIncrease() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 0)
    #expect(await session.run("set-price", "com.sportstime.pro.monthly", "5.99").code == 0)
    #expect(await session.run("set-price", "com.sportstime.pro.monthly", "cheap").code == 2)
    #expect(await session.run("price-consent", "request", "1").code == 0)
    #expect(
      await session.run("status").out.contains("price increase to 5.99 awaiting consent"))
    #expect(await session.run("price-consent", "agree", "1").code == 0)
    #expect(await session.run("status").out.contains("price increase to 5.99 agreed"))
    #expect(await session.run("advance", "1m").code == 0)
    let history = await session.run("history", "--json").out
    #expect(history.contains("\"price\" : 5990"))
  }

  /// `declinePriceIncreaseForTransaction(identifier:)` "disables auto-renew and removes the
  /// subscription's pending price increase status": a cancellation, expiring at renewal.
  @Test("declining turns auto-renew off: the subscription expires at renewal, autoRenewDisabled")
  func priceIncreaseDeclined() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 0)
    #expect(await session.run("set-price", "com.sportstime.pro.monthly", "5.99").code == 0)
    #expect(await session.run("price-consent", "request", "1").code == 0)
    #expect(await session.run("price-consent", "decline", "1").code == 0)
    #expect(await session.run("advance", "1m").code == 0)
    #expect(await session.run("status").out.contains("(autoRenewDisabled)"))
  }
}

/// `simulate-error` from the terminal.
@Suite struct SimulateErrorCommandTests {
  @Test("simulate-error makes the purchase fail with the StoreKit error chosen, clear ends it")
  func simulateError() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    let armed = await session.run("simulate-error", "purchase", "invalidOfferSignature")
    #expect(armed.out == "purchase fails with invalidOfferSignature.\n")
    let failed = await session.run("buy", "com.sportstime.pro.monthly")
    #expect(failed.code == 1)
    #expect(failed.err.contains("invalidOfferSignature"))
    #expect(await session.run("simulate-error", "purchase", "clear").code == 0)
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 0)
    #expect(await session.run("simulate-error", "purchase", "oops").code == 2)
    #expect(await session.run("simulate-error", "sheets", "unknown").code == 2)
    let help = await session.run("simulate-error", "--help").out
    #expect(help.contains("SKTestSession.setSimulatedError") && help.contains("notEntitled"))
  }

  @Test("simulate-error --once fails the next call only, as a one-shot fault does")
  func once() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    let armed = await session.run("simulate-error", "purchase", "networkError", "--once")
    #expect(armed.out == "purchase fails with networkError (once).\n")
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 1)
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 0)
  }
}
