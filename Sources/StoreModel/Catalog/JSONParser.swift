/// A strict JSON parser (RFC 8259) that reports where it failed as a configuration key path.
///
/// `JSONSerialization` would do, but on Linux it cannot tell `true` from `1`, turns `4.99` into
/// a `Double`, and says nothing about where a truncated file ends. This parser keeps number
/// lexemes, rejects duplicate keys, limits nesting, and names the key path it was in when the
/// data went wrong.
struct JSONParser {
  /// Deeper nesting than this is refused: Xcode's files go 6 levels deep.
  static let maximumDepth = 128

  private let bytes: [UInt8]
  private var index: Int
  private var path = ConfigurationPath.root
  private var depth = 0

  private init(bytes: [UInt8], start: Int) {
    self.bytes = bytes
    self.index = start
  }

  /// Parses one JSON value that fills `bytes` from `start` (surrounding whitespace allowed).
  /// - Throws: ``CatalogError`` with code `notJSON`, `truncated`, `tooDeep` or `duplicateKey`.
  static func parse(_ bytes: [UInt8], from start: Int = 0) throws(CatalogError) -> JSONValue {
    var parser = JSONParser(bytes: bytes, start: start)
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    guard parser.index == bytes.count else {
      throw parser.syntaxError("more text after the end of the JSON value")
    }
    return value
  }

  // MARK: - Values

