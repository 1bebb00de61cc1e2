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

  @Test(
    "no object, no fields: an array, a string, a truncated object, a key twice",
    arguments: [#"[1]"#, #""{}""#, #"{"a":1"#, #"{"exp":1,"exp":2}"#, "", "{} x"])
  func refuses(_ json: String) {
    #expect(JSONField.object(parsing: Array(json.utf8)) == nil)
  }
}
