import StoreInternals

/// A JSON value as a `.storekit` file spells it: numbers keep their text (so prices stay exact
/// decimals), objects keep their key order.
package enum JSONValue: Sendable, Hashable {
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
package struct JSONObject: Sendable, Hashable {
  /// The keys in file order.
  package private(set) var keys: [String] = []
  private var members: [String: JSONValue] = [:]

  /// The value of `key`, if present.
  package subscript(key: String) -> JSONValue? { members[key] }

  /// Adds a member; returns `false` (and changes nothing) when `key` is already present.
  mutating func insert(_ value: JSONValue, forKey key: String) -> Bool {
    guard members[key] == nil else { return false }
    keys.append(key)
    members[key] = value
    return true
  }
}

extension JSONValue {
  /// Deeper nesting than this is refused: Xcode's files go 6 levels deep.
  static let maximumDepth = 128

  /// Reads one JSON value that fills `bytes` from `start` (surrounding whitespace allowed),
  /// through the package's strict reader (``JSONDocument``), keeping number lexemes and key order.
  /// - Throws: ``CatalogError`` with code `notJSON`, `truncated`, `tooDeep` or `duplicateKey`, the
  ///   key path it was in and the line and column.
  package static func parse(_ bytes: [UInt8], from start: Int = 0) throws(CatalogError) -> JSONValue
  {
    let document: JSONDocument
    do throws(JSONDocument.Failure) {
      document = try JSONDocument.parse(bytes, from: start, maximumDepth: maximumDepth)
    } catch {
      throw CatalogError(error, in: bytes)
    }
    return JSONValue(document, at: 0)
  }

  /// The value of node `index` of `document`.
  private init(_ document: JSONDocument, at index: Int) {
    switch document.nodes[index].kind {
    case .null: self = .null
    case .true: self = .bool(true)
    case .false: self = .bool(false)
    case .number, .integer: self = .number(document.numberText(at: index))
    case .string, .escapedString: self = .string(document.string(at: index))
    case .array: self = .array(document.elements(of: index).map { JSONValue(document, at: $0) })
    case .object:
      var object = JSONObject()
      for (name, value) in document.members(of: index) {
        // The reader refused duplicate names, so every insertion succeeds.
        _ = object.insert(JSONValue(document, at: value), forKey: document.string(at: name))
      }
      self = .object(object)
    }
  }
}

extension CatalogError {
  /// The catalog's error for a reader failure in `bytes`: its key path, and its line and column.
  fileprivate init(_ failure: JSONDocument.Failure, in bytes: [UInt8]) {
    var path = ConfigurationPath.root
    for component in failure.path {
      switch component {
      case .key(let key): path.append(.key(key))
      case .index(let index): path.append(.index(index))
      }
    }
    let position = JSONDocument.position(of: failure.offset, in: bytes)
    switch failure.kind {
    case .truncated:
      self.init(.truncated, at: path, "truncated: \(failure.message) (at \(position))")
    case .tooDeep:
      self.init(.tooDeep, at: path, "\(failure.message) (at \(position))")
    case .duplicateKey:
      self.init(.duplicateKey, at: path, "\(failure.message) (again at \(position))")
    case .syntax, .wrongType:
      self.init(.notJSON, at: path, "not JSON: \(failure.message) at \(position)")
    }
  }
}
