/// The protected header of a JWS (RFC 7515 §4), as App Store signed data uses it.
///
/// Parsed strictly: the header must be one JSON object with unique member names; `alg`, `kid`
/// and `typ` must be strings and `x5c` an array of strings when present. Other members are
/// validated as JSON and otherwise ignored, except `crit`, which is kept so that verification can
/// refuse extensions it does not understand (RFC 7515 §4.1.11).
public struct JOSEHeader: Sendable, Hashable {
  /// `alg`: the signature algorithm; App Store data uses `ES256`.
  public var algorithm: String?
  /// `x5c`: the certificate chain, leaf first, each entry standard base64 of a DER certificate.
  public var certificateChain: [String]?
  /// `kid`: a key identifier (`Apple_Xcode_Key` in Xcode's StoreKit testing data).
  public var keyID: String?
  /// `typ`: the media type, usually `JWT`.
  public var type: String?
  /// `crit`: the names of extensions a verifier must understand, when present.
  public var critical: [String]?

  /// Creates a header.
  public init(
    algorithm: String?, certificateChain: [String]?, keyID: String? = nil, type: String? = nil,
    critical: [String]? = nil
  ) {
    self.algorithm = algorithm
    self.certificateChain = certificateChain
    self.keyID = keyID
    self.type = type
    self.critical = critical
  }
}

extension JOSEHeader {
  /// The header as parsed on the verification path: `x5c` entries kept as bytes.
  struct Parsed {
    var algorithm: [UInt8]?
    var certificateChain: [[UInt8]]?
    var keyID: [UInt8]?
    var type: [UInt8]?
    var critical: [[UInt8]]?

    var header: JOSEHeader {
      func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
      return JOSEHeader(
        algorithm: algorithm.map(text), certificateChain: certificateChain?.map(text),
        keyID: keyID.map(text), type: type.map(text), critical: critical?.map(text))
    }
  }

  /// Parses the decoded header bytes, or describes why they are not a JOSE header.
  static func parse(_ json: UnsafeRawBufferPointer) -> Result<Parsed, JSONScanner.Failure> {
    var scanner = JSONScanner(json)
    var parsed = Parsed()
    var names: Set<[UInt8]> = []
    do throws(JSONScanner.Failure) {
      try scanner.expect(UInt8(ascii: "{"), "a JSON object")
      if !scanner.consume(UInt8(ascii: "}")) {
        repeat {
          let nameOffset = scanner.offset
          let name = try scanner.readString()
          guard names.insert(name).inserted else {
            throw JSONScanner.Failure(
              message: "duplicate member \"\(String(decoding: name, as: UTF8.self))\"",
              offset: nameOffset)
          }
          try scanner.expect(UInt8(ascii: ":"), "':'")
          switch String(decoding: name, as: UTF8.self) {
          case "alg": parsed.algorithm = try scanner.readString()
          case "x5c": parsed.certificateChain = try readStringArray(&scanner)
          case "kid": parsed.keyID = try scanner.readString()
          case "typ": parsed.type = try scanner.readString()
          case "crit": parsed.critical = try readStringArray(&scanner)
          default: try scanner.skipValue(depth: 1)
          }
        } while scanner.consume(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "}"), "',' or '}'")
      }
      scanner.skipWhitespace()
      guard scanner.isAtEnd else {
        throw JSONScanner.Failure(message: "bytes after the object", offset: scanner.offset)
      }
      return .success(parsed)
    } catch {
      return .failure(error)
    }
  }

  private static func readStringArray(_ scanner: inout JSONScanner) throws(JSONScanner.Failure)
    -> [[UInt8]]
  {
    try scanner.expect(UInt8(ascii: "["), "an array of strings")
    var strings: [[UInt8]] = []
    if scanner.consume(UInt8(ascii: "]")) { return strings }
    repeat {
      strings.append(try scanner.readString())
    } while scanner.consume(UInt8(ascii: ","))
    try scanner.expect(UInt8(ascii: "]"), "',' or ']'")
    return strings
  }
}
