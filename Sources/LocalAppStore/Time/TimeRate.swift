package import Foundation
package import StoreModel

/// How fast subscriptions renew: the meanings of a `.storekit` file's `_timeRate`, which are
/// StoreKitTest's `SKTestSession.TimeRate`.
///
/// The local App Store keeps reading dates from its clock; a time rate compresses the length of
/// subscription periods instead, exactly as Xcode's table says
/// (`monthlyRenewalEveryThirtySeconds`: a month lasts 30 s, a year 6 min).
///
/// Grace periods and billing retry follow Apple's table for the rate: the grace period depends
/// on the subscription's period only as the table says (weekly or not), billing retry not at
/// all. Each `SKTestSession.TimeRate` case's page
/// (<https://developer.apple.com/documentation/storekittest/sktestsession/timerate-swift.enum>)
/// says "The time rate also affects the billing grace period and the billing retry period in
/// the testing environment, as the table below shows":
///
/// | rate | grace, weekly | grace, other periods | billing retry |
/// | --- | --- | --- | --- |
/// | `realTime` | 6 days | 16 days | 60 days |
/// | `monthlyRenewalEveryHour` | 12 min 51 s | 30 min | 2 h |
/// | `monthlyRenewalEveryThirtyMinutes` | 8 min 34 s | 15 min | 1 h |
/// | `monthlyRenewalEveryFifteenMinutes` | 4 min 17 s | 7 min 30 s | 30 min |
/// | `monthlyRenewalEveryFiveMinutes` | 2 min 34 s | 2 min 30 s | 10 min |
/// | `monthlyRenewalEveryThirtySeconds` | 9 s | 15 s | 1 min |
/// | `oneRenewalEvery…` (15 min, 5 min, 1 min, 10 s, 2 s) | the interval | the interval | twice the interval |
///
/// The `monthlyRenewalEvery…` rows are real time's 6 days of a 7-day week (rounded to the
/// second) and half a month, then two months, of the compressed lengths; the code computes
/// them so, and a test holds every cell of the table. Two kinds of rate are not in it, and
/// follow a rule of ours:
/// - `oneRenewalEveryThirtySeconds` (StoreKitTest's header declares it, raw value 1003, beside
///   the five above; its own page's table was not read here): 30 s of grace and 1 min of
///   retry, the five's rule.
/// - The deprecated `…IsOneDay` rates: real time's lengths (6 or 16 days of grace, 60 of
///   retry), each day lasting as the rate says.
public struct TimeRate: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The raw value of `_timeRate` (`SKTestTimeRate`).
  public let rawValue: Int

  /// Creates a time rate from its raw value; `nil` for a value StoreKitTest does not declare.
  public init?(rawValue: Int) {
    guard Self.plans[rawValue] != nil else { return nil }
    self.rawValue = rawValue
  }

  private init(known rawValue: Int) { self.rawValue = rawValue }

  /// Calendar time: a month is a month. Grace period 16 days (6 for weekly), billing retry 60.
  public static let realTime = TimeRate(known: 0)
  /// One day lasts one hour (deprecated `oneHourIsOneDay`).
  public static let oneHourIsOneDay = TimeRate(known: 1)
  /// One day lasts one second (deprecated `oneSecondIsOneDay`).
  public static let oneSecondIsOneDay = TimeRate(known: 6)
  /// A month lasts an hour, a week 15 minutes, a year 12 hours.
  public static let monthlyRenewalEveryHour = TimeRate(known: 10)
  /// A month lasts 30 seconds, a week 10 seconds, a year 6 minutes.
  public static let monthlyRenewalEveryThirtySeconds = TimeRate(known: 15)
  /// One day lasts 30 minutes (deprecated `thirtyMinutesIsOneDay`).
  public static let thirtyMinutesIsOneDay = TimeRate(known: 2)
  /// One day lasts 5 minutes (deprecated `fiveMinutesIsOneDay`).
  public static let fiveMinutesIsOneDay = TimeRate(known: 3)
  /// One day lasts a minute (deprecated `oneMinuteIsOneDay`).
  public static let oneMinuteIsOneDay = TimeRate(known: 4)
  /// One day lasts 30 seconds (deprecated `thirtySecondsIsOneDay`).
  public static let thirtySecondsIsOneDay = TimeRate(known: 5)
  /// A month lasts 30 minutes, a week 10 minutes, a year 6 hours.
  public static let monthlyRenewalEveryThirtyMinutes = TimeRate(known: 11)
  /// A month lasts 15 minutes, a week 5 minutes, a year 3 hours.
  public static let monthlyRenewalEveryFifteenMinutes = TimeRate(known: 12)
  /// A month lasts 5 minutes, a week 3 minutes, a year an hour.
  public static let monthlyRenewalEveryFiveMinutes = TimeRate(known: 13)
  /// Every period, whatever its length, lasts 15 minutes.
  public static let oneRenewalEveryFifteenMinutes = TimeRate(known: 1000)
  /// Every period, whatever its length, lasts 5 minutes.
  public static let oneRenewalEveryFiveMinutes = TimeRate(known: 1001)
  /// Every period, whatever its length, lasts one minute.
  public static let oneRenewalEveryMinute = TimeRate(known: 1002)
  /// Every period, whatever its length, lasts 30 seconds.
  public static let oneRenewalEveryThirtySeconds = TimeRate(known: 1003)
  /// Every period, whatever its length, lasts 10 seconds.
  public static let oneRenewalEveryTenSeconds = TimeRate(known: 1004)
  /// Every period, whatever its length, lasts two seconds.
  public static let oneRenewalEveryTwoSeconds = TimeRate(known: 1005)

  /// How a rate compresses time.
  private enum Plan {
    /// Real time: periods last as long as the calendar says (a month is a calendar month).
    case calendar
    /// Every calendar duration divided by a factor (one day lasts `86400 / factor` seconds).
    case dayLasts(TimeInterval)
    /// Seconds per week, month and year; a day is a thirtieth of a month.
    case perUnit(week: TimeInterval, month: TimeInterval, year: TimeInterval)
    /// Every period lasts this many seconds.
    case everyPeriod(TimeInterval)
  }

  private static let plans: [Int: Plan] = [
    0: .calendar,
    1: .dayLasts(3600), 2: .dayLasts(1800), 3: .dayLasts(300), 4: .dayLasts(60),
    5: .dayLasts(30), 6: .dayLasts(1),
    10: .perUnit(week: 900, month: 3600, year: 43_200),
    11: .perUnit(week: 600, month: 1800, year: 21_600),
    12: .perUnit(week: 300, month: 900, year: 10_800),
    13: .perUnit(week: 180, month: 300, year: 3600),
    15: .perUnit(week: 10, month: 30, year: 360),
    1000: .everyPeriod(900), 1001: .everyPeriod(300), 1002: .everyPeriod(60),
    1003: .everyPeriod(30), 1004: .everyPeriod(10), 1005: .everyPeriod(2),
  ]

  private var plan: Plan { Self.plans[rawValue] ?? .calendar }

  public var description: String { rawValue == 0 ? "realTime" : "timeRate(\(rawValue))" }

  /// StoreKitTest's name of the rate (`oneRenewalEveryTwoSeconds`).
  package var name: String {
    CatalogSettings.TimeRate.declaredNames[rawValue] ?? "timeRate(\(rawValue))"
  }

  /// The rate StoreKitTest names `name` (`oneRenewalEveryTwoSeconds`), or `nil`.
  package static func named(_ name: String) -> TimeRate? {
    CatalogSettings.TimeRate.declaredNames.first { $0.value == name }.map {
      TimeRate(known: $0.key)
    }
  }

  /// Every rate StoreKitTest declares, by raw value.
  package static var all: [TimeRate] { plans.keys.sorted().map { TimeRate(known: $0) } }

  /// The end of `count` periods that start at `date`.
  package func end(of period: SubscriptionPeriod, from date: Date, count: Int = 1) -> Date {
    switch plan {
    case .calendar:
      return period.end(from: date, count: count)
    case .dayLasts(let seconds):
      let calendarLength = period.end(from: date, count: count).timeIntervalSince(date)
      return date.addingTimeInterval(calendarLength * seconds / 86_400)
    case .perUnit, .everyPeriod:
      return date.addingTimeInterval(Double(count) * compressedLength(of: period))
    }
  }

  /// The billing grace period that follows a failed renewal of `period`, from Apple's table
  /// for the rate (see the type's table): in real time 16 days, 6 for weekly periods; at a
  /// fixed rate the renewal interval, for every period (an annual plan at two-second renewals
  /// gets 2 s, not a compressed 0.09 s).
  package func gracePeriod(for period: SubscriptionPeriod) -> TimeInterval {
    let weekly = period.unit == .week || (period.unit == .day && period.value <= 7)
    switch plan {
    case .calendar: return (weekly ? 6 : 16) * 86_400
    case .dayLasts(let seconds): return (weekly ? 6 : 16) * seconds
    case .perUnit(let week, let month, _): return weekly ? (6 * week / 7).rounded() : month / 2
    case .everyPeriod(let seconds): return seconds
    }
  }

  /// How long the App Store retries a failed renewal of `period`, from Apple's table for the
  /// rate: 60 days in real time, twice the renewal interval at a fixed rate, two (compressed)
  /// months at a `monthlyRenewalEvery…` rate.
  package func billingRetryPeriod(for period: SubscriptionPeriod) -> TimeInterval {
    sixtyDays
  }

  /// Sixty days at this rate: real time's 60 days, two compressed months at a
  /// `monthlyRenewalEvery…` rate (10 minutes at the sandbox's default, a month in 5 minutes,
  /// which is the sandbox's own threshold for `recentSubscriptionStartDate`: "a gap in paid
  /// service of more than 60 days in the production environment, or 10 minutes in the sandbox
  /// environment", its App Store Server API page), twice the interval at a fixed rate.
  package var sixtyDays: TimeInterval {
    switch plan {
    case .calendar: 60 * 86_400
    case .dayLasts(let seconds): 60 * seconds
    case .perUnit(_, let month, _): 2 * month
    case .everyPeriod(let seconds): 2 * seconds
    }
  }

  private func compressedLength(of period: SubscriptionPeriod) -> TimeInterval {
    let value = Double(period.value)
    switch plan {
    case .calendar, .dayLasts:
      return nominalLength(of: period)
    case .everyPeriod(let seconds):
      return seconds
    case .perUnit(let week, let month, let year):
      switch period.unit {
      case .day: return value * month / 30
      case .week: return value * week
      case .month: return value * month
      case .year: return value * year
      }
    }
  }

  private func nominalLength(of period: SubscriptionPeriod) -> TimeInterval {
    let days: Double =
      switch period.unit {
      case .day: 1
      case .week: 7
      case .month: 30
      case .year: 365
      }
    return Double(period.value) * days * 86_400
  }
}
