import StoreInternals
import Testing

/// The one reader of ISO 8601 durations, which both `SubscriptionPeriod(iso8601:)` (a
/// `.storekit` file's periods) and the emulator's `advance P1M` read with.
@Suite struct ISO8601DurationTests {
  @Test(
    "each designator lands in its field; W and D add up, others keep the last",
    arguments: [
      ("P1Y2M10DT2H30M5S", [1, 2, 10, 2, 30, 5], 6),
      ("P2W", [2], 1),
      ("P1W3D", [1, 3], 2),
      ("P1D1D", [2], 2),
      ("PT12H", [12], 1),
      ("P000001M", [1], 1),
    ])
  func reads(text: String, values: [Int], count: Int) throws {
    let duration = try #require(ISO8601Duration(text, maxDigits: 6))
    #expect(duration.values == values)
    #expect(duration.count == count)
  }

  @Test(
    "anything that is not a duration is refused",
    arguments: [
      "", "P", "PT", "P1MT", "1M", "p1m", "P1m", "P1", "PM", "P1X", "P-1M", "P+1M", "P1.5D",
      "PT1H T1M", "P1MT1HT1M", "P1234567D", "P1H", "PT1D",
    ])
  func refuses(text: String) {
    #expect(ISO8601Duration(text, maxDigits: 6) == nil)
  }

  @Test("numbers longer than the caller allows are refused")
  func digitLimit() {
    #expect(ISO8601Duration("P9999D", maxDigits: 4)?.days == 9999)
    #expect(ISO8601Duration("P10000D", maxDigits: 4) == nil)
  }
}
