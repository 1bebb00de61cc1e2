import Foundation
import StoreCLI
import TestSupport
import Testing

/// The app commands while the plans cannot load: what the screens offer, what the hints suggest,
/// and the exit codes of the retries.
@Suite("The app in the terminal without plans", .hangGuard)
struct AppPlansUnavailableTests {
  private static let notLoaded =
    "sportstime-store: the plans did not load: Product not found. Please try again later.\n"

  private static func notAvailable(retry command: String) -> String {
    "sportstime-store: the plans are not available: Product not found. Please try again later. ('\(command)' loads them again)\n"
  }

  /// A session reset on 2026-01-01 whose products fail to load until `fail clear`.
  private func failingSession() async throws -> EmulatorSession {
    let session = try EmulatorSession()
    #expect(await session.reset() == 0)
    #expect(await session.run("fail", "load-products", "--sticky").code == 0)
    return session
  }

  @Test(
    "the onboarding's Subscribe is unavailable without plans; the hint offers retry, not select")
  func onboardingWithoutPlans() async throws {
    let session = try await failingSession()
    defer { session.remove() }
    _ = await session.run("launch")
    for _ in 0..<2 { #expect(await session.run("onboarding", "next").code == 0) }
    let pricing = await session.run("onboarding", "next")
    #expect(pricing.code == 0)
    #expect(
      pricing.out == """
        ╭─ Welcome to SportsTime ────────────────────────────── Page 4 of 4 ─╮
        │                                                                    │
        │                          Choose Your Plan                          │
        │                                                                    │
        │  Product not found. Please try again later.                        │
        │  [ Try Again ]                                                     │
        │                                                                    │
        │                              ○ ○ ○ ●                               │
        │                                                                    │
        │  [ Subscribe ] (unavailable)                                       │
        │  [ Continue with Free ]                                            │
        ╰────────────────────────────────────────────────────────────────────╯
        Try: onboarding retry · onboarding continue-free

        """)
    let json = try decode(await session.run("onboarding", "--json").out)
    let onboarding = try #require(json["onboarding"] as? [String: Any])
    #expect(onboarding["isSubscribeEnabled"] as? Bool == false)
    #expect(onboarding["isPrimaryButtonEnabled"] as? Bool == false)
    #expect(onboarding["canRetryLoadingProducts"] as? Bool == true)
  }

  @Test("onboarding subscribe and select without plans exit 1 and suggest 'onboarding retry'")
  func onboardingActionsWithoutPlans() async throws {
    let session = try await failingSession()
    defer { session.remove() }
    for arguments in [["onboarding", "subscribe"], ["onboarding", "select", "monthly"]] {
      let result = await session.run(arguments)
      #expect(result.code == 1)
      #expect(result.err == Self.notAvailable(retry: "onboarding retry"))
      #expect(result.out.contains("│  [ Subscribe ] (unavailable)"))
    }
  }

  @Test("onboarding retry exits 1 while the plans fail, 0 once they load")
  func onboardingRetry() async throws {
    let session = try await failingSession()
    defer { session.remove() }
    let failed = await session.run("onboarding", "retry")
    #expect(failed.code == 1)
    #expect(failed.err == Self.notLoaded)
    #expect(failed.out.contains("Page 4 of 4"))
    #expect(failed.out.contains("│  [ Try Again ]"))
    let failedJSON = await session.run("onboarding", "retry", "--json")
    #expect(failedJSON.code == 1)
    #expect(failedJSON.err == Self.notLoaded)
    #expect(await session.run("fail", "clear").code == 0)
    let loaded = await session.run("onboarding", "retry")
    #expect(loaded.code == 0)
    #expect(loaded.err == "")
    #expect(loaded.out.contains("│  (●) Annual   $49.99 per year"))
    #expect(loaded.out.contains("│  [ Subscribe ]   "))
    #expect(!loaded.out.contains("(unavailable)"))
    #expect(
      loaded.out.hasSuffix(
        "Try: onboarding select annual|monthly · onboarding subscribe · onboarding continue-free\n"
      ))
  }

  @Test(
    "without plans the paywall hint offers retry, restore and close; retry exits 1 until they load")
  func paywallWithoutPlans() async throws {
    let session = try await failingSession()
    defer { session.remove() }
    #expect(await session.run("onboarding", "continue-free").code == 0)
    let paywall = await session.run("paywall")
    #expect(paywall.code == 0)
    #expect(paywall.out.contains("│  [ Subscribe Now ] (unavailable)"))
    #expect(paywall.out.hasSuffix("Try: paywall retry · paywall restore · paywall close\n"))
    let subscribe = await session.run("paywall", "subscribe")
    #expect(subscribe.code == 1)
    #expect(subscribe.err == Self.notAvailable(retry: "paywall retry"))
    let failed = await session.run("paywall", "retry")
    #expect(failed.code == 1)
    #expect(failed.err == Self.notLoaded)
    let failedJSON = await session.run("paywall", "retry", "--json")
    #expect(failedJSON.code == 1)
    #expect(try decode(failedJSON.out)["failure"] as? String != nil)
    #expect(await session.run("fail", "clear").code == 0)
    let loaded = await session.run("paywall", "retry")
    #expect(loaded.code == 0)
    #expect(
      loaded.out.hasSuffix(
        "Try: paywall select monthly|annual · paywall subscribe · paywall restore · paywall close\n"
      ))
  }

  private func decode(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }
}
