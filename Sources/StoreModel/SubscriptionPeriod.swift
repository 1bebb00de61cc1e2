package import Foundation
import StoreInternals

/// The length of a subscription period: StoreKit 2's `Product.SubscriptionPeriod`.
public struct SubscriptionPeriod: Sendable, Hashable, CustomStringConvertible {
  /// The unit a period counts in; ISO 8601's `D`, `W`, `M` and `Y`.
  public enum Unit: String, Sendable, Hashable, CaseIterable {
    case day, week, month, year
  }

  /// The number of units; at least 1.
  public let value: Int
  /// The unit that `value` counts: `.month` for `P1M`.
  public let unit: Unit

  /// Creates a period of `value` units.
  public init(value: Int, unit: Unit) {
    self.value = value
    self.unit = unit
  }

  /// One week.
  public static let weekly = SubscriptionPeriod(value: 1, unit: .week)
  /// One month.
  public static let monthly = SubscriptionPeriod(value: 1, unit: .month)
  /// One year.
  public static let yearly = SubscriptionPeriod(value: 1, unit: .year)

  /// Parses an ISO 8601 duration of one component: `P3D`, `P1W`, `P1M`, `P6M`, `P1Y`.
  ///
  /// Returns `nil` for anything else (`P0M`, `P1M2D`, `PT1H`, `1M`).
  public init?(iso8601 text: String) {
    guard let duration = ISO8601Duration(text, maxDigits: 4), duration.componentCount == 1 else {
      return nil
    }
    let units: [(value: Int?, unit: Unit)] = [
      (duration.years, .year), (duration.months, .month), (duration.weeks, .week),
      (duration.days, .day),
    ]
    guard let written = units.first(where: { $0.value != nil }), let value = written.value,
      value > 0
    else { return nil }
    self.init(value: value, unit: written.unit)
  }

  /// The ISO 8601 form: `P1M`.
  public var iso8601: String {
    switch unit {
    case .day: "P\(value)D"
    case .week: "P\(value)W"
    case .month: "P\(value)M"
    case .year: "P\(value)Y"
    }
  }

  public var description: String { iso8601 }

  /// The end of `count` periods that start at `date`, in the Gregorian calendar in UTC.
  ///
  /// Months keep the day of the month where it exists (Jan 31 + P1M = Feb 28 or 29), as the
  /// App Store does.
  package func end(from date: Date, count: Int = 1) -> Date {
    var components = DateComponents()
    switch unit {
    case .day: components.day = value * count
    case .week: components.day = 7 * value * count
    case .month: components.month = value * count
    case .year: components.year = value * count
    }
    return UTCCalendar.gregorian.date(byAdding: components, to: date) ?? date
  }
}
