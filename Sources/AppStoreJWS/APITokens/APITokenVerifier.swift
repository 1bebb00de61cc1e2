package import Foundation
import StoreInternals
import StoreModel

/// Checks the bearer token a server sends to the App Store Server API, as Apple's "Generating
/// JSON Web Tokens for API requests" describes it: an ES256 JWS whose header names a registered
/// key (`kid`) and whose claims are `iss` (the key's issuer), `aud` `appstoreconnect-v1`, `bid`
/// (the app's bundle ID, case-sensitive: Apple staff, developer.apple.com/forums/thread/711801)
/// and `exp`, no more than 60 minutes after `iat` ("tokens that expire more than 60 minutes
/// after the time in iat are not valid").
///
/// Neither `iat` nor `typ` is required: Apple's Python and Java clients send no `iat`
/// (app-store-server-library-python 3.1.2's `api_client.py`, the Java library's
/// `BearerTokenAuthenticator`), and their tokens work against Apple; without `iat`, `exp` may be
/// at most 60 minutes from now. Expiry is judged on the wall clock (never the store's, which
/// `advance` moves by months) with ``skew`` of slack either way.
///
/// A refusal carries a short cause (``Refusal/cause``) and a sentence; Apple itself answers
/// every refusal with the same plain-text 401, so these are for the server's log only.
package struct APITokenVerifier: Sendable {
  /// A registered key: its identifier, its issuer and its public key.
  package struct Key: Sendable {
    package var issuerID: String
    package var key: OfferVerificationKey

    package init(issuerID: String, key: OfferVerificationKey) {
      self.issuerID = issuerID
      self.key = key
    }
  }

  /// Why a token was refused.
  package struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// A short, stable cause (`unknown-kid`, `expired`…): the response header's value.
    package var cause: String
    /// What was wrong, in a sentence.
    package var reason: String
    package var description: String { "\(cause): \(reason)" }
  }

  /// The `aud` Apple's tokens carry.
  package static let audience = "appstoreconnect-v1"
  /// The longest lifetime Apple accepts.
  package static let maximumLifetime: TimeInterval = 3_600
  /// The clock difference tolerated between the client and the server.
  package static let skew: TimeInterval = 60

  package var keys: [String: Key]
  package var bundleID: String

  package init(keys: [Key], bundleID: String) {
    self.keys = Dictionary(keys.map { ($0.key.keyID, $0) }, uniquingKeysWith: { _, last in last })
    self.bundleID = bundleID
  }

  /// Checks the request's `Authorization` header at wall-clock time `now`.
  package func verify(authorization: String?, now: Date) -> Refusal? {
    do throws(Refusal) {
      try check(authorization, now: now)
      return nil
    } catch {
      return error
    }
  }

  private func check(_ authorization: String?, now: Date) throws(Refusal) {
    guard let authorization else {
      throw Refusal(cause: "no-authorization", reason: "the request has no Authorization header")
    }
    let prefix = "bearer "
    let bytes = Array(authorization.utf8)
    guard bytes.count > prefix.utf8.count,
      zip(bytes, prefix.utf8).allSatisfy({ byte, lower in
        byte == lower || (lower >= 0x61 && lower <= 0x7A && byte == lower - 0x20)
      })
    else {
      throw Refusal(
        cause: "not-bearer", reason: "the Authorization header is not \"Bearer <token>\"")
    }
    // The token, without the spaces and tabs around it (ASCII: a token is base64url and dots).
    let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
    let rest = bytes[prefix.utf8.count...]
    let start = rest.firstIndex { !isBlank($0) } ?? rest.endIndex
    let end = (rest.lastIndex { !isBlank($0) }).map { $0 + 1 } ?? start
    let jws = String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    let token: UnverifiedJWS
    do throws(VerificationError) {
      token = try UnverifiedJWS(parsing: jws)
    } catch {
      throw Refusal(cause: "malformed-token", reason: "the token is not a compact JWS: \(error)")
    }
    guard token.header.algorithm == "ES256" else {
      throw Refusal(
        cause: "alg-not-es256",
        reason: "the token's alg is \(token.header.algorithm.map { "\"\($0)\"" } ?? "absent"); "
          + "Apple accepts ES256 only")
    }
    guard let keyID = token.header.keyID else {
      throw Refusal(cause: "no-kid", reason: "the token's header names no key (kid)")
    }
    guard let key = keys[keyID] else {
      throw Refusal(
        cause: "unknown-kid",
        reason: "no key \"\(keyID)\" is registered (known: "
          + "\(keys.keys.sorted().joined(separator: ", ")); see `sportstime-store api-key`)")
    }
    let valid = Array(token.signature).withUnsafeBytes { signature in
      Array(token.signingInput.utf8).withUnsafeBytes { input in
        ES256.verify(signingInput: input, rawSignature: signature, key: key.key.publicKey)
      }
    }
    guard valid else {
      throw Refusal(
        cause: "bad-signature",
        reason: token.signature.count == ES256.signatureCount
          ? "the signature does not verify under key \"\(keyID)\""
          : "the signature is \(token.signature.count) bytes; ES256's is \(ES256.signatureCount) "
            + "(r‖s, not DER)")
    }
    guard let claims = JSONField.object(parsing: Array(token.payloadJSON)) else {
      throw Refusal(cause: "malformed-claims", reason: "the token's payload is not a JSON object")
    }
    guard let issuer = claims["iss"]?.string, issuer == key.issuerID else {
      throw Refusal(
        cause: "wrong-issuer",
        reason: "iss is \(Self.show(claims["iss"])); key \"\(keyID)\"'s issuer is "
          + "\"\(key.issuerID)\"")
    }
    let audiences: [String]? =
      switch claims["aud"] {
      case .string(let text)?: [text]
      case .strings(let texts)?: texts
      default: nil
      }
    guard let audiences, audiences.contains(Self.audience) else {
      throw Refusal(
        cause: "wrong-audience",
        reason: "aud is \(Self.show(claims["aud"])); Apple's is \"\(Self.audience)\"")
    }
    guard let bundle = claims["bid"]?.string, bundle == bundleID else {
      throw Refusal(
        cause: "wrong-bundle-id",
        reason: "bid is \(Self.show(claims["bid"])); the app is \"\(bundleID)\" "
          + "(compared case-sensitively, as Apple does)")
    }
    guard let expiry = claims["exp"]?.number else {
      throw Refusal(cause: "no-exp", reason: "the token has no numeric exp")
    }
    let wall = now.timeIntervalSince1970
    guard expiry + Self.skew > wall else {
      throw Refusal(
        cause: "expired",
        reason: "exp \(Self.show(claims["exp"])) is \(Int(wall - expiry)) s in the past "
          + "(on the wall clock, \(Int(Self.skew)) s of skew allowed)")
    }
    if let iat = claims["iat"], iat != .null {
      guard let issued = iat.number else {
        throw Refusal(cause: "malformed-iat", reason: "iat is not a number")
      }
      guard issued <= wall + Self.skew else {
        throw Refusal(
          cause: "iat-in-future",
          reason:
            "iat is \(Int(issued - wall)) s in the future (\(Int(Self.skew)) s of skew allowed)")
      }
      guard expiry - issued <= Self.maximumLifetime else {
        throw Refusal(
          cause: "lifetime-too-long",
          reason: "exp is \(Int(expiry - issued)) s after iat; Apple accepts at most 3600 s")
      }
    } else {
      guard expiry - wall <= Self.maximumLifetime + Self.skew else {
        throw Refusal(
          cause: "lifetime-too-long",
          reason: "the token has no iat and exp is \(Int(expiry - wall)) s from now; Apple accepts "
            + "at most 3600 s")
      }
    }
  }

  private static func show(_ value: JSONField?) -> String { value?.shown ?? "absent" }
}
