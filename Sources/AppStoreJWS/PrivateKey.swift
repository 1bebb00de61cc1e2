package import Foundation

/// An elliptic-curve private key held by the platform's primitive: what signs tokens and
/// certificates.
///
/// Its DER and PEM forms are read and written by this package (``KeyEncoding``), so a key
/// saved on one platform opens on another. Equality compares the public keys.
package struct PrivateKey: Sendable, Hashable {
  /// The curves this module makes keys on.
  package enum Curve: String, Sendable, Hashable, CaseIterable {
    /// NIST P-256 (`prime256v1`): App Store leaf keys, ES256.
    case p256 = "prime256v1"
    /// NIST P-384 (`secp384r1`): Apple's root and intermediate keys.
    case p384 = "secp384r1"

    var primitive: ECCurve { self == .p256 ? .p256 : .p384 }

    package init(_ curve: ECCurve) { self = curve == .p256 ? .p256 : .p384 }
  }

  package let key: PlatformPrivateKey

  init(key: PlatformPrivateKey) {
    self.key = key
  }

  /// A fresh random key from the system's generator.
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` if the platform cannot make one.
  package static func generate(curve: Curve = .p256) throws(AppStoreJWSError) -> PrivateKey {
    PrivateKey(key: try PlatformPrivateKey(generatingOn: curve.primitive))
  }

  /// The P-256 key whose private scalar is `scalar` (32 bytes, big-endian, in `[1, n)`).
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` for any other scalar.
  package init(p256Scalar scalar: some Sequence<UInt8>) throws(AppStoreJWSError) {
    let bytes = Array(scalar)
    self.key = try bytes.withBytes { raw throws(AppStoreJWSError) in
      try PlatformPrivateKey(curve: .p256, rawScalar: raw)
    }
  }

  /// A P-256 key derived from `seed` and `label`: the same inputs always give the same key.
  ///
  /// The scalar is SHA-256 of a domain-separated encoding of both (with a counter, retried in
  /// the negligible case that the digest is not a valid scalar). For tests and the local App
  /// Store only: a seed anyone knows is a key anyone has.
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` if the platform cannot make the key.
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
      do throws(AppStoreJWSError) {
        return try PrivateKey(p256Scalar: PlatformDigest.sha256(input))
      } catch {
        lastError = error
      }
    }
    throw lastError
  }

  /// Reads a private key from DER (PKCS#8, or SEC 1 `ECPrivateKey`).
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` when it is not a P-256 or P-384 private
  ///   key, or the public key it states is not its own.
  package init(derEncoded der: some Sequence<UInt8>) throws(AppStoreJWSError) {
    let parts: KeyEncoding.PrivateKeyParts
    do throws(DERError) {
      parts = try KeyEncoding.privateKey(der: Array(der))
    } catch {
      throw AppStoreJWSError(.invalidKey, "not a DER EC private key: \(error)")
    }
    let key = try parts.scalar.withBytes { raw throws(AppStoreJWSError) in
      try PlatformPrivateKey(curve: parts.curve, rawScalar: raw)
    }
    if let point = parts.point, point != key.publicKey.x963Representation {
      throw AppStoreJWSError(.invalidKey, "the key's stated public key is not its own")
    }
    self.key = key
  }

  /// Reads a private key from PEM (`PRIVATE KEY` or `EC PRIVATE KEY`).
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` when it is not an EC private key.
  package init(pemEncoded pem: String) throws(AppStoreJWSError) {
    guard
      let der = KeyEncoding.pemBlock(pem, label: "PRIVATE KEY")
        ?? KeyEncoding.pemBlock(pem, label: "EC PRIVATE KEY")
    else { throw AppStoreJWSError(.invalidKey, "not a PEM private key") }
    try self.init(derEncoded: der)
  }

  /// The key's curve.
  package var curve: Curve? { Curve(key.curve) }

  /// The private key as PKCS#8 DER (the encoding ``KeyEncoding`` documents).
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` if the platform cannot export it.
  package func derRepresentation() throws(AppStoreJWSError) -> Data {
    let scalar = key.rawScalar
    guard scalar.count == key.curve.coordinateByteCount else {
      throw AppStoreJWSError(.invalidKey, "could not export the private key")
    }
    return Data(
      KeyEncoding.pkcs8(
        curve: key.curve, scalar: scalar, point: key.publicKey.x963Representation))
  }

  /// The private key as PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`).
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` if the platform cannot export it.
  package func pemRepresentation() throws(AppStoreJWSError) -> String {
    KeyEncoding.pem(Array(try derRepresentation()), label: "PRIVATE KEY")
  }

  /// The public key as a DER SubjectPublicKeyInfo.
  package var publicKeyDER: Data {
    Data(
      KeyEncoding.subjectPublicKeyInfo(
        curve: key.curve, point: key.publicKey.x963Representation))
  }

  package static func == (lhs: PrivateKey, rhs: PrivateKey) -> Bool {
    lhs.publicKeyDER == rhs.publicKeyDER
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(publicKeyDER)
  }
}
