package import Foundation

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
    let parsed: Bool =
      trimmed.uppercased().hasPrefix("P")
      ? Self.parseISO(Array(trimmed.uppercased().utf8.dropFirst()), into: &components)
      : Self.parseShort(trimmed, into: &components)
    guard parsed else { return nil }
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
    Self.calendar.date(byAdding: components, to: date)
  }

  private static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar
  }()

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

  /// The part of an ISO 8601 duration after `P`.
  private static func parseISO(_ bytes: [UInt8], into components: inout DateComponents) -> Bool {
    var inTime = false
    var number = ""
    var seen = false
    for byte in bytes {
      let character = Character(UnicodeScalar(byte))
      if character.isASCII, character.isNumber {
        guard number.count < 6 else { return false }
        number.append(character)
        continue
      }
      if character == "T" {
        guard !inTime, number.isEmpty else { return false }
        inTime = true
        continue
      }
      guard let value = Int(number) else { return false }
      number = ""
      seen = true
      switch (inTime, character) {
      case (false, "Y"): components.year = value
      case (false, "M"): components.month = value
      case (false, "W"): components.day = (components.day ?? 0) + 7 * value
      case (false, "D"): components.day = (components.day ?? 0) + value
      case (true, "H"): components.hour = value
      case (true, "M"): components.minute = value
      case (true, "S"): components.second = value
      default: return false
      }
    }
    return seen && number.isEmpty
  }
}
