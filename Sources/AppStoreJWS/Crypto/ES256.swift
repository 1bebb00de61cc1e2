/// ES256 (RFC 7518 §3.4): ECDSA on P-256 over SHA-256, signatures as the raw 64 bytes `r‖s`.
enum ES256 {
  /// The byte count of a JWS ES256 signature: 32 bytes of `r`, then 32 of `s`.
  static let signatureCount = 64

  /// Whether `raw` (64 bytes, `r‖s`) is `key`'s ES256 signature of `signingInput`.
  ///
  /// Any `r` and `s` the primitive accepts are accepted, high `s` included (RFC 7518 does not
  /// ask for low `s`, and Apple's own signatures have a high `s` about half the time).
  static func verify(
    signingInput: UnsafeRawBufferPointer, rawSignature raw: UnsafeRawBufferPointer,
    key: PlatformPublicKey
  ) -> Bool {
    guard raw.count == signatureCount, key.curve == .p256 else { return false }
    return key.isValidSignature(rawSignature: raw, message: signingInput, hash: .sha256)
  }

  /// `key`'s ES256 signature of `signingInput`, as the raw 64 bytes `r‖s`.
  static func sign(signingInput: [UInt8], key: PlatformPrivateKey) throws(AppStoreJWSError)
    -> [UInt8]
  {
    try signingInput.withBytes { bytes throws(AppStoreJWSError) in
      try sign(signingInput: bytes, key: key)
    }
  }

  /// `key`'s ES256 signature of the bytes `signingInput`, as the raw 64 bytes `r‖s`.
  static func sign(signingInput: UnsafeRawBufferPointer, key: PlatformPrivateKey)
    throws(AppStoreJWSError) -> [UInt8]
  {
    guard key.curve == .p256 else { throw AppStoreJWSError(.invalidKey, "ES256 signs with P-256") }
    return try key.rawSignature(message: signingInput, hash: .sha256)
  }
}
