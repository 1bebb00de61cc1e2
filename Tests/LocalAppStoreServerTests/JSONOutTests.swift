import Foundation
import LocalAppStoreServer
import Testing

/// The API's JSON writer: every string, escaped or copied whole, reads back as itself.
struct JSONOutTests {
  static let texts = [
    "", "eyJhbGciOiJFUzI1NiJ9.e30.sig", #"a "quoted" word"#, #"back\slash"#, "line\nbreak\ttab\r",
    "\u{0}\u{1F}\u{7F}", "café ⚾️ 𝄞", "\u{2028}",
  ]

  @Test("a string reads back as itself, as a value and as a member's name", arguments: texts)
  func roundTrip(_ text: String) throws {
    let bytes = JSONOut.object([(text, .array([.string(text), .int(-1), .bool(false)]))]).bytes
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: [Any]])
    #expect(object.keys.first == text)
    #expect(object[text]?.first as? String == text)
  }
}
