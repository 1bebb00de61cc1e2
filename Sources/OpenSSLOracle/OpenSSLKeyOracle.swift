#if os(Linux)
  package import AppStoreJWS
  internal import COpenSSL

  /// libcrypto's own verdict on EC keys, the oracle the package's Swift key checks
  /// (`ECKeyChecks`) are compared with: each key goes through OpenSSL 3's import
  /// (`EVP_PKEY_fromdata`, `d2i_PUBKEY`) and then its validation (`EVP_PKEY_public_check`,
  /// `EVP_PKEY_private_check`), never through the package's primitive, which runs the Swift
  /// checks first.
  package enum OpenSSLKeyOracle {
    /// What libcrypto made of a key.
    package enum Verdict: Sendable, Hashable {
      /// Imported and validated.
      case accepted
      /// The import itself failed.
      case refusedOnImport
      /// Imported, and refused by the validation (or, for a SubjectPublicKeyInfo, by the
      /// comparison of its domain parameters with the expected curve's, `EVP_PKEY_parameters_eq`).
      case refusedByCheck
    }

    /// libcrypto on `point` as a public key of `curve`: `EVP_PKEY_fromdata` (the group's name and
    /// the encoded point, as OpenSSL's `EC_POINT_oct2point` reads it), then
    /// `EVP_PKEY_public_check` (SEC 1 full validation: not infinity, coordinates below p, on the
    /// curve, order n).
    package static func publicPoint(_ point: [UInt8], curve: PrivateKey.Curve) -> Verdict {
      guard let key = importKey(curve: curve, point: point, scalar: nil) else {
        return .refusedOnImport
      }
      defer { EVP_PKEY_free(key) }
      return check(key, EVP_PKEY_public_check)
    }

    /// libcrypto on `scalar` (big-endian) as a private key of `curve`: `EVP_PKEY_fromdata` of
    /// the group and the scalar alone, then `EVP_PKEY_private_check` (`1 ≤ d < n`).
    package static func privateScalar(_ scalar: [UInt8], curve: PrivateKey.Curve) -> Verdict {
      guard let key = importKey(curve: curve, point: nil, scalar: scalar) else {
        return .refusedOnImport
      }
      defer { EVP_PKEY_free(key) }
      return check(key, EVP_PKEY_private_check)
    }

    /// libcrypto on `der` as a SubjectPublicKeyInfo of a `curve` key: `d2i_PUBKEY` (all the
    /// bytes), `EVP_PKEY_parameters_eq` with a fresh key of `curve`, then
    /// `EVP_PKEY_public_check`.
    package static func subjectPublicKeyInfo(_ der: [UInt8], curve: PrivateKey.Curve) -> Verdict {
      let decoded: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
        guard let start = buffer.baseAddress else { return nil }
        var cursor: UnsafePointer<UInt8>? = start
        let key = d2i_PUBKEY(nil, &cursor, buffer.count)
        if let key, cursor != start + buffer.count {
          EVP_PKEY_free(key)
          return nil
        }
        return key
      }
      guard let decoded else {
        ERR_clear_error()
        return .refusedOnImport
      }
      defer { EVP_PKEY_free(decoded) }
      guard let reference = sts_EVP_EC_gen(curve.rawValue) else {
        ERR_clear_error()
        return .refusedOnImport
      }
      defer { EVP_PKEY_free(reference) }
      guard EVP_PKEY_parameters_eq(decoded, reference) == 1 else {
        ERR_clear_error()
        return .refusedByCheck
      }
      return check(decoded, EVP_PKEY_public_check)
    }

    /// The domain parameters libcrypto holds for `curve`, big-endian and padded to the field's
    /// size: the prime p, the coefficients a and b, the order n.
    package static func domainParameters(_ curve: PrivateKey.Curve)
      -> (p: [UInt8], a: [UInt8], b: [UInt8], n: [UInt8])?
    {
      guard let group = EC_GROUP_new_by_curve_name(OBJ_sn2nid(curve.rawValue)) else {
        return nil
      }
      defer { EC_GROUP_free(group) }
      let p = BN_new()
      let a = BN_new()
      let b = BN_new()
      defer {
        BN_free(p)
        BN_free(a)
        BN_free(b)
      }
      guard EC_GROUP_get_curve(group, p, a, b, nil) == 1, let order = EC_GROUP_get0_order(group)
      else {
        ERR_clear_error()
        return nil
      }
      let size = Int((EC_GROUP_get_degree(group) + 7) / 8)
      func bytes(_ number: OpaquePointer?) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: size)
        _ = BN_bn2binpad(number, &output, Int32(size))
        return output
      }
      return (bytes(p), bytes(a), bytes(b), bytes(order))
    }

    /// Runs `validation` (`EVP_PKEY_public_check` or `EVP_PKEY_private_check`) on `key`.
    private static func check(
      _ key: OpaquePointer, _ validation: (OpaquePointer?) -> Int32
    ) -> Verdict {
      guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else {
        ERR_clear_error()
        return .refusedByCheck
      }
      defer { EVP_PKEY_CTX_free(context) }
      let valid = validation(context) == 1
      ERR_clear_error()
      return valid ? .accepted : .refusedByCheck
    }

    /// `EVP_PKEY_fromdata` of an EC key of `curve`: the public point, or the private scalar
    /// alone. `nil` when libcrypto refuses it.
    private static func importKey(curve: PrivateKey.Curve, point: [UInt8]?, scalar: [UInt8]?)
      -> OpaquePointer?
    {
      guard let builder = OSSL_PARAM_BLD_new() else { return nil }
      defer { OSSL_PARAM_BLD_free(builder) }
      var number: OpaquePointer?
      defer { BN_clear_free(number) }
      // OSSL_PARAM_BLD keeps pointers to the names and the point until the parameters are
      // made, and the parameters keep the group's name until the key is: every pointer stays
      // alive across the whole sequence.
      let key = OSSL_PKEY_PARAM_GROUP_NAME.withCString { groupKey in
        OSSL_PKEY_PARAM_PUB_KEY.withCString { publicKey in
          OSSL_PKEY_PARAM_PRIV_KEY.withCString { privateKey in
            curve.rawValue.withCString { name -> OpaquePointer? in
              (point ?? []).withUnsafeBytes { pointBytes -> OpaquePointer? in
                guard OSSL_PARAM_BLD_push_utf8_string(builder, groupKey, name, 0) == 1 else {
                  return nil
                }
                if point != nil {
                  guard
                    OSSL_PARAM_BLD_push_octet_string(
                      builder, publicKey, pointBytes.baseAddress, pointBytes.count) == 1
                  else { return nil }
                }
                if let scalar {
                  number = BN_bin2bn(scalar, Int32(scalar.count), nil)
                  guard let number, OSSL_PARAM_BLD_push_BN(builder, privateKey, number) == 1
                  else { return nil }
                }
                guard let parameters = OSSL_PARAM_BLD_to_param(builder) else { return nil }
                defer { OSSL_PARAM_free(parameters) }
                guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else {
                  return nil
                }
                defer { EVP_PKEY_CTX_free(context) }
                var key: OpaquePointer?
                let selection =
                  scalar == nil ? sts_EVP_PKEY_PUBLIC_KEY() : sts_EVP_PKEY_KEYPAIR()
                guard EVP_PKEY_fromdata_init(context) == 1,
                  EVP_PKEY_fromdata(context, &key, selection, parameters) == 1
                else { return nil }
                return key
              }
            }
          }
        }
      }
      ERR_clear_error()
      return key
    }
  }
#endif
