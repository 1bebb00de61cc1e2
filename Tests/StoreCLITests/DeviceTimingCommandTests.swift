import Foundation
import LocalAppStore
import StoreCLI
import TestSupport
import Testing

/// Device timing through the command-line tool, after `reset` (on by default): each app command
/// is one launch of the app, whose listing lags after its own purchase, and a renewal made by
/// `advance` is missed by the next launch's first read.
@Suite("Device timing through the CLI", .hangGuard)
struct DeviceTimingCommandTests {
  private func freeSession() async throws -> EmulatorSession {
    let session = try EmulatorSession()
    #expect(await session.reset() == 0)
    #expect(await session.run("onboarding", "continue-free").code == 0)
    return session
  }

  private func firstLine(_ text: String) -> String {
    String(text.split(separator: "\n").first ?? "")
  }

  @Test("reset turns device timing on; the switch turns it off and on; status shows it")
  func theSwitch() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    let json = await session.run("status", "--json")
    #expect(json.out.contains(#""isEnabled" : true"#))
    #expect(await session.run("device-timing", "off").out == "device-timing is off.\n")
    #expect(await session.run("status").out.contains("device-timing off,"))
    #expect(
      await session.run("device-timing", "on", "--json").out.contains(#""device-timing" : true"#))
    #expect(await session.run("status").out.contains("device-timing on (listing lag 1 read),"))
    #expect(await session.run("device-timing", "maybe").code == 2)
  }

  @Test("paywall subscribe shows Pro while its own listing lags; the next progress is unlocked")
  func purchase() async throws {
    let session = try await freeSession()
    defer { session.remove() }
    let bought = await session.run("paywall", "subscribe")
    #expect(bought.code == 0)
    #expect(
      firstLine(bought.out)
        == "Purchased Pro Annual, $49.99 per year (transaction #1, signed and verified): "
        + "SportsTime Pro is active. This device's listing does not show the purchase yet; the "
        + "app holds it until it does.")
    #expect(bought.out.contains("── Pro ─╮"))
    let progress = await session.run("progress")
    #expect(progress.out.contains("✓ Progress Tracking"))
  }

  @Test("Ask to Buy: pending, approve, and the next progress is unlocked")
  func askToBuy() async throws {
    let session = try await freeSession()
    defer { session.remove() }
    #expect(await session.run("ask-to-buy", "on").code == 0)
    let pending = await session.run("paywall", "subscribe")
    #expect(firstLine(pending.out).hasPrefix("Ask to Buy: request #1 waits for approval"))
    #expect(await session.run("approve", "1").code == 0)
    #expect(await session.run("progress").out.contains("✓ Progress Tracking"))
  }

  @Test("advance 1m renews while the app is not running; settings still shows Pro; a refund locks")
  func renewalAndRefund() async throws {
    let session = try await freeSession()
    defer { session.remove() }
    #expect(await session.run("paywall", "select", "monthly").code == 0)
    #expect(await session.run("paywall", "subscribe").code == 0)
    #expect(await session.run("advance", "1m").out.contains("New: #2"))
    let settings = await session.run("settings")
    #expect(settings.out.contains("✓ SportsTime Pro"))
    #expect(settings.out.contains("Renews on March 1, 2026"))
    #expect(await session.run("refund", "2").code == 0)
    #expect(await session.run("progress").out.contains("Upgrade to Pro"))
  }

  @Test("checklist and demo run the app under device timing")
  @MainActor
  func sandboxes() async throws {
    let sandbox = try AppSandbox.fresh(start: Date(timeIntervalSince1970: 1_767_225_600))
    #expect(try await sandbox.appStore.deviceTiming() == .device)
  }
}
