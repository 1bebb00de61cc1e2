import StoreInternals
import Testing

/// `isWellFormedUTF8` stands in for `String(validating:as:)`, which the package cannot call below
/// macOS 15 and iOS 18: it must say what the standard library says, on the forms Unicode §3.9
/// (table 3-7) allows and refuses.
@Suite struct UTF8ValidationTests {
  @Test(arguments: [
    [UInt8](), Array("Zürich".utf8), Array("東京".utf8), [0xF0, 0x9F, 0x8F, 0x88],
    [0xEF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
  ])
  func acceptsWellFormed(_ bytes: [UInt8]) {
    #expect(isWellFormedUTF8(bytes))
    #expect(isWellFormedUTF8(bytes[...]))
  }

  @Test(
    arguments: [
      [0xC0, 0xAF],  // an overlong "/"
      [0xE0, 0x80, 0xAF],  // an overlong "/" in three bytes
      [0xED, 0xA0, 0x80],  // a surrogate (U+D800)
      [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
      [0xE6, 0x9D],  // truncated
      [0x80],  // a lone continuation byte
      [0xFF],  // never in UTF-8
      [0x41, 0xC3],  // truncated after a valid scalar
    ] as [[UInt8]])
  func refusesIllFormed(_ bytes: [UInt8]) {
    #expect(!isWellFormedUTF8(bytes))
  }
}
