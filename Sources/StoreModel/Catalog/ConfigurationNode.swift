import Foundation

/// A value of a `.storekit` file with its key path, read through typed accessors that throw a
/// ``CatalogError`` naming that path.
struct ConfigurationNode {
  let value: JSONValue
  let path: ConfigurationPath

  /// Whether the value is JSON `null`.
  var isNull: Bool { value == .null }

  func wrongType(_ expected: String, fileID: String = #fileID, line: Int = #line) -> CatalogError {
    CatalogError(
      .wrongType, at: path, "expected \(expected), found \(value.summary)", fileID: fileID,
      line: line)
  }

  func invalid(_ reason: String, fileID: String = #fileID, line: Int = #line) -> CatalogError {
    CatalogError(.invalidValue, at: path, reason, fileID: fileID, line: line)
  }

  /// The object; `warningMark` is where its warnings belong (see ``ConfigurationObject``).
  func object(warningMark: Int = 0) throws(CatalogError) -> ConfigurationObject {
    guard case .object(let object) = value else { throw wrongType("an object") }
    return ConfigurationObject(object: object, path: path, warningMark: warningMark)
  }

  func array() throws(CatalogError) -> [ConfigurationNode] {
    guard case .array(let elements) = value else { throw wrongType("an array") }
    return elements.enumerated().map {
      ConfigurationNode(value: $1, path: path.appending(index: $0))
    }
  }

  func string() throws(CatalogError) -> String {
    guard case .string(let text) = value else { throw wrongType("a string") }
    return text
  }

  func bool() throws(CatalogError) -> Bool {
    guard case .bool(let flag) = value else { throw wrongType("true or false") }
    return flag
  }

  /// An integer: a JSON number without fraction or exponent that fits an `Int`.
  func int() throws(CatalogError) -> Int {
    guard case .number(let text) = value else { throw wrongType("an integer") }
    guard let number = Int(text) else { throw invalid("\(text) is not a whole number") }
    return number
  }

  /// A number of any form, as a `Double` (for dates).
  func double() throws(CatalogError) -> Double {
    guard case .number(let text) = value, let number = Double(text) else {
      throw wrongType("a number")
    }
    return number
  }

  /// A price: a string of digits with an optional `.` (`"4.99"`, `"4900"`), or a JSON number as
  /// hand-written files have it; `nil` for `""`.
  ///
  /// Read into `Decimal` from the text, never through `Double`.
  func price() throws(CatalogError) -> Decimal? {
    let text: String
    switch value {
    case .string(let string):
      if string.isEmpty { return nil }
      text = string
    case .number(let lexeme):
      text = lexeme
    default:
      throw wrongType("a price (a string like \"4.99\")")
    }
    if text.hasPrefix("-") { throw invalid("a price cannot be negative: \(text)") }
    guard Self.isPriceText(text) || isNumberValue,
      let amount = Decimal(string: text, locale: Self.posix), !amount.isNaN
    else {
      throw invalid(
        "not a price: \(value.summary) (expected digits with an optional '.', like \"4.99\")")
    }
    return amount
  }

  private var isNumberValue: Bool {
    if case .number = value { return true }
    return false
  }

  /// Digits with at most one `.` and at least one digit: `4.99`, `29`, `.5`, `98.`.
  private static func isPriceText(_ text: String) -> Bool {
    var digits = 0
    var dots = 0
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
      case UInt8(ascii: "."): dots += 1
      default: return false
      }
    }
    return digits > 0 && dots <= 1
  }

  private static let posix = Locale(identifier: "en_US_POSIX")

  /// An ISO 8601 period of one component: `P1M`.
  func period() throws(CatalogError) -> SubscriptionPeriod {
    let text = try string()
    guard let period = SubscriptionPeriod(iso8601: text) else {
      throw invalid(
        "\"\(text)\" is not a subscription period (expected P<n>D, P<n>W, P<n>M or P<n>Y, "
          + "like P1M)")
    }
    return period
  }
}

/// A JSON object of a `.storekit` file with its key path, which remembers the keys read.
///
/// Whatever reads a member through it (`self[key]`, `present`, `required` and the typed
/// accessors) marks that key known, so a decoder needs no list of known keys beside its code: the
/// keys it never read are the unknown ones (``unreadKeys``), and a new field is one edit.
final class ConfigurationObject {
  let object: JSONObject
  let path: ConfigurationPath
  /// The number of warnings when the object was opened: where its own warnings belong.
  let warningMark: Int
  private var read: Set<String> = []

  init(object: JSONObject, path: ConfigurationPath, warningMark: Int = 0) {
    self.object = object
    self.path = path
    self.warningMark = warningMark
  }

  /// The keys in file order (every one counts as read).
  var keys: [String] {
    read.formUnion(object.keys)
    return object.keys
  }

  /// The member `key`, or `nil` when it is absent; `key` counts as read.
  subscript(key: String) -> ConfigurationNode? {
    read.insert(key)
    return object[key].map { ConfigurationNode(value: $0, path: path.appending(key)) }
  }

  /// Marks keys known that this reader has no use for (so they are not reported as unknown).
  func ignore(_ keys: String...) {
    read.formUnion(keys)
  }

  /// The keys present but never read, in file order.
  var unreadKeys: [String] { object.keys.filter { !read.contains($0) } }

  /// The member `key`, or `nil` when it is absent or `null`.
  func present(_ key: String) -> ConfigurationNode? {
    guard let node = self[key], !node.isNull else { return nil }
    return node
  }

  /// The member `key` (possibly `null`: the typed accessors reject it).
  /// - Throws: `missingKey` when it is absent.
  func required(_ key: String) throws(CatalogError) -> ConfigurationNode {
    guard let node = self[key] else {
      throw CatalogError(.missingKey, at: path.appending(key), "missing required key")
    }
    return node
  }

  func string(_ key: String) throws(CatalogError) -> String { try required(key).string() }
  func optionalString(_ key: String) throws(CatalogError) -> String? {
    try present(key)?.string()
  }
  func bool(_ key: String, default fallback: Bool = false) throws(CatalogError) -> Bool {
    try present(key)?.bool() ?? fallback
  }
  func optionalBool(_ key: String) throws(CatalogError) -> Bool? { try present(key)?.bool() }
  /// The array `key`; empty when the key is absent.
  func array(_ key: String) throws(CatalogError) -> [ConfigurationNode] {
    try present(key)?.array() ?? []
  }
}
