import Foundation

/// A strict JSON document (RFC 8259) read once into a flat list of nodes over its bytes: the
/// package's one JSON reader, behind the catalog decoder (exact decimals, key-path errors), the
/// JWS header and the payload decoder.
///
/// One value and nothing after it, no duplicate member names (compared after unescaping), UTF-8
/// strings, valid escapes and surrogate pairs, nesting at most `maximumDepth` containers deep.
/// Strings and numbers stay byte ranges until a reader asks for them, so reading a document
/// costs one pass over its bytes plus the values actually read; a number keeps its lexeme, so a
/// price stays an exact decimal. A failure says what was wrong, at which byte, and under which
/// key path.
///
/// `JSONSerialization` would not do: on Linux it cannot tell `true` from `1`, turns `4.99` into a
/// `Double`, takes the last of two equal keys, and says nothing about where a file went wrong.
package final class JSONDocument: Sendable {
  /// What a node holds.
  package enum Kind: UInt8, Sendable {
    case object
    case array
    /// A string without escapes: its bytes are its text.
    case string
    /// A string with at least one escape (already checked): read through ``string(at:)``.
    case escapedString
    /// A number with a fraction or an exponent.
    case number
    /// A number of digits only (and a sign).
    case integer
    case `true`
    case `false`
    case null
  }

  /// One value. Containers are followed by their contents: for an object, each member's name
  /// (a string node) then its value; `next` is the index after the whole value.
  package struct Node: Sendable {
    package var kind: Kind
    /// For a string, its first byte after the quote; for a container, its bracket.
    package var start: Int32
    /// For a string, its closing quote; for a container, the byte after its closing bracket.
    package var end: Int32
    package var next: Int32
    /// Members of an object, elements of an array.
    package var count: Int32
  }

  /// One step of the key path of a failure.
  package enum PathComponent: Sendable, Hashable {
    case key(String)
    case index(Int)
  }

  /// Why a document was refused: what, where (a byte offset and a key path), and which rule.
  package struct Failure: Error, Sendable, CustomStringConvertible {
    /// Which rule the bytes broke.
    package enum Kind: Sendable, Hashable {
      /// Not JSON: a byte where it does not belong, a bad escape, invalid UTF-8.
      case syntax
      /// The bytes end inside a value.
      case truncated
      /// More nested containers than allowed.
      case tooDeep
      /// An object names one member twice.
      case duplicateKey
      /// Valid JSON of another shape than its reader wants.
      case wrongType
    }

    package var kind: Kind
    /// What was wrong, without the place: `'}' where a value belongs`, `the data ends inside a
    /// string`, `the key "a" appears twice in one object`.
    package var message: String
    /// The byte offset it was found at (for `truncated`, the end of the data; for a duplicate
    /// key, the quote of its second spelling).
    package var offset: Int
    /// The members and elements the reader was inside, outermost first.
    package var path: [PathComponent]

    package init(_ kind: Kind, _ message: String, offset: Int, path: [PathComponent] = []) {
      self.kind = kind
      self.message = message
      self.offset = offset
      self.path = path
    }
    /// `message at byte N`.
    package var description: String { "\(message) at byte \(offset)" }
  }

  package let bytes: [UInt8]
  /// Its values in document order; `nodes[0]` is the top one.
  package let nodes: [Node]

  private init(bytes: [UInt8], nodes: [Node]) {
    self.bytes = bytes
    self.nodes = nodes
  }

  /// Reads `bytes` from `start` as one JSON value (whitespace around it allowed).
  /// - Parameter maximumDepth: How many containers deep values may nest.
  /// - Throws: ``Failure``.
  package static func parse(
    _ bytes: [UInt8], from start: Int = 0, maximumDepth: Int
  ) throws(Failure) -> JSONDocument {
    guard bytes.count < Int(Int32.max) else {
      throw Failure(.syntax, "a document of \(bytes.count) bytes, too large", offset: 0)
    }
    let nodes = try bytes.withUnsafeBufferPointer { buffer throws(Failure) in
      var parser = Parser(bytes: buffer, offset: start, maximumDepth: maximumDepth)
      parser.skipWhitespace()
      try parser.value(depth: 0)
      parser.skipWhitespace()
      guard parser.offset == buffer.count else {
        throw parser.syntax("more text after the end of the JSON value")
      }
      return parser.nodes
    }
    return JSONDocument(bytes: bytes, nodes: nodes)
  }

  // MARK: - Reading values

  /// The text of string node `index`.
  package func string(at index: Int) -> String {
    let node = nodes[index]
    return bytes.withUnsafeBufferPointer { buffer in
      let content = UnsafeBufferPointer(rebasing: buffer[Int(node.start)..<Int(node.end)])
      if node.kind == .escapedString {
        return String(decoding: Self.unescape(content), as: UTF8.self)
      }
      return String(decoding: content, as: UTF8.self)
    }
  }

  /// The unescaped UTF-8 of string node `index`.
  package func stringBytes(at index: Int) -> [UInt8] {
    let node = nodes[index]
    return bytes.withUnsafeBufferPointer { buffer in
      let content = UnsafeBufferPointer(rebasing: buffer[Int(node.start)..<Int(node.end)])
      return node.kind == .escapedString ? Self.unescape(content) : Array(content)
    }
  }

  /// Whether string node `index` spells `key` (after unescaping).
  package func string(at index: Int, equals key: String) -> Bool {
    let node = nodes[index]
    if node.kind == .escapedString { return string(at: index) == key }
    var key = key
    return key.withUTF8 { keyBytes in
      let count = Int(node.end - node.start)
      guard keyBytes.count == count else { return false }
      return bytes.withUnsafeBufferPointer { buffer in
        guard count > 0, let base = buffer.baseAddress, let keyBase = keyBytes.baseAddress else {
          return true
        }
        return memcmp(base + Int(node.start), keyBase, count) == 0
      }
    }
  }

  /// The lexeme of number node `index`: `4.99`, `-1`, `1e3`.
  package func numberText(at index: Int) -> String {
    let node = nodes[index]
    return String(decoding: bytes[Int(node.start)..<Int(node.end)], as: UTF8.self)
  }

  /// An integer node's value, if it fits in `Int64` (or `UInt64` when not negative).
  package func integer(at index: Int) -> (negative: Bool, magnitude: UInt64)? {
    let node = nodes[index]
    guard node.kind == .integer else { return nil }
    var position = Int(node.start)
    let end = Int(node.end)
    let negative = bytes[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    var magnitude: UInt64 = 0
    while position < end {
      let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(UInt64(bytes[position] - 48))
      if overflow1 || overflow2 { return nil }
      magnitude = sum
      position += 1
    }
    return (negative, magnitude)
  }

  /// The members of object node `index`, as (name node, value node), in document order.
  package func members(of index: Int) -> [(name: Int, value: Int)] {
    var members: [(name: Int, value: Int)] = []
    members.reserveCapacity(Int(nodes[index].count))
    var position = index + 1
    for _ in 0..<Int(nodes[index].count) {
      members.append((position, position + 1))
      position = Int(nodes[position + 1].next)
    }
    return members
  }

  /// The elements of array node `index`, in document order.
  package func elements(of index: Int) -> [Int] {
    var elements: [Int] = []
    elements.reserveCapacity(Int(nodes[index].count))
    var position = index + 1
    for _ in 0..<Int(nodes[index].count) {
      elements.append(position)
      position = Int(nodes[position].next)
    }
    return elements
  }

  /// What node `index` is, for a message: `an object`, `a string`, `null`.
  package func describe(_ index: Int) -> String {
    switch nodes[index].kind {
    case .object: "an object"
    case .array: "an array"
    case .string, .escapedString: "a string"
    case .number, .integer: "a number"
    case .true, .false: "a Boolean"
    case .null: "null"
    }
  }

  /// The failure of a reader that wanted `expected` where node `index` is.
  package func wrongType(at index: Int, _ expected: String) -> Failure {
    let node = nodes[index]
    let offset = Int(node.start) - (node.kind == .string || node.kind == .escapedString ? 1 : 0)
    return Failure(.wrongType, "expected \(expected), found \(describe(index))", offset: offset)
  }

  /// `line L, column C` of a byte offset (1-based; columns count bytes).
  package func position(of offset: Int) -> String {
    Self.position(of: offset, in: bytes)
  }

  /// `line L, column C` of a byte offset in `bytes` (1-based; columns count bytes).
  package static func position(of offset: Int, in bytes: [UInt8]) -> String {
    var line = 1
    var lineStart = 0
    for position in 0..<min(offset, bytes.count) where bytes[position] == 0x0A {
      line += 1
      lineStart = position + 1
    }
    return "line \(line), column \(offset - lineStart + 1)"
  }

  // MARK: - Escapes

  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// The unescaped UTF-8 of a string's content whose escapes the parser checked.
  static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    func hex4(_ at: Int) -> UInt32 {
      var value: UInt32 = 0
      for offset in 0..<4 { value = value << 4 | (hexValue(bytes[at + offset]) ?? 0) }
      return value
    }
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\") else {
        output.append(byte)
        index += 1
        continue
      }
      let escaped = bytes[index + 1]
      index += 2
      switch escaped {
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = hex4(index)
        index += 4
        if (0xD800...0xDBFF).contains(scalar) {
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex4(index + 2) - 0xDC00)
          index += 6
        }
        output.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
      default: output.append(escaped)
      }
    }
    return output
  }
}
