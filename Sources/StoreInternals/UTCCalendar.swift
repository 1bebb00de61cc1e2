package import Foundation

/// The one calendar of the package: Gregorian, in UTC, the calendar the App Store's dates are in
/// (every date in its signed data is milliseconds since 1970 in UTC, and a subscription period
/// is added in calendar units: Jan 31 + P1M = Feb 28 or 29).
package enum UTCCalendar {
  /// Weeks start on Sunday and minimum days in the first week are the Gregorian defaults:
  /// the package only adds components and reads dates, never week numbers.
  package static let gregorian: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    return calendar
  }()
}
