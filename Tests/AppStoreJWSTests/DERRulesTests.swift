import AppStoreJWS
import Foundation
import Testing

/// The strict DER reader's rules (X.690), each with an input that breaks it, and the X.509
/// time rules (RFC 5280 §4.1.2.5).
@Suite struct DERRulesTests {
  static func readAll(_ bytes: [UInt8]) throws(DERError) {
    var reader = DERReader(bytes)
    let element = try reader.next()
    try reader.expectEnd("the element")
    try reader.checkStructure(of: element)
    switch element.tag {
    case DERTag.integer: _ = try reader.integer(element, "the INTEGER")
    case DERTag.boolean: _ = try reader.boolean(element, "the BOOLEAN")
    case DERTag.bitString: _ = try reader.bitString(element, "the BIT STRING")
    case DERTag.objectIdentifier: _ = try reader.objectIdentifier(element, "the OID")
    default: break
    }
  }

  static let nested: [UInt8] = {
    var bytes: [UInt8] = [0x05, 0x00]
    for _ in 0..<40 { bytes = [0x30, UInt8(bytes.count)] + bytes }
    return bytes
  }()

  @Test(
    "each encoding DER forbids is refused, saying why",
    arguments: [
      ([0x30, 0x80, 0x00, 0x00], "indefinite length"),
      ([0x30, 0x81, 0x01, 0x05], "long form (not minimal)"),
      ([0x04, 0x82, 0x00, 0x01, 0x05], "leading zero byte"),
      ([0x04, 0x84, 0x7F, 0xFF, 0xFF, 0xFF], "longer than any element"),
      ([0x04, 0x83, 0x7F, 0xFF, 0xFF], "absurd"),
      ([0x30, 0x05, 0x02, 0x01], "run past the end"),
      ([0x30, 0x00, 0x00], "bytes follow"),
      ([0x1F, 0x01, 0x00], "high-tag-number"),
      ([0x02, 0x02, 0x00, 0x01], "not minimally encoded"),
      ([0x02, 0x02, 0xFF, 0x80], "not minimally encoded"),
      ([0x02, 0x00], "no bytes"),
      ([0x01, 0x01, 0x01], "not a DER BOOLEAN"),
      ([0x03, 0x02, 0x01, 0x01], "unused bits that are not zero"),
      ([0x03, 0x01, 0x01], "claims unused bits"),
      ([0x06, 0x02, 0x80, 0x01], "leading 80"),
      ([0x06, 0x01, 0x81], "not an OBJECT IDENTIFIER"),
      (nested, "nest deeper than 32"),
    ] as [([UInt8], String)])
  func refused(bytes: [UInt8], reason: String) {
    #expect {
      try Self.readAll(bytes)
    } throws: { error in
      (error as? DERError)?.reason.contains(reason) == true
    }
  }

  @Test(
    "DER's own forms read: minimal lengths at the boundaries, negative and zero INTEGERs",
    arguments: [
      [0x04, 0x7F] + [UInt8](repeating: 1, count: 127),
      [0x04, 0x81, 0x80] + [UInt8](repeating: 1, count: 128),
      [0x02, 0x01, 0x80], [0x02, 0x01, 0x00], [0x02, 0x02, 0x00, 0x80], [0x01, 0x01, 0xFF],
      [0x03, 0x02, 0x07, 0x80], [0x06, 0x03, 0x55, 0x1D, 0x13],
    ] as [[UInt8]])
  func accepted(bytes: [UInt8]) throws {
    try Self.readAll(bytes)
  }

  static func time(_ tag: UInt8, _ text: String) throws(DERError) -> Int64 {
    let bytes = [tag, UInt8(text.utf8.count)] + Array(text.utf8)
    var reader = DERReader(bytes)
    let element = try reader.next()
    return try X509Time.seconds(reader, element)
  }

  @Test(
    "validity times read as RFC 5280 writes them, and only so",
    arguments: [
      (DERTag.utcTime, "491231235959Z", Int64(2_524_607_999)),
      (DERTag.utcTime, "500101000000Z", Int64(-631_152_000)),
      (DERTag.utcTime, "240229120000Z", Int64(1_709_208_000)),
      (DERTag.generalizedTime, "20500101000000Z", Int64(2_524_608_000)),
      (DERTag.utcTime, "230229120000Z", nil), (DERTag.utcTime, "201301000000Z", nil),
      (DERTag.utcTime, "200101240000Z", nil), (DERTag.utcTime, "200101235960Z", nil),
      (DERTag.utcTime, "2001010000Z", nil), (DERTag.utcTime, "200101000000+0100", nil),
      (DERTag.generalizedTime, "20200101000000.5Z", nil),
      (DERTag.generalizedTime, "20491231235959Z", nil),
    ] as [(UInt8, String, Int64?)])
  func times(tag: UInt8, text: String, seconds: Int64?) {
    let read = try? Self.time(tag, text)
    #expect(read == seconds)
  }

  @Test("a time written by the builder reads back, UTCTime through 2049, GeneralizedTime after")
  func timeRoundTrip() throws {
    for seconds: Int64 in [0, 1_577_836_800, 2_524_607_999, 2_524_608_000, 4_102_444_800] {
      var writer = DERWriter()
      X509Time.encode(seconds, into: &writer)
      #expect(
        writer.bytes[0] == (seconds < 2_524_608_000 ? DERTag.utcTime : DERTag.generalizedTime))
      var reader = DERReader(writer.bytes)
      #expect(try X509Time.seconds(reader, try reader.next()) == seconds)
    }
  }

  @Test("a certificate with a byte after it, or cut short, does not parse")
  func certificateBounds() throws {
    let der = Array(Fixtures.authority.leaf.derRepresentation)
    #expect(throws: DERError.self) { try X509Certificate(der: der + [0]) }
    #expect(throws: DERError.self) { try X509Certificate(der: Array(der.dropLast())) }
    #expect(try X509Certificate(der: der).extensions.contains(.appleLeafMarker))
  }

  /// `Extensions` holding one extension `oid` (critical when asked) with the value `value`.
  static func extensions(_ oid: [UInt8], critical: Bool = false, _ value: [UInt8]) throws(DERError)
    -> X509Extensions
  {
    var writer = DERWriter()
    writer.sequence { list in
      list.sequence { entry in
        entry.element(DERTag.objectIdentifier, oid)
        if critical { entry.boolean(true) }
        entry.octetString(value)
      }
    }
    var reader = DERReader(writer.bytes)
    let element = try reader.next()
    return try X509Extensions(reader, element)
  }

  @Test(
    "an extension OpenSSL decodes is refused when its value does not decode as it",
    arguments: [
      ([0x55, 0x1D, 0x25], [0x30, 0x03, 0x02, 0x01, 0x01]),
      ([0x55, 0x1D, 0x25], [0x30, 0x00]),
      ([0x55, 0x1D, 0x11], [0x30, 0x03, 0x89, 0x01, 0x00]),
      ([0x55, 0x1D, 0x1F], [0x30, 0x03, 0x02, 0x01, 0x00]),
      ([0x55, 0x1D, 0x1E], [0x30, 0x02, 0xA0, 0x00]),
      ([0x55, 0x1D, 0x0F], [0x03, 0x01, 0x00]),
      ([0x55, 0x1D, 0x13], [0x30, 0x03, 0x01, 0x01, 0x00]),
    ] as [([UInt8], [UInt8])])
  func undecodableExtension(oid: [UInt8], value: [UInt8]) {
    #expect(throws: DERError.self) { try Self.extensions(oid, value) }
  }

  @Test("the same extensions with values that decode are read")
  func decodableExtensions() throws {
    _ = try Self.extensions([0x55, 0x1D, 0x25], [0x30, 0x03, 0x06, 0x01, 0x2A])
    _ = try Self.extensions([0x55, 0x1D, 0x11], [0x30, 0x03, 0x82, 0x01, 0x61])
    let usage = try Self.extensions([0x55, 0x1D, 0x0F], [0x03, 0x02, 0x07, 0x80])
    #expect(usage.keyUsage?.contains(X509Extensions.KeyUsage.digitalSignature) == true)
  }

  @Test("a critical key identifier or marker is not processed: OpenSSL refuses it too")
  func criticalNotProcessed() throws {
    let subjectKey = try Self.extensions(
      [0x55, 0x1D, 0x0E], critical: true, [0x04, 0x02, 0x01, 0x02])
    #expect(subjectKey.unhandledCritical == .subjectKeyIdentifier)
    let marker = try Self.extensions(
      DERObjectIdentifier.appleLeafMarker.content, critical: true, [0x05, 0x00])
    #expect(marker.unhandledCritical == .appleLeafMarker)
    #expect(!X509Extensions.processedByOpenSSL.contains(.appleLeafMarker))
  }
}
