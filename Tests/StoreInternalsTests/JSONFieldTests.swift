import Foundation
import StoreInternals
import Testing

/// `JSONField.object(parsing:)` reads an object as `JSONDecoder` reads `[String: JSONField]`
/// (the API token verifier switched from one to the other), and refuses what is no object.
struct JSONFieldTests {
  static let objects = [
    #"{"iss":"57246542-96fe-1a63-e053-0824d011072a","iat":1767225600,"exp":1767225900,"aud":"appstoreconnect-v1","bid":"com.sportstime.app"}"#,
    #"{"aud":["a","appstoreconnect-v1"],"exp":1.7672259e9,"iat":null,"nonce":true,"x":false}"#,
    #"{"exp":"1767225900","iat":-3,"big":18446744073709551615,"neg":-9223372036854775808}"#,
    #"{"esc":"caf\u00e9 \"q\" \\ \n","deep":{"a":[1]},"mixed":["a",1],"empty":[],"f":-0.5e-3}"#,
    #" { } "#,
  ]

  @Test("reads each member as JSONDecoder reads it", arguments: objects)
  func sameAsDecoder(_ json: String) throws {
    let decoded = try JSONDecoder().decode([String: JSONField].self, from: Data(json.utf8))
    #expect(JSONField.object(parsing: Array(json.utf8)) == decoded)
  }

  /// A random JSON value of the kinds a token's claims hold, as text.
  static func value(_ random: inout SeededGenerator, depth: Int = 0) -> String {
    let pieces = ["", "a", "é", "\\\"", "\\n", "\\u00e9", "𝄞", "0", " "]
    func text() -> String {
      "\""
        + (0..<Int.random(in: 0...4, using: &random)).map { _ in
          pieces.randomElement(using: &random)!
        }
        .joined() + "\""
    }
    switch Int.random(in: 0..<(depth > 1 ? 8 : 10), using: &random) {
    case 0: return "null"
    case 1: return Bool.random(using: &random) ? "true" : "false"
    case 2: return String(Int64.random(in: Int64.min...Int64.max, using: &random))
    case 3: return String(Int.random(in: -2_000_000_000...2_000_000_000, using: &random))
    case 4:
      return ["1.5", "-0.25", "1e3", "1.7672259e9", "2.0", "1e30", "-0", "18446744073709551616"]
        .randomElement(using: &random)!
    case 5, 6: return text()
    case 7:
      return "["
        + (0..<Int.random(in: 0...3, using: &random)).map { _ in text() }.joined(separator: ",")
        + "]"
    case 8:
      return "["
        + (0..<Int.random(in: 1...3, using: &random)).map { _ in value(&random, depth: depth + 1) }
        .joined(separator: ",") + "]"
    default: return object(&random, depth: depth + 1)
    }
  }

  static func object(_ random: inout SeededGenerator, depth: Int = 0) -> String {
    let names = ["iss", "iat", "exp", "aud", "bid", "nonce", "x", "é"]
    let chosen = names.shuffled(using: &random).prefix(
      Int.random(in: 0...names.count, using: &random))
    return "{" + chosen.map { "\"\($0)\":" + value(&random, depth: depth) }.joined(separator: ",")
      + "}"
  }

  @Test("agrees with JSONDecoder on 2,000 seeded random objects")
  func randomObjects() throws {
    var random = SeededGenerator(seed: 30_031)
    for _ in 0..<2_000 {
      let json = Self.object(&random)
      let decoded = try JSONDecoder().decode([String: JSONField].self, from: Data(json.utf8))
      #expect(JSONField.object(parsing: Array(json.utf8)) == decoded, "\(json)")
    }
  }

  @Test(
    "no object, no fields: an array, a string, a truncated object, a key twice",
    arguments: [#"[1]"#, #""{}""#, #"{"a":1"#, #"{"exp":1,"exp":2}"#, "", "{} x"])
  func refuses(_ json: String) {
    #expect(JSONField.object(parsing: Array(json.utf8)) == nil)
  }
}
