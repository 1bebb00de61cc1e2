@_spi(Tools) import StoreModel
import Testing

@Suite struct CatalogTimeRateTests {
  typealias TimeRate = CatalogSettings.TimeRate

  @Test(
    "each time rate says how long a period lasts in real seconds",
    arguments: [
      (TimeRate.monthlyRenewalEveryHour, "P1W", 900.0),
      (.monthlyRenewalEveryHour, "P1M", 3600),
      (.monthlyRenewalEveryHour, "P3M", 10_800),
      (.monthlyRenewalEveryHour, "P1Y", 43_200),
      (.monthlyRenewalEveryThirtyMinutes, "P1W", 600),
      (.monthlyRenewalEveryThirtyMinutes, "P6M", 10_800),
      (.monthlyRenewalEveryFiveMinutes, "P1W", 180),
      (.monthlyRenewalEveryFiveMinutes, "P2M", 600),
      (.monthlyRenewalEveryFiveMinutes, "P1Y", 3600),
      (.monthlyRenewalEveryThirtySeconds, "P1W", 10),
      (.monthlyRenewalEveryThirtySeconds, "P1Y", 360),
      (.monthlyRenewalEveryHour, "P1D", 900.0 / 7),
      (.oneRenewalEveryFifteenMinutes, "P1Y", 900),
      (.oneRenewalEveryMinute, "P1W", 60),
      (.oneRenewalEveryThirtySeconds, "P1M", 30),
      (.oneRenewalEveryTwoSeconds, "P1Y", 2),
    ])
  func realDuration(rate: TimeRate, period: String, seconds: Double) throws {
    let period = try #require(SubscriptionPeriod(iso8601: period))
    #expect(rate.realDuration(of: period) == seconds)
    #expect(rate.isKnown)
  }

  @Test("real time, the day-length rates and unknown rates leave periods to the calendar")
  func calendarRates() {
    #expect(TimeRate.realTime.realDuration(of: .monthly) == nil)
    #expect(TimeRate.realTime.meaning == .realTime)
    #expect(TimeRate.realTime.accelerationFactor == nil)
    #expect(TimeRate.oneHourIsOneDay.realDuration(of: .monthly) == nil)
    #expect(TimeRate.oneHourIsOneDay.accelerationFactor == 24)
    #expect(TimeRate.oneSecondIsOneDay.accelerationFactor == 86_400)
    #expect(TimeRate.thirtySecondsIsOneDay.meaning == .dayLasts(seconds: 30))
    #expect(TimeRate(rawValue: 14).meaning == .unknown)
    #expect(TimeRate(rawValue: 14).realDuration(of: .monthly) == nil)
    #expect(!TimeRate(rawValue: 14).isKnown)
  }

  @Test("time rates print as SKTestSession.TimeRate's case names")
  func names() {
    #expect(TimeRate.oneRenewalEveryTenSeconds.description == "oneRenewalEveryTenSeconds")
    #expect(TimeRate(rawValue: 13).description == "monthlyRenewalEveryFiveMinutes")
    #expect(TimeRate(rawValue: 99).description == "99")
  }
}
