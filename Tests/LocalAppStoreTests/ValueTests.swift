import Foundation
import LocalAppStore
import StoreModel
import Testing

@Suite struct ValueTests {
  @Test(
    "durations parse in short and ISO 8601 forms",
    arguments: [
      ("1d", utc(2026, 1, 2)), ("2w", utc(2026, 1, 15)), ("1m", utc(2026, 2, 1)),
      ("1y", utc(2027, 1, 1)), ("P1M", utc(2026, 2, 1)), ("P1Y2M10D", utc(2027, 3, 11)),
      ("PT12H", utc(2026, 1, 1).addingTimeInterval(43_200)), ("P2W", utc(2026, 1, 15)),
      ("36h", utc(2026, 1, 2).addingTimeInterval(43_200)),
    ])
  func durations(text: String, expected: Date) throws {
    let duration = try #require(EmulatorDuration(text))
    #expect(duration.added(to: utc(2026, 1, 1)) == expected)
  }

  @Test(
    "malformed durations are refused",
    arguments: ["", "d", "1", "1x", "P", "PT", "P1H", "-1d", "P0D", "1.5d"])
  func badDurations(text: String) {
    #expect(EmulatorDuration(text) == nil)
  }

  @Test(
    "time rates compress periods as Xcode's table says",
    arguments: [
      (TimeRate.realTime, SubscriptionPeriod.monthly, 31 * 86_400.0),
      (.monthlyRenewalEveryThirtySeconds, .monthly, 30),
      (.monthlyRenewalEveryThirtySeconds, .yearly, 360),
      (.monthlyRenewalEveryThirtySeconds, .weekly, 10), (.monthlyRenewalEveryHour, .yearly, 43_200),
      (.oneRenewalEveryMinute, .yearly, 60), (.oneRenewalEveryTwoSeconds, .weekly, 2),
      (.oneHourIsOneDay, .weekly, 7 * 3600),
    ])
  func timeRates(rate: TimeRate, period: SubscriptionPeriod, seconds: Double) {
    let start = utc(2026, 1, 1)
    #expect(rate.end(of: period, from: start).timeIntervalSince(start) == seconds)
  }

  @Test("grace period and billing retry scale with the time rate")
  func scaledGrace() {
    #expect(TimeRate.realTime.gracePeriod(for: .monthly) == 16 * 86_400)
    #expect(TimeRate.realTime.gracePeriod(for: .weekly) == 6 * 86_400)
    #expect(TimeRate.realTime.billingRetryPeriod(for: .yearly) == 60 * 86_400)
    #expect(TimeRate.monthlyRenewalEveryThirtySeconds.gracePeriod(for: .monthly) == 16)
    #expect(TimeRate.monthlyRenewalEveryThirtySeconds.billingRetryPeriod(for: .monthly) == 60)
    #expect(TimeRate(rawValue: 14) == nil)
  }
}
