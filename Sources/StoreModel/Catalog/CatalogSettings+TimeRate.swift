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

    /// The Swift names of the rates `SKTestSession.TimeRate` declares, by raw value: the one
    /// table of them. What a rate does to the clock is the local App Store's rule
    /// (`LocalAppStore.TimeRate`), which takes its names from here.
    package static let declaredNames: [Int: String] = [
      0: "realTime",
      1: "oneHourIsOneDay",
      2: "thirtyMinutesIsOneDay",
      3: "fiveMinutesIsOneDay",
      4: "oneMinuteIsOneDay",
      5: "thirtySecondsIsOneDay",
      6: "oneSecondIsOneDay",
      10: "monthlyRenewalEveryHour",
      11: "monthlyRenewalEveryThirtyMinutes",
      12: "monthlyRenewalEveryFifteenMinutes",
      13: "monthlyRenewalEveryFiveMinutes",
      15: "monthlyRenewalEveryThirtySeconds",
      1000: "oneRenewalEveryFifteenMinutes",
      1001: "oneRenewalEveryFiveMinutes",
      1002: "oneRenewalEveryMinute",
      1003: "oneRenewalEveryThirtySeconds",
      1004: "oneRenewalEveryTenSeconds",
      1005: "oneRenewalEveryTwoSeconds",
    ]

    /// Whether `SKTestSession.TimeRate` declares this value.
    package var isKnown: Bool { Self.declaredNames[rawValue] != nil }

    /// The Swift name of the `SKTestSession.TimeRate` case, else the raw value.
    package var description: String { Self.declaredNames[rawValue] ?? "\(rawValue)" }
  }
}
