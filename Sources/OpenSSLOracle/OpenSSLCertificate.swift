#if os(Linux)
  internal import COpenSSL

  /// An owned OpenSSL `X509` parsed from DER (`d2i_X509`), nothing after it.
  ///
  /// `@unchecked Sendable` invariant: the certificate is never mutated after `init`; OpenSSL 3
  /// guards its lazily cached extension data with the object's own lock.
  final class OpenSSLCertificate: @unchecked Sendable {
    let pointer: OpaquePointer
    let der: [UInt8]

    /// Parses `der`; `nil` when OpenSSL does not read one certificate that ends where the
    /// bytes end.
    init?(der: [UInt8]) {
      guard !der.isEmpty else { return nil }
      var consumed = 0
      let parsed = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
        guard let start = buffer.baseAddress else { return nil }
        var cursor: UnsafePointer<UInt8>? = start
        let certificate = d2i_X509(nil, &cursor, buffer.count)
        if let cursor { consumed = cursor - start }
        return certificate
      }
      ERR_clear_error()
      guard let parsed else { return nil }
      guard consumed == der.count else {
        X509_free(parsed)
        return nil
      }
      self.pointer = parsed
      self.der = der
    }

    deinit {
      X509_free(pointer)
    }

    /// The subject's public key, or `nil` (OpenSSL could not decode it).
    func publicKey() -> OpenSSLKey? {
      guard let key = X509_get_pubkey(pointer) else {
        ERR_clear_error()
        return nil
      }
      return OpenSSLKey(taking: key)
    }

    /// Whether an extension with the object identifier `oid` is present (critical or not).
    func hasExtension(_ oid: String) -> Bool {
      guard let object = OBJ_txt2obj(oid, 1) else { return false }
      defer { ASN1_OBJECT_free(object) }
      return X509_get_ext_by_OBJ(pointer, object, -1) >= 0
    }
  }

  /// An owned OpenSSL `EVP_PKEY`.
  ///
  /// `@unchecked Sendable` invariant: never mutated after `init`; each use makes its own context.
  final class OpenSSLKey: @unchecked Sendable {
    let pointer: OpaquePointer

    init(taking pointer: OpaquePointer) {
      self.pointer = pointer
    }

    deinit {
      EVP_PKEY_free(pointer)
    }

    /// The EC curve's short name, or `nil` for a key that is not EC.
    var curveName: String? {
      guard EVP_PKEY_get_base_id(pointer) == EVP_PKEY_EC else { return nil }
      var name = [CChar](repeating: 0, count: 64)
      var length = 0
      guard EVP_PKEY_get_group_name(pointer, &name, name.count, &length) == 1 else {
        ERR_clear_error()
        return nil
      }
      return String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `derSignature` is this key's signature of `digest`, in a context made for this
    /// call only: what a one-off OpenSSL verification costs.
    func verify(digest: [UInt8], derSignature: [UInt8]) -> Bool {
      guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil) else {
        ERR_clear_error()
        return false
      }
      defer { EVP_PKEY_CTX_free(context) }
      let verified =
        EVP_PKEY_verify_init(context) == 1
        && EVP_PKEY_verify(context, derSignature, derSignature.count, digest, digest.count) == 1
      if !verified { ERR_clear_error() }
      return verified
    }
  }
#endif
