package import Foundation
package import StoreModel

/// A compact JWS split and decoded without any verification: for inspecting data, never for
/// trusting it.
///
/// Parsing is as strict as verification's: three non-empty unpadded base64url segments and a
/// JSON-object header with unique member names. Nothing about the signature or the chain is
/// checked.
package struct UnverifiedJWS: Sendable, Hashable {
  /// The JOSE header of the first segment (RFC 7515 §4), decoded and not trusted.
  package let header: JOSEHeader
  /// The decoded header bytes (JSON).
  package let headerJSON: Data
  /// The decoded payload bytes (JSON for App Store data).
  package let payloadJSON: Data
  /// The decoded signature bytes (64 bytes `r‖s` for ES256).
  package let signature: Data
  /// The signing input: the token up to its second `.`.
  package let signingInput: String

  /// Splits and decodes `jws`.
  /// - Throws: `VerificationError` (`malformed`) with the reason it is not a compact JWS.
  package init(parsing jws: String) throws(VerificationError) {
    var token = jws
    let parsed = token.withUTF8 { utf8 in Self.parse(UnsafeRawBufferPointer(utf8)) }
    self = try parsed.get()
  }

  private init(
    header: JOSEHeader, headerJSON: Data, payloadJSON: Data, signature: Data, signingInput: String
  ) {
    self.header = header
    self.headerJSON = headerJSON
    self.payloadJSON = payloadJSON
    self.signature = signature
    self.signingInput = signingInput
  }

  private static func parse(_ token: UnsafeRawBufferPointer) -> Result<
    UnverifiedJWS, VerificationError
  > {
    let parts: CompactJWS
    switch CompactJWS.split(token) {
    case .success(let split): parts = split
    case .failure(let error): return .failure(error)
    }
    var segments: [[UInt8]] = []
    for (range, name) in [
      (parts.headerRange(), "header"), (parts.payloadRange(), "payload"),
      (parts.signatureRange(in: token), "signature"),
    ] {
      switch CompactJWS.decodeSegment(token, range, name: name) {
      case .success(let bytes): segments.append(bytes)
      case .failure(let error): return .failure(error)
      }
    }
    switch JOSEHeader.parse(segments[0]) {
    case .success(let header):
      let signingInput = String(
        decoding: UnsafeRawBufferPointer(rebasing: token[0..<parts.signingInputCount]),
        as: UTF8.self)
      return .success(
        UnverifiedJWS(
          header: header.header, headerJSON: Data(segments[0]), payloadJSON: Data(segments[1]),
          signature: Data(segments[2]), signingInput: signingInput))
    case .failure(let failure):
      return .failure(
        VerificationError(
          .malformed,
          "the header is not a JSON object: \(failure)"))
    }
  }

  /// The kind the payload shows.
  /// - Throws: `VerificationError` (`malformed`) when it shows none.
  package func payloadKind() throws(VerificationError) -> SignedPayloadKind {
    guard let kind = SignedPayloadKind.detect(payloadJSON: payloadJSON) else {
      throw VerificationError(
        .malformed,
        "the payload is not a transaction, renewal info, notification or app transaction")
    }
    return kind
  }

  /// Decodes the payload as `kind`, or as the kind it shows.
  /// - Throws: `VerificationError` (`malformed`) when it does not decode.
  package func decodePayload(as kind: SignedPayloadKind? = nil) throws(VerificationError)
    -> DecodedSignedPayload
  {
    let resolved: SignedPayloadKind
    if let kind {
      resolved = kind
    } else {
      resolved = try payloadKind()
    }
    return try DecodedSignedPayload.decode(payloadJSON, as: resolved)
  }

  /// The certificates of `x5c`, leaf first, parsed but not verified.
  /// - Throws: `VerificationError` (`invalidCertificate`) when an entry is not a base64 DER
  ///   certificate; (`malformed`) when there is no `x5c`.
  package func certificateChain() throws(VerificationError) -> [Certificate] {
    guard let entries = header.certificateChain else {
      throw VerificationError(.malformed, "the header has no \"x5c\" certificate chain")
    }
    var certificates: [Certificate] = []
    for (index, entry) in entries.enumerated() {
      guard let der = Base64.decode(entry, alphabet: .standard) else {
        throw VerificationError(.invalidCertificate, "x5c[\(index)] is not standard base64")
      }
      do {
        certificates.append(try Certificate(derEncoded: der))
      } catch {
        throw VerificationError(.invalidCertificate, "x5c[\(index)]: \(error.reason)")
      }
    }
    return certificates
  }
}
