/// One value of a JSON object read loosely, its type kept: a request's body or a token's claims
/// are decoded as `[String: JSONField]`, then each member is checked for the type it must have.
/// `JSONDecoder` tells the types apart strictly (`true` is no number, `1` no boolean), which
/// `JSONSerialization`'s `NSNumber` does not do the same way on every platform.
package enum JSONField: Sendable, Hashable, Decodable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case strings([String])
  /// An array of other values, or an object.
  case other

  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let integer = try? container.decode(Int64.self) {
      self = .integer(integer)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let texts = try? container.decode([String].self) {
      self = .strings(texts)
    } else {
      self = .other
    }
  }

  package var string: String? {
    if case .string(let text) = self { text } else { nil }
  }

  package var integer: Int64? {
    if case .integer(let value) = self { value } else { nil }
  }

  package var bool: Bool? {
    if case .bool(let flag) = self { flag } else { nil }
  }

  /// A number, integer or not.
  package var number: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .number(let value): value
    default: nil
    }
  }

  /// The value as JSON would show it, for an error message.
  package var shown: String {
    switch self {
    case .null: "null"
    case .bool(let flag): String(flag)
    case .integer(let value): String(value)
    case .number(let value): String(value)
    case .string(let text): "\"\(text)\""
    case .strings(let texts): "[" + texts.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    case .other: "an array or object"
    }
  }
}
