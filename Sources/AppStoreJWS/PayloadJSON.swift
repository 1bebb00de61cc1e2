import Foundation

/// A JSON document parsed once into a flat list of nodes over its bytes: the input of
/// ``PayloadDecoder``.
///
/// Strict RFC 8259 (one value, nothing after it, no duplicate member names, UTF-8 strings,
/// nesting at most 64 deep). Strings and numbers stay as byte ranges until a decoder asks for
/// them, so decoding a payload costs one pass over its bytes plus the fields actually read.
final class PayloadJSON {
  enum Kind: UInt8 {
    case object
    case array
    case string
    case escapedString
    case number
    case integer
    case `true`
    case `false`
    case null
  }

  /// One value. Containers are followed by their contents: for an object, each member's name
  /// (a string node) then its value; `next` is the index after the whole value.
  struct Node {
    var kind: Kind
    var start: Int32
    var end: Int32
    var next: Int32
    /// Members of an object, elements of an array.
    var count: Int32
  }

  let bytes: [UInt8]
  let nodes: [Node]

  private init(bytes: [UInt8], nodes: [Node]) {
    self.bytes = bytes
    self.nodes = nodes
  }

  /// Parses `bytes` as one JSON value.
  static func parse(_ bytes: [UInt8]) throws(JSONScanner.Failure) -> PayloadJSON {
    guard bytes.count < Int(Int32.max) else {
      throw JSONScanner.Failure(message: "document too large", offset: 0)
    }
    let nodes = try bytes.withUnsafeBufferPointer { buffer throws(JSONScanner.Failure) in
      var parser = Parser(bytes: buffer)
      parser.skipWhitespace()
      try parser.value(depth: 0)
      parser.skipWhitespace()
      guard parser.offset == buffer.count else { throw parser.fail("bytes after the value") }
      return parser.nodes
    }
    return PayloadJSON(bytes: bytes, nodes: nodes)
  }

