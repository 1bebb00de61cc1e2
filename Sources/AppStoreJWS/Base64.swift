/// Strict base64 and base64url codecs over bytes (RFC 4648), for JWS segments and `x5c` entries.
///
/// Decoding is canonical: a character outside the alphabet, a misplaced or missing `=`, a length
/// that cannot come from an encoder, or non-zero unused bits in the last character all fail, so
/// one byte string has exactly one accepted encoding.
package enum Base64 {
  /// The two alphabets of RFC 4648.
  package enum Alphabet {
    /// `A–Z a–z 0–9 + /` with `=` padding (RFC 4648 §4), as in `x5c`.
    case standard
    /// `A–Z a–z 0–9 - _` without padding (RFC 4648 §5, RFC 7515 §2), as in JWS segments.
    case url
  }

  /// Marks a byte that is not in the alphabet.
  private static let invalid: UInt8 = 0xFF

  private static let standardTable: [UInt8] = makeTable(
    plus: UInt8(ascii: "+"), slash: UInt8(ascii: "/"))
  private static let urlTable: [UInt8] = makeTable(
    plus: UInt8(ascii: "-"), slash: UInt8(ascii: "_"))

  private static let standardSymbols: [UInt8] = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  private static let urlSymbols: [UInt8] = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// For each 12 bits, their two characters as the bytes of a 16-bit word in memory order.
  private static let standardPairs = makePairs(standardSymbols)
  private static let urlPairs = makePairs(urlSymbols)

  private static func makePairs(_ symbols: [UInt8]) -> [UInt16] {
    (0..<4096).map { bits in
      (UInt16(symbols[bits >> 6]) | UInt16(symbols[bits & 0x3F]) << 8).littleEndian
    }
  }

  private static func makeTable(plus: UInt8, slash: UInt8) -> [UInt8] {
    var table = [UInt8](repeating: invalid, count: 256)
    for (index, symbol) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8
      .enumerated()
    {
      table[Int(symbol)] = UInt8(index)
    }
    table[Int(plus)] = 62
    table[Int(slash)] = 63
    return table
  }

  /// Decodes `input` strictly, or returns `nil`.
  static func decode(_ input: UnsafeRawBufferPointer, alphabet: Alphabet) -> [UInt8]? {
    var count = input.count
    if alphabet == .standard {
      // Padding is required: the length is a multiple of 4 and at most two `=` end it.
      guard count % 4 == 0 else { return nil }
      if count > 0, input[count - 1] == UInt8(ascii: "=") {
        count -= 1
        if input[count - 1] == UInt8(ascii: "=") { count -= 1 }
      }
    }
    // A lone trailing character carries 6 bits: no encoder produces it.
    guard count % 4 != 1 else { return nil }
    let table = alphabet == .standard ? standardTable : urlTable
    return table.withUnsafeBufferPointer { table -> [UInt8]? in
      let fullGroups = count / 4
      let remainder = count % 4
      let outputCount = fullGroups * 3 + (remainder == 0 ? 0 : remainder - 1)
      var failed = false
      let output = [UInt8](unsafeUninitializedCapacity: outputCount) { buffer, initialized in
        var readIndex = 0
        var writeIndex = 0
        for _ in 0..<fullGroups {
          let a = table[Int(input[readIndex])]
          let b = table[Int(input[readIndex + 1])]
          let c = table[Int(input[readIndex + 2])]
          let d = table[Int(input[readIndex + 3])]
          if (a | b | c | d) & 0xC0 != 0 {
            failed = true
            break
          }
          let word = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
          buffer[writeIndex] = UInt8(truncatingIfNeeded: word >> 16)
          buffer[writeIndex + 1] = UInt8(truncatingIfNeeded: word >> 8)
          buffer[writeIndex + 2] = UInt8(truncatingIfNeeded: word)
          readIndex += 4
          writeIndex += 3
        }
        if !failed, remainder >= 2 {
          let a = table[Int(input[readIndex])]
          let b = table[Int(input[readIndex + 1])]
          let c = remainder == 3 ? table[Int(input[readIndex + 2])] : 0
          if (a | b | c) & 0xC0 != 0 {
            failed = true
          } else if remainder == 2 {
            // 12 bits carry 8: the low 4 bits of `b` must be zero.
            if b & 0x0F != 0 { failed = true }
            buffer[writeIndex] = a << 2 | b >> 4
            writeIndex += 1
          } else {
            // 18 bits carry 16: the low 2 bits of `c` must be zero.
            if c & 0x03 != 0 { failed = true }
            buffer[writeIndex] = a << 2 | b >> 4
            buffer[writeIndex + 1] = b << 4 | c >> 2
            writeIndex += 2
          }
        }
        initialized = failed ? 0 : writeIndex
      }
      return failed ? nil : output
    }
  }

  /// Decodes the bytes of `input` strictly, or returns `nil`.
  package static func decode(_ input: some StringProtocol, alphabet: Alphabet) -> [UInt8]? {
    var text = String(input)
    return text.withUTF8 { decode(UnsafeRawBufferPointer($0), alphabet: alphabet) }
  }

  /// Encodes `bytes` (standard: padded; url: unpadded).
  package static func encode(_ bytes: some Collection<UInt8>, alphabet: Alphabet) -> String {
    // Written straight into the string's storage: signing a notification (a few kilobytes,
    // two tokens inside) spent a tenth of its time appending here one byte at a time.
    func string(of input: UnsafeRawBufferPointer) -> String {
      String(unsafeUninitializedCapacity: encodedCount(input.count, alphabet: alphabet)) {
        Self.encode(input, alphabet: alphabet, into: $0)
      }
    }
    if let encoded = bytes.withContiguousStorageIfAvailable({
      string(of: UnsafeRawBufferPointer($0))
    }) {
      return encoded
    }
    return ContiguousArray(bytes).withUnsafeBytes { string(of: $0) }
  }

  /// How many characters the encoding of `count` bytes has.
  package static func encodedCount(_ count: Int, alphabet: Alphabet) -> Int {
    let remainder = count % 3
    let padded = alphabet == .standard && remainder > 0
    return count / 3 * 4 + (remainder == 0 ? 0 : padded ? 4 : remainder + 1)
  }

  /// Writes the encoding of `input` at the start of `output`, which has room for
  /// ``encodedCount(_:alphabet:)`` bytes; returns that count.
  @discardableResult
  package static func encode(
    _ input: UnsafeRawBufferPointer, alphabet: Alphabet,
    into output: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    let symbols = alphabet == .standard ? standardSymbols : urlSymbols
    let whole = input.count / 3 * 3
    let remainder = input.count - whole
    let padded = alphabet == .standard && remainder > 0
    let count = encodedCount(input.count, alphabet: alphabet)
    precondition(output.count >= count, "no room for the base64 of \(input.count) bytes")
    let pairs = alphabet == .standard ? standardPairs : urlPairs
    return symbols.withUnsafeBufferPointer { symbols in
      var read = 0
      var written = 0
      // Two characters per lookup (12 bits each), stored as one 16-bit word: a JWS's payload
      // is kilobytes, and the four lookups and stores of a byte each were a fiftieth of a
      // renewal.
      pairs.withUnsafeBufferPointer { pairs in
        let bytes = UnsafeMutableRawBufferPointer(output)
        while read < whole {
          let word =
            UInt32(input[read]) << 16 | UInt32(input[read + 1]) << 8 | UInt32(input[read + 2])
          bytes.storeBytes(of: pairs[Int(word >> 12)], toByteOffset: written, as: UInt16.self)
          bytes.storeBytes(
            of: pairs[Int(word & 0xFFF)], toByteOffset: written + 2, as: UInt16.self)
          read += 3
          written += 4
        }
      }
      if remainder > 0 {
        let second = remainder == 2 ? UInt32(input[read + 1]) << 8 : 0
        let word = UInt32(input[read]) << 16 | second
        output[written] = symbols[Int(word >> 18 & 0x3F)]
        output[written + 1] = symbols[Int(word >> 12 & 0x3F)]
        written += 2
        if remainder == 2 {
          output[written] = symbols[Int(word >> 6 & 0x3F)]
          written += 1
        }
        while padded, written < count {
          output[written] = UInt8(ascii: "=")
          written += 1
        }
      }
      return written
    }
  }
}
