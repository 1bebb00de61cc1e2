import StoreInternals
import Testing

/// The one reader of ISO 8601 durations, which both `SubscriptionPeriod(iso8601:)` (a
/// `.storekit` file's periods) and the emulator's `advance P1M` read with.
@Suite struct ISO8601DurationTests {
  @Test(
    "each designator lands in its own field; W and D add up, others keep the last",
    arguments: [
      ("P1Y2M10DT2H30M5S", [1, 2, nil, 10, 2, 30, 5], 6),
      ("P2W", [nil, nil, 2, nil, nil, nil, nil], 1),
      ("P1W3D", [nil, nil, 1, 3, nil, nil, nil], 2),
      ("P1D1D", [nil, nil, nil, 2, nil, nil, nil], 2),
      ("P1Y3Y", [3, nil, nil, nil, nil, nil, nil], 2),
      ("PT12H", [nil, nil, nil, nil, 12, nil, nil], 1),
      ("PT1M", [nil, nil, nil, nil, nil, 1, nil], 1),
      ("P1M", [nil, 1, nil, nil, nil, nil, nil], 1),
      ("P000001M", [nil, 1, nil, nil, nil, nil, nil], 1),
    ] as [(String, [Int?], Int)])
  func reads(text: String, fields: [Int?], componentCount: Int) throws {
    let duration = try #require(ISO8601Duration(text, maxDigits: 6))
    #expect(duration.fields == fields)
    #expect(duration.componentCount == componentCount)
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
