extension JSONDocument {
  /// The one pass over a document's bytes that makes its nodes, for
  /// ``JSONDocument/parse(_:from:maximumDepth:)``: it checks the syntax, the strings' UTF-8 and
  /// escapes, the depth and that no member name repeats, and says where the first fault is.
  struct Parser {
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
