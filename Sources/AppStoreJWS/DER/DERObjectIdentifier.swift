/// An OBJECT IDENTIFIER as its DER content bytes (X.690 §8.19), compared byte for byte.
package struct DERObjectIdentifier: Sendable, Hashable, CustomStringConvertible {
  package let content: [UInt8]

  init(content: some Sequence<UInt8>) {
    self.content = Array(content)
  }

  /// Encodes a dotted identifier (`1.2.840.10045.2.1`); `nil` unless it has at least two arcs,
  /// the first 0, 1 or 2 and the second below 40 under 0 and 1 (X.690 §8.19.4).
  init?(dotted: String) {
    let arcs = dotted.split(separator: ".", omittingEmptySubsequences: false).map { UInt64($0) }
    guard arcs.count >= 2, arcs.allSatisfy({ $0 != nil }) else { return nil }
    let values = arcs.compactMap { $0 }
    guard values[0] <= 2, values[0] == 2 || values[1] < 40 else { return nil }
    let (first, overflow) = (values[0] * 40).addingReportingOverflow(values[1])
    guard !overflow else { return nil }
    var bytes: [UInt8] = []
    for value in [first] + values.dropFirst(2) {
      var group: [UInt8] = [UInt8(value & 0x7F)]
      var rest = value >> 7
      while rest > 0 {
        group.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
        rest >>= 7
      }
      bytes += group
    }
    self.content = bytes
  }

  /// The dotted form (`1.2.840.10045.4.3.2`).
  package var description: String {
    var arcs: [UInt64] = []
    var value: UInt64 = 0
    for byte in content {
      value = value << 7 | UInt64(byte & 0x7F)
      if byte & 0x80 == 0 {
        if arcs.isEmpty {
          let first = min(value / 40, 2)
          arcs += [first, value - first * 40]
        } else {
          arcs.append(value)
        }
        value = 0
      }
    }
    return arcs.map(String.init).joined(separator: ".")
  }

  // The identifiers this package reads or writes, each from the document that assigns it.

  /// id-ecPublicKey, 1.2.840.10045.2.1 (RFC 5480 §2.1.1).
  static let ecPublicKey = Self(content: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01])
  /// secp256r1 (P-256), 1.2.840.10045.3.1.7 (RFC 5480 §2.1.1.1).
  static let p256 = Self(content: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07])
  /// secp384r1 (P-384), 1.3.132.0.34 (RFC 5480 §2.1.1.1).
  static let p384 = Self(content: [0x2B, 0x81, 0x04, 0x00, 0x22])
  /// ecdsa-with-SHA256, 1.2.840.10045.4.3.2 (RFC 5758 §3.2).
  static let ecdsaWithSHA256 = Self(content: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02])
  /// ecdsa-with-SHA384, 1.2.840.10045.4.3.3 (RFC 5758 §3.2).
  static let ecdsaWithSHA384 = Self(content: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x03])
  /// id-ce-subjectKeyIdentifier, 2.5.29.14 (RFC 5280 §4.2.1.2).
  package static let subjectKeyIdentifier = Self(content: [0x55, 0x1D, 0x0E])
  /// id-ce-keyUsage, 2.5.29.15 (RFC 5280 §4.2.1.3).
  static let keyUsage = Self(content: [0x55, 0x1D, 0x0F])
  /// id-ce-basicConstraints, 2.5.29.19 (RFC 5280 §4.2.1.9).
  static let basicConstraints = Self(content: [0x55, 0x1D, 0x13])
  /// id-ce-authorityKeyIdentifier, 2.5.29.35 (RFC 5280 §4.2.1.1).
  static let authorityKeyIdentifier = Self(content: [0x55, 0x1D, 0x23])
  /// Apple's intermediate marker, 1.2.840.113635.100.6.2.1 (Apple's App Store Server Library,
  /// `ChainVerifier`, https://github.com/apple/app-store-server-library-swift).
  static let appleIntermediateMarker = Self(
    content: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x63, 0x64, 0x06, 0x02, 0x01])
  /// Apple's receipt-signing leaf marker, 1.2.840.113635.100.6.11.1 (the same source).
  package static let appleLeafMarker = Self(
    content: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x63, 0x64, 0x06, 0x0B, 0x01])
}
