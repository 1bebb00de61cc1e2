package import StoreInternals

/// The protected header of a JWS (RFC 7515 §4), as App Store signed data uses it.
///
/// Parsed strictly: the header must be one JSON object with unique member names; `alg`, `kid`
/// and `typ` must be strings and `x5c` an array of strings when present. Other members are
/// validated as JSON and otherwise ignored, except `crit`, which is kept so that verification can
/// refuse extensions it does not understand (RFC 7515 §4.1.11).
package struct JOSEHeader: Sendable, Hashable {
  /// `alg`: the signature algorithm; App Store data uses `ES256`.
  package var algorithm: String?
  /// `x5c`: the certificate chain, leaf first, each entry standard base64 of a DER certificate.
  package var certificateChain: [String]?
  /// `kid`: a key identifier (`Apple_Xcode_Key` in Xcode's StoreKit testing data).
  package var keyID: String?
  /// `typ`: the media type, usually `JWT`.
  package var type: String?
  /// `crit`: the names of extensions a verifier must understand, when present.
  package var critical: [String]?

  /// Creates a header.
  package init(
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
  package struct Parsed {
    var algorithm: [UInt8]?
    var certificateChain: [[UInt8]]?
    var keyID: [UInt8]?
    var type: [UInt8]?
    var critical: [[UInt8]]?

    package var header: JOSEHeader {
      func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
      return JOSEHeader(
        algorithm: algorithm.map(text), certificateChain: certificateChain?.map(text),
        keyID: keyID.map(text), type: type.map(text), critical: critical?.map(text))
    }
  }

  /// How many containers deep a header's values may nest.
  static let maximumDepth = 64

  /// Parses the decoded header bytes, or describes why they are not a JOSE header.
  package static func parse(_ json: [UInt8]) -> Result<Parsed, JSONDocument.Failure> {
    do throws(JSONDocument.Failure) {
      let document = try JSONDocument.parse(json, maximumDepth: maximumDepth)
      guard document.nodes[0].kind == .object else {
        throw document.wrongType(at: 0, "a JSON object")
      }
      var parsed = Parsed()
      for (name, value) in document.members(of: 0) {
        switch document.string(at: name) {
        case "alg": parsed.algorithm = try document.requireStringBytes(at: value, "alg")
        case "x5c": parsed.certificateChain = try stringArray(document, at: value, "x5c")
        case "kid": parsed.keyID = try document.requireStringBytes(at: value, "kid")
        case "typ": parsed.type = try document.requireStringBytes(at: value, "typ")
        case "crit": parsed.critical = try stringArray(document, at: value, "crit")
        default: continue
        }
      }
      return .success(parsed)
    } catch {
      return .failure(error)
    }
  }

  private static func stringArray(_ document: JSONDocument, at index: Int, _ name: String)
    throws(JSONDocument.Failure) -> [[UInt8]]
  {
    guard document.nodes[index].kind == .array else {
      throw document.wrongType(at: index, "an array of strings for \"\(name)\"")
    }
    var strings: [[UInt8]] = []
    for element in document.elements(of: index) {
      strings.append(try document.requireStringBytes(at: element, name))
    }
    return strings
  }
}

extension JSONDocument {
  /// The unescaped UTF-8 of node `index`, which must be a string (the value of `name`).
  fileprivate func requireStringBytes(at index: Int, _ name: String) throws(Failure) -> [UInt8] {
    switch nodes[index].kind {
    case .string, .escapedString: return stringBytes(at: index)
    default: throw wrongType(at: index, "a string for \"\(name)\"")
    }
  }
}
