#if canImport(CryptoKit)
  import CryptoKit
  import Foundation

  // The primitive on CryptoKit: Apple platforms, where nothing is installed. It holds no rules:
  // hashing, ECDSA over a digest, keys to and from their raw forms; everything DER (PKCS#8,
  // SubjectPublicKeyInfo, the ECDSA-Sig-Value of a signature) is this package's Swift, above it.
  // The API is CryptoKit's of the iOS 18.0 SDK (CryptoKit.swiftinterface): `P256.Signing` and
  // `P384.Signing` keys from their raw and X9.63 representations, `ECDSASignature` in its raw
  // `r‖s` form, `signature(for:)` and `isValidSignature(_:for:)` over `SHA256`/`SHA384`
  // digests — a digest, not the message, so that either curve takes either hash (ECDSA uses the
  // digest's leftmost bits, FIPS 186-5 §6.4.1). Every key is checked by `ECKeyChecks`, the same
  // Swift as on Linux, before CryptoKit imports it (`scripts/check-apple-only` checks the calls).

  /// SHA-256 and SHA-384 from CryptoKit.
  enum PlatformDigest {
    static func hash(_ function: HashFunction, _ bytes: UnsafeRawBufferPointer) -> [UInt8] {
      switch function {
      case .sha256: Array(SHA256.hash(data: bytes))
      case .sha384: Array(SHA384.hash(data: bytes))
      }
    }
  }

  /// A public key of either curve, as CryptoKit holds it.
  private enum CryptoKitPublicKey {
    case p256(P256.Signing.PublicKey)
    case p384(P384.Signing.PublicKey)
  }

  /// A private key of either curve, as CryptoKit holds it.
  private enum CryptoKitPrivateKey {
    case p256(P256.Signing.PrivateKey)
    case p384(P384.Signing.PrivateKey)
  }

  /// An EC public key held by CryptoKit.
  ///
  /// `@unchecked Sendable` invariant: CryptoKit's key types are not `Sendable` in the iOS 18.0
  /// interface (it declares no conformance for them), but each is an immutable value (the
  /// interface gives it no mutating or settable member); this class sets its key in a `let` in
  /// `init` and only reads it after, so instances cross actors as the other platforms' keys do.
  package final class PlatformPublicKey: @unchecked Sendable {
    package let curve: ECCurve
    private let key: CryptoKitPublicKey

    package init(curve: ECCurve, x963Representation point: UnsafeRawBufferPointer)
      throws(AppStoreJWSError)
    {
      try ECKeyChecks.checkPublicKey(curve: curve, x963Representation: point)
      do {
        switch curve {
        case .p256: key = .p256(try P256.Signing.PublicKey(x963Representation: point))
        case .p384: key = .p384(try P384.Signing.PublicKey(x963Representation: point))
        }
      } catch {
        throw AppStoreJWSError(.invalidKey, "not a point of \(curve) (CryptoKit: \(error))")
      }
      self.curve = curve
    }

    fileprivate init(_ key: CryptoKitPublicKey, curve: ECCurve) {
      self.key = key
      self.curve = curve
    }

    package var x963Representation: [UInt8] {
      switch key {
      case .p256(let key): Array(key.x963Representation)
      case .p384(let key): Array(key.x963Representation)
      }
    }

    package func isValidSignature(
      rawSignature: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer, hash: HashFunction
    ) -> Bool {
      guard rawSignature.count == curve.rawSignatureByteCount else { return false }
      do {
        switch (key, hash) {
        case (.p256(let key), .sha256):
          let signature = try P256.Signing.ECDSASignature(rawRepresentation: rawSignature)
          return key.isValidSignature(signature, for: SHA256.hash(data: message))
        case (.p256(let key), .sha384):
          let signature = try P256.Signing.ECDSASignature(rawRepresentation: rawSignature)
          return key.isValidSignature(signature, for: SHA384.hash(data: message))
        case (.p384(let key), .sha256):
          let signature = try P384.Signing.ECDSASignature(rawRepresentation: rawSignature)
          return key.isValidSignature(signature, for: SHA256.hash(data: message))
        case (.p384(let key), .sha384):
          let signature = try P384.Signing.ECDSASignature(rawRepresentation: rawSignature)
          return key.isValidSignature(signature, for: SHA384.hash(data: message))
        }
      } catch {
        return false
      }
    }
  }

  /// An EC private key held by CryptoKit.
  ///
  /// `@unchecked Sendable` invariant: as ``PlatformPublicKey``'s — CryptoKit's private key
  /// types are not `Sendable` in the iOS 18.0 interface; the key is set in `init` and only read
  /// after (signing takes it by value).
  package final class PlatformPrivateKey: @unchecked Sendable {
    let curve: ECCurve
    package let publicKey: PlatformPublicKey
    private let key: CryptoKitPrivateKey

    /// A fresh key from CryptoKit's generator (the system's). `compactRepresentable: false`:
    /// any point of the curve, as libcrypto draws them, not only the half whose compact form
    /// exists.
    package init(generatingOn curve: ECCurve) throws(AppStoreJWSError) {
      switch curve {
      case .p256: key = .p256(P256.Signing.PrivateKey(compactRepresentable: false))
      case .p384: key = .p384(P384.Signing.PrivateKey(compactRepresentable: false))
      }
      self.curve = curve
      publicKey = Self.publicKey(of: key, curve: curve)
    }

    package init(curve: ECCurve, rawScalar scalar: UnsafeRawBufferPointer) throws(AppStoreJWSError)
    {
      try ECKeyChecks.checkPrivateScalar(curve: curve, scalar)
      do {
        switch curve {
        case .p256: key = .p256(try P256.Signing.PrivateKey(rawRepresentation: scalar))
        case .p384: key = .p384(try P384.Signing.PrivateKey(rawRepresentation: scalar))
        }
      } catch {
        throw AppStoreJWSError(
          .invalidKey, "not a private scalar of \(curve) (CryptoKit: \(error))")
      }
      self.curve = curve
      publicKey = Self.publicKey(of: key, curve: curve)
    }

    package var rawScalar: [UInt8] {
      switch key {
      case .p256(let key): Array(key.rawRepresentation)
      case .p384(let key): Array(key.rawRepresentation)
      }
    }

    package func rawSignature(message: UnsafeRawBufferPointer, hash: HashFunction)
      throws(AppStoreJWSError) -> [UInt8]
    {
      do {
        switch (key, hash) {
        case (.p256(let key), .sha256):
          return Array(try key.signature(for: SHA256.hash(data: message)).rawRepresentation)
        case (.p256(let key), .sha384):
          return Array(try key.signature(for: SHA384.hash(data: message)).rawRepresentation)
        case (.p384(let key), .sha256):
          return Array(try key.signature(for: SHA256.hash(data: message)).rawRepresentation)
        case (.p384(let key), .sha384):
          return Array(try key.signature(for: SHA384.hash(data: message)).rawRepresentation)
        }
      } catch {
        throw AppStoreJWSError(.signingFailed, "CryptoKit could not sign: \(error)")
      }
    }

    private static func publicKey(of key: CryptoKitPrivateKey, curve: ECCurve)
      -> PlatformPublicKey
    {
      switch key {
      case .p256(let key): PlatformPublicKey(.p256(key.publicKey), curve: curve)
      case .p384(let key): PlatformPublicKey(.p384(key.publicKey), curve: curve)
      }
    }
  }
#endif
