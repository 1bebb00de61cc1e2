package import Foundation

/// Signs payloads as App Store signed data: a compact JWS, ES256, with the `x5c` chain.
///
/// This is what the local App Store signs transactions and renewal info with, the same way the
/// App Store does (header `{"alg":"ES256","x5c":[leaf, intermediate, root]}`, payload in the App
/// Store's JSON form), and what tests forge attacks with (any header, any bytes).
package struct JWSSigner: Sendable {
  /// The signing key: the leaf's private key, P-256.
  package let key: PrivateKey
  /// The `x5c` chain written into every header, leaf first.
  package let certificateChain: [Certificate]

  /// Creates a signer.
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` unless `key` is P-256 and, when the chain is
  ///   not empty, the leaf's public key is `key`'s.
  package init(key: PrivateKey, certificateChain: [Certificate]) throws(AppStoreJWSError) {
    guard key.curve == .p256 else {
      throw AppStoreJWSError(.invalidKey, "ES256 signs with a P-256 key")
    }
    if let leaf = certificateChain.first {
      guard leaf.publicKeyInfo == Array(key.publicKeyDER)
      else { throw AppStoreJWSError(.invalidKey, "the key is not the leaf certificate's key") }
    }
    self.key = key
    self.certificateChain = certificateChain
  }

  /// A signer whose key and chain are known to belong together.
  init(unchecked key: PrivateKey, certificateChain: [Certificate]) {
    self.key = key
    self.certificateChain = certificateChain
  }

  /// The header this signer writes: `alg` ES256 and the `x5c` chain.
  package var header: JOSEHeader {
    JOSEHeader(algorithm: "ES256", certificateChain: certificateChain.map(\.base64DER))
  }

  /// The header in base64url, as ``sign(encodedHeader:payloadJSON:)`` takes it.
  package var encodedHeader: String {
    Base64.encode(Data(Self.encode(header).utf8), alphabet: .url)
  }

  /// Signs `payload` encoded in the App Store's JSON form (its keys, dates in milliseconds).
  /// - Throws: ``AppStoreJWSError/Code/encodingFailed`` or ``AppStoreJWSError/Code/signingFailed``.
  package func sign(_ payload: some Encodable) throws(AppStoreJWSError) -> String {
    let json: Data
    do {
      json = try DecodedSignedPayload.encoder(prettyPrinted: false).encode(payload)
    } catch {
      throw AppStoreJWSError(.encodingFailed, "could not encode the payload: \(error)")
    }
    return try sign(payloadJSON: json)
  }

  /// Signs the bytes `payloadJSON` as they are, under this signer's header.
  /// - Throws: ``AppStoreJWSError/Code/signingFailed`` if the primitive cannot sign.
  package func sign(payloadJSON: Data) throws(AppStoreJWSError) -> String {
    try sign(headerJSON: Data(Self.encode(header).utf8), payloadJSON: payloadJSON)
  }

  /// Signs arbitrary header and payload bytes: `base64url(header).base64url(payload).signature`.
  ///
  /// For tests that need a token no honest signer makes (another `alg`, a bad `x5c`).
  /// - Throws: ``AppStoreJWSError/Code/signingFailed`` if the primitive cannot sign.
  package func sign(headerJSON: Data, payloadJSON: Data) throws(AppStoreJWSError) -> String {
    try sign(encodedHeader: Base64.encode(headerJSON, alphabet: .url), payloadJSON: payloadJSON)
  }

  /// Signs `payloadJSON` under a header already in base64url (`encodedHeader`): a signer that
  /// signs many payloads under one header encodes it once (its `x5c` chain is the larger half of
  /// every token).
  /// - Throws: ``AppStoreJWSError/Code/signingFailed`` if the primitive cannot sign.
  ///
  /// The token is written once, into one buffer: the header, the payload's base64url, then,
  /// once that signing input is signed, the signature's (the store signs tokens of up to a
  /// dozen kilobytes, which each concatenation copied whole).
  package func sign(encodedHeader: String, payloadJSON: Data) throws(AppStoreJWSError) -> String {
    var header = encodedHeader
    let headerCount = header.utf8.count
    let inputCount = headerCount + 1 + Base64.encodedCount(payloadJSON.count, alphabet: .url)
    let signatureCount = Base64.encodedCount(ES256.signatureCount, alphabet: .url)
    var token = [UInt8](repeating: 0, count: inputCount + 1 + signatureCount)
    token.withUnsafeMutableBufferPointer { token in
      header.withUTF8 { header in
        _ = UnsafeMutableBufferPointer(rebasing: token[..<headerCount]).initialize(
          fromContentsOf: header)
      }
      token[headerCount] = UInt8(ascii: ".")
      _ = payloadJSON.withUnsafeBytes { payload in
        Base64.encode(
          payload, alphabet: .url,
          into: UnsafeMutableBufferPointer(rebasing: token[(headerCount + 1)..<inputCount]))
      }
    }
    let signature = try token.withBytes { token throws(AppStoreJWSError) in
      try ES256.sign(
        signingInput: UnsafeRawBufferPointer(rebasing: token[..<inputCount]), key: key.key)
    }
    token.withUnsafeMutableBufferPointer { token in
      token[inputCount] = UInt8(ascii: ".")
      _ = signature.withUnsafeBytes { signature in
        Base64.encode(
          signature, alphabet: .url,
          into: UnsafeMutableBufferPointer(rebasing: token[(inputCount + 1)...]))
      }
    }
    return String(decoding: token, as: UTF8.self)
  }

  /// A header as compact JSON, members in the order `alg`, `typ`, `kid`, `x5c`, `crit`.
  package static func encode(_ header: JOSEHeader) -> String {
    func quoted(_ text: String) -> String {
      var output = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": output += "\\\""
        case "\\": output += "\\\\"
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case "\t": output += "\\t"
        case _ where scalar.value < 0x20:
          output +=
            "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
            + String(scalar.value, radix: 16)
        default: output.unicodeScalars.append(scalar)
        }
      }
      return output + "\""
    }
    var members: [String] = []
    if let algorithm = header.algorithm { members.append("\"alg\":" + quoted(algorithm)) }
    if let type = header.type { members.append("\"typ\":" + quoted(type)) }
    if let keyID = header.keyID { members.append("\"kid\":" + quoted(keyID)) }
    if let chain = header.certificateChain {
      members.append("\"x5c\":[" + chain.map(quoted).joined(separator: ",") + "]")
    }
    if let critical = header.critical {
      members.append("\"crit\":[" + critical.map(quoted).joined(separator: ",") + "]")
    }
    return "{" + members.joined(separator: ",") + "}"
  }
}
