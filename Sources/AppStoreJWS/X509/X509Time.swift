/// Certificate validity times (RFC 5280 §4.1.2.5): UTCTime `YYMMDDHHMMSSZ` for dates through
/// 2049 (YY ≥ 50 is 19YY, otherwise 20YY) and GeneralizedTime `YYYYMMDDHHMMSSZ` for 2050 and
/// later; seconds present, no fractions, always Zulu. A date that is not a real date of the
/// Gregorian calendar (month 13, 30 February, hour 24, second 60) is refused.
package enum X509Time {
  /// Seconds since 1970 of a UTCTime or GeneralizedTime element.
  package static func seconds(_ reader: DERReader, _ element: DERElement) throws(DERError) -> Int64
  {
    let text = reader.content(element)
    let digitCount: Int
    switch element.tag {
    case DERTag.utcTime: digitCount = 12
    case DERTag.generalizedTime: digitCount = 14
    default: throw DERError("a validity time is not UTCTime or GeneralizedTime", at: element.start)
    }
    guard text.count == digitCount + 1, text.last == UInt8(ascii: "Z"),
      text.dropLast().allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else {
      throw DERError(
        "a validity time is not \(digitCount == 12 ? "YYMMDDHHMMSSZ" : "YYYYMMDDHHMMSSZ")",
        at: element.start)
    }
    let digits = text.dropLast().map { Int64($0 - UInt8(ascii: "0")) }
    func number(_ at: Int, _ count: Int) -> Int64 {
      digits[at..<(at + count)].reduce(0) { $0 * 10 + $1 }
    }
    var year: Int64
    var index: Int
    if digitCount == 12 {
      let twoDigits = number(0, 2)
      year = twoDigits >= 50 ? 1900 + twoDigits : 2000 + twoDigits
      index = 2
    } else {
      year = number(0, 4)
      index = 4
      guard year >= 2050 else {
        throw DERError(
          "a validity time before 2050 is a GeneralizedTime (RFC 5280 §4.1.2.5 asks for UTCTime)",
          at: element.start, rule: .timeEncoding)
      }
    }
    let month = number(index, 2)
    let day = number(index + 2, 2)
    let hour = number(index + 4, 2)
    let minute = number(index + 6, 2)
    let second = number(index + 8, 2)
    guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24,
      minute < 60, second < 60
    else { throw DERError("a validity time is not a real date", at: element.start) }
    return daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600
      + minute * 60 + second
  }

  static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
  static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The DER element (UTCTime through 2049, GeneralizedTime after) of `seconds` since 1970.
  package static func encode(_ seconds: Int64, into writer: inout DERWriter) {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let rest = seconds - days * 86_400
    // The civil date of a day count (the inverse of `daysSince1970`).
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let time =
      twoDigits(month) + twoDigits(day) + twoDigits(rest / 3600) + twoDigits(rest % 3600 / 60)
      + twoDigits(rest % 60) + "Z"
    if year >= 1950 && year < 2050 {
      writer.element(DERTag.utcTime, Array((twoDigits(year % 100) + time).utf8))
    } else {
      let padded = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
      writer.element(DERTag.generalizedTime, Array((padded + time).utf8))
    }
  }
}
