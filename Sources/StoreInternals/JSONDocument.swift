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

// MARK: - The parser

extension JSONDocument {
  private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var nodes: [Node] = []
    var offset: Int
    /// The member names of the objects being read, innermost last: (hash, name node).
    var names: [(hash: UInt64, node: Int32)] = []

    init(bytes: UnsafeBufferPointer<UInt8>, offset: Int, maximumDepth: Int) {
      self.bytes = bytes
      self.offset = offset
      self.maximumDepth = maximumDepth
      nodes.reserveCapacity(64)
      names.reserveCapacity(32)
    }

    // MARK: Failures

    func syntax(_ what: String, at position: Int? = nil) -> Failure {
      Failure(.syntax, what, offset: position ?? offset)
    }

    func truncated(_ inside: String) -> Failure {
      Failure(.truncated, "the data ends inside \(inside)", offset: bytes.count)
    }

    /// The next byte, for a message: `'x'`, `the byte 0x1F`, `the end of the data`.
    func describeByte() -> String {
      guard offset < bytes.count else { return "the end of the data" }
      let byte = bytes[offset]
      if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
      return "the byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// A wrong byte where `what` belongs, or the end of the data inside `inside`.
    func unexpected(_ what: String, inside: String) -> Failure {
      offset < bytes.count ? syntax("\(describeByte()) where \(what)") : truncated(inside)
    }

    /// The text of a name node, for a message.
    func text(of node: Int) -> String {
      let name = nodes[node]
      let content = UnsafeBufferPointer(rebasing: bytes[Int(name.start)..<Int(name.end)])
      return String(
        decoding: name.kind == .escapedString ? JSONDocument.unescape(content) : Array(content),
        as: UTF8.self)
    }

    // MARK: Values

    mutating func skipWhitespace() {
      while offset < bytes.count {
        switch bytes[offset] {
        case 0x20, 0x09, 0x0A, 0x0D: offset += 1
        default: return
        }
      }
    }

    mutating func append(_ kind: Kind, _ start: Int, _ end: Int) {
      nodes.append(
        Node(
          kind: kind, start: Int32(start), end: Int32(end), next: Int32(nodes.count + 1),
          count: 0))
    }

    mutating func value(depth: Int) throws(Failure) {
      guard offset < bytes.count else { throw truncated("a value") }
      switch bytes[offset] {
      case UInt8(ascii: "{"): try object(depth: depth + 1)
      case UInt8(ascii: "["): try array(depth: depth + 1)
      case UInt8(ascii: "\""): try string()
      case UInt8(ascii: "t"): try literal("true", .true)
      case UInt8(ascii: "f"): try literal("false", .false)
      case UInt8(ascii: "n"): try literal("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
      default: throw syntax("\(describeByte()) where a value belongs")
      }
    }

    func checkDepth(_ depth: Int) throws(Failure) {
      guard depth <= maximumDepth else {
        throw Failure(
          .tooDeep, "arrays and objects nested more than \(maximumDepth) levels deep",
          offset: offset)
      }
    }

    /// Opens a container (offset on its bracket): checks the depth, records its node and moves
    /// past the bracket and whitespace. Returns the node's index and whether it is empty (then
    /// it is closed already).
    mutating func open(_ kind: Kind, depth: Int, closing: UInt8) throws(Failure) -> (Int, Bool) {
      try checkDepth(depth)
      let index = nodes.count
      append(kind, offset, offset)
      offset += 1
      skipWhitespace()
      guard offset < bytes.count, bytes[offset] == closing else { return (index, false) }
      offset += 1
      close(index, count: 0)
      return (index, true)
    }

    /// After a member or element: `true` past a `,`, `false` past the `closing` bracket.
    mutating func continues(closing: UInt8, inside: String) throws(Failure) -> Bool {
      skipWhitespace()
      guard offset < bytes.count else { throw truncated(inside) }
      if bytes[offset] == UInt8(ascii: ",") {
        offset += 1
        return true
      }
      guard bytes[offset] == closing else {
        throw syntax(
          "\(describeByte()) where ',' or '\(Character(Unicode.Scalar(closing)))' belongs")
      }
      offset += 1
      return false
    }

    /// Completes container node `index`, which ends here.
    mutating func close(_ index: Int, count: Int32) {
      nodes[index].count = count
      nodes[index].end = Int32(offset)
      nodes[index].next = Int32(nodes.count)
    }

    mutating func object(depth: Int) throws(Failure) {
      let (index, empty) = try open(.object, depth: depth, closing: UInt8(ascii: "}"))
      if empty { return }
      var count: Int32 = 0
      let namesBase = names.count
      defer { names.removeSubrange(namesBase...) }
      repeat {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
          throw unexpected("a key in double quotes belongs", inside: "an object")
        }
        let quote = offset
        let nameNode = nodes.count
        try string()
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
          throw unexpected(
            "':' belongs after the key \"\(text(of: nameNode))\"", inside: "an object")
        }
        offset += 1
        skipWhitespace()
        do throws(Failure) {
          try value(depth: depth)
          try checkUnique(name: nameNode, quote: quote, since: namesBase)
        } catch {
          var failure = error
          failure.path.insert(.key(text(of: nameNode)), at: 0)
          throw failure
        }
        count += 1
      } while try continues(closing: UInt8(ascii: "}"), inside: "an object")
      close(index, count: count)
    }

