internal import COpenSSL
import Foundation
import StoreInternals

/// An owned OpenSSL `EVP_PKEY`: an EC public key, or an EC key pair.
///
/// `@unchecked Sendable` invariant: the key is never mutated after `init`; OpenSSL 3 allows
/// concurrent signing and verification with one `EVP_PKEY` as long as each thread uses its own
/// context. Verification contexts are kept in `idleContexts` (behind a `Locked`) and lent to
/// one caller at a time.
final class EVPKey: @unchecked Sendable {
  let pointer: OpaquePointer
  /// Contexts initialised for verification and not in use; at most `maximumIdleContexts`.
  private let idleContexts = Locked<[OpaquePointer]>([])
  private static let maximumIdleContexts = 8

  /// Takes ownership of one reference to `pointer`.
  init(taking pointer: OpaquePointer) {
    self.pointer = pointer
  }

  deinit {
    for context in idleContexts.withLock({ $0 }) { EVP_PKEY_CTX_free(context) }
    EVP_PKEY_free(pointer)
  }

  // MARK: - Making keys

  /// A fresh random EC key pair on the named curve (`prime256v1`, `secp384r1`) from OpenSSL.
  static func generate(curveName: String) throws(AppStoreJWSError) -> EVPKey {
    guard let key = sts_EVP_EC_gen(curveName) else {
      throw AppStoreJWSError(
        .invalidKey, "could not generate a \(curveName) key", openSSL: OpenSSLErrorQueue.take())
    }
    return EVPKey(taking: key)
  }

