import Foundation
import LocalAppStore
import StoreCLI
import TestSupport
import Testing

/// The app's commands, run in-process on a temporary state: the screens as a person reads them,
/// the exit codes, and the app's data kept in the state.
@Suite("The app in the terminal", .hangGuard)
struct AppCommandTests {
  /// A session reset on 2026-01-01 whose onboarding was dismissed.
  private func freeSession() async throws -> EmulatorSession {
    let session = try EmulatorSession()
    #expect(await session.reset() == 0)
    #expect(await session.run("onboarding", "continue-free").code == 0)
    return session
  }

  @Test("the first launch shows the onboarding paywall's first page")
  func firstLaunch() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    _ = await session.reset()
    let launch = await session.run("launch")
    #expect(launch.code == 0)
    #expect(launch.err == "")
    #expect(
      launch.out == """
        ╭─ Welcome to SportsTime ────────────────────────────── Page 1 of 4 ─╮
        │                                                                    │
        │                          Unlimited Trips                           │
        │        Plan as many road trips as you want. Never lose your        │
        │                            itineraries.                            │
        │                                                                    │
        │                              ● ○ ○ ○                               │
        │                                                                    │
        │  [ Next ]                                                          │
        │  [ Continue with Free ]                                            │
        ╰────────────────────────────────────────────────────────────────────╯
        Try: onboarding next · onboarding continue-free

        """)
  }

  @Test("Next walks to Choose Your Plan: Annual first, BEST, selected")
  func pricingPage() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    _ = await session.reset()
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
        │  ( ) Monthly   $4.99 per month                                     │
        │      Flexible billing                                              │
        │                                                                    │
        │                              ○ ○ ○ ●                               │
        │                                                                    │
        │  [ Subscribe ]                                                     │
        │  [ Continue with Free ]                                            │
        ╰────────────────────────────────────────────────────────────────────╯
        Try: onboarding select annual|monthly · onboarding subscribe · onboarding continue-free

        """)
    let beyond = await session.run("onboarding", "next")
    #expect(beyond.code == 1)
    #expect(beyond.out == "")
    #expect(
      beyond.err
        == "sportstime-store: this is the last page: 'onboarding subscribe' or 'onboarding continue-free'\n"
    )
    let relaunch = await session.run("launch", "--json")
    let json = try decode(relaunch.out)
    let onboarding = try #require(json["onboarding"] as? [String: Any])
    #expect(onboarding["pageIndex"] as? Int == 0)
    #expect(onboarding["pageLabel"] as? String == "Page 1 of 4")
  }

  @Test("a free customer saves one trip; the second save opens the paywall")
  func tripGate() async throws {
    let session = try await freeSession()
    defer { session.remove() }
    let first = await session.run("save-trip", "Boston to New York")
    #expect(first.code == 0)
    #expect(
      first.out == """
        Saved "Boston to New York".
        ╭─ SportsTime · Home ───────────────────────────────────────── Free ─╮
        │                                                                    │
        │  My Trips                                              1 of 1 free │
        │    • Boston to New York                       [ Export PDF ] [PRO] │
        │                                                                    │
        │  Free accounts save 1 trip; saving another opens the paywall.      │
        │                                                                    │
        ├────────────────────────────────────────────────────────────────────┤
        │         ● Home            ○ Progress            ○ Settings         │
        ╰────────────────────────────────────────────────────────────────────╯
        Try: save-trip NAME · export-pdf TRIP · progress · settings

        """)
    let second = await session.run("save-trip", "Chicago")
    #expect(second.code == 0)
    #expect(
      second.out == """
        Free accounts save 1 trip: the paywall opens instead of saving "Chicago".
        ╭─ Paywall ────────────────────────────────────────────── [× Close] ─╮
        │                                                                    │
        │                          ★ Upgrade to Pro                          │
        │               Unlock the full SportsTime experience                │
        │                                                                    │
        │  ✓ Unlimited Trips                                                 │
        │    Save unlimited trips and never lose your itineraries.           │
        │  ✓ PDF Export                                                      │
        │    Export beautiful PDF itineraries to share with friends.         │
        │  ✓ Progress Tracking                                               │
        │    Track stadium visits, earn badges, complete your bucket list.   │
        │                                                                    │
        │  ( ) Monthly   $4.99 per month                                     │
        │  (●) Annual   $49.99 per year · $4.17/month             [Save 17%] │
        │                                                                    │
        │  [ Subscribe Now ]                                                 │
        │  [ Restore Purchases ]                                             │
        │                                                                    │
        │  Subscriptions automatically renew unless cancelled at least 24    │
        │  hours before the end of the current period.                       │
        │  Terms: https://88oakapps.com/terms                                │
        │  Privacy: https://88oakapps.com/privacy                            │
        ╰────────────────────────────────────────────────────────────────────╯
        Try: paywall select monthly|annual · paywall subscribe · paywall restore · paywall close

        """)
    let json = try decode(await session.run("paywall", "--json").out)
    #expect(json["savedTrips"] as? [String] == ["Boston to New York"])
    let paywall = try #require(json["paywall"] as? [String: Any])
    #expect(paywall["placement"] as? String == "feature:unlimitedTrips")
    #expect(paywall["selectedProductID"] as? String == "com.sportstime.pro.annual")
    #expect(paywall["closeButtonAccessibilityLabel"] as? String == "Close")
  }

  @Test("the locked Progress tab, Upgrade to Pro, a purchase, and the tab unlocks")
  func progressPurchase() async throws {
    let session = try await freeSession()
    defer { session.remove() }
    let locked = await session.run("progress")
    #expect(
      locked.out == """
        ╭─ SportsTime · Progress ───────────────────────────────────── Free ─╮
        │                                                                    │
        │                              [locked]                              │
        │                         Progress Tracking                          │
        │   Track stadium visits, earn badges, complete your bucket list.    │
        │                                                                    │
        │                         [ Upgrade to Pro ]                         │
        │                                                                    │
        ├────────────────────────────────────────────────────────────────────┤
        │         ○ Home            ● Progress            ○ Settings         │
        ╰────────────────────────────────────────────────────────────────────╯
        Try: progress upgrade · settings

        """)
    #expect(await session.run("progress", "upgrade").code == 0)
    let purchase = await session.run("paywall", "subscribe")
    #expect(purchase.code == 0)
    #expect(
      purchase.out == """
        Purchased Pro Annual, $49.99 per year (transaction #1, signed and verified): SportsTime Pro is active. This device's listing does not show the purchase yet; the app holds it until it does.
        ╭─ SportsTime · Progress ────────────────────────────────────── Pro ─╮
        │                                                                    │
        │  ✓ Progress Tracking                                               │
        │    Saved trips                                                   0 │
        │    Stadiums visited                                none logged yet │
        │    Badges                                          none earned yet │
        │    Bucket list                                               empty │
        │                                                                    │
        ├────────────────────────────────────────────────────────────────────┤
        │         ○ Home            ● Progress            ○ Settings         │
        ╰────────────────────────────────────────────────────────────────────╯
        Try: settings · save-trip NAME

        """)
    let settings = await session.run("settings")
    #expect(
      settings.out == """
        ╭─ SportsTime · Settings ────────────────────────────────────── Pro ─╮
        │                                                                    │
        │  SUBSCRIPTION                                                      │
        │  ✓ SportsTime Pro                                                  │
        │    Active subscription · Pro Annual                                │
        │    Renews on January 1, 2027                                       │
        │  [ Manage Subscription ]                                           │
        │                                                                    │
        ├────────────────────────────────────────────────────────────────────┤
        │         ○ Home            ○ Progress            ● Settings         │
        ╰────────────────────────────────────────────────────────────────────╯
        Try: settings manage · progress

        """)
  }

  @Test("the free settings offer Upgrade to Pro and Restore Purchases")
  func freeSettings() async throws {
    let session = try await freeSession()
    defer { session.remove() }
    let settings = await session.run("settings", "restore")
    #expect(settings.code == 0)
    #expect(
      settings.out == """
        ╭─ SportsTime · Settings ───────────────────────────────────── Free ─╮
        │                                                                    │
        │  SUBSCRIPTION                                                      │
        │  [ Upgrade to Pro ]                                                │
        │    Unlimited trips, PDF export, progress tracking                  │
        │  [ Restore Purchases ]                                             │
        │    No active subscription found.                                   │
        │                                                                    │
        ├────────────────────────────────────────────────────────────────────┤
        │         ○ Home            ○ Progress            ● Settings         │
        ╰────────────────────────────────────────────────────────────────────╯
        Try: settings upgrade · settings restore

        """)
  }

  @Test(
    "refused actions exit 1 with one line, bad usage exits 2",
    arguments: [
      (["paywall", "close"], Int32(1), "sportstime-store: no paywall is open\n"),
      (
        ["export-pdf", "Nowhere"], 1,
        "sportstime-store: no saved trip named \"Nowhere\" (saved: \"Boston\")\n"
      ),
      (["save-trip", "Boston"], 1, "sportstime-store: a trip named \"Boston\" is already saved\n"),
      (
        ["onboarding"], 1,
        "sportstime-store: the onboarding paywall was already seen (it shows once, on first launch)\n"
      ),
      (
        ["settings", "manage"], 1,
        "sportstime-store: there is no subscription to manage: the account is free\n"
      ),
      (
        ["paywall", "select", "weekly"], 2,
        "sportstime-store paywall: no plan 'weekly' (plans: monthly, annual, com.sportstime.pro.monthly, com.sportstime.pro.annual); see 'sportstime-store paywall --help'\n"
      ),
      (
        ["paywall", "buy"], 2,
        "sportstime-store paywall: unknown action 'buy' (actions: close, restore, retry, select, subscribe); see 'sportstime-store paywall --help'\n"
      ),
      (
        ["progress", "upgrade", "now"], 2,
        "sportstime-store progress: 'upgrade' takes no argument; see 'sportstime-store progress --help'\n"
      ),
    ])
  func refusals(arguments: [String], code: Int32, error: String) async throws {
    let session = try await freeSession()
    defer { session.remove() }
    #expect(await session.run("save-trip", "Boston").code == 0)
    let result = await session.run(arguments)
    #expect(result.code == code)
    #expect(result.out == "")
    #expect(result.err == error)
  }

  @Test("a Pro customer gets no paywall and no locked screen to upgrade from")
  func proRefusals() async throws {
    let session = try await freeSession()
    defer { session.remove() }
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 0)
    for arguments in [["paywall"], ["progress", "upgrade"], ["settings", "upgrade"]] {
      let result = await session.run(arguments)
      #expect(result.code == 1)
      #expect(result.out == "")
      #expect(result.err.hasPrefix("sportstime-store: "))
    }
    let manage = await session.run("settings", "manage")
    #expect(manage.code == 0)
    #expect(manage.out.hasPrefix("Manage Subscription opens the App Store's subscriptions"))
  }

  @Test("a failed, cancelled or unverified purchase leaves the paywall up and exits 1")
  func failedPurchases() async throws {
    let session = try await freeSession()
    defer { session.remove() }
    #expect(await session.run("fail", "user-cancel").code == 0)
    let cancelled = await session.run("paywall", "subscribe")
    #expect(cancelled.code == 1)
    #expect(cancelled.err == "sportstime-store: the purchase of Pro Annual was cancelled\n")
    #expect(cancelled.out.contains("[ Subscribe Now ]"))
    #expect(!cancelled.out.contains("! "))
    #expect(await session.run("fail", "verification").code == 0)
    let unverified = await session.run("paywall", "subscribe")
    #expect(unverified.code == 1)
    #expect(unverified.out.contains("│  ! Could not verify purchase. Please contact support."))
    #expect(
      unverified.err
        == "sportstime-store: the purchase of Pro Annual failed: Could not verify purchase. Please contact support.\n"
    )
  }

  @Test("plans that fail to load show why and Try Again; the retry loads them")
  func productsFailing() async throws {
    let session = try await freeSession()
    defer { session.remove() }
    #expect(await session.run("fail", "load-products", "--sticky").code == 0)
    let paywall = await session.run("paywall")
    #expect(paywall.code == 0)
    #expect(paywall.out.contains("│  Product not found. Please try again later."))
    #expect(paywall.out.contains("│  [ Try Again ]"))
    #expect(paywall.out.contains("│  [ Subscribe Now ] (unavailable)"))
    let select = await session.run("paywall", "select", "monthly")
    #expect(select.code == 1)
    #expect(select.err.hasPrefix("sportstime-store: the plans are not available"))
    #expect(await session.run("fail", "clear").code == 0)
    let retry = await session.run("paywall", "retry")
    #expect(retry.code == 0)
    #expect(retry.out.contains("(●) Annual   $49.99 per year"))
  }

  @Test("Ask to Buy leaves the purchase pending; after the approval the app launches Pro")
  func askToBuy() async throws {
    let session = try await freeSession()
    defer { session.remove() }
    _ = await session.run("ask-to-buy", "on")
    let pending = await session.run("paywall", "subscribe")
    #expect(pending.code == 0)
    #expect(
      pending.out.hasPrefix(
        "Ask to Buy: request #1 waits for approval ('sportstime-store approve 1').\n"))
    #expect(pending.out.contains("│  Your purchase is waiting for approval."))
    #expect(await session.run("approve", "1").code == 0)
    let launch = try decode(await session.run("launch", "--json").out)
    #expect(launch["isPro"] as? Bool == true)
    #expect(launch["screen"] as? String == "home")
  }

  @Test("a lapsed Pro customer keeps every saved trip; only new saves open the paywall")
  func lapsed() async throws {
    let session = try await freeSession()
    defer { session.remove() }
    _ = await session.run("paywall", "select", "monthly")
    #expect(await session.run("paywall", "subscribe").code == 0)
    for trip in ["Boston", "Chicago", "Denver"] {
      #expect(await session.run("save-trip", trip).code == 0)
    }
    let export = await session.run("export-pdf", "Chicago")
    #expect(export.out.hasPrefix("Exported \"Chicago\" as a PDF itinerary, ready to share.\n"))
    _ = await session.run("cancel-renewal")
    _ = await session.run("advance", "1m")
    let home = await session.run("launch")
    #expect(
      home.out == """
        ╭─ SportsTime · Home ───────────────────────────────────────── Free ─╮
        │                                                                    │
        │  My Trips                                   3 saved · free limit 1 │
        │    • Boston                                   [ Export PDF ] [PRO] │
        │    • Chicago                                  [ Export PDF ] [PRO] │
        │    • Denver                                   [ Export PDF ] [PRO] │
        │                                                                    │
        │  Every saved trip stays yours; saving another opens the paywall.   │
        │                                                                    │
        ├────────────────────────────────────────────────────────────────────┤
        │         ● Home            ○ Progress            ○ Settings         │
        ╰────────────────────────────────────────────────────────────────────╯
        Try: save-trip NAME · export-pdf TRIP · progress · settings

        """)
    let save = await session.run("save-trip", "El Paso")
    #expect(save.code == 0)
    #expect(save.out.contains("╭─ Paywall"))
  }

  @Test("the app's data lives in the state file, per account, and a reset starts it afresh")
  func appData() async throws {
    let session = try await freeSession()
    defer { session.remove() }
    _ = await session.run("save-trip", "Boston")
    let store = try LocalAppStore(openingStateAt: session.state, access: .readOnly)
    let bytes = try #require(try store.appData(forKey: AppDataStore.key))
    let data = try JSONSerialization.jsonObject(with: bytes) as? [String: Any]
    #expect(data?["savedTrips"] as? [String] == ["Boston"])
    #expect((data?["flags"] as? [String: Bool])?["hasSeenOnboardingPaywall"] == true)
    let kid = await session.run("launch", "--account", "kid", "--json")
    #expect(try decode(kid.out)["screen"] as? String == "onboarding")
    #expect(try store.appData(forKey: AppDataStore.key, account: "kid") != nil)
    let files = try FileManager.default.contentsOfDirectory(atPath: session.folder.path)
    #expect(files.filter { $0.hasPrefix("state.sqlite.app") }.isEmpty)
    _ = await session.reset()
    #expect(try store.appData(forKey: AppDataStore.key) == nil)
    #expect(try store.appData(forKey: AppDataStore.key, account: "kid") == nil)
    let fresh = try decode(await session.run("launch", "--json").out)
    #expect(fresh["screen"] as? String == "onboarding")
    #expect(fresh["savedTrips"] as? [String] == [])
  }

  @Test("without a state the app commands say how to make one")
  func noState() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    let launch = await session.run("launch")
    #expect(launch.code == 1)
    #expect(launch.err.contains("run `sportstime-store reset` first"))
  }

  private func decode(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }
}
