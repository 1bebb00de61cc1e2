import StoreInternals

/// The string types of a Name's attribute values (RFC 5280 §4.1.2.4, X.680 §41): checked when
/// parsing as OpenSSL converts them to UTF-8 when it reads a name (a UTF8String that is not
/// UTF-8, a BMPString of odd length, a UniversalString not of whole 4-byte characters do not
/// parse there either), and shown in RFC 2253 form.
enum NameString {
  static let bmpString: UInt8 = 0x1E
  static let universalString: UInt8 = 0x1C
  static let teletexString: UInt8 = 0x14
  static let numericString: UInt8 = 0x12

  /// The value types a name attribute may have here: DirectoryString's five (RFC 5280
  /// §4.1.2.4, Appendix A.1: TeletexString, PrintableString, UniversalString, UTF8String,
  /// BMPString), IA5String (`emailAddress`, `domainComponent`: Appendix A.1, RFC 4519 §2.4)
  /// and NumericString (X.520's numeric attributes). Anything else is refused: a tag of
  /// another class or a universal type OpenSSL does not read in a name (its
  /// `X509_NAME_ENTRY` value is an `ASN1_PRINTABLE` string: a context-specific `[0]` there
  /// does not parse, found by the offline differential run), and the few universal types
  /// OpenSSL keeps as they are (BIT STRING, SEQUENCE, unnamed string types) — no certificate
  /// of Apple's chains has them; refusing those is stricter (`names`).
  static let allowedTags: Set<UInt8> = [
    teletexString, DERTag.printableString, universalString, DERTag.utf8String, bmpString,
    DERTag.ia5String, numericString,
  ]

  /// Checks the value's type, and its encoding when it is a string type OpenSSL converts.
  static func check(_ reader: DERReader, _ element: DERElement) throws(DERError) {
    guard allowedTags.contains(element.tag) else {
      throw DERError(
        "a name attribute's value is not a directory string (tag \(element.tag))",
        at: element.start, rule: .names)
    }
    let bytes = reader.content(element)
    switch element.tag {
    case DERTag.utf8String:
      guard isWellFormedUTF8(bytes) else {
        throw DERError("a UTF8String in a name is not UTF-8", at: element.start, rule: .names)
      }
    case bmpString:
      guard bytes.count % 2 == 0 else {
        throw DERError("a BMPString in a name has an odd length", at: element.start, rule: .names)
      }
    case universalString:
      guard bytes.count % 4 == 0 else {
        throw DERError(
          "a UniversalString in a name is not whole characters", at: element.start, rule: .names)
      }
    default:
      break
    }
  }

  /// The value as text, or `nil` when it is not a string type.
  static func text(_ reader: DERReader, _ element: DERElement) -> String? {
    let bytes = reader.content(element)
    switch element.tag {
    case DERTag.utf8String:
      return String(decoding: bytes, as: UTF8.self)
    case DERTag.printableString, DERTag.ia5String, teletexString, numericString:
      return String(bytes.map { Character(Unicode.Scalar($0)) })
    case bmpString:
      var units: [UInt16] = []
      var index = bytes.startIndex
      while index + 1 < bytes.endIndex {
        units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
        index += 2
      }
      return String(decoding: units, as: UTF16.self)
    default:
      return nil
    }
  }

  /// The short names of RFC 4514 §3 (RFC 2253 §2.3) and the ones OpenSSL prints.
  static let shortNames: [String: String] = [
    "2.5.4.3": "CN", "2.5.4.7": "L", "2.5.4.8": "ST", "2.5.4.10": "O", "2.5.4.11": "OU",
    "2.5.4.6": "C", "2.5.4.9": "STREET", "0.9.2342.19200300.100.1.25": "DC",
    "0.9.2342.19200300.100.1.1": "UID", "2.5.4.5": "serialNumber", "2.5.4.4": "SN",
    "2.5.4.42": "GN", "2.5.4.12": "title", "1.2.840.113549.1.9.1": "emailAddress",
  ]

  /// A Name in RFC 2253 form (§2: the last RDN first, `+` between the attributes of one,
  /// §2.4 escapes), `CN=Apple Root CA - G3,OU=Apple Certification Authority,O=Apple Inc.,C=US`.
  static func describe(_ name: ArraySlice<UInt8>) -> String {
    let bytes = Array(name)
    var top = DERReader(bytes)
    guard let sequence = try? top.next(DERTag.sequence, "the name"),
      var sets = try? top.children(of: sequence)
    else { return "" }
    var relativeNames: [String] = []
    while !sets.isAtEnd {
      guard let set = try? sets.next(), var attributes = try? sets.children(of: set) else { break }
      var parts: [String] = []
      while !attributes.isAtEnd {
        guard let attribute = try? attributes.next(),
          var fields = try? attributes.children(of: attribute),
          let typeElement = try? fields.next(),
          let type = try? fields.objectIdentifier(typeElement, "type"),
          let value = try? fields.next()
        else { break }
        let dotted = DERObjectIdentifier(content: type).description
        let shown =
          text(fields, value).map(escape)
          ?? "#" + bytes[value.range].map(hex).joined()
        parts.append("\(shortNames[dotted] ?? dotted)=\(shown)")
      }
      relativeNames.append(parts.joined(separator: "+"))
    }
    return relativeNames.reversed().joined(separator: ",")
  }

  /// RFC 2253 §2.4: `,+"\<>;` escaped, a leading `#` or space and a trailing space too;
  /// control characters as `\XX`.
  static func escape(_ value: String) -> String {
    var output = ""
    let scalars = Array(value.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
      if ",+\"\\<>;".unicodeScalars.contains(scalar)
        || (index == 0 && (scalar == "#" || scalar == " "))
        || (index == scalars.count - 1 && scalar == " ")
      {
        output += "\\"
        output.unicodeScalars.append(scalar)
      } else if scalar.value < 0x20 || scalar.value == 0x7F {
        output += "\\" + hex(UInt8(scalar.value))
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }
}
