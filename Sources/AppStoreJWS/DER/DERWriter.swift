/// Writes DER (ITU-T X.690): what the local certificate authority builds certificates and keys
/// with. Lengths in the shortest form (§10.1), INTEGERs minimal (§8.3.2), BOOLEAN `FF` (§11.1).
package struct DERWriter {
  package private(set) var bytes: [UInt8] = []

  /// An empty writer.
  package init() {}

  /// Appends a tag, the length of `content` in DER's shortest form, and `content`.
  package mutating func element(_ tag: UInt8, _ content: some Collection<UInt8>) {
    bytes.append(tag)
    Self.appendLength(content.count, to: &bytes)
    bytes.append(contentsOf: content)
  }

  /// Appends a constructed element whose content `body` writes.
  mutating func constructed(_ tag: UInt8, _ body: (inout DERWriter) -> Void) {
    var inner = DERWriter()
    body(&inner)
    element(tag, inner.bytes)
  }

  /// Appends a SEQUENCE whose content `body` writes.
  package mutating func sequence(_ body: (inout DERWriter) -> Void) {
    constructed(DERTag.sequence, body)
  }

  /// Appends bytes that are already DER (a name copied from a certificate).
  mutating func raw(_ der: some Collection<UInt8>) {
    bytes.append(contentsOf: der)
  }

  /// Appends a non-negative INTEGER from big-endian magnitude bytes (leading zeros dropped, a
  /// zero byte added where the top bit is set).
  mutating func unsignedInteger(_ magnitude: some Collection<UInt8>) {
    var value = Array(magnitude.drop { $0 == 0 })
    if value.isEmpty { value = [0] } else if value[0] & 0x80 != 0 { value.insert(0, at: 0) }
    element(DERTag.integer, value)
  }

  /// Appends a small non-negative INTEGER.
  mutating func integer(_ value: Int) {
    var magnitude: [UInt8] = []
    var rest = UInt64(max(0, value))
    repeat {
      magnitude.insert(UInt8(rest & 0xFF), at: 0)
      rest >>= 8
    } while rest > 0
    unsignedInteger(magnitude)
  }

  /// Appends a BOOLEAN.
  package mutating func boolean(_ value: Bool) {
    element(DERTag.boolean, [value ? 0xFF : 0x00])
  }

  /// Appends an OBJECT IDENTIFIER from its encoded content.
  mutating func objectIdentifier(_ oid: DERObjectIdentifier) {
    element(DERTag.objectIdentifier, oid.content)
  }

  /// Appends a BIT STRING of whole bytes (no unused bits).
  mutating func bitString(_ content: some Collection<UInt8>) {
    element(DERTag.bitString, [0] + Array(content))
  }

  /// Appends a BIT STRING of named bits (X.690 §11.2.2: trailing zero bits removed), bit 0
  /// being the most significant bit of the first byte.
  mutating func namedBits(_ bits: Set<Int>) {
    guard let highest = bits.max() else {
      element(DERTag.bitString, [0])
      return
    }
    var content = [UInt8](repeating: 0, count: highest / 8 + 1)
    for bit in bits { content[bit / 8] |= 0x80 >> UInt8(bit % 8) }
    element(DERTag.bitString, [UInt8(7 - highest % 8)] + content)
  }

  /// Appends an OCTET STRING.
  package mutating func octetString(_ content: some Collection<UInt8>) {
    element(DERTag.octetString, content)
  }

  /// The DER length octets of `length`.
  static func appendLength(_ length: Int, to output: inout [UInt8]) {
    if length < 0x80 {
      output.append(UInt8(length))
      return
    }
    var digits: [UInt8] = []
    var rest = length
    while rest > 0 {
      digits.insert(UInt8(rest & 0xFF), at: 0)
      rest >>= 8
    }
    output.append(0x80 | UInt8(digits.count))
    output.append(contentsOf: digits)
  }
}
