import Foundation

/// The high-S twin of an ES256 token: the same signing input with `s` replaced by `n - s`
/// (`n` the order of P-256), which verifies whenever the original does.
enum HighSTwin {
  /// The order of the P-256 group, big-endian.
  static let order: [UInt8] = [
    0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
  ]

  /// The twin token, or `nil` when `token` has no 64-byte base64url signature.
  static func token(_ token: String) -> String? {
    guard let dot = token.lastIndex(of: ".") else { return nil }
    let segment = String(token[token.index(after: dot)...])
    guard let signature = decodeURL(segment), signature.count == 64 else { return nil }
    let s = Array(signature[32...])
    let twin = Array(signature[..<32]) + subtract(order, s)
    return String(token[...dot]) + encodeURL(twin)
  }

  /// `a - b` on 32-byte big-endian numbers, modulo 2^256.
  static func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: 32)
    var borrow = 0
    for index in stride(from: 31, through: 0, by: -1) {
      var difference = Int(a[index]) - Int(b[index]) - borrow
      borrow = difference < 0 ? 1 : 0
      if difference < 0 { difference += 256 }
      result[index] = UInt8(difference)
    }
    return result
  }

  static func decodeURL(_ text: String) -> Data? {
    var base64 = text.replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    return Data(base64Encoded: base64)
  }

  static func encodeURL(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }
}
