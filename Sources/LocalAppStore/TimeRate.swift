public import Foundation
public import StoreModel

/// How fast subscriptions renew: the meanings of a `.storekit` file's `_timeRate`, which are
/// StoreKitTest's `SKTestSession.TimeRate`.
///
/// The local App Store keeps reading dates from its clock; a time rate compresses the length of
/// subscription periods, grace periods and billing retry instead, exactly as Xcode's table says
/// (`monthlyRenewalEveryThirtySeconds`: a month lasts 30 s, a year 6 min).
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
  /// Every period, whatever its length, lasts one minute.
  public static let oneRenewalEveryMinute = TimeRate(known: 1002)
  /// Every period, whatever its length, lasts two seconds.
  public static let oneRenewalEveryTwoSeconds = TimeRate(known: 1005)

  /// How a rate compresses time.
  private enum Plan {
    /// Calendar arithmetic.
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

  /// The end of `count` periods that start at `date`.
  public func end(of period: SubscriptionPeriod, from date: Date, count: Int = 1) -> Date {
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

  /// The billing grace period that follows a failed renewal of `period`: 16 days, 6 for weekly
  /// periods (StoreKit's real-time values), compressed like the period.
  public func gracePeriod(for period: SubscriptionPeriod) -> TimeInterval {
    let days: Double = period.unit == .week || (period.unit == .day && period.value <= 7) ? 6 : 16
    return scaled(days * 86_400, for: period)
  }

  /// How long the App Store retries a failed renewal of `period`: 60 days, compressed.
  public func billingRetryPeriod(for period: SubscriptionPeriod) -> TimeInterval {
    scaled(60 * 86_400, for: period)
  }

  private func scaled(_ interval: TimeInterval, for period: SubscriptionPeriod) -> TimeInterval {
    switch plan {
    case .calendar: interval
    case .dayLasts(let seconds): interval * seconds / 86_400
    case .perUnit, .everyPeriod: interval * compressedLength(of: period) / nominalLength(of: period)
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
