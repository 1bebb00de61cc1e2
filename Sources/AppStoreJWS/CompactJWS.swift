import Foundation
internal import StoreModel

/// The three segments of a JWS compact serialization (RFC 7515 §7.1), found on bytes.
///
/// Strict: exactly two `.`, no empty segment, nothing but base64url characters, no padding.
struct CompactJWS {
  /// Tokens longer than this are refused before any work (a real notification is about 19 KB).
  static let maximumLength = 256 * 1024

  /// Byte offsets of the two dots.
  let firstDot: Int
  let secondDot: Int

  /// The signing input is the token's bytes before the second dot.
  var signingInputCount: Int { secondDot }

  /// Splits `token` on its dots, or says why it is not a compact JWS.
  static func split(_ token: UnsafeRawBufferPointer) -> Result<CompactJWS, VerificationError> {
    guard token.count <= maximumLength else {
      return .failure(
        VerificationError(
          .malformed, "the token has \(token.count) bytes; at most \(maximumLength) are accepted"))
    }
    var dots: (Int, Int) = (-1, -1)
    var dotCount = 0
    if let base = token.baseAddress {
      // memchr finds each '.' with the C library's vector loop.
      var position = 0
      while position < token.count,
        let found = memchr(base + position, Int32(UInt8(ascii: ".")), token.count - position)
      {
        let index = base.distance(to: UnsafeRawPointer(found))
        switch dotCount {
        case 0: dots.0 = index
        case 1: dots.1 = index
        default: break
        }
        dotCount += 1
        position = index + 1
      }
    }
    guard dotCount == 2 else {
      return .failure(
        VerificationError(
          .malformed, "a compact JWS has 3 segments separated by '.'; this has \(dotCount + 1)"))
    }
    let jws = CompactJWS(firstDot: dots.0, secondDot: dots.1)
    for (name, range) in [
      ("header", 0..<jws.firstDot), ("payload", (jws.firstDot + 1)..<jws.secondDot),
      ("signature", (jws.secondDot + 1)..<token.count),
    ] where range.isEmpty {
      return .failure(VerificationError(.malformed, "the \(name) segment is empty"))
    }
    return .success(jws)
  }

  /// Decodes one segment's base64url.
  static func decodeSegment(
    _ token: UnsafeRawBufferPointer, _ range: Range<Int>, name: String
  ) -> Result<[UInt8], VerificationError> {
    guard let bytes = Base64.decode(UnsafeRawBufferPointer(rebasing: token[range]), alphabet: .url)
    else {
      return .failure(
        VerificationError(
          .malformed, "the \(name) segment is not unpadded base64url (RFC 7515 §2)"))
    }
    return .success(bytes)
  }

  func headerRange() -> Range<Int> { 0..<firstDot }
  func payloadRange() -> Range<Int> { (firstDot + 1)..<secondDot }
  func signatureRange(in token: UnsafeRawBufferPointer) -> Range<Int> {
    (secondDot + 1)..<token.count
  }
}
