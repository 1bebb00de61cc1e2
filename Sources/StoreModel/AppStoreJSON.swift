package import Foundation

/// The JSON conventions of App Store signed data: dates as milliseconds since 1970.
///
/// Decoding accepts fractional milliseconds (Xcode writes them); encoding writes whole
/// milliseconds, as the App Store does, with sorted keys so that output is stable.
package enum AppStoreJSON {
  /// A decoder for App Store payloads.
  package static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .millisecondsSince1970
    return decoder
  }

  /// An encoder for App Store payloads: whole milliseconds, sorted keys, no escaped slashes.
  package static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(milliseconds(date))
    }
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// Milliseconds since 1970 of `date`, rounded to the nearest millisecond.
  ///
  /// Dates beyond what whole milliseconds in an `Int64` can hold (a forged payload can carry
  /// one) are clamped rather than trapping.
  package static func milliseconds(_ date: Date) -> Int64 {
    let value = (date.timeIntervalSince1970 * 1000).rounded()
    guard value.isFinite else { return value < 0 ? .min : .max }
    if value >= 0x1p63 { return .max }
    if value <= -0x1p63 { return .min }
    return Int64(value)
  }

  /// The date of `milliseconds` since 1970.
  package static func date(milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }
}
