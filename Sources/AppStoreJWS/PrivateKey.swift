package import Foundation

/// An elliptic-curve private key held by OpenSSL: what signs tokens and certificates.
///
/// Equality compares the public keys.
package struct PrivateKey: Sendable, Hashable {
  /// The curves this module makes keys on.
  package enum Curve: String, Sendable, Hashable, CaseIterable {
    /// NIST P-256 (`prime256v1`): App Store leaf keys, ES256.
    case p256 = "prime256v1"
    /// NIST P-384 (`secp384r1`): Apple's root and intermediate keys.
    case p384 = "secp384r1"
  }

  let key: EVPKey

  init(key: EVPKey) {
    self.key = key
  }

  /// A fresh random key from OpenSSL's generator.
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` if OpenSSL cannot make one.
  package static func generate(curve: Curve = .p256) throws(AppStoreJWSError) -> PrivateKey {
    PrivateKey(key: try EVPKey.generate(curveName: curve.rawValue))
  }

  /// The P-256 key whose private scalar is `scalar` (32 bytes, big-endian, in `[1, n)`).
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` for any other scalar.
  package init(p256Scalar scalar: some Sequence<UInt8>) throws(AppStoreJWSError) {
    self.key = try EVPKey.p256(privateScalar: Array(scalar))
  }

  /// A P-256 key derived from `seed` and `label`: the same inputs always give the same key.
  ///
  /// The scalar is SHA-256 of a domain-separated encoding of both (with a counter, retried in
  /// the negligible case that the digest is not a valid scalar). For tests and the local App
  /// Store only: a seed anyone knows is a key anyone has.
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` if OpenSSL cannot make the key.
  package static func p256(seed: some Sequence<UInt8>, label: String) throws(AppStoreJWSError)
    -> PrivateKey
  {
    let seedBytes = Array(seed)
    var lastError = AppStoreJWSError(.invalidKey, "no scalar derived")
    for counter in UInt8(0)..<UInt8(16) {
      var input = Array("SportsTimeStore.PrivateKey.p256/v1".utf8)
      input.append(0)
      input += Array(label.utf8)
      input.append(0)
      input += seedBytes
      input.append(counter)
      let scalar = input.withUnsafeBytes { ES256.sha256($0) }
      do throws(AppStoreJWSError) {
        return try PrivateKey(p256Scalar: scalar)
      } catch {
        lastError = error
      }
    }
    throw lastError
  }

  /// Reads a private key from DER (PKCS#8, or SEC 1 `ECPrivateKey`).
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` when it is not an EC private key.
  package init(derEncoded der: some Sequence<UInt8>) throws(AppStoreJWSError) {
    let key = try EVPKey(privateKeyDER: Array(der))
    guard key.curveName != nil else {
      throw AppStoreJWSError(.invalidKey, "the key is not an EC key")
    }
    self.key = key
  }

  /// Reads a private key from PEM (`PRIVATE KEY` or `EC PRIVATE KEY`).
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` when it is not an EC private key.
  package init(pemEncoded pem: String) throws(AppStoreJWSError) {
    let key = try EVPKey(privateKeyPEM: pem)
    guard key.curveName != nil else {
      throw AppStoreJWSError(.invalidKey, "the key is not an EC key")
    }
    self.key = key
  }

  /// The key's curve, or `nil` for a curve this module does not name.
  package var curve: Curve? { key.curveName.flatMap(Curve.init(rawValue:)) }

  /// The private key as PKCS#8 DER.
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` if OpenSSL cannot write it.
  package func derRepresentation() throws(AppStoreJWSError) -> Data {
    Data(try key.privateKeyDER())
  }

  /// The private key as PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`).
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` if OpenSSL cannot write it.
  package func pemRepresentation() throws(AppStoreJWSError) -> String {
    try key.privateKeyPEM()
  }

  /// The public key as a DER SubjectPublicKeyInfo.
  package var publicKeyDER: Data { Data((try? key.publicKeyDER()) ?? []) }

  package static func == (lhs: PrivateKey, rhs: PrivateKey) -> Bool {
    lhs.publicKeyDER == rhs.publicKeyDER
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(publicKeyDER)
  }
}
