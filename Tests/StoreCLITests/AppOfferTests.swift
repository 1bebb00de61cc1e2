import Foundation
import StoreCLI
import TestSupport
import Testing

/// The paywalls in the terminal over a catalog with offers (`OfferCatalogFile`: each plan a
/// week's free trial): a new customer reads the trial and the renewal on each plan and under the
/// button that buys, as the models say them.
@Suite("Offers in the terminal", .hangGuard)
struct AppOfferTests {

  @Test("a new customer's paywall shows the free trial on both plans and under Subscribe Now")
  func paywall() async throws {
    let session = try await EmulatorSession.withOffers()
    defer { session.remove() }
    #expect(await session.run("onboarding", "continue-free").code == 0)
    let paywall = await session.run("settings", "upgrade")
    #expect(paywall.code == 0)
    #expect(
      paywall.out.hasSuffix(
        """
        │  ( ) Monthly   $4.99 per month                                     │
        │      1 week free, then $4.99/month                                 │
        │  (●) Annual   $49.99 per year · $4.17/month             [Save 17%] │
        │      1 week free, then $49.99/year                                 │
        │                                                                    │
        │  [ Subscribe Now ]                                                 │
        │    1 week free, then $49.99/year                                   │
        │  [ Restore Purchases ]                                             │
        │                                                                    │
        │  Subscriptions automatically renew unless cancelled at least 24    │
        │  hours before the end of the current period.                       │
        │  Terms: https://88oakapps.com/terms                                │
        │  Privacy: https://88oakapps.com/privacy                            │
        ╰────────────────────────────────────────────────────────────────────╯
        Try: paywall select monthly|annual · paywall subscribe · paywall restore · paywall close

        """), "\(paywall.out)")
    let text = await session.run("paywall", "--json").out
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let screen = try #require(json["paywall"] as? [String: Any])
    let plans = try #require(screen["plans"] as? [[String: Any]])
    #expect(
      plans.map { $0["offerTerms"] as? String } == [
        "1 week free, then $4.99/month", "1 week free, then $49.99/year",
      ])
    #expect(screen["subscribeButtonDetail"] as? String == "1 week free, then $49.99/year")
  }

  @Test("the onboarding's pricing page shows the trial on each plan and under Subscribe")
  func onboarding() async throws {
    let session = try await EmulatorSession.withOffers()
    defer { session.remove() }
    _ = await session.run("launch")
    for _ in 0..<2 { #expect(await session.run("onboarding", "next").code == 0) }
    let last = await session.run("onboarding", "next")
    #expect(
      last.out == """
        ╭─ Welcome to SportsTime ────────────────────────────── Page 4 of 4 ─╮
        │                                                                    │
        │                          Choose Your Plan                          │
        │                                                                    │
        │  (●) Annual   $49.99 per year                               [BEST] │
        │      Best Value - Save 17%                                         │
        │      1 week free, then $49.99/year                                 │
        │  ( ) Monthly   $4.99 per month                                     │
        │      Flexible billing                                              │
        │      1 week free, then $4.99/month                                 │
        │                                                                    │
        │                              ○ ○ ○ ●                               │
        │                                                                    │
        │  [ Subscribe ]                                                     │
        │    1 week free, then $49.99/year                                   │
        │  [ Continue with Free ]                                            │
        ╰────────────────────────────────────────────────────────────────────╯
        Try: onboarding select annual|monthly · onboarding subscribe · onboarding continue-free

        """)
  }
}
