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

extension JSONField {
  /// The members of the JSON object in `json`, each read as ``init(from:)`` reads it, by this
  /// package's parser (``JSONDocument``: a key given twice is refused, as RFC 7519 §4 allows for
  /// a token's claims); `nil` when `json` is not one JSON object. `JSONDecoder` read the claims
  /// of every API token before, at a quarter of the verification's time.
  package static func object(parsing json: [UInt8]) -> [String: JSONField]? {
    guard let document = try? JSONDocument.parse(json, maximumDepth: 64),
      document.nodes[0].kind == .object
    else { return nil }
    var fields: [String: JSONField] = [:]
    for (name, value) in document.members(of: 0) {
      fields[document.string(at: name)] = field(document, value)
    }
    return fields
  }

  private static func field(_ document: JSONDocument, _ index: Int) -> JSONField {
    switch document.nodes[index].kind {
    case .null: return .null
    case .true: return .bool(true)
    case .false: return .bool(false)
    case .string, .escapedString: return .string(document.string(at: index))
    case .integer:
      if let (negative, magnitude) = document.integer(at: index),
        let value = negative
          ? (magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil)
          : (magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil)
      {
        return .integer(value)
      }
      return Double(document.numberText(at: index)).map(JSONField.number) ?? .other
    case .number:
      // `JSONDecoder` gives an `Int64` for `1.7e9` or `2.0`: a number that is one exactly.
      guard let number = Double(document.numberText(at: index)) else { return .other }
      return Int64(exactly: number).map(JSONField.integer) ?? .number(number)
    case .array:
      var texts: [String] = []
      for element in document.elements(of: index) {
        switch document.nodes[element].kind {
        case .string, .escapedString: texts.append(document.string(at: element))
        default: return .other
        }
      }
      return .strings(texts)
    case .object: return .other
    }
  }
}
