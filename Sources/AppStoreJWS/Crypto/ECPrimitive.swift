/// The elliptic-curve primitive under the package's DER, X.509 and JWS code: the only code
/// that differs between platforms.
///
/// Everything here is declarations. Each platform supplies ``PlatformDigest``,
/// ``PlatformPublicKey`` and ``PlatformPrivateKey`` in one file wholly inside its own `#if`:
/// `Crypto/ECPrimitive+OpenSSL.swift` (libcrypto, `#if !canImport(CryptoKit)`) and
/// `Crypto/ECPrimitive+CryptoKit.swift` (`#if canImport(CryptoKit)`). The conformances below
/// make the compiler hold each file to the same members. What is DER — PKCS#8, SEC 1,
/// SubjectPublicKeyInfo, the ECDSA-Sig-Value form of a signature — is read and written by this
/// package's Swift, above the primitive, identically on every platform.
///
/// Keys cross actors as immutable final classes: each platform's key object (an `EVP_PKEY`,
/// a CryptoKit key value) is set in `init` and never mutated, so sharing it is safe; each class
/// documents its `@unchecked Sendable` invariant.

/// A curve of the primitive.
package enum ECCurve: Sendable, Hashable, CaseIterable {
  /// NIST P-256 (secp256r1): App Store leaf keys, ES256.
  case p256
  /// NIST P-384 (secp384r1): Apple Root CA - G3 and the WWDR intermediates.
  case p384

  /// The bytes of a field element or scalar: 32 or 48.
  package var coordinateByteCount: Int { self == .p256 ? 32 : 48 }
  /// The bytes of an uncompressed point `04‖X‖Y` (SEC 1 §2.3.3, "X9.63").
  var x963ByteCount: Int { 1 + 2 * coordinateByteCount }
  /// The bytes of a raw signature `r‖s`.
  package var rawSignatureByteCount: Int { 2 * coordinateByteCount }
}

/// A hash function of the primitive.
package enum HashFunction: Sendable, Hashable, CaseIterable {
  case sha256
  case sha384

  /// The digest's byte count.
  var byteCount: Int { self == .sha256 ? 32 : 48 }
}

/// What each platform's digest type provides.
protocol DigestPrimitive {
  /// The digest of `bytes` under `function`.
  static func hash(_ function: HashFunction, _ bytes: UnsafeRawBufferPointer) -> [UInt8]
}

/// What each platform's public-key type provides.
protocol PublicKeyPrimitive: AnyObject, Sendable {
  /// The key's curve.
  var curve: ECCurve { get }
  /// Imports an uncompressed point `04‖X‖Y` of `curve`, which
  /// ``ECKeyChecks/checkPublicKey(curve:x963Representation:)`` checks first on every platform.
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` when it is not a point of the curve.
  init(curve: ECCurve, x963Representation: UnsafeRawBufferPointer) throws(AppStoreJWSError)
  /// The uncompressed point `04‖X‖Y`.
  var x963Representation: [UInt8] { get }
  /// Whether `rawSignature` (`r‖s`, each as many bytes as a coordinate) is an ECDSA signature
  /// by this key of `message` hashed with `hash`. Any other length is `false`.
  func isValidSignature(
    rawSignature: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer, hash: HashFunction
  ) -> Bool
}

/// What each platform's private-key type provides.
protocol PrivateKeyPrimitive: AnyObject, Sendable {
  associatedtype PublicKey: PublicKeyPrimitive
  /// The key's curve.
  var curve: ECCurve { get }
  /// A fresh key from the system's generator.
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` when the platform cannot make one.
  init(generatingOn curve: ECCurve) throws(AppStoreJWSError)
  /// Imports a private scalar: big-endian, exactly ``ECCurve/coordinateByteCount`` bytes;
  /// ``ECKeyChecks/checkPrivateScalar(curve:_:)`` checks it first on every platform.
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` unless `1 ≤ scalar < n`.
  init(curve: ECCurve, rawScalar: UnsafeRawBufferPointer) throws(AppStoreJWSError)
  /// The private scalar, big-endian, ``ECCurve/coordinateByteCount`` bytes.
  var rawScalar: [UInt8] { get }
  /// The public key.
  var publicKey: PublicKey { get }
  /// An ECDSA signature of `message` hashed with `hash`, as raw `r‖s`.
  /// - Throws: ``AppStoreJWSError/Code/signingFailed`` when the platform cannot sign.
  func rawSignature(message: UnsafeRawBufferPointer, hash: HashFunction) throws(AppStoreJWSError)
    -> [UInt8]
}

extension PlatformDigest: DigestPrimitive {}
extension PlatformPublicKey: PublicKeyPrimitive {}
extension PlatformPrivateKey: PrivateKeyPrimitive {}

extension PlatformDigest {
  /// The SHA-256 digest of `bytes`.
  static func sha256(_ bytes: some Collection<UInt8>) -> [UInt8] {
    Array(bytes).withUnsafeBytes { hash(.sha256, $0) }
  }
}

extension Array where Element == UInt8 {
  /// `withUnsafeBytes` for a body with typed throws (the standard one only rethrows).
  package func withBytes<T>(_ body: (UnsafeRawBufferPointer) throws(AppStoreJWSError) -> T)
    throws(AppStoreJWSError) -> T
  {
    let result: Result<T, AppStoreJWSError> = withUnsafeBytes { bytes in
      do throws(AppStoreJWSError) {
        return .success(try body(bytes))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}
