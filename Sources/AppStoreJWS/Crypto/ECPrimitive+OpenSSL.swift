#if !canImport(CryptoKit)
  internal import COpenSSL
  import StoreInternals

  // The primitive on libcrypto (OpenSSL 3): where CryptoKit is not, that is on Linux. It holds
  // no rules: hashing, ECDSA over a digest, keys to and from their raw forms. The DER form of
  // a signature, which `EVP_PKEY_sign`/`EVP_PKEY_verify` speak, is converted by this package's
  // Swift (`ECDSASignature`), not by OpenSSL. Every key is checked by `ECKeyChecks`, the same
  // Swift as on Apple platforms, before libcrypto imports it.

  /// libcrypto, initialised before this package's first call into it, with
  /// `OPENSSL_INIT_NO_ATEXIT`: by default OpenSSL frees its global state in an `atexit` handler
  /// ("By default OpenSSL will attempt to clean itself up when the process exits via an
  /// "atexit" handler. Using this option suppresses that behaviour", OpenSSL's
  /// `OPENSSL_init_crypto` page), while a task of the process may still be signing or verifying
  /// on another thread — which then crashed on a lock libcrypto had freed (seen at the end of a
  /// test run, once in 40 runs under load). The memory goes with the process.
  enum OpenSSLLibrary {
    static let prepared: Void = {
      _ = OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT), nil)
    }()
  }

  /// SHA-256 and SHA-384 from libcrypto.
  enum PlatformDigest {
    static func hash(_ function: HashFunction, _ bytes: UnsafeRawBufferPointer) -> [UInt8] {
      [UInt8](unsafeUninitializedCapacity: function.byteCount) { output, initialized in
        initialized =
          FetchedDigest.of(function).digest(bytes, into: output) ? function.byteCount : 0
      }
    }
  }

  /// A digest fetched from OpenSSL's default provider once, so that hashing skips the name
  /// lookup that the one-shot `SHA256()` makes on every call.
  ///
  /// `@unchecked Sendable` invariant: an `EVP_MD` is immutable once fetched; OpenSSL allows it
  /// to be shared by threads.
  final class FetchedDigest: @unchecked Sendable {
    static let sha256 = FetchedDigest(name: "SHA256", function: .sha256)
    static let sha384 = FetchedDigest(name: "SHA384", function: .sha384)

    static func of(_ function: HashFunction) -> FetchedDigest {
      function == .sha256 ? sha256 : sha384
    }

    let method: OpaquePointer?
    let function: HashFunction

    private init(name: String, function: HashFunction) {
      OpenSSLLibrary.prepared
      self.method = EVP_MD_fetch(nil, name, nil)
      self.function = function
      if method == nil { ERR_clear_error() }
    }

    deinit {
      EVP_MD_free(method)
    }

    /// Hashes `bytes` into `output` (the digest's size); `false` if OpenSSL failed.
    func digest(_ bytes: UnsafeRawBufferPointer, into output: UnsafeMutableBufferPointer<UInt8>)
      -> Bool
    {
      let input = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
      guard let method else {
        switch function {
        case .sha256: _ = SHA256(input, bytes.count, output.baseAddress)
        case .sha384: _ = SHA384(input, bytes.count, output.baseAddress)
        }
        return true
      }
      var size: UInt32 = 0
      return EVP_Digest(bytes.baseAddress, bytes.count, output.baseAddress, &size, method, nil) == 1
        && Int(size) == function.byteCount
    }
  }

  /// An EC public key held by libcrypto (`EVP_PKEY`).
  ///
  /// `@unchecked Sendable` invariant: the key is never mutated after `init`; OpenSSL 3 allows
  /// concurrent verification with one `EVP_PKEY` as long as each thread uses its own context.
  /// Verification contexts are kept in a ``ContextPool`` and lent to one caller at a time.
  package final class PlatformPublicKey: @unchecked Sendable {
    package let curve: ECCurve
    let pointer: OpaquePointer
    /// Contexts initialised for verification and not in use.
    private let contexts = ContextPool()

    package init(curve: ECCurve, x963Representation point: UnsafeRawBufferPointer)
      throws(AppStoreJWSError)
    {
      try ECKeyChecks.checkPublicKey(curve: curve, x963Representation: point)
      guard let key = OpenSSLKeys.make(curve: curve, publicPoint: point, privateScalar: nil) else {
        throw OpenSSLKeys.failure(.invalidKey, "the bytes are not a point of \(curve)")
      }
      self.curve = curve
      self.pointer = key
    }

    /// Takes ownership of `pointer`, a key of `curve`.
    init(taking pointer: OpaquePointer, curve: ECCurve) {
      self.pointer = pointer
      self.curve = curve
    }

    deinit {
      contexts.drain()
      EVP_PKEY_free(pointer)
    }

    package var x963Representation: [UInt8] {
      OpenSSLKeys.publicPoint(of: pointer, curve: curve) ?? []
    }

    package func isValidSignature(
      rawSignature: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer, hash: HashFunction
    ) -> Bool {
      guard rawSignature.count == curve.rawSignatureByteCount else { return false }
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: hash.byteCount) { digest in
        guard FetchedDigest.of(hash).digest(message, into: digest) else { return false }
        return withUnsafeTemporaryAllocation(
          of: UInt8.self, capacity: ECDSASignature.maximumDERCount
        ) { der in
          let count = ECDSASignature.encodeDER(raw: rawSignature, into: der)
          return verify(
            digest: UnsafeRawBufferPointer(digest),
            derSignature: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(der)[0..<count]))
        }
      }
    }

    /// Whether `derSignature` (an ECDSA-Sig-Value) is this key's signature of `digest`.
    ///
    /// Reuses a verification context made for this key earlier (OpenSSL allows any number of
    /// `EVP_PKEY_verify` calls after one `EVP_PKEY_verify_init`), which saves the provider
    /// lookups of making one; a context that saw a failure is freed rather than reused.
    private func verify(digest: UnsafeRawBufferPointer, derSignature: UnsafeRawBufferPointer)
      -> Bool
    {
      guard let context = borrowVerificationContext() else {
        ERR_clear_error()
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
        ERR_clear_error()
      }
      return verified
    }

    private func borrowVerificationContext() -> OpaquePointer? {
      if let idle = contexts.take() { return idle }
      guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil) else { return nil }
      guard EVP_PKEY_verify_init(context) == 1 else {
        EVP_PKEY_CTX_free(context)
        return nil
      }
      return context
    }

    private func returnVerificationContext(_ context: OpaquePointer) {
      contexts.giveBack(context)
    }
  }

  /// An EC key pair held by libcrypto (`EVP_PKEY`).
  ///
  /// `@unchecked Sendable` invariant: the key is never mutated after `init`; OpenSSL 3 allows
  /// concurrent signing with one `EVP_PKEY` as long as each thread uses its own context.
  /// Signing contexts are kept in a ``ContextPool`` and lent to one caller at a time, as
  /// ``PlatformPublicKey`` lends its verification contexts.
  package final class PlatformPrivateKey: @unchecked Sendable {
    let curve: ECCurve
    private let pointer: OpaquePointer
    package let publicKey: PlatformPublicKey
    /// Contexts initialised for signing and not in use.
    private let contexts = ContextPool()

    package convenience init(generatingOn curve: ECCurve) throws(AppStoreJWSError) {
      OpenSSLLibrary.prepared
      guard let key = sts_EVP_EC_gen(OpenSSLKeys.groupName(curve)) else {
        throw OpenSSLKeys.failure(.invalidKey, "could not generate a \(curve) key")
      }
      try self.init(taking: key, curve: curve)
    }

    package convenience init(curve: ECCurve, rawScalar scalar: UnsafeRawBufferPointer)
      throws(AppStoreJWSError)
    {
      try ECKeyChecks.checkPrivateScalar(curve: curve, scalar)
      guard let key = OpenSSLKeys.keyPair(curve: curve, scalar: scalar) else {
        throw OpenSSLKeys.failure(.invalidKey, "the scalar is not in [1, n) of \(curve)")
      }
      try self.init(taking: key, curve: curve)
    }

    private init(taking key: OpaquePointer, curve: ECCurve) throws(AppStoreJWSError) {
      guard let point = OpenSSLKeys.publicPoint(of: key, curve: curve) else {
        EVP_PKEY_free(key)
        throw OpenSSLKeys.failure(.invalidKey, "could not read the public key")
      }
      let publicKey = try point.withBytes { bytes throws(AppStoreJWSError) in
        try PlatformPublicKey(curve: curve, x963Representation: bytes)
      }
      self.pointer = key
      self.curve = curve
      self.publicKey = publicKey
    }

    deinit {
      contexts.drain()
      EVP_PKEY_free(pointer)
    }

    package var rawScalar: [UInt8] {
      var number: OpaquePointer?
      guard EVP_PKEY_get_bn_param(pointer, OSSL_PKEY_PARAM_PRIV_KEY, &number) == 1, let number
      else {
        ERR_clear_error()
        return []
      }
      defer { BN_clear_free(number) }
      var scalar = [UInt8](repeating: 0, count: curve.coordinateByteCount)
      guard BN_bn2binpad(number, &scalar, Int32(scalar.count)) == scalar.count else { return [] }
      return scalar
    }

    /// `message` hashed with `hash` and signed, as the raw `r‖s`.
    ///
    /// Signs with a context made for this key earlier when one is idle: "The function
    /// EVP_PKEY_sign() can be called more than once on the same context if several operations
    /// are performed using the same parameters" (OpenSSL's `EVP_PKEY_sign` page), which saves
    /// making a context and the provider lookups of `EVP_PKEY_sign_init` on every signature. A
    /// context that saw a failure is freed rather than reused. The DER signature is written
    /// into a buffer of the largest size an ECDSA-Sig-Value of the curve can have.
    package func rawSignature(message: UnsafeRawBufferPointer, hash: HashFunction)
      throws(AppStoreJWSError) -> [UInt8]
    {
      var digest = [UInt8](repeating: 0, count: hash.byteCount)
      let hashed = digest.withUnsafeMutableBufferPointer {
        FetchedDigest.of(hash).digest(message, into: $0)
      }
      guard hashed else { throw OpenSSLKeys.failure(.signingFailed, "could not hash") }
      let context = try borrowSigningContext()
      var signature = [UInt8](repeating: 0, count: ECDSASignature.maximumDERCount)
      var length = signature.count
      guard EVP_PKEY_sign(context, &signature, &length, digest, digest.count) == 1 else {
        EVP_PKEY_CTX_free(context)
        throw OpenSSLKeys.failure(.signingFailed, "could not sign")
      }
      returnSigningContext(context)
      guard let raw = ECDSASignature.raw(fromDER: Array(signature.prefix(length)), curve: curve)
      else {
        throw AppStoreJWSError(
          .signingFailed, "OpenSSL returned a signature that is not an ECDSA-Sig-Value")
      }
      return raw
    }

    private func borrowSigningContext() throws(AppStoreJWSError) -> OpaquePointer {
      if let idle = contexts.take() { return idle }
      guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil) else {
        throw OpenSSLKeys.failure(.signingFailed, "could not make a signing context")
      }
      guard EVP_PKEY_sign_init(context) == 1 else {
        EVP_PKEY_CTX_free(context)
        throw OpenSSLKeys.failure(.signingFailed, "could not start signing")
      }
      return context
    }

    private func returnSigningContext(_ context: OpaquePointer) {
      contexts.giveBack(context)
    }
  }

  /// The `EVP_PKEY_CTX`s one key keeps initialised, lent to one caller at a time: at most
  /// ``capacity`` idle ones, the rest freed when given back.
  ///
  /// `@unchecked Sendable` invariant: the contexts are reached only under the lock, and a
  /// context taken is used by its one borrower until given back.
  final class ContextPool: @unchecked Sendable {
    private let idle = Locked<[OpaquePointer]>([])
    /// How many idle contexts a key keeps.
    static let capacity = 8

    /// An idle context, if one is kept.
    func take() -> OpaquePointer? {
      idle.withLock { $0.popLast() }
    }

    /// Gives `context` back: kept when there is room, else freed.
    func giveBack(_ context: OpaquePointer) {
      let kept = idle.withLock { idle in
        guard idle.count < Self.capacity else { return false }
        idle.append(context)
        return true
      }
      if !kept { EVP_PKEY_CTX_free(context) }
    }

    /// Frees every idle context: before the key they were made from.
    func drain() {
      for context in idle.withLock({ idle in
        defer { idle = [] }
        return idle
      }) {
        EVP_PKEY_CTX_free(context)
      }
    }

    deinit { drain() }
  }

  /// Making and reading `EVP_PKEY`s from raw parts, through `OSSL_PARAM`s.
  enum OpenSSLKeys {
    static func groupName(_ curve: ECCurve) -> String {
      curve == .p256 ? "prime256v1" : "secp384r1"
    }

    static func nid(_ curve: ECCurve) -> Int32 {
      curve == .p256 ? NID_X9_62_prime256v1 : NID_secp384r1
    }

    /// An error whose reason ends with OpenSSL's short reason, its messages kept apart.
    static func failure(
      _ code: AppStoreJWSError.Code, _ reason: String, fileID: String = #fileID, line: Int = #line
    ) -> AppStoreJWSError {
      var messages: [String] = []
      var first: String?
      while true {
        let error = ERR_get_error()
        if error == 0 { break }
        if first == nil, let text = ERR_reason_error_string(error) { first = String(cString: text) }
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(error, &buffer, buffer.count)
        messages.append(
          String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
      }
      return AppStoreJWSError(
        code: code, reason: reason + (first.map { " (OpenSSL: \($0))" } ?? ""),
        openSSLMessages: messages, fileID: fileID, line: line)
    }

    /// The uncompressed public point of `key`.
    static func publicPoint(of key: OpaquePointer, curve: ECCurve) -> [UInt8]? {
      var point = [UInt8](repeating: 0, count: curve.x963ByteCount)
      var length = 0
      guard
        EVP_PKEY_get_octet_string_param(
          key, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, &point, point.count, &length) == 1,
        length == point.count, point.first == 0x04
      else {
        ERR_clear_error()
        return nil
      }
      return point
    }

    /// The key pair of `scalar` on `curve`, its public point derived; `nil` unless
    /// `1 ≤ scalar < n`.
    static func keyPair(curve: ECCurve, scalar: UnsafeRawBufferPointer) -> OpaquePointer? {
      OpenSSLLibrary.prepared
      guard let group = EC_GROUP_new_by_curve_name(nid(curve)) else { return nil }
      defer { EC_GROUP_free(group) }
      guard
        let number = BN_bin2bn(
          scalar.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(scalar.count), nil)
      else { return nil }
      defer { BN_clear_free(number) }
      guard BN_is_zero(number) == 0, BN_cmp(number, EC_GROUP_get0_order(group)) < 0 else {
        return nil
      }
      guard let point = EC_POINT_new(group) else { return nil }
      defer { EC_POINT_free(point) }
      guard EC_POINT_mul(group, point, number, nil, nil, nil) == 1 else { return nil }
      var publicPoint = [UInt8](repeating: 0, count: curve.x963ByteCount)
      guard
        EC_POINT_point2oct(
          group, point, POINT_CONVERSION_UNCOMPRESSED, &publicPoint, publicPoint.count, nil)
          == publicPoint.count
      else { return nil }
      return publicPoint.withUnsafeBytes {
        make(curve: curve, publicPoint: $0, privateScalar: number)
      }
    }

    /// `EVP_PKEY_fromdata` for an EC public key, or a key pair when `privateScalar` is given.
    /// OSSL_PARAM_BLD keeps pointers to the parameter names until the key is made, so every
    /// name stays alive across the whole sequence.
    static func make(
      curve: ECCurve, publicPoint: UnsafeRawBufferPointer, privateScalar: OpaquePointer?
    ) -> OpaquePointer? {
      OpenSSLLibrary.prepared
      return OSSL_PKEY_PARAM_GROUP_NAME.withCString { groupKey in
        OSSL_PKEY_PARAM_PUB_KEY.withCString { publicKey in
          OSSL_PKEY_PARAM_PRIV_KEY.withCString { privateKey in
            groupName(curve).withCString { name in
              make(
                names: (groupKey, publicKey, privateKey), groupName: name,
                publicPoint: publicPoint, privateScalar: privateScalar)
            }
          }
        }
      }
    }

    private static func make(
      names: (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafePointer<CChar>),
      groupName: UnsafePointer<CChar>, publicPoint: UnsafeRawBufferPointer,
      privateScalar: OpaquePointer?
    ) -> OpaquePointer? {
      guard let builder = OSSL_PARAM_BLD_new() else { return nil }
      defer { OSSL_PARAM_BLD_free(builder) }
      guard OSSL_PARAM_BLD_push_utf8_string(builder, names.0, groupName, 0) == 1,
        OSSL_PARAM_BLD_push_octet_string(
          builder, names.1, publicPoint.baseAddress, publicPoint.count) == 1
      else { return nil }
      if let privateScalar {
        guard OSSL_PARAM_BLD_push_BN(builder, names.2, privateScalar) == 1 else { return nil }
      }
      guard let parameters = OSSL_PARAM_BLD_to_param(builder) else { return nil }
      defer { OSSL_PARAM_free(parameters) }
      guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { return nil }
      defer { EVP_PKEY_CTX_free(context) }
      var key: OpaquePointer?
      let selection = privateScalar == nil ? sts_EVP_PKEY_PUBLIC_KEY() : sts_EVP_PKEY_KEYPAIR()
      guard EVP_PKEY_fromdata_init(context) == 1,
        EVP_PKEY_fromdata(context, &key, selection, parameters) == 1
      else { return nil }
      return key
    }
  }
#endif
