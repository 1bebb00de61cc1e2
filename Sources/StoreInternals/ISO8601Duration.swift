/// The one reader of ISO 8601 durations (ISO 8601-1:2019 §5.5.2, "P1Y2M10DT2H30M"): what a
/// `.storekit` file's subscription and offer periods (`P1M`, `P1W`) and the emulator's time
/// travel (`P1M`, `PT12H`) are written in. Each caller says which forms it takes.
///
/// It reads `P`, then numbers each followed by a designator: `Y`, `M`, `W`, `D` before `T`,
/// `H`, `M`, `S` after it; only non-negative whole numbers (no fractions, no sign), in upper
/// case. More lenient than ISO 8601 in one way, kept from the emulator's first reader so that
/// `advance` reads what it always read: designators in any order, and one written twice keeps
/// the last value, except `W` and `D`, which add up (`P1D1D` is two days).
package struct ISO8601Duration: Sendable, Hashable {
  package private(set) var years: Int?
  package private(set) var months: Int?
  package private(set) var weeks: Int?
  package private(set) var days: Int?
  package private(set) var hours: Int?
  package private(set) var minutes: Int?
  package private(set) var seconds: Int?
  /// How many number-and-designator pairs were written (`P1W1W` has two).
  package private(set) var componentCount = 0

  /// Reads `text`, whose numbers have at most `maxDigits` digits; `nil` for anything else: no
  /// `P`, a number without a designator, a designator without a number, a second `T`, nothing
  /// after `P` or after `T`.
  package init?(_ text: some StringProtocol, maxDigits: Int) {
    precondition((1...18).contains(maxDigits), "at most 18 digits fit an Int")
    var bytes = Array(text.utf8)[...]
    guard bytes.popFirst() == UInt8(ascii: "P") else { return nil }
    var inTime = false
    var number: Int?
    var digits = 0
    var seenTime = false
    for byte in bytes {
      if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        guard digits < maxDigits else { return nil }
        digits += 1
        number = (number ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
        continue
      }
      if byte == UInt8(ascii: "T") {
        guard !inTime, number == nil else { return nil }
        inTime = true
        continue
      }
      guard let value = number else { return nil }
      number = nil
      digits = 0
      componentCount += 1
      seenTime = inTime
      switch (inTime, byte) {
      case (false, UInt8(ascii: "Y")): years = value
      case (false, UInt8(ascii: "M")): months = value
      case (false, UInt8(ascii: "W")): weeks = (weeks ?? 0) + value
      case (false, UInt8(ascii: "D")): days = (days ?? 0) + value
      case (true, UInt8(ascii: "H")): hours = value
      case (true, UInt8(ascii: "M")): minutes = value
      case (true, UInt8(ascii: "S")): seconds = value
      default: return nil
      }
    }
    guard componentCount > 0, number == nil, !inTime || seenTime else { return nil }
  }

  /// Every field, in the order of the designators (`Y M W D H M S`); `nil` where none was
  /// written.
  package var fields: [Int?] { [years, months, weeks, days, hours, minutes, seconds] }
}
