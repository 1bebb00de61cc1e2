import AppStoreJWS
import Foundation
import StoreInternals
import Testing

/// Base64, JOSE header parsing and the ES256 signature encoding: the byte-level layer.
@Suite struct EncodingTests {
  func decode(_ text: String, _ alphabet: Base64.Alphabet) -> [UInt8]? {
    Base64.decode(text, alphabet: alphabet)
  }

  @Test("base64 round-trips every length in both alphabets")
  func roundTrip() {
    var generator = SeededGenerator(seed: 7)
    for count in 0..<70 {
      let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      for alphabet in [Base64.Alphabet.standard, .url] {
        let text = Base64.encode(bytes, alphabet: alphabet)
        #expect(decode(text, alphabet) == bytes)
      }
      #expect(Base64.encode(bytes, alphabet: .standard) == Data(bytes).base64EncodedString())
    }
  }

  @Test(
    "base64 decoding is canonical and strict",
    arguments: [
      ("QQ==", Base64.Alphabet.standard, [UInt8(0x41)] as [UInt8]?), ("QQ", .url, [0x41]),
      ("QR==", .standard, nil), ("QR", .url, nil),  // non-zero unused bits
      ("QQ", .standard, nil), ("QQ=", .standard, nil), ("QQ==", .url, nil),  // padding rules
      ("Q", .url, nil), ("Q===", .standard, nil), ("====", .standard, nil),
      ("Q-_A", .standard, nil), ("Q+/A", .url, nil), ("QQ=A", .standard, nil),
      ("Q Q=", .standard, nil), ("", .url, []), ("", .standard, []),
    ])
  func strictness(text: String, alphabet: Base64.Alphabet, expected: [UInt8]?) {
    #expect(decode(text, alphabet) == expected)
  }

  func header(_ json: String) -> Result<JOSEHeader.Parsed, any Error> {
    JOSEHeader.parse(Array(json.utf8)).mapError { $0 }
  }

  @Test("a JOSE header is read with escapes, and other members skipped")
  func headerParsing() throws {
    let parsed = try header(
      #" { "alg" : "ES\u0032\u00356", "x5c":["a\/b","c"], "n":[1,-2.5e-3,{"x":null}], "typ":"JWT" } "#
    ).get()
    #expect(parsed.header.algorithm == "ES256")
    #expect(parsed.header.certificateChain == ["a/b", "c"])
    #expect(parsed.header.type == "JWT")
    #expect(parsed.header.critical == nil)
  }

  @Test(
    "a JOSE header that is not a strict JSON object fails with its offset",
    arguments: [
      "", "{", "[]", #"{"alg":"ES256",}"#, #"{"alg":"ES256"} {}"#, #"{"alg":'ES256'}"#,
      #"{"alg":"ES256","alg":"ES256"}"#, #"{"alg":"ES256","\u0061lg":"none"}"#,
      #"{"alg":"\ud800"}"#, #"{"alg":"\x"}"#,
      "{\"alg\":\"\u{1}\"}",
      #"{"n":01}"#, #"{"n":1.}"#, #"{"n":-}"#, #"{"n":tru}"#, #"{"x5c":"a"}"#,
      #"{"alg":["ES256"]}"#,
      String(repeating: "[", count: 100),
      #"{"n":"# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}",
    ])
  func headerStrictness(_ json: String) {
    if case .success = header(json) { Issue.record("accepted \(json.prefix(40))") }
  }

  @Test("invalid UTF-8 in a header string fails")
  func headerUTF8() {
    let bytes: [UInt8] = Array(#"{"kid":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
    let result = JOSEHeader.parse(bytes)
    if case .success = result { Issue.record("accepted invalid UTF-8") }
  }

  @Test("raw r‖s becomes minimal DER and back, leading zeros and high bits included")
  func derSignatures() throws {
    var generator = SeededGenerator(seed: 11)
    var samples: [[UInt8]] = [
      [UInt8](repeating: 0, count: 31) + [1] + [UInt8](repeating: 0xFF, count: 32),
      [UInt8](repeating: 0x80, count: 64),
      [0, 0, 0x7F] + [UInt8](repeating: 0x11, count: 29) + [0, 0x80]
        + [UInt8](repeating: 2, count: 30),
    ]
    for _ in 0..<200 {
      samples.append((0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
    for raw in samples {
      #expect(ECDSASignature.raw(fromDER: ECDSASignature.der(fromRaw: raw), curve: .p256) == raw)
    }
    for _ in 0..<200 {
      let raw = (0..<96).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let der = ECDSASignature.der(fromRaw: raw)
      #expect(ECDSASignature.raw(fromDER: der, curve: .p384) == raw)
      #expect(der.count <= ECDSASignature.maximumDERCount)
    }
  }
}