  private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var nodes: [Node] = []
    var offset = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
      nodes.reserveCapacity(64)
    }

    func fail(_ message: String) -> JSONScanner.Failure {
      JSONScanner.Failure(message: message, offset: offset)
    }

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
          kind: kind, start: Int32(start), end: Int32(end),
          next: Int32(nodes.count + 1), count: 0))
    }

    mutating func value(depth: Int) throws(JSONScanner.Failure) {
      guard depth < JSONScanner.maximumDepth else { throw fail("nesting too deep") }
      guard offset < bytes.count else { throw fail("expected a value") }
      switch bytes[offset] {
      case UInt8(ascii: "{"): try object(depth: depth)
      case UInt8(ascii: "["): try array(depth: depth)
      case UInt8(ascii: "\""): try string()
      case UInt8(ascii: "t"): try literal("true", .true)
      case UInt8(ascii: "f"): try literal("false", .false)
      case UInt8(ascii: "n"): try literal("null", .null)
      default: try number()
      }
    }

    mutating func object(depth: Int) throws(JSONScanner.Failure) {
      let index = nodes.count
      append(.object, offset, offset)
      offset += 1
      skipWhitespace()
      var count: Int32 = 0
      // Names seen so far, as (hash, start, length); hashes make the duplicate check cheap.
      var names: [(hash: UInt64, start: Int, count: Int)] = []
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
        offset += 1
      } else {
        while true {
          skipWhitespace()
          guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
            throw fail("expected a member name")
          }
          let nameOffset = offset
          try string()
          let name = nodes[nodes.count - 1]
          let nameStart = Int(name.start)
          let nameCount = Int(name.end - name.start)
          var hash: UInt64 = 0xcbf2_9ce4_8422_2325
          for position in nameStart..<(nameStart + nameCount) {
            hash = (hash ^ UInt64(bytes[position])) &* 0x100_0000_01b3
          }
          // Escaped names are compared in their escaped form; the decoder's lookup unescapes
          // and takes the first match, so a duplicate spelled two ways is caught there.
          if let base = bytes.baseAddress {
            for seen in names where seen.hash == hash && seen.count == nameCount {
              if memcmp(base + seen.start, base + nameStart, nameCount) == 0 {
                throw JSONScanner.Failure(message: "duplicate member name", offset: nameOffset)
              }
            }
          }
          names.append((hash, nameStart, nameCount))
          skipWhitespace()
          guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
            throw fail("expected ':'")
          }
          offset += 1
          skipWhitespace()
          try value(depth: depth + 1)
          count += 1
          skipWhitespace()
          guard offset < bytes.count else { throw fail("unterminated object") }
          if bytes[offset] == UInt8(ascii: ",") {
            offset += 1
            continue
          }
          guard bytes[offset] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
          offset += 1
          break
        }
      }
      nodes[index].count = count
      nodes[index].end = Int32(offset)
      nodes[index].next = Int32(nodes.count)
    }

    mutating func array(depth: Int) throws(JSONScanner.Failure) {
      let index = nodes.count
      append(.array, offset, offset)
      offset += 1
      skipWhitespace()
      var count: Int32 = 0
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
        offset += 1
      } else {
        while true {
          skipWhitespace()
          try value(depth: depth + 1)
          count += 1
          skipWhitespace()
          guard offset < bytes.count else { throw fail("unterminated array") }
          if bytes[offset] == UInt8(ascii: ",") {
            offset += 1
            continue
          }
          guard bytes[offset] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
          offset += 1
          break
        }
      }
      nodes[index].count = count
      nodes[index].end = Int32(offset)
      nodes[index].next = Int32(nodes.count)
    }

    /// Records a string's content range (without quotes); validates escapes and UTF-8.
    mutating func string() throws(JSONScanner.Failure) {
      offset += 1
      let start = offset
      var escaped = false
      var ascii = true
      while true {
        guard offset < bytes.count else { throw fail("unterminated string") }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\"") { break }
        if byte < 0x20 { throw fail("control character in a string") }
        if byte >= 0x80 { ascii = false }
        if byte == UInt8(ascii: "\\") {
          escaped = true
          offset += 1
          guard offset < bytes.count else { throw fail("unterminated escape") }
          switch bytes[offset] {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            offset += 1
          case UInt8(ascii: "u"):
            offset += 1
            guard offset + 4 <= bytes.count,
              (0..<4).allSatisfy({ PayloadJSON.hexValue(bytes[offset + $0]) != nil })
            else { throw fail("invalid \\u escape") }
            offset += 4
          default:
            throw fail("invalid escape")
          }
          continue
        }
        offset += 1
      }
      let end = offset
      offset += 1
      if !ascii,
        !UTF8Validation.isValid(UnsafeBufferPointer(rebasing: bytes[start..<end]))
      {
        throw JSONScanner.Failure(message: "string is not UTF-8", offset: start)
      }
      append(escaped ? .escapedString : .string, start, end)
      if escaped {
        // Surrogates are checked now so that a decoder never meets an invalid escape.
        guard PayloadJSON.unescape(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end])) != nil
        else { throw JSONScanner.Failure(message: "invalid \\u escape", offset: start) }
      }
    }

    mutating func literal(_ word: StaticString, _ kind: Kind) throws(JSONScanner.Failure) {
      let count = word.utf8CodeUnitCount
      guard offset + count <= bytes.count else { throw fail("invalid literal") }
      for index in 0..<count where bytes[offset + index] != word.utf8Start[index] {
        throw fail("invalid literal")
      }
      append(kind, offset, offset + count)
      offset += count
    }

    mutating func number() throws(JSONScanner.Failure) {
      let start = offset
      var integral = true
      func isDigit(_ index: Int) -> Bool {
        index < bytes.count && bytes[index] >= UInt8(ascii: "0")
          && bytes[index] <= UInt8(ascii: "9")
      }
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
      guard isDigit(offset) else { throw fail("expected a value") }
      if bytes[offset] == UInt8(ascii: "0") {
        offset += 1
      } else {
        while isDigit(offset) { offset += 1 }
      }
      if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
        integral = false
        offset += 1
        guard isDigit(offset) else { throw fail("expected a digit") }
        while isDigit(offset) { offset += 1 }
      }
      if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
        integral = false
        offset += 1
        if offset < bytes.count,
          bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")
        {
          offset += 1
        }
        guard isDigit(offset) else { throw fail("expected a digit") }
        while isDigit(offset) { offset += 1 }
      }
      append(integral ? .integer : .number, start, offset)
    }
  }

  // MARK: - Values

  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// The unescaped UTF-8 of a string's content, or `nil` for an invalid escape.
  static func unescape(bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    func hex4(_ at: Int) -> UInt32? {
      guard at + 4 <= bytes.count else { return nil }
      var value: UInt32 = 0
      for offset in 0..<4 {
        guard let digit = hexValue(bytes[at + offset]) else { return nil }
        value = value << 4 | digit
      }
      return value
    }
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\") else {
        output.append(byte)
        index += 1
        continue
      }
      guard index + 1 < bytes.count else { return nil }
      let escaped = bytes[index + 1]
      index += 2
      switch escaped {
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        guard var scalar = hex4(index) else { return nil }
        index += 4
        if (0xD800...0xDBFF).contains(scalar) {
          guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u"), let low = hex4(index + 2),
            (0xDC00...0xDFFF).contains(low)
          else { return nil }
          index += 6
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
          return nil
        }
        guard let unicode = Unicode.Scalar(scalar) else { return nil }
        output.append(contentsOf: String(Character(unicode)).utf8)
      default: output.append(escaped)
      }
    }
    return output
  }

  /// The text of string node `index`.
  func string(at index: Int) -> String {
    let node = nodes[index]
    return bytes.withUnsafeBufferPointer { buffer in
      let content = UnsafeBufferPointer(rebasing: buffer[Int(node.start)..<Int(node.end)])
      if node.kind == .escapedString, let unescaped = Self.unescape(bytes: content) {
        return String(decoding: unescaped, as: UTF8.self)
      }
      return String(decoding: content, as: UTF8.self)
    }
  }

  /// Whether string node `index` spells `key` (after unescaping).
  func string(at index: Int, equals key: String) -> Bool {
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

  /// The kind the document shows by its top-level member names (see
  /// ``SignedPayloadKind/detect(payloadJSON:)``), or `nil` when it is not an object or shows none.
  var signedPayloadKind: SignedPayloadKind? {
    guard let root = nodes.first, root.kind == .object else { return nil }
    var notification = false
    var appTransaction = false
    var transaction = false
    var renewalInfo = false
    var position = 1
    for _ in 0..<Int(root.count) {
      // Compared only where the length fits (an escaped name may be longer than it reads).
      let name = nodes[position]
      let length = Int(name.end - name.start)
      func named(_ key: String) -> Bool {
        (name.kind == .escapedString || length == key.utf8.count)
          && string(at: position, equals: key)
      }
      if named("notificationType") {
        notification = true
      } else if named("receiptType") || named("originalApplicationVersion") {
        appTransaction = true
      } else if named("transactionId") {
        transaction = true
      } else if named("autoRenewStatus") || named("autoRenewProductId") {
        renewalInfo = true
      }
      position = Int(nodes[position + 1].next)
    }
    if notification { return .notification }
    if appTransaction { return .appTransaction }
    if transaction { return .transaction }
    return renewalInfo ? .renewalInfo : nil
  }

  /// The text of a number node, for parsing.
  func numberText(at index: Int) -> Substring {
    let node = nodes[index]
    return Substring(String(decoding: bytes[Int(node.start)..<Int(node.end)], as: UTF8.self))
  }

  /// An integer node's value, if it fits in `Int64` (or `UInt64` when not negative).
  func integer(at index: Int) -> (negative: Bool, magnitude: UInt64)? {
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
}
