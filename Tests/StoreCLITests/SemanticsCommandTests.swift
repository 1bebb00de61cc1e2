import Foundation
import StoreCLI
import Testing

/// Issue 13's StoreKit semantics, from the terminal.
@Suite struct SemanticsCommandTests {
  private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// Apple's currentEntitlements page and https://developer.apple.com/forums/thread/731683: own and
  /// family-shared access show side by side.
  @Test("the purchaser's shared annual and the member's own monthly are both in status --json")
  func ownAndSharedInStatus() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(await session.run("buy", "com.sportstime.pro.monthly", "--account", "alex").code == 0)
    #expect(await session.run("buy", "com.sportstime.pro.annual").code == 0)
    #expect(await session.run("family-share", "alex").code == 0)
    let status = try json(await session.run("status", "--account", "alex", "--json").out)
    let entitled = try #require(status["entitledProductIDs"] as? [String])
    #expect(Set(entitled) == ["com.sportstime.pro.monthly", "com.sportstime.pro.annual"])
    let subscriptions = try #require(status["subscriptions"] as? [[String: Any]])
    #expect(
      subscriptions.compactMap { $0["ownership"] as? String } == ["PURCHASED", "FAMILY_SHARED"])
    #expect(subscriptions.allSatisfy { $0["isEntitled"] as? Bool == true })
  }

  /// The corpus's real Xcode tokens (jws/app-store-server-library/xcode/) say "Xcode".
  @Test("history --json shows the Xcode environment, and verify accepts it with the root")
  func xcodeEnvironment() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 0)
    let history = await session.run("history", "--json").out
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [[String: Any]])
    let transaction = try #require(rows.first?["transaction"] as? [String: Any])
    #expect(transaction["environment"] as? String == "Xcode")
    let root = session.folder.appendingPathComponent("root.pem").path
    #expect(await session.run("status", "--export-root", root).code == 0)
    let token = try #require(await session.run("history", "--jws").out.split(separator: "\n").first)
    let verified = await session.run(
      "verify", "--root", root, "--environment", "Xcode", "--bundle-id", "com.sportstime.app",
      String(token))
    #expect(verified.code == 0, "\(verified.err)")
  }

  /// The RenewalInfo isInBillingRetry page: billing retry carries `billingError`.
  @Test("in billing retry status --json shows the billing-error expiration reason")
  func billingErrorInStatus() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 0)
    #expect(await session.run("billing-issue", "on").code == 0)
    #expect(await session.run("advance", "35d").code == 0)
    let status = try json(await session.run("status", "--json").out)
    let subscription = try #require((status["subscriptions"] as? [[String: Any]])?.first)
    #expect(subscription["state"] as? String == "inBillingRetryPeriod")
    #expect(subscription["isInBillingRetry"] as? Bool == true)
    #expect(subscription["expirationReason"] as? String == "billingError")
    #expect(await session.run("billing-issue", "off").code == 0)
    let resolved = await session.run("resolve-issue", "1", "--json")
    #expect(resolved.code == 0)
    #expect(try json(resolved.out)["resolved"] as? Bool == true)
    #expect(await session.run("resolve-issue", "1").code == 1, "no billing issue any more")
  }

  /// SKTestSession.buyProduct from the terminal, and a purchase on another device that this
  /// device learns of at its next launch (or Restore Purchases).
  @Test("buy-product --another-device: the app stays free until the next launch")
  func anotherDeviceUntilLaunch() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(await session.run("launch").code == 0)
    #expect(await session.run("onboarding", "continue-free").code == 0)
    let bought = await session.run(
      "buy-product", "com.sportstime.pro.annual", "--another-device", "--json")
    #expect(bought.code == 0)
    #expect(try json(bought.out)["origin"] as? String == "anotherDevice")
    #expect(await session.run("settings").out.contains("Upgrade to Pro"))
    #expect(await session.run("launch").code == 0)
    #expect(await session.run("settings").out.contains("Manage Subscription"))
    let notSynced = await session.run(
      "buy-product", "com.sportstime.pro.monthly", "--not-synced", "--account", "alex", "--json")
    #expect(notSynced.code == 0)
    #expect(try json(notSynced.out)["origin"] as? String == "notSynced")
    #expect(
      await session.run(
        "buy-product", "com.sportstime.pro.monthly", "--not-synced", "--another-device"
      ).code == 2)
  }

  /// `refund --percent`: a prorated refund (App Store Server API 1.19's REFUND_PRORATED with
  /// its `revocationPercentage`, in milli-percent); a percentage it cannot be is refused and
  /// changes nothing.
  @Test("refund --percent: REFUND_PRORATED in milli-percent; bad percentages refused")
  func proratedRefund() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 0)
    for bad in ["0", "100.5", "1.2345", "abc", "-3", "12.", ".5", "1000"] {
      let refused = await session.run("refund", "1", "--percent", bad)
      #expect(refused.code != 0, "\(bad)")
      #expect(refused.err.contains("--percent"), "\(bad): \(refused.err)")
    }
    let refunded = try json(await session.run("refund", "1", "--percent", "37.5", "--json").out)
    let transaction = (refunded["transaction"] as? [String: Any]) ?? refunded
    #expect(transaction["revocationType"] as? String == "REFUND_PRORATED", "\(refunded)")
    #expect(transaction["revocationPercentage"] as? Int == 37_500, "\(refunded)")
  }
}
