import Foundation
import SportsTimePro
import StoreCLI
import TestSupport
import Testing

/// `checklist` and `demo`: the 16-item checklist passes item by item, and the tour tells its story.
@Suite("The checklist and the demo", .hangGuard)
struct AppChecklistTests {
  private func run(_ arguments: String...) async -> InProcessTool.Result {
    await InProcessTool.run(arguments)
  }

  @Test("checklist prints 16 PASS lines with what each saw, then the summary")
  func checklist() async {
    let result = await run("checklist")
    #expect(result.code == 0)
    #expect(result.err == "")
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 17)
    let titles = ManualChecklist.items.map(\.title)
    for (index, title) in titles.enumerated() where index < lines.count {
      #expect(lines[index].hasPrefix("PASS  \(index + 1). \(title) — saw: "))
    }
    #expect(
      lines.first
        == "PASS  1. App launches and shows onboarding paywall on first run — saw: onboarding page 1 of 4 \"Unlimited Trips\""
    )
    #expect(
      lines.dropFirst(5).first
        == "PASS  6. Paywall displays with monthly/annual options — saw: Monthly $4.99 per month; Annual $49.99 per year $4.17/month Save 17%"
    )
    #expect(lines.last == "16 passed, 0 failed")
  }

  @Test("checklist --json lists the items with what they saw")
  func checklistJSON() async throws {
    let result = await run("checklist", "--json")
    #expect(result.code == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    #expect(json["passed"] as? Int == 16)
    #expect(json["failed"] as? Int == 0)
    let items = try #require(json["items"] as? [[String: Any]])
    #expect(items.map { $0["number"] as? Int } == Array(1...16))
    #expect(items.allSatisfy { $0["passed"] as? Bool == true })
    #expect(items.allSatisfy { ($0["saw"] as? String)?.isEmpty == false })
  }

  @Test("demo tells the free → Pro → renewal → refund → lapsed story and exits 0")
  func demo() async {
    let result = await run("demo")
    #expect(result.code == 0)
    #expect(result.err == "")
    let beats = [
      "1. First launch: the onboarding paywall",
      "  $ launch                          The onboarding paywall covers Home, as on a first run:",
      "│                          Unlimited Trips                           │",
      "2. A free user meets the Pro gates",
      "  $ save-trip \"Boston to New York\"  Saved: 1 of 1 free trip.",
      "╭─ Paywall ────────────────────────────────────────────── [× Close] ─╮",
      "  $ export-pdf \"Boston to New York\" The button wears [PRO]; tapping it opens the paywall.",
      "3. Subscribing",
      "  $ paywall subscribe               Purchased Pro Monthly, $4.99 per month (transaction",
      "4. A month later: the renewal",
      "  $ advance 1m                      The App Store renews: #2 reaches the running app",
      "                                    Renews on May 1, 2026",
      "5. A refund",
      "  $ refund 2                        Apple refunds #2. The revocation reaches the running",
      "6. Lapsed, and nothing lost",
      "│  My Trips                                   2 saved · free limit 1 │",
      "  $ save-trip \"Denver Rockies\"      Only new saves are gated: the paywall opens.",
      "  sportstime-store checklist             the plan's 16 checks",
    ]
    var rest = Substring(result.out)
    for beat in beats {
      guard let range = rest.range(of: beat) else {
        Issue.record("the demo lacks, in order: \(beat)")
        return
      }
      rest = rest[range.upperBound...]
    }
    let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count < 130)
    #expect(lines.allSatisfy { $0.count <= 90 })
  }

  @Test("demo is deterministic, and with --state leaves its end in that state")
  func demoState() async throws {
    let folder = try TemporaryFolder("demo")
    defer { folder.remove() }
    let state = folder.path("demo.sqlite")
    let first = await run("demo", "--state", state)
    #expect(first.code == 0)
    #expect(first.out == (await run("demo")).out)
    let home = await run("launch", "--state", state, "--json")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(home.out.utf8)) as? [String: Any])
    #expect(json["isPro"] as? Bool == false)
    #expect(json["savedTrips"] as? [String] == ["Boston to New York", "Chicago Cubs"])
    #expect(json["date"] as? String == "2026-04-01T00:00:00Z")
  }
}
