/// A strict RFC 8259 scanner over UTF-8 bytes, for the small JOSE header of a JWS.
///
/// It reads exactly what the header needs — member names, strings, arrays of strings — and
/// validates and skips every other value. Anything that is not JSON fails with the byte offset.
struct JSONScanner {
  /// A syntax error: what was expected, and where.
  struct Failure: Error {
    let message: String
    let offset: Int
  }

  private let bytes: UnsafeRawBufferPointer
  private(set) var offset = 0
  /// Nesting deeper than this fails instead of recursing further.
  static let maximumDepth = 64

  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  var isAtEnd: Bool { offset >= bytes.count }

  private func fail(_ message: String) -> Failure {
    Failure(message: message, offset: offset)
  }

  mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0A, 0x0D: offset += 1
      default: return
      }
    }
  }

  /// Consumes `byte` (after whitespace) or fails.
  mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == byte else { throw fail("expected \(what)") }
    offset += 1
  }

  /// Consumes `byte` (after whitespace) if it is next.
  mutating func consume(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == byte else { return false }
    offset += 1
    return true
  }

  /// The next non-whitespace byte, not consumed.
  mutating func peek() -> UInt8? {
    skipWhitespace()
    return offset < bytes.count ? bytes[offset] : nil
  }

  /// Reads a string and returns its unescaped UTF-8 bytes (validated as UTF-8).
  mutating func readString() throws(Failure) -> [UInt8] {
    try expect(UInt8(ascii: "\""), "a string")
    var output: [UInt8] = []
    var isASCII = true
    // Fast path: copy runs without escapes in one go.
    var runStart = offset
    while true {
      guard offset < bytes.count else { throw fail("unterminated string") }
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<offset]))
        offset += 1
        break
      }
      if byte < 0x20 { throw fail("control character in a string") }
      if byte >= 0x80 { isASCII = false }
      if byte != UInt8(ascii: "\\") {
        offset += 1
        continue
      }
      output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<offset]))
      offset += 1
      guard offset < bytes.count else { throw fail("unterminated escape") }
      let escaped = bytes[offset]
      offset += 1
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escaped)
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try readHex4()
        if (0xD800...0xDBFF).contains(scalar) {
          guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
            bytes[offset + 1] == UInt8(ascii: "u")
          else { throw fail("unpaired surrogate") }
          offset += 2
          let low = try readHex4()
          guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate") }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
          throw fail("unpaired surrogate")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
        output.append(contentsOf: String(Character(unicode)).utf8)
      default:
        throw fail("invalid escape")
      }
      runStart = offset
    }
    if !isASCII, !UTF8Validation.isValid(output) {
      throw fail("string is not UTF-8")
    }
    return output
  }

  private mutating func readHex4() throws(Failure) -> UInt32 {
    guard offset + 4 <= bytes.count else { throw fail("short \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw fail("invalid \\u escape")
      }
      value = value << 4 | UInt32(digit)
      offset += 1
    }
    return value
  }

  /// Validates and skips one value of any kind.
  mutating func skipValue(depth: Int = 0) throws(Failure) {
    guard depth < Self.maximumDepth else { throw fail("nesting too deep") }
    guard let byte = peek() else { throw fail("expected a value") }
    switch byte {
    case UInt8(ascii: "\""):
      _ = try readString()
    case UInt8(ascii: "{"):
      offset += 1
      if consume(UInt8(ascii: "}")) { return }
      repeat {
        _ = try readString()
        try expect(UInt8(ascii: ":"), "':'")
        try skipValue(depth: depth + 1)
      } while consume(UInt8(ascii: ","))
      try expect(UInt8(ascii: "}"), "',' or '}'")
    case UInt8(ascii: "["):
      offset += 1
      if consume(UInt8(ascii: "]")) { return }
      repeat {
        try skipValue(depth: depth + 1)
      } while consume(UInt8(ascii: ","))
      try expect(UInt8(ascii: "]"), "',' or ']'")
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    default: try skipNumber()
    }
  }

  private mutating func literal(_ word: StaticString) throws(Failure) {
    let count = word.utf8CodeUnitCount
    guard offset + count <= bytes.count else { throw fail("invalid literal") }
    for index in 0..<count where bytes[offset + index] != word.utf8Start[index] {
      throw fail("invalid literal")
    }
    offset += count
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
  private mutating func skipNumber() throws(Failure) {
    func isDigit(_ index: Int) -> Bool {
      index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    guard isDigit(offset) else { throw fail("expected a value") }
    if bytes[offset] == UInt8(ascii: "0") {
      offset += 1
    } else {
      while isDigit(offset) { offset += 1 }
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      guard isDigit(offset) else { throw fail("expected a digit") }
      while isDigit(offset) { offset += 1 }
    }
    if offset < bytes.count,
      bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E")
    {
      offset += 1
      if offset < bytes.count,
        bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")
      {
        offset += 1
      }
      guard isDigit(offset) else { throw fail("expected a digit") }
      while isDigit(offset) { offset += 1 }
    }
  }
}
