extension CatalogSettings {
  /// How fast time runs for subscriptions: StoreKitTest's `SKTestSession.TimeRate`, the raw
  /// values of `_timeRate`.
  ///
  /// A struct over the raw value, so that a rate Apple adds later still decodes
  /// (``isKnown`` is `false` and ``meaning`` is ``Meaning/unknown``).
  package struct TimeRate: OpenEnumeration {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Real time (grace period 6 days for weekly, 16 otherwise; billing retry 60 days).
    package static let realTime = TimeRate(rawValue: 0)
    /// One hour of real time is one day (deprecated by Apple in iOS 15.2).
    package static let oneHourIsOneDay = TimeRate(rawValue: 1)
    /// Thirty minutes are one day (deprecated).
    package static let thirtyMinutesIsOneDay = TimeRate(rawValue: 2)
    /// Five minutes are one day (deprecated).
    package static let fiveMinutesIsOneDay = TimeRate(rawValue: 3)
    /// One minute is one day (deprecated).
    package static let oneMinuteIsOneDay = TimeRate(rawValue: 4)
    /// Thirty seconds are one day (deprecated).
    package static let thirtySecondsIsOneDay = TimeRate(rawValue: 5)
    /// One second is one day (deprecated).
    package static let oneSecondIsOneDay = TimeRate(rawValue: 6)
    /// A monthly subscription renews every hour (weekly 15 min, yearly 12 h).
    package static let monthlyRenewalEveryHour = TimeRate(rawValue: 10)
    /// A monthly subscription renews every 30 minutes (weekly 10 min, yearly 6 h).
    package static let monthlyRenewalEveryThirtyMinutes = TimeRate(rawValue: 11)
    /// A monthly subscription renews every 15 minutes.
    package static let monthlyRenewalEveryFifteenMinutes = TimeRate(rawValue: 12)
    /// A monthly subscription renews every 5 minutes (weekly 3 min, yearly 1 h).
    package static let monthlyRenewalEveryFiveMinutes = TimeRate(rawValue: 13)
    /// A monthly subscription renews every 30 seconds (weekly 10 s, yearly 6 min).
    package static let monthlyRenewalEveryThirtySeconds = TimeRate(rawValue: 15)
    /// Every subscription renews every 15 minutes, whatever its period.
    package static let oneRenewalEveryFifteenMinutes = TimeRate(rawValue: 1000)
    /// Every subscription renews every 5 minutes.
    package static let oneRenewalEveryFiveMinutes = TimeRate(rawValue: 1001)
    /// Every subscription renews every minute.
    package static let oneRenewalEveryMinute = TimeRate(rawValue: 1002)
    /// Every subscription renews every 30 seconds.
    package static let oneRenewalEveryThirtySeconds = TimeRate(rawValue: 1003)
    /// Every subscription renews every 10 seconds.
    package static let oneRenewalEveryTenSeconds = TimeRate(rawValue: 1004)
    /// Every subscription renews every 2 seconds.
    package static let oneRenewalEveryTwoSeconds = TimeRate(rawValue: 1005)

    /// What a rate means for the clock.
    package enum Meaning: Sendable, Hashable {
      /// Subscriptions run on the calendar in real time.
      case realTime
      /// One simulated day lasts this many real seconds; periods follow the calendar on a clock
      /// accelerated by 86 400 ÷ seconds.
      case dayLasts(seconds: Double)
      /// A one-month period lasts `month` real seconds and a one-week period `week`; longer
      /// periods are multiples of a month (a year is 12).
      case monthlyRenewalEvery(month: Double, week: Double)
      /// Every period, of any length, lasts this many real seconds.
      case everyPeriodLasts(seconds: Double)
      /// A value `SKTestSession.TimeRate` does not declare (14 is one).
      case unknown
    }

    /// The rates `SKTestSession.TimeRate` declares: the Swift name of each case and what it
    /// means for the clock, in one table.
    private static let declared: [Int: (name: String, meaning: Meaning)] = [
      0: ("realTime", .realTime),
      1: ("oneHourIsOneDay", .dayLasts(seconds: 3600)),
      2: ("thirtyMinutesIsOneDay", .dayLasts(seconds: 1800)),
      3: ("fiveMinutesIsOneDay", .dayLasts(seconds: 300)),
      4: ("oneMinuteIsOneDay", .dayLasts(seconds: 60)),
      5: ("thirtySecondsIsOneDay", .dayLasts(seconds: 30)),
      6: ("oneSecondIsOneDay", .dayLasts(seconds: 1)),
      10: ("monthlyRenewalEveryHour", .monthlyRenewalEvery(month: 3600, week: 900)),
      11: ("monthlyRenewalEveryThirtyMinutes", .monthlyRenewalEvery(month: 1800, week: 600)),
      // Only the monthly figure of rate 12 is documented; the weekly one is inferred (a third).
      12: ("monthlyRenewalEveryFifteenMinutes", .monthlyRenewalEvery(month: 900, week: 300)),
      13: ("monthlyRenewalEveryFiveMinutes", .monthlyRenewalEvery(month: 300, week: 180)),
      15: ("monthlyRenewalEveryThirtySeconds", .monthlyRenewalEvery(month: 30, week: 10)),
      1000: ("oneRenewalEveryFifteenMinutes", .everyPeriodLasts(seconds: 900)),
      1001: ("oneRenewalEveryFiveMinutes", .everyPeriodLasts(seconds: 300)),
      1002: ("oneRenewalEveryMinute", .everyPeriodLasts(seconds: 60)),
      1003: ("oneRenewalEveryThirtySeconds", .everyPeriodLasts(seconds: 30)),
      1004: ("oneRenewalEveryTenSeconds", .everyPeriodLasts(seconds: 10)),
      1005: ("oneRenewalEveryTwoSeconds", .everyPeriodLasts(seconds: 2)),
    ]

    /// What this rate means for the clock.
    package var meaning: Meaning { Self.declared[rawValue]?.meaning ?? .unknown }

    /// Whether `SKTestSession.TimeRate` declares this value.
    package var isKnown: Bool { meaning != .unknown }

    /// How many times faster than real time the calendar runs, for the `…IsOneDay` rates;
    /// `nil` for the others.
    package var accelerationFactor: Double? {
      guard case .dayLasts(let seconds) = meaning else { return nil }
      return 86_400 / seconds
    }

    /// How many real seconds one `period` lasts at this rate, for the rates that compress each
    /// period to a fixed time; `nil` for real time, the `…IsOneDay` rates (use the calendar on
    /// an accelerated clock) and unknown rates.
    ///
    /// Days are a seventh of a week: an offer of `P3D` at `monthlyRenewalEveryHour` lasts
    /// 3 × 900 ÷ 7 seconds.
    package func realDuration(of period: SubscriptionPeriod) -> Double? {
      let count = Double(period.value)
      switch meaning {
      case .monthlyRenewalEvery(let month, let week):
        switch period.unit {
        case .day: return week / 7 * count
        case .week: return week * count
        case .month: return month * count
        case .year: return month * 12 * count
        }
      case .everyPeriodLasts(let seconds):
        return seconds
      case .realTime, .dayLasts, .unknown:
        return nil
      }
    }

    /// The Swift name of the `SKTestSession.TimeRate` case, else the raw value.
    package var description: String { Self.declared[rawValue]?.name ?? "\(rawValue)" }
  }
}
