/// A strict reader of DER (ITU-T X.690, Distinguished Encoding Rules) over a byte array.
///
/// It refuses every encoding DER forbids that a certificate could carry: the indefinite length
/// (X.690 §10.1), a length in more bytes than it needs or in the long form below 128 (§10.1),
/// the high-tag-number form (this package reads no such tag), an element running past its
/// parent, and nesting deeper than ``maximumDepth``. The primitive types check their own rules
/// when read: minimal INTEGERs (§8.3.2), BOOLEAN as `00` or `FF` (§11.1), BIT STRING unused
/// bits (§8.6.2, §11.2), OBJECT IDENTIFIER subidentifiers without leading `80` (§8.19.2).
///
/// Positions are offsets into ``bytes``; each error says where it was found and why.
package struct DERReader {
  /// The whole buffer (a certificate, a key, a signature).
  let bytes: [UInt8]
  /// Where the next element starts.
  private(set) var position: Int
  /// Where this reader's content ends (its parent's content end, or the buffer's end).
  let end: Int
  /// How deep this reader is nested (0 at the top).
  let depth: Int

  /// How deep constructed elements may nest: far more than any structure read here has (a
  /// certificate's deepest, inside a name, is 6), few enough that a hostile input cannot
  /// exhaust the stack.
  static let maximumDepth = 32
  /// The longest element read: 1 MiB, far beyond any certificate, key or signature.
  static let maximumLength = 1 << 20

  /// A reader of all of `bytes`.
  package init(_ bytes: [UInt8]) {
    self.init(bytes, from: 0, to: bytes.count, depth: 0)
  }

  private init(_ bytes: [UInt8], from start: Int, to end: Int, depth: Int) {
    self.bytes = bytes
    self.position = start
    self.end = end
    self.depth = depth
  }

  /// Whether every byte of this reader's content has been read.
  var isAtEnd: Bool { position >= end }

  /// The tag of the next element, without reading it; `nil` at the end.
  var peekTag: UInt8? { position < end ? bytes[position] : nil }

  /// Reads the next element, whatever its tag.
  package mutating func next() throws(DERError) -> DERElement {
    let start = position
    guard start < end else { throw DERError("an element is missing", at: start) }
    let tag = bytes[start]
    guard tag & 0x1F != 0x1F else {
      throw DERError("tag \(hex(tag)) uses the high-tag-number form", at: start, rule: .derEncoding)
    }
    guard start + 1 < end else { throw DERError("the element has no length", at: start) }
    let first = bytes[start + 1]
    var length = 0
    var contentStart = start + 2
    if first < 0x80 {
      length = Int(first)
    } else if first == 0x80 {
      throw DERError("the indefinite length is not DER", at: start + 1, rule: .derEncoding)
    } else {
      let count = Int(first & 0x7F)
      guard count <= 3 else {
        throw DERError(
          "a length of \(count) bytes is longer than any element read", at: start + 1,
          rule: .derEncoding)
      }
      guard start + 2 + count <= end else {
        throw DERError("the length runs past the end", at: start + 1)
      }
      guard bytes[start + 2] != 0 else {
        throw DERError(
          "the length has a leading zero byte (not minimal)", at: start + 1, rule: .derEncoding)
      }
      for index in 0..<count { length = length << 8 | Int(bytes[start + 2 + index]) }
      guard length >= 0x80 else {
        throw DERError(
          "the length \(length) is in the long form (not minimal)", at: start + 1,
          rule: .derEncoding)
      }
      contentStart += count
    }
    guard length <= Self.maximumLength else {
      throw DERError("the length \(length) is absurd", at: start + 1, rule: .derEncoding)
    }
    guard length <= end - contentStart else {
      throw DERError(
        "the element's \(length) bytes run past the end (\(end - contentStart) left)", at: start)
    }
    position = contentStart + length
    return DERElement(tag: tag, start: start, contentStart: contentStart, end: position)
  }

  /// Reads the next element, which must have `tag`.
  mutating func next(_ tag: UInt8, _ what: @autoclosure () -> String) throws(DERError)
    -> DERElement
  {
    let element = try next()
    guard element.tag == tag else {
      throw DERError(
        "\(what()) should have tag \(hex(tag)), not \(hex(element.tag))", at: element.start)
    }
    return element
  }

  /// Reads the next element if it has `tag`; otherwise reads nothing.
  mutating func optional(_ tag: UInt8) throws(DERError) -> DERElement? {
    guard peekTag == tag else { return nil }
    return try next()
  }

  /// A reader of a constructed element's content, one level deeper.
  func children(of element: DERElement) throws(DERError) -> DERReader {
    guard element.isConstructed else {
      throw DERError("tag \(hex(element.tag)) is not constructed", at: element.start)
    }
    guard depth + 1 <= Self.maximumDepth else {
      throw DERError(
        "elements nest deeper than \(Self.maximumDepth)", at: element.start, rule: .derEncoding)
    }
    return DERReader(bytes, from: element.contentStart, to: element.end, depth: depth + 1)
  }

  /// Throws unless every byte of this reader's content has been read.
  package func expectEnd(_ what: @autoclosure () -> String) throws(DERError) {
    guard position >= end else {
      throw DERError("\(end - position) bytes follow \(what())", at: position)
    }
  }

  /// Walks every element below `element`, checking the DER length rules at every level: what
  /// a reader of the known fields alone would not see inside the parts it keeps as bytes.
  package func checkStructure(of element: DERElement) throws(DERError) {
    guard element.isConstructed else { return }
    var inner = try children(of: element)
    while !inner.isAtEnd {
      let child = try inner.next()
      try inner.checkStructure(of: child)
    }
  }

  // MARK: - Primitive types

  /// The content bytes of `element`.
  func content(_ element: DERElement) -> ArraySlice<UInt8> {
    bytes[element.contentStart..<element.end]
  }

  /// Checks that `element` is a minimally encoded INTEGER (X.690 §8.3.2) and returns its
  /// content (two's complement, big-endian).
  package func integer(_ element: DERElement, _ what: @autoclosure () -> String) throws(DERError)
    -> ArraySlice<UInt8>
  {
    guard element.tag == DERTag.integer else {
      throw DERError("\(what()) is not an INTEGER", at: element.start)
    }
    let value = content(element)
    guard let first = value.first else {
      throw DERError("\(what()) is an INTEGER with no bytes", at: element.start)
    }
    if value.count > 1 {
      let second = value[value.startIndex + 1]
      guard !(first == 0 && second & 0x80 == 0), !(first == 0xFF && second & 0x80 != 0) else {
        throw DERError(
          "\(what()) is an INTEGER that is not minimally encoded", at: element.start,
          rule: .derEncoding)
      }
    }
    return value
  }

  /// A non-negative INTEGER's magnitude without its sign byte; refuses a negative one.
  func unsignedInteger(_ element: DERElement, _ what: @autoclosure () -> String)
    throws(DERError) -> ArraySlice<UInt8>
  {
    let value = try integer(element, what())
    guard let first = value.first, first & 0x80 == 0 else {
      throw DERError("\(what()) is negative", at: element.start)
    }
    return first == 0 && value.count > 1 ? value.dropFirst() : value
  }

  /// A small non-negative INTEGER (at most 8 bytes of magnitude) as an `Int64`.
  func smallInteger(_ element: DERElement, _ what: @autoclosure () -> String) throws(DERError)
    -> Int64
  {
    let magnitude = try unsignedInteger(element, what())
    let value = magnitude.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    guard magnitude.count <= 8, value <= UInt64(Int64.max) else {
      throw DERError("\(what()) is too large", at: element.start, rule: .extensionValues)
    }
    return Int64(value)
  }

  /// A DER BOOLEAN: one byte, `00` or `FF` (X.690 §11.1).
  package func boolean(_ element: DERElement, _ what: @autoclosure () -> String) throws(DERError)
    -> Bool
  {
    let value = content(element)
    guard element.tag == DERTag.boolean, value.count == 1,
      let byte = value.first, byte == 0 || byte == 0xFF
    else { throw DERError("\(what()) is not a DER BOOLEAN", at: element.start, rule: .derEncoding) }
    return byte == 0xFF
  }

  /// A BIT STRING's bits, with the count of unused bits of its last byte; DER requires those
  /// bits to be zero (X.690 §11.2.1) and an empty string to have none.
  package func bitString(_ element: DERElement, _ what: @autoclosure () -> String) throws(DERError)
    -> (bytes: ArraySlice<UInt8>, unusedBits: Int)
  {
    let value = content(element)
    guard element.tag == DERTag.bitString, let unused = value.first, unused <= 7 else {
      throw DERError("\(what()) is not a BIT STRING", at: element.start)
    }
    let bits = value.dropFirst()
    if let last = bits.last {
      guard last & UInt8((1 << unused) - 1) == 0 else {
        throw DERError(
          "\(what()) has unused bits that are not zero", at: element.start, rule: .derEncoding)
      }
    } else {
      guard unused == 0 else {
        throw DERError(
          "\(what()) is empty but claims unused bits", at: element.start, rule: .derEncoding)
      }
    }
    return (bits, Int(unused))
  }

  /// A BIT STRING that holds whole bytes (no unused bits): a key or a signature.
  func octetAlignedBitString(_ element: DERElement, _ what: @autoclosure () -> String)
    throws(DERError) -> ArraySlice<UInt8>
  {
    let (bits, unused) = try bitString(element, what())
    guard unused == 0 else {
      throw DERError("\(what()) has \(unused) unused bits; it should hold bytes", at: element.start)
    }
    return bits
  }

  /// An OBJECT IDENTIFIER's content, checked: not empty, each subidentifier minimal and
  /// terminated (X.690 §8.19.2).
  package func objectIdentifier(_ element: DERElement, _ what: @autoclosure () -> String)
    throws(DERError) -> ArraySlice<UInt8>
  {
    let value = content(element)
    guard element.tag == DERTag.objectIdentifier, let last = value.last, last & 0x80 == 0 else {
      throw DERError("\(what()) is not an OBJECT IDENTIFIER", at: element.start)
    }
    var atStart = true
    for byte in value {
      guard !(atStart && byte == 0x80) else {
        throw DERError(
          "\(what()) has a subidentifier with a leading 80", at: element.start, rule: .derEncoding)
      }
      atStart = byte & 0x80 == 0
    }
    return value
  }
}