  /// The P-256 key pair whose private scalar is the 32 big-endian bytes `scalar`.
  /// - Throws: ``AppStoreJWSError/Code/invalidKey`` unless `1 ≤ scalar < n`.
  static func p256(privateScalar scalar: [UInt8]) throws(AppStoreJWSError) -> EVPKey {
    guard scalar.count == 32 else {
      throw AppStoreJWSError(.invalidKey, "a P-256 scalar has 32 bytes")
    }
    guard let group = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1) else {
      throw AppStoreJWSError(.invalidKey, "no P-256 group", openSSL: OpenSSLErrorQueue.take())
    }
    defer { EC_GROUP_free(group) }
    guard let privateNumber = BN_bin2bn(scalar, 32, nil) else {
      throw AppStoreJWSError(
        .invalidKey, "could not read the scalar", openSSL: OpenSSLErrorQueue.take())
    }
    defer { BN_clear_free(privateNumber) }
    guard BN_is_zero(privateNumber) == 0, BN_cmp(privateNumber, EC_GROUP_get0_order(group)) < 0
    else { throw AppStoreJWSError(.invalidKey, "the scalar is not in [1, n)") }
    guard let point = EC_POINT_new(group) else {
      throw AppStoreJWSError(
        .invalidKey, "could not allocate a point", openSSL: OpenSSLErrorQueue.take())
    }
    defer { EC_POINT_free(point) }
    guard EC_POINT_mul(group, point, privateNumber, nil, nil, nil) == 1 else {
      throw AppStoreJWSError(
        .invalidKey, "could not derive the public key", openSSL: OpenSSLErrorQueue.take())
    }
    var publicPoint = [UInt8](repeating: 0, count: 65)
    let publicCount = EC_POINT_point2oct(
      group, point, POINT_CONVERSION_UNCOMPRESSED, &publicPoint, publicPoint.count, nil)
    guard publicCount == 65 else {
      throw AppStoreJWSError(
        .invalidKey, "could not encode the public key", openSSL: OpenSSLErrorQueue.take())
    }
    // OSSL_PARAM_BLD keeps pointers to names and values until the key is made, so every buffer
    // stays alive across the whole sequence.
    let made = OSSL_PKEY_PARAM_GROUP_NAME.withCString { groupKey in
      OSSL_PKEY_PARAM_PRIV_KEY.withCString { privateKey in
        OSSL_PKEY_PARAM_PUB_KEY.withCString { publicKey in
          "prime256v1".withCString { groupName in
            publicPoint.withUnsafeBytes { point in
              Self.fromData(
                groupKey: groupKey, groupName: groupName, privateKey: privateKey,
                privateNumber: privateNumber, publicKey: publicKey, point: point)
            }
          }
        }
      }
    }
    guard let key = made else {
      throw AppStoreJWSError(
        .invalidKey, "could not make the key", openSSL: OpenSSLErrorQueue.take())
    }
    return EVPKey(taking: key)
  }

  /// `EVP_PKEY_fromdata` for an EC key pair; every pointer must outlive the call.
  private static func fromData(
    groupKey: UnsafePointer<CChar>, groupName: UnsafePointer<CChar>,
    privateKey: UnsafePointer<CChar>, privateNumber: OpaquePointer,
    publicKey: UnsafePointer<CChar>, point: UnsafeRawBufferPointer
  ) -> OpaquePointer? {
    guard let builder = OSSL_PARAM_BLD_new() else { return nil }
    defer { OSSL_PARAM_BLD_free(builder) }
    guard OSSL_PARAM_BLD_push_utf8_string(builder, groupKey, groupName, 0) == 1,
      OSSL_PARAM_BLD_push_BN(builder, privateKey, privateNumber) == 1,
      OSSL_PARAM_BLD_push_octet_string(builder, publicKey, point.baseAddress, point.count) == 1,
      let parameters = OSSL_PARAM_BLD_to_param(builder)
    else { return nil }
    defer { OSSL_PARAM_free(parameters) }
    guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { return nil }
    defer { EVP_PKEY_CTX_free(context) }
    var key: OpaquePointer?
    guard EVP_PKEY_fromdata_init(context) == 1,
      EVP_PKEY_fromdata(context, &key, sts_EVP_PKEY_KEYPAIR(), parameters) == 1
    else { return nil }
    return key
  }

  /// Reads a private key from DER (PKCS#8 or SEC 1).
  convenience init(privateKeyDER der: [UInt8]) throws(AppStoreJWSError) {
    let key = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
      var cursor = buffer.baseAddress
      return d2i_AutoPrivateKey(nil, &cursor, buffer.count)
    }
    guard let key else {
      throw AppStoreJWSError(
        .invalidKey, "not a DER private key", openSSL: OpenSSLErrorQueue.take())
    }
    self.init(taking: key)
  }

  /// Reads a private key from PEM (`PRIVATE KEY` or `EC PRIVATE KEY`).
  convenience init(privateKeyPEM pem: String) throws(AppStoreJWSError) {
    let key = MemoryBIO.reading(Array(pem.utf8)) { bio in
      PEM_read_bio_PrivateKey(bio, nil, nil, nil)
    }
    guard let key else {
      throw AppStoreJWSError(
        .invalidKey, "not a PEM private key", openSSL: OpenSSLErrorQueue.take())
    }
    self.init(taking: key)
  }

  // MARK: - Properties

  /// Whether this is an EC key on P-256 (`prime256v1`).
  var isP256: Bool { curveName == "prime256v1" }

  /// The EC curve's short name, or `nil` for a key that is not EC.
  var curveName: String? {
    guard EVP_PKEY_get_base_id(pointer) == EVP_PKEY_EC else { return nil }
    var name = [CChar](repeating: 0, count: 64)
    var length = 0
    guard EVP_PKEY_get_group_name(pointer, &name, name.count, &length) == 1 else {
      OpenSSLErrorQueue.clear()
      return nil
    }
    return String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The private key as PKCS#8 DER.
  func privateKeyDER() throws(AppStoreJWSError) -> [UInt8] {
    try exportedPrivateKey { bio in i2d_PKCS8PrivateKey_bio(bio, pointer, nil, nil, 0, nil, nil) }
  }

  /// The private key as PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`).
  func privateKeyPEM() throws(AppStoreJWSError) -> String {
    let pem = try exportedPrivateKey { bio in
      PEM_write_bio_PrivateKey(bio, pointer, nil, nil, 0, nil, nil)
    }
    return String(decoding: pem, as: UTF8.self)
  }

  /// The bytes `write` puts into a memory BIO (it returns 1 on success): the private key in
  /// one of its exported forms, unencrypted.
  private func exportedPrivateKey(
    _ write: (_ bio: OpaquePointer) -> Int32
  ) throws(AppStoreJWSError) -> [UInt8] {
    guard let bytes = MemoryBIO.writing(write) else {
      throw AppStoreJWSError(
        .invalidKey, "could not export the private key", openSSL: OpenSSLErrorQueue.take())
    }
    return bytes
  }

  /// The public key as a DER SubjectPublicKeyInfo.
  func publicKeyDER() throws(AppStoreJWSError) -> [UInt8] {
    var output: UnsafeMutablePointer<UInt8>?
    let count = i2d_PUBKEY(pointer, &output)
    guard count > 0, let output else {
      throw AppStoreJWSError(
        .invalidKey, "could not export the public key", openSSL: OpenSSLErrorQueue.take())
    }
    defer { sts_OPENSSL_free(output) }
    return Array(UnsafeBufferPointer(start: output, count: Int(count)))
  }

  // MARK: - ECDSA

  /// Whether `derSignature` (an ECDSA-Sig-Value) is this key's signature of `digest`.
  ///
  /// Reuses a verification context made for this key earlier (OpenSSL allows any number of
  /// `EVP_PKEY_verify` calls after one `EVP_PKEY_verify_init`), which saves the provider lookups
  /// of making one; a context that saw a failure is freed rather than reused.
  func verify(digest: UnsafeRawBufferPointer, derSignature: UnsafeRawBufferPointer) -> Bool {
    guard let context = borrowVerificationContext() else {
      OpenSSLErrorQueue.clear()
      return false
    }
    let verified =
      EVP_PKEY_verify(
        context,
        derSignature.baseAddress?.assumingMemoryBound(to: UInt8.self), derSignature.count,
        digest.baseAddress?.assumingMemoryBound(to: UInt8.self), digest.count) == 1
    if verified {
      returnVerificationContext(context)
    } else {
      EVP_PKEY_CTX_free(context)
      OpenSSLErrorQueue.clear()
    }
    return verified
  }

  /// Whether `derSignature` is this key's signature of `digest`, with a context made for this
  /// call only: what a one-off OpenSSL verification costs.
  func verifyWithFreshContext(digest: UnsafeRawBufferPointer, derSignature: UnsafeRawBufferPointer)
    -> Bool
  {
    guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil) else {
      OpenSSLErrorQueue.clear()
      return false
    }
    defer { EVP_PKEY_CTX_free(context) }
    let verified =
      EVP_PKEY_verify_init(context) == 1
      && EVP_PKEY_verify(
        context,
        derSignature.baseAddress?.assumingMemoryBound(to: UInt8.self), derSignature.count,
        digest.baseAddress?.assumingMemoryBound(to: UInt8.self), digest.count) == 1
    if !verified { OpenSSLErrorQueue.clear() }
    return verified
  }

  private func borrowVerificationContext() -> OpaquePointer? {
    if let idle = idleContexts.withLock({ $0.popLast() }) { return idle }
    guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil) else { return nil }
    guard EVP_PKEY_verify_init(context) == 1 else {
      EVP_PKEY_CTX_free(context)
      return nil
    }
    return context
  }

  private func returnVerificationContext(_ context: OpaquePointer) {
    let kept = idleContexts.withLock { idle in
      guard idle.count < Self.maximumIdleContexts else { return false }
      idle.append(context)
      return true
    }
    if !kept { EVP_PKEY_CTX_free(context) }
  }

  /// This key's ECDSA signature of `digest`, DER-encoded.
  func sign(digest: [UInt8]) throws(AppStoreJWSError) -> [UInt8] {
    guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil) else {
      throw AppStoreJWSError(
        .signingFailed, "could not make a signing context", openSSL: OpenSSLErrorQueue.take())
    }
    defer { EVP_PKEY_CTX_free(context) }
    var length = 0
    guard EVP_PKEY_sign_init(context) == 1,
      EVP_PKEY_sign(context, nil, &length, digest, digest.count) == 1
    else {
      throw AppStoreJWSError(
        .signingFailed, "could not start signing", openSSL: OpenSSLErrorQueue.take())
    }
    var signature = [UInt8](repeating: 0, count: length)
    guard EVP_PKEY_sign(context, &signature, &length, digest, digest.count) == 1 else {
      throw AppStoreJWSError(.signingFailed, "could not sign", openSSL: OpenSSLErrorQueue.take())
    }
    return Array(signature.prefix(length))
  }
}
