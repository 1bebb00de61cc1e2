// A minimal copy of the declarations every platform's primitive of AppStoreJWS implements
// (Sources/AppStoreJWS/Crypto/ECPrimitive.swift, written on another branch): scripts/
// check-apple-only type-checks the CryptoKit primitive against these while the target itself
// has no Crypto/ECPrimitive.swift, and against the target's own once it has. Signatures only,
// the same as there; nothing here runs.

enum ECCurve: Sendable, Hashable, CaseIterable {
  case p256
  case p384

  var coordinateByteCount: Int { self == .p256 ? 32 : 48 }
  var x963ByteCount: Int { 1 + 2 * coordinateByteCount }
  var rawSignatureByteCount: Int { 2 * coordinateByteCount }
}

enum HashFunction: Sendable, Hashable, CaseIterable {
  case sha256
  case sha384

  var byteCount: Int { self == .sha256 ? 32 : 48 }
}

protocol DigestPrimitive {
  static func hash(_ function: HashFunction, _ bytes: UnsafeRawBufferPointer) -> [UInt8]
}

protocol PublicKeyPrimitive: AnyObject, Sendable {
  var curve: ECCurve { get }
  init(curve: ECCurve, x963Representation: UnsafeRawBufferPointer) throws(AppStoreJWSError)
  var x963Representation: [UInt8] { get }
  func isValidSignature(
    rawSignature: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer, hash: HashFunction
  ) -> Bool
}

protocol PrivateKeyPrimitive: AnyObject, Sendable {
  associatedtype PublicKey: PublicKeyPrimitive
  var curve: ECCurve { get }
  init(generatingOn curve: ECCurve) throws(AppStoreJWSError)
  init(curve: ECCurve, rawScalar: UnsafeRawBufferPointer) throws(AppStoreJWSError)
  var rawScalar: [UInt8] { get }
  var publicKey: PublicKey { get }
  func rawSignature(message: UnsafeRawBufferPointer, hash: HashFunction) throws(AppStoreJWSError)
    -> [UInt8]
}

extension PlatformDigest: DigestPrimitive {}
extension PlatformPublicKey: PublicKeyPrimitive {}
extension PlatformPrivateKey: PrivateKeyPrimitive {}