/// One element read by a ``DERReader``: its tag and where its header and content lie.
package struct DERElement: Sendable, Hashable {
  package let tag: UInt8
  /// Where the element (its tag) starts.
  let start: Int
  /// Where its content starts.
  let contentStart: Int
  /// Where it ends.
  let end: Int

  /// The whole element, header included.
  var range: Range<Int> { start..<end }
  /// Whether the element's tag has the constructed bit (X.690 §8.1.2.5).
  var isConstructed: Bool { tag & 0x20 != 0 }

  /// The same bytes read as `tag`: the universal type an IMPLICIT context tag stands for
  /// (X.680 §31.2.7), so that its content is checked as that type's.
  func read(as tag: UInt8) -> DERElement {
    DERElement(tag: tag, start: start, contentStart: contentStart, end: end)
  }
}

/// The tags this package reads and writes (X.690 §8.1.2, X.680 §8.4).
package enum DERTag {
  package static let boolean: UInt8 = 0x01
  package static let integer: UInt8 = 0x02
  package static let bitString: UInt8 = 0x03
  static let octetString: UInt8 = 0x04
  static let null: UInt8 = 0x05
  package static let objectIdentifier: UInt8 = 0x06
  static let utf8String: UInt8 = 0x0C
  static let printableString: UInt8 = 0x13
  static let ia5String: UInt8 = 0x16
  package static let utcTime: UInt8 = 0x17
  package static let generalizedTime: UInt8 = 0x18
  static let sequence: UInt8 = 0x30
  static let set: UInt8 = 0x31

  /// `[number]` context-specific, constructed (EXPLICIT tagging of a constructed type).
  static func contextConstructed(_ number: UInt8) -> UInt8 { 0xA0 | number }
  /// `[number]` context-specific, primitive (IMPLICIT tagging of a primitive type).
  static func contextPrimitive(_ number: UInt8) -> UInt8 { 0x80 | number }
}

/// Why some bytes are not the DER expected: what, where (an offset) and why.
package struct DERError: Error, Sendable, CustomStringConvertible {
  package let reason: String
  let offset: Int
  /// The rule of the closed list where this refusal is stricter than OpenSSL's reading, if it
  /// is one of them.
  let rule: StricterRule?

  init(_ reason: String, at offset: Int, rule: StricterRule? = nil) {
    self.reason = reason
    self.offset = offset
    self.rule = rule
  }

  package var description: String { "\(reason) (at byte \(offset))" }
}

/// A byte as two upper-case hexadecimal digits.
func hex(_ byte: UInt8) -> String {
  let digits = Array("0123456789ABCDEF")
  return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}
