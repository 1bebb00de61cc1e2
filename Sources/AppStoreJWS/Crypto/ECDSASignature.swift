/// The two forms of an ECDSA signature: raw `r‖s` (JWS, RFC 7518 §3.4; each half as many bytes
/// as a coordinate) and DER `ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }` (X.509,
/// RFC 5480 §2.2 / RFC 3279 §2.2.3). Conversion is serialization only; the arithmetic is the
/// primitive's.
package enum ECDSASignature {
  /// The longest DER form of a P-384 signature: `30 81 66`, then two INTEGERs of 2 + 49 bytes.
  package static let maximumDERCount = 3 + 2 * (2 + 49)

  /// Writes the DER of a raw `r‖s` into `output` (at least ``maximumDERCount`` bytes) and
  /// returns its length. `raw` must have an even count of at most 96 bytes.
  static func encodeDER(raw: UnsafeRawBufferPointer, into output: UnsafeMutableBufferPointer<UInt8>)
    -> Int
  {
    let half = raw.count / 2
    var body = 0
    var lengths = (0, 0)
    for part in 0..<2 {
      let start = part * half
      var first = start
      while first < start + half - 1, raw[first] == 0 { first += 1 }
      let length = start + half - first + (raw[first] & 0x80 != 0 ? 1 : 0)
      if part == 0 { lengths.0 = length } else { lengths.1 = length }
      body += 2 + length
    }
    var index = 0
    output[index] = 0x30
    index += 1
    if body >= 0x80 {
      output[index] = 0x81
      index += 1
    }
    output[index] = UInt8(body)
    index += 1
    for part in 0..<2 {
      let start = part * half
      let length = part == 0 ? lengths.0 : lengths.1
      output[index] = 0x02
      output[index + 1] = UInt8(length)
      index += 2
      var first = start
      while first < start + half - 1, raw[first] == 0 { first += 1 }
      if raw[first] & 0x80 != 0 {
        output[index] = 0
        index += 1
      }
      for position in first..<(start + half) {
        output[index] = raw[position]
        index += 1
      }
    }
    return index
  }

  /// The DER form of a raw signature.
  package static func der(fromRaw raw: [UInt8]) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: maximumDERCount) { output, initialized in
      initialized = raw.withUnsafeBytes { encodeDER(raw: $0, into: output) }
    }
  }

  /// The raw `r‖s` of a strict DER ECDSA-Sig-Value for `curve`: `nil` unless it is one
  /// SEQUENCE of two minimal, positive INTEGERs, each at most a coordinate long, and nothing
  /// after it.
  package static func raw(fromDER der: [UInt8], curve: ECCurve) -> [UInt8]? {
    try? raw(DERReader(der), curve: curve)
  }

  /// Reads a whole reader's content as an ECDSA-Sig-Value (see ``raw(fromDER:curve:)``).
  static func raw(_ reader: DERReader, curve: ECCurve) throws(DERError) -> [UInt8] {
    var outer = reader
    let sequence = try outer.next(DERTag.sequence, "the ECDSA-Sig-Value")
    try outer.expectEnd("the ECDSA-Sig-Value")
    var fields = try outer.children(of: sequence)
    let size = curve.coordinateByteCount
    var raw: [UInt8] = []
    raw.reserveCapacity(2 * size)
    for name in ["r", "s"] {
      let element = try fields.next()
      let magnitude = try fields.unsignedInteger(element, "the signature's \(name)")
      guard magnitude.count <= size, magnitude.contains(where: { $0 != 0 }) else {
        throw DERError(
          "the signature's \(name) is zero or longer than \(size) bytes", at: element.start)
      }
      raw += [UInt8](repeating: 0, count: size - magnitude.count) + magnitude
    }
    try fields.expectEnd("the signature's s")
    return raw
  }
}
