/// A JSON value as a `.storekit` file spells it: numbers keep their text (so prices stay exact
/// decimals), objects keep their key order.
enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  /// A number, as its lexeme: `4.99`, `-1`, `1e3`.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  /// What the value is, for an error message: `the string "P1Q"`, `an array`.
  var summary: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(let text): "the number \(text)"
    case .string(let text):
      text.count > 40 ? "a string of \(text.count) characters" : "the string \"\(text)\""
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// A JSON object: its members by key, and the order the keys came in.
struct JSONObject: Sendable, Hashable {
  /// The keys in file order.
  private(set) var keys: [String] = []
  private var members: [String: JSONValue] = [:]

  /// The value of `key`, if present.
  subscript(key: String) -> JSONValue? { members[key] }

  /// Adds a member; returns `false` (and changes nothing) when `key` is already present.
  mutating func insert(_ value: JSONValue, forKey key: String) -> Bool {
    guard members[key] == nil else { return false }
    keys.append(key)
    members[key] = value
    return true
  }
}
