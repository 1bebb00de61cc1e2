#if os(Linux)
  internal import COpenSSL

  /// OpenSSL's own answer for an App Store chain: the oracle that the package's Swift chain
  /// rules are compared with, in tests and the fuzz target only.
  ///
  /// It does what Apple's Python App Store Server Library does (its `_ChainVerifier` fills an
  /// OpenSSL `X509Store` with the roots, sets `X509StoreFlags.X509_STRICT` unless built with
  /// `enable_strict_checks=False`, and validates the
  /// leaf with the intermediate as the only untrusted certificate at the validation time), then
  /// Apple's own rules on the chain OpenSSL built: exactly three certificates, the given
  /// intermediate in the middle, the marker extensions 1.2.840.113635.100.6.2.1 on the
  /// intermediate and 1.2.840.113635.100.6.11.1 on the leaf, a P-256 leaf key. Both
  /// certificates must be one DER certificate each with nothing after it.
  ///
  /// `@unchecked Sendable` invariant: the `X509_STORE` is filled in `init` and only read
  /// afterwards; OpenSSL locks its own lookups, so concurrent `X509_STORE_CTX`s may share it.
  package final class OpenSSLChainOracle: @unchecked Sendable {
    /// OpenSSL's verdict.
    package enum Verdict: Sendable, Hashable {
      case accepted
      case refused(String)

      package var isAccepted: Bool { self == .accepted }
    }

    private let store: OpaquePointer
    private let roots: [OpenSSLCertificate]
    private let strict: Bool

    /// An oracle trusting `rootDERs`, with `X509_V_FLAG_X509_STRICT` when `strict`; `nil` if
    /// OpenSSL refuses a root.
    package init?(rootDERs: [[UInt8]], strict: Bool = true) {
      self.strict = strict
      guard let store = X509_STORE_new() else { return nil }
      var roots: [OpenSSLCertificate] = []
      for der in rootDERs {
        guard let root = OpenSSLCertificate(der: der), X509_STORE_add_cert(store, root.pointer) == 1
        else {
          ERR_clear_error()
          X509_STORE_free(store)
          return nil
        }
        roots.append(root)
      }
      self.store = store
      self.roots = roots
    }

    deinit {
      X509_STORE_free(store)
    }

    /// OpenSSL's verdict on `leafDER` through `intermediateDER` at `time` (seconds since 1970).
    package func verify(leafDER: [UInt8], intermediateDER: [UInt8], at time: Int64) -> Verdict {
      guard let leaf = OpenSSLCertificate(der: leafDER) else {
        return .refused("x5c[0] does not parse")
      }
      guard let intermediate = OpenSSLCertificate(der: intermediateDER) else {
        return .refused("x5c[1] does not parse")
      }
      return verify(leaf: leaf, intermediate: intermediate, at: time, appleRules: true)
    }

    /// Path validation alone (no Apple rules): the benchmark's reference.
    func validatePath(leaf: OpenSSLCertificate, intermediate: OpenSSLCertificate, at time: Int64)
      -> Bool
    {
      verify(leaf: leaf, intermediate: intermediate, at: time, appleRules: false) == .accepted
    }

    private func verify(
      leaf: OpenSSLCertificate, intermediate: OpenSSLCertificate, at time: Int64,
      appleRules: Bool
    ) -> Verdict {
      guard let context = X509_STORE_CTX_new() else { return .refused("no context") }
      defer { X509_STORE_CTX_free(context) }
      guard let untrusted = sts_sk_X509_new_null() else { return .refused("no stack") }
      defer { sts_sk_X509_free(untrusted) }
      guard sts_sk_X509_push(untrusted, intermediate.pointer) > 0,
        X509_STORE_CTX_init(context, store, leaf.pointer, untrusted) == 1
      else {
        ERR_clear_error()
        return .refused("could not start the validation")
      }
      let parameters = X509_STORE_CTX_get0_param(context)
      X509_VERIFY_PARAM_set_time(parameters, time_t(time))
      if strict { X509_VERIFY_PARAM_set_flags(parameters, UInt(X509_V_FLAG_X509_STRICT)) }
      guard X509_verify_cert(context) == 1 else {
        let code = X509_STORE_CTX_get_error(context)
        let depth = X509_STORE_CTX_get_error_depth(context)
        let message = String(cString: X509_verify_cert_error_string(Int(code)))
        ERR_clear_error()
        return .refused("\(message) (certificate \(depth) of the chain)")
      }
      guard appleRules else { return .accepted }
      guard let chain = X509_STORE_CTX_get0_chain(context) else { return .refused("no chain") }
      let count = sts_sk_X509_num(chain)
      guard count == 3 else { return .refused("the chain has \(count) certificates") }
      guard let built = sts_sk_X509_value(chain, 1), X509_cmp(built, intermediate.pointer) == 0
      else { return .refused("the chain does not run through x5c[1]") }
      guard intermediate.hasExtension("1.2.840.113635.100.6.2.1") else {
        return .refused("the intermediate lacks its marker")
      }
      guard leaf.hasExtension("1.2.840.113635.100.6.11.1") else {
        return .refused("the leaf lacks its marker")
      }
      guard leaf.publicKey()?.curveName == "prime256v1" else {
        return .refused("the leaf's key is not P-256")
      }
      return .accepted
    }
  }
#endif