    /// Fails when name node `name` spells a name already seen in this object; else remembers it.
    mutating func checkUnique(name: Int, quote: Int, since base: Int) throws(Failure) {
      let node = nodes[name]
      let escaped = node.kind == .escapedString
      let content = UnsafeBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)])
      let unescaped = escaped ? JSONDocument.unescape(content) : []
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      if escaped {
        for byte in unescaped { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      } else {
        for byte in content { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      }
      for seen in names[base...] where seen.hash == hash {
        let other = nodes[Int(seen.node)]
        let otherContent = UnsafeBufferPointer(
          rebasing: bytes[Int(other.start)..<Int(other.end)])
        let same: Bool
        if !escaped, other.kind != .escapedString {
          same = otherContent.elementsEqual(content)
        } else {
          let otherText =
            other.kind == .escapedString
            ? JSONDocument.unescape(otherContent) : Array(otherContent)
          same = otherText == (escaped ? unescaped : Array(content))
        }
        if same {
          throw Failure(
            .duplicateKey, "the key \"\(text(of: name))\" appears twice in one object",
            offset: quote)
        }
      }
      names.append((hash, Int32(name)))
    }

    mutating func array(depth: Int) throws(Failure) {
      let (index, empty) = try open(.array, depth: depth, closing: UInt8(ascii: "]"))
      if empty { return }
      var count: Int32 = 0
      repeat {
        skipWhitespace()
        do throws(Failure) {
          try value(depth: depth)
        } catch {
          var failure = error
          failure.path.insert(.index(Int(count)), at: 0)
          throw failure
        }
        count += 1
      } while try continues(closing: UInt8(ascii: "]"), inside: "an array")
      close(index, count: count)
    }

    /// Records a string's content range (without quotes); checks escapes and UTF-8.
    mutating func string() throws(Failure) {
      let quote = offset
      offset += 1
      let start = offset
      var escaped = false
      var ascii = true
      while true {
        guard offset < bytes.count else { throw truncated("a string") }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\"") { break }
        if byte < 0x20 { throw syntax("a control character inside a string") }
        if byte >= 0x80 { ascii = false }
        if byte == UInt8(ascii: "\\") {
          escaped = true
          try escape()
          continue
        }
        offset += 1
      }
      let end = offset
      offset += 1
      if !ascii, !isWellFormedUTF8(UnsafeBufferPointer(rebasing: bytes[start..<end])) {
        throw syntax("a string that is not valid UTF-8", at: quote)
      }
      append(escaped ? .escapedString : .string, start, end)
    }

    /// Checks one escape (offset on its backslash) and moves past it.
    mutating func escape() throws(Failure) {
      let backslash = offset
      offset += 1
      guard offset < bytes.count else { throw truncated("a string") }
      let escaped = bytes[offset]
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
        UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
        offset += 1
      case UInt8(ascii: "u"):
        let high = try hex4()
        if (0xD800...0xDBFF).contains(high) {
          guard offset + 1 < bytes.count else { throw truncated("a string") }
          guard bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
            throw syntax("an unpaired surrogate escape in a string", at: backslash)
          }
          offset += 1
          let low = try hex4()
          guard (0xDC00...0xDFFF).contains(low) else {
            throw syntax("an unpaired surrogate escape in a string", at: backslash)
          }
        } else if (0xDC00...0xDFFF).contains(high) {
          throw syntax("an unpaired surrogate escape in a string", at: backslash)
        }
      default:
        let shown = escaped >= 0x21 && escaped < 0x7F ? String(UnicodeScalar(escaped)) : "?"
        throw syntax("an unknown escape '\\\(shown)' in a string")
      }
    }

    /// Reads `uXXXX` (offset on the `u`) and returns the code unit.
    mutating func hex4() throws(Failure) -> UInt32 {
      offset += 1
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard offset < bytes.count else { throw truncated("a string") }
        guard let digit = JSONDocument.hexValue(bytes[offset]) else {
          throw syntax("\(describeByte()) where a hex digit of \\u belongs")
        }
        value = value << 4 | digit
        offset += 1
      }
      return value
    }

    mutating func literal(_ word: StaticString, _ kind: Kind) throws(Failure) {
      let count = word.utf8CodeUnitCount
      let available = min(count, bytes.count - offset)
      for index in 0..<available where bytes[offset + index] != word.utf8Start[index] {
        throw syntax("\(describeByte()) where a value belongs")
      }
      guard available == count else { throw truncated("the literal '\(word)'") }
      append(kind, offset, offset + count)
      offset += count
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    mutating func number() throws(Failure) {
      let start = offset
      var integral = true
      if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
      let integerStart = offset
      let integerDigits = digits()
      guard integerDigits > 0 else {
        throw unexpected("a digit belongs after '-'", inside: "a number")
      }
      if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
        throw syntax("a number with a leading zero", at: start)
      }
      if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
        integral = false
        offset += 1
        guard digits() > 0 else {
          throw unexpected("a digit belongs after '.'", inside: "a number")
        }
      }
      if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
        integral = false
        offset += 1
        if offset < bytes.count,
          bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")
        {
          offset += 1
        }
        guard digits() > 0 else {
          throw unexpected("a digit belongs in the exponent", inside: "a number")
        }
      }
      append(integral ? .integer : .number, start, offset)
    }

    /// Consumes ASCII digits and returns how many.
    mutating func digits() -> Int {
      let start = offset
      while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"),
        bytes[offset] <= UInt8(ascii: "9")
      {
        offset += 1
      }
      return offset - start
    }
  }
}