  private mutating func parseValue() throws(CatalogError) -> JSONValue {
    guard index < bytes.count else { throw truncated("a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw syntaxError("\(describeByte()) where a value belongs")
    }
  }

  private mutating func parseObject() throws(CatalogError) -> JSONValue {
    try enterContainer()
    index += 1  // {
    var object = JSONObject()
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(object)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw truncated("an object") }
      guard bytes[index] == UInt8(ascii: "\"") else {
        throw syntaxError("\(describeByte()) where a key in double quotes belongs")
      }
      let keyStart = index
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count else { throw truncated("an object") }
      guard bytes[index] == UInt8(ascii: ":") else {
        throw syntaxError("\(describeByte()) where ':' belongs after the key \"\(key)\"")
      }
      index += 1
      skipWhitespace()
      path.append(.key(key))
      let value = try parseValue()
      guard object.insert(value, forKey: key) else {
        throw CatalogError(
          .duplicateKey, at: path,
          "the key \"\(key)\" appears twice in one object (again at \(position(of: keyStart)))")
      }
      path.removeLast()
      skipWhitespace()
      guard index < bytes.count else { throw truncated("an object") }
      switch bytes[index] {
      case UInt8(ascii: ","):
        index += 1
      case UInt8(ascii: "}"):
        index += 1
        depth -= 1
        return .object(object)
      default:
        throw syntaxError("\(describeByte()) where ',' or '}' belongs")
      }
    }
  }

  private mutating func parseArray() throws(CatalogError) -> JSONValue {
    try enterContainer()
    index += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      path.append(.index(elements.count))
      elements.append(try parseValue())
      path.removeLast()
      skipWhitespace()
      guard index < bytes.count else { throw truncated("an array") }
      switch bytes[index] {
      case UInt8(ascii: ","):
        index += 1
      case UInt8(ascii: "]"):
        index += 1
        depth -= 1
        return .array(elements)
      default:
        throw syntaxError("\(describeByte()) where ',' or ']' belongs")
      }
    }
  }

  private mutating func enterContainer() throws(CatalogError) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw CatalogError(
        .tooDeep, at: path,
        "arrays and objects nested more than \(Self.maximumDepth) levels deep "
          + "(at \(position(of: index)))")
    }
  }

  private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(CatalogError)
    -> JSONValue
  {
    let expected = Array(word.utf8)
    let available = bytes[index..<min(index + expected.count, bytes.count)]
    guard available.elementsEqual(expected) else {
      if available.count < expected.count, available.elementsEqual(expected.prefix(available.count))
      {
        throw truncated("the literal '\(word)'")
      }
      throw syntaxError("\(describeByte()) where a value belongs")
    }
    index += expected.count
    return value
  }

  private mutating func parseNumber() throws(CatalogError) -> JSONValue {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = consumeDigits()
    guard integerDigits > 0 else { throw numberError("a digit belongs after '-'") }
    if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
      throw syntaxError("a number with a leading zero", at: start)
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard consumeDigits() > 0 else { throw numberError("a digit belongs after '.'") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard consumeDigits() > 0 else { throw numberError("a digit belongs in the exponent") }
    }
    return .number(String(decoding: bytes[start..<index], as: UTF8.self))
  }

  /// The error for a number that stops where a digit belongs: cut off, or a wrong character.
  private func numberError(_ expectation: String) -> CatalogError {
    index == bytes.count
      ? truncated("a number") : syntaxError("\(describeByte()) where \(expectation)")
  }

  /// Consumes ASCII digits and returns how many.
  private mutating func consumeDigits() -> Int {
    let start = index
    while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9")
    {
      index += 1
    }
    return index - start
  }

  private mutating func parseString() throws(CatalogError) -> String {
    let quote = index
    index += 1
    let start = index
    // Fast path: no escapes.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        return try makeString(bytes[start..<index], startingAt: quote, then: 1)
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw syntaxError("a control character inside a string") }
      index += 1
    }
    var buffer = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        return try makeString(buffer[...], startingAt: quote, then: 1)
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { throw truncated("a string") }
        let escaped = bytes[index]
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escaped)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
          let scalar = try parseUnicodeEscape()
          buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
          continue
        default:
          let shown = escaped >= 0x21 && escaped < 0x7F ? String(UnicodeScalar(escaped)) : "?"
          throw syntaxError("an unknown escape '\\\(shown)' in a string")
        }
        index += 1
      default:
        if byte < 0x20 { throw syntaxError("a control character inside a string") }
        buffer.append(byte)
        index += 1
      }
    }
    throw truncated("a string")
  }

  private mutating func makeString(
    _ utf8: ArraySlice<UInt8>, startingAt quote: Int, then advance: Int
  ) throws(CatalogError) -> String {
    let decoded = utf8.withUnsafeBufferPointer { buffer -> String? in
      let text = String(decoding: buffer, as: UTF8.self)
      // ASCII needs no check; otherwise invalid UTF-8 shows as U+FFFD, which changes the bytes.
      // (`String(validating:as:)` would need macOS 15 and iOS 18.)
      if buffer.allSatisfy({ $0 < 0x80 }) || text.utf8.elementsEqual(buffer) { return text }
      return nil
    }
    guard let text = decoded else {
      throw syntaxError("a string that is not valid UTF-8", at: quote)
    }
    index += advance
    return text
  }

  /// Parses `\uXXXX` (index on the `u`), joining a surrogate pair; leaves index after it.
  private mutating func parseUnicodeEscape() throws(CatalogError) -> Unicode.Scalar {
    let escapeStart = index - 1
    let high = try parseHex4()
    if (0xD800...0xDBFF).contains(high) {
      guard index + 1 < bytes.count else { throw truncated("a string") }
      guard bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
        throw syntaxError("an unpaired surrogate escape in a string", at: escapeStart)
      }
      index += 1
      let low = try parseHex4()
      guard (0xDC00...0xDFFF).contains(low),
        let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
      else {
        throw syntaxError("an unpaired surrogate escape in a string", at: escapeStart)
      }
      return scalar
    }
    guard let scalar = Unicode.Scalar(high) else {
      throw syntaxError("an unpaired surrogate escape in a string", at: escapeStart)
    }
    return scalar
  }

  /// Reads `uXXXX` (index on the `u`) and returns the code unit.
  private mutating func parseHex4() throws(CatalogError) -> UInt32 {
    index += 1
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count else { throw truncated("a string") }
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw syntaxError("\(describeByte()) where a hex digit of \\u belongs")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  // MARK: - Whitespace, positions, errors

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// `line L, column C` of a byte offset (1-based; columns count bytes).
  private func position(of offset: Int) -> String {
    var line = 1
    var lineStart = 0
    for position in 0..<min(offset, bytes.count) where bytes[position] == 0x0A {
      line += 1
      lineStart = position + 1
    }
    return "line \(line), column \(offset - lineStart + 1)"
  }

  private func describeByte(_ byte: UInt8? = nil) -> String {
    guard let byte = byte ?? (index < bytes.count ? bytes[index] : nil) else {
      return "the end of the data"
    }
    if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "the byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  private func syntaxError(_ what: String, at offset: Int? = nil) -> CatalogError {
    CatalogError(
      .notJSON, at: path, "not JSON: \(what) at \(position(of: offset ?? index))")
  }

  private func truncated(_ inside: String) -> CatalogError {
    CatalogError(
      .truncated, at: path,
      "truncated: the data ends inside \(inside) (at \(position(of: bytes.count)))")
  }
}
