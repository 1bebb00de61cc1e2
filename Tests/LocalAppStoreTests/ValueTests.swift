import Foundation
import LocalAppStore
import StoreModel
import TestSupport
import Testing

@Suite(.recordsQuietFailures) struct ValueTests {
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
    arguments: ["", "d", "1", "1x", "P", "PT", "P1H", "-1d", "P0D", "1.5d", "P1MT", "P1234567D"])
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

  /// Apple's tables, one per `SKTestSession.TimeRate` case page
  /// (<https://developer.apple.com/documentation/storekittest/sktestsession/timerate-swift.enum>):
  /// "The time rate also affects the billing grace period and the billing retry period in the
  /// testing environment, as the table below shows". `monthlyRenewalEveryHour`: grace "12
  /// minutes 51 seconds" for a weekly period, "30 minutes" for the others, retry "2 hours".
  /// With the old 0.9 of a compressed week the weekly rows of the hour, thirty-, fifteen- and
  /// five-minute rates fail (13 min 30 s, 9 min, 4 min 30 s, 2 min 42 s; watched).
  static let graceTable: [(TimeRate, SubscriptionPeriod, TimeInterval, TimeInterval)] = [
    (.realTime, .monthly, 16 * 86_400, 60 * 86_400),
    (.realTime, .weekly, 6 * 86_400, 60 * 86_400),
    (.realTime, .yearly, 16 * 86_400, 60 * 86_400),
    (.monthlyRenewalEveryHour, .weekly, 12 * 60 + 51, 7200),
    (.monthlyRenewalEveryHour, .monthly, 1800, 7200),
    (.monthlyRenewalEveryHour, .yearly, 1800, 7200),
    (.monthlyRenewalEveryThirtyMinutes, .weekly, 8 * 60 + 34, 3600),
    (.monthlyRenewalEveryThirtyMinutes, .monthly, 900, 3600),
    (.monthlyRenewalEveryFifteenMinutes, .weekly, 4 * 60 + 17, 1800),
    (.monthlyRenewalEveryFifteenMinutes, .monthly, 450, 1800),
    (.monthlyRenewalEveryFiveMinutes, .weekly, 2 * 60 + 34, 600),
    (.monthlyRenewalEveryFiveMinutes, .monthly, 150, 600),
    (.monthlyRenewalEveryThirtySeconds, .monthly, 15, 60),
    (.monthlyRenewalEveryThirtySeconds, .weekly, 9, 60),
    (.monthlyRenewalEveryThirtySeconds, .yearly, 15, 60),
    (.oneRenewalEveryFifteenMinutes, .yearly, 900, 1800),
    (.oneRenewalEveryFiveMinutes, .monthly, 300, 600),
    (.oneRenewalEveryMinute, .weekly, 60, 120),
    (.oneRenewalEveryTenSeconds, .monthly, 10, 20),
    (.oneRenewalEveryTwoSeconds, .yearly, 2, 4),
    (.oneRenewalEveryTwoSeconds, .monthly, 2, 4),
    // Ours (the type's comment): the five's rule, and real time's lengths in the rate's days.
    (.oneRenewalEveryThirtySeconds, .yearly, 30, 60),
    (.oneSecondIsOneDay, .weekly, 6, 60),
    (.oneHourIsOneDay, .monthly, 16 * 3600, 60 * 3600),
  ]

  @Test(
    "grace period and billing retry follow Apple's table for the time rate, whatever the period",
    arguments: graceTable)
  func graceAndRetry(
    rate: TimeRate, period: SubscriptionPeriod, grace: TimeInterval, retry: TimeInterval
  ) {
    #expect(rate.gracePeriod(for: period) == grace)
    #expect(rate.billingRetryPeriod(for: period) == retry)
  }

  @Test("an unknown raw time rate is refused")
  func unknownRate() {
    #expect(TimeRate(rawValue: 14) == nil)
  }

  @Test("the store runs exactly the rates a .storekit file may declare, under their names")
  func ratesMatchTheFileVocabulary() {
    let declared = CatalogSettings.TimeRate.declaredNames
    #expect(Set(TimeRate.all.map(\.rawValue)) == Set(declared.keys))
    for rate in TimeRate.all {
      #expect(rate.name == declared[rate.rawValue])
      #expect(TimeRate.named(rate.name) == rate)
    }
  }
}
