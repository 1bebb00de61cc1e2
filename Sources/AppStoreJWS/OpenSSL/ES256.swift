internal import COpenSSL

/// ES256 (RFC 7518 §3.4): ECDSA on P-256 over SHA-256, signatures as the raw 64 bytes `r‖s`.
enum ES256 {
  /// The byte count of a JWS ES256 signature: 32 bytes of `r`, then 32 of `s`.
  static let signatureCount = 64

  /// The SHA-256 digest of `bytes`, computed by OpenSSL.
  static func sha256(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: 32) { digest, initialized in
      _ = SHA256(
        bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, digest.baseAddress)
      initialized = 32
    }
  }

  /// Whether `raw` (64 bytes, `r‖s`) is `key`'s ES256 signature of `signingInput`.
  ///
  /// Any `r` and `s` OpenSSL accepts are accepted, high `s` included (RFC 7518 does not ask for
  /// low `s`, and Apple's own signatures have a high `s` about half the time).
  static func verify(
    signingInput: UnsafeRawBufferPointer, rawSignature raw: UnsafeRawBufferPointer, key: EVPKey
  ) -> Bool {
    guard raw.count == signatureCount else { return false }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { digest in
      guard FetchedDigest.sha256.digest(signingInput, into: digest) else { return false }
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 72) { der in
        let derCount = encodeDER(raw: raw, into: der)
        return key.verify(
          digest: UnsafeRawBufferPointer(digest),
          derSignature: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(der)[0..<derCount]))
      }
    }
  }

  /// `key`'s ES256 signature of `signingInput`, as the raw 64 bytes `r‖s`.
  static func sign(signingInput: [UInt8], key: EVPKey) throws(AppStoreJWSError) -> [UInt8] {
    let digest = signingInput.withUnsafeBytes { sha256($0) }
    let der = try key.sign(digest: digest)
    guard let raw = rawSignature(fromDER: der) else {
      throw AppStoreJWSError(
        .signingFailed, "OpenSSL returned a signature that is not an ECDSA-Sig-Value")
    }
    return raw
  }

  /// Converts a DER ECDSA-Sig-Value to `r‖s` (each left-padded to 32 bytes), using OpenSSL.
  static func rawSignature(fromDER der: [UInt8]) -> [UInt8]? {
    let signature = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
      var cursor = buffer.baseAddress
      return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
    }
    guard let signature else {
      OpenSSLErrorQueue.clear()
      return nil
    }
    defer { ECDSA_SIG_free(signature) }
    var raw = [UInt8](repeating: 0, count: signatureCount)
    let written = raw.withUnsafeMutableBufferPointer { buffer -> Bool in
      guard let base = buffer.baseAddress,
        let r = ECDSA_SIG_get0_r(signature), let s = ECDSA_SIG_get0_s(signature)
      else { return false }
      return BN_bn2binpad(r, base, 32) == 32 && BN_bn2binpad(s, base + 32, 32) == 32
    }
    return written ? raw : nil
  }

  /// SHA-256 fetched from OpenSSL's provider once, so that hashing skips the name lookup that
  /// the one-shot `SHA256()` makes on every call.
  ///
  /// `@unchecked Sendable` invariant: an `EVP_MD` is immutable once fetched; OpenSSL allows it
  /// to be shared by threads.
  final class FetchedDigest: @unchecked Sendable {
    static let sha256 = FetchedDigest(name: "SHA256")

    private let method: OpaquePointer?

    private init(name: String) {
      method = EVP_MD_fetch(nil, name, nil)
      if method == nil { OpenSSLErrorQueue.clear() }
    }

    deinit {
      EVP_MD_free(method)
    }

    /// Hashes `bytes` into `output` (32 bytes); `false` if OpenSSL failed.
    func digest(_ bytes: UnsafeRawBufferPointer, into output: UnsafeMutableBufferPointer<UInt8>)
      -> Bool
    {
      guard let method else {
        _ = SHA256(
          bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, output.baseAddress)
        return true
      }
      var size: UInt32 = 0
      return EVP_Digest(bytes.baseAddress, bytes.count, output.baseAddress, &size, method, nil) == 1
        && size == 32
    }
  }

  /// Writes the DER ECDSA-Sig-Value `SEQUENCE { INTEGER r, INTEGER s }` of a raw `r‖s` into
  /// `output` (at least 72 bytes) and returns its length.
  ///
  /// This is serialization only (minimal two's-complement integers); the arithmetic is OpenSSL's.
  static func encodeDER(raw: UnsafeRawBufferPointer, into output: UnsafeMutableBufferPointer<UInt8>)
    -> Int
  {
    var index = 2
    for half in 0..<2 {
      let start = half * 32
      var first = start
      while first < start + 31, raw[first] == 0 { first += 1 }
      let needsZero = raw[first] & 0x80 != 0
      let length = start + 32 - first + (needsZero ? 1 : 0)
      output[index] = 0x02
      output[index + 1] = UInt8(length)
      index += 2
      if needsZero {
        output[index] = 0
        index += 1
      }
      for position in first..<(start + 32) {
        output[index] = raw[position]
        index += 1
      }
    }
    output[0] = 0x30
    output[1] = UInt8(index - 2)
    return index
  }
}
