package import Foundation
import StoreInternals

/// A span of calendar time to move the local App Store's clock by: `1d`, `2w`, `1m`, `1y`,
/// `36h`, `90s`, or an ISO 8601 duration (`P1M`, `P1Y2M10D`, `PT12H`, `P2W`).
///
/// Months and years are calendar units (Jan 31 + 1 month = Feb 28), in UTC, as subscription
/// periods are.
package struct EmulatorDuration: Sendable, Hashable, CustomStringConvertible {
  /// The calendar components of the span.
  package let components: DateComponents
  /// The text it was parsed from.
  package let text: String

  /// Parses `text`; returns `nil` for anything that is not a positive duration.
  package init?(_ text: String) {
    var components = DateComponents()
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let upper = trimmed.uppercased()
    if upper.hasPrefix("P") {
      guard let duration = ISO8601Duration(upper, maxDigits: 6) else { return nil }
      components.year = duration.years
      components.month = duration.months
      if duration.weeks != nil || duration.days != nil {
        components.day = 7 * (duration.weeks ?? 0) + (duration.days ?? 0)
      }
      components.hour = duration.hours
      components.minute = duration.minutes
      components.second = duration.seconds
    } else {
      guard Self.parseShort(trimmed, into: &components) else { return nil }
    }
    let values = [
      components.year, components.month, components.day, components.hour, components.minute,
      components.second,
    ].compactMap { $0 }
    guard !values.isEmpty, values.allSatisfy({ $0 >= 0 }), values.contains(where: { $0 > 0 })
    else { return nil }
    self.components = components
    self.text = text
  }

  package var description: String { text }

  /// The date this span after `date` (`date` itself when the calendar cannot reach it).
  package func added(to date: Date) -> Date {
    adding(to: date) ?? date
  }

  /// The date this span after `date`, or `nil` when the calendar cannot reach it.
  package func adding(to date: Date) -> Date? {
    UTCCalendar.gregorian.date(byAdding: components, to: date)
  }

  /// `<n><unit>`: s, min, h, d, w, m (month), y.
  private static func parseShort(_ text: String, into components: inout DateComponents) -> Bool {
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    let unit = text.dropFirst(digits.count).lowercased()
    guard !digits.isEmpty, digits.count <= 6, let value = Int(digits) else { return false }
    switch unit {
    case "s": components.second = value
    case "min": components.minute = value
    case "h": components.hour = value
    case "d": components.day = value
    case "w": components.day = 7 * value
    case "m", "mo": components.month = value
    case "y": components.year = value
    default: return false
    }
    return true
  }
}
