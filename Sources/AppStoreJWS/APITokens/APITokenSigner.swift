package import Foundation

/// Mints App Store Server API bearer tokens as Apple's Python client does (header `alg` ES256,
/// `kid`, `typ` JWT; claims `bid`, `iss`, `aud`, `exp` five minutes on, no `iat`): for tests,
/// the benchmark and the command-line tool's examples. ``token(now:)`` is the client's token;
/// ``sign(claims:)`` any other.
package struct APITokenSigner: Sendable {
  package let key: SubscriptionOfferKey
  package let issuerID: String
  package let bundleID: String

  package init(key: SubscriptionOfferKey, issuerID: String, bundleID: String) {
    self.key = key
    self.issuerID = issuerID
    self.bundleID = bundleID
  }

  /// The token Apple's Python client (3.1.2) sends at `now`: no `iat`, `exp` 300 s later.
  package func token(now: Date) throws(AppStoreJWSError) -> String {
    try sign(claims: [
      "bid": .string(bundleID), "iss": .string(issuerID),
      "aud": .string(APITokenVerifier.audience),
      "exp": .number(Int64(now.timeIntervalSince1970) + 300),
    ])
  }

  /// A claim's value.
  package enum Claim: Sendable, Encodable {
    case string(String)
    case number(Int64)
    case strings([String])

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .string(let text): try container.encode(text)
      case .number(let number): try container.encode(number)
      case .strings(let texts): try container.encode(texts)
      }
    }
  }

  /// A token with exactly `claims`, under `algorithm`'s name in the header (the signature is
  /// ES256's whatever the name: for refusal tests).
  package func sign(claims: [String: Claim], algorithm: String = "ES256", keyID: String? = nil)
    throws(AppStoreJWSError) -> String
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let json: Data
    do {
      json = try encoder.encode(claims)
    } catch {
      throw AppStoreJWSError(.encodingFailed, "could not encode the token's claims: \(error)")
    }
    let header = JOSEHeader(
      algorithm: algorithm, certificateChain: nil, keyID: keyID ?? key.keyID, type: "JWT")
    return try JWSSigner(unchecked: key.privateKey, certificateChain: [])
      .sign(headerJSON: Data(JWSSigner.encode(header).utf8), payloadJSON: json)
  }
}
