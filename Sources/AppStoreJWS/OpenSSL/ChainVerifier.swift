internal import COpenSSL
import Foundation
import StoreInternals
internal import StoreModel

/// A chain that passed every check: what signature verification needs from it, and when it holds.
struct VerifiedChain: Sendable {
  /// The leaf's public key (P-256), parsed once.
  let leafKey: EVPKey
  /// The chain holds at validation times `validFrom ..< validUntil` (seconds since 1970): the
  /// intersection of the three certificates' validity periods. Every other check is timeless.
  let validFrom: Int64
  let validUntil: Int64

  func holds(at time: Int64) -> Bool { validFrom <= time && time < validUntil }
}

/// Verifies App Store certificate chains with OpenSSL, against configured roots only.
///
/// What it checks, in Apple's `ChainVerifier` order: both certificates parse; OpenSSL's RFC 5280
/// path validation from the leaf through the one given intermediate to a configured root at the
/// validation time (signatures, names, basic constraints, validity, unknown critical extensions);
/// a chain of exactly three; the intermediate's marker extension 1.2.840.113635.100.6.2.1 and the
/// leaf's 1.2.840.113635.100.6.11.1 (OpenSSL does not know them); a P-256 leaf key.
///
/// Parsing is not verifying: unless `parsedPoolCapacity` is 0, the parsed forms of the
/// certificates of the last few chains that verified (X.509 objects keyed by their DER, no
/// verification result attached) are kept and reused, as TLS stacks keep an intermediate pool,
/// because OpenSSL 3.0's `d2i_X509` costs about two P-256 checks (it decodes the public key
/// through the `OSSL_DECODER` framework). Every call still runs the whole path validation.
///
/// `@unchecked Sendable` invariant: the `X509_STORE` is filled in `init` and only read afterwards;
/// OpenSSL locks its own lookups, so concurrent `X509_STORE_CTX`s may share it. The pool is
/// behind a `Locked`; pooled certificates are never mutated.
final class ChainVerifier: @unchecked Sendable {
  static let intermediateMarkerOID = "1.2.840.113635.100.6.2.1"
  static let leafMarkerOID = "1.2.840.113635.100.6.11.1"

  let roots: [Certificate]
  private let store: OpaquePointer
  private let intermediateMarker: ObjectIdentifierHandle
  private let leafMarker: ObjectIdentifierHandle
  private let parsedPool = Locked<[X509Handle]>([])
  private let parsedPoolCapacity: Int

  /// A verifier of chains to `roots`, reusing the parsed forms of up to `parsedPoolCapacity`
  /// certificates.
  init(roots: [Certificate], parsedPoolCapacity: Int = 16) throws(AppStoreJWSError) {
    guard let store = X509_STORE_new() else {
      throw AppStoreJWSError(
        .invalidConfiguration,
        "could not make a certificate store", openSSL: OpenSSLErrorQueue.take())
    }
    guard let intermediateMarker = ObjectIdentifierHandle(Self.intermediateMarkerOID),
      let leafMarker = ObjectIdentifierHandle(Self.leafMarkerOID)
    else {
      X509_STORE_free(store)
      throw AppStoreJWSError(
        .invalidConfiguration, "OpenSSL does not read Apple's object identifiers")
    }
    for root in roots where X509_STORE_add_cert(store, root.handle.pointer) != 1 {
      let entries = OpenSSLErrorQueue.take()
      X509_STORE_free(store)
      throw AppStoreJWSError(
        .invalidConfiguration, "could not add root \(root.subject)", openSSL: entries)
    }
    self.roots = roots
    self.parsedPoolCapacity = max(0, parsedPoolCapacity)
    self.store = store
    self.intermediateMarker = intermediateMarker
    self.leafMarker = leafMarker
  }

  deinit {
    X509_STORE_free(store)
  }

  /// Verifies `x5c[0]` (leaf) and `x5c[1]` (intermediate) up to a configured root at `time`.
  func verify(leafDER: [UInt8], intermediateDER: [UInt8], at time: Int64)
    -> Result<VerifiedChain, VerificationError>
  {
    let leaf: X509Handle
    let intermediate: X509Handle
    switch parsed(leafDER, name: "x5c[0]") {
    case .success(let certificate): leaf = certificate
    case .failure(let error): return .failure(error)
    }
    switch parsed(intermediateDER, name: "x5c[1]") {
    case .success(let certificate): intermediate = certificate
    case .failure(let error): return .failure(error)
    }
    return validatedPath(leaf: leaf, intermediate: intermediate, at: time) { chain in
      let count = sts_sk_X509_num(chain)
      guard count == 3 else {
        return .failure(
          VerificationError(
            .invalidChain,
            "the chain to the root has \(count) certificates; App Store chains have 3"))
      }
      guard let builtIntermediate = sts_sk_X509_value(chain, 1),
        X509_cmp(builtIntermediate, intermediate.pointer) == 0,
        let root = sts_sk_X509_value(chain, 2)
      else {
        return .failure(VerificationError(.invalidChain, "the chain does not run through x5c[1]"))
      }
      guard intermediate.hasExtension(intermediateMarker) else {
        return .failure(
          VerificationError(
            .invalidChain, "the intermediate lacks extension \(Self.intermediateMarkerOID)"))
      }
      guard leaf.hasExtension(leafMarker) else {
        return .failure(
          VerificationError(.invalidChain, "the leaf lacks extension \(Self.leafMarkerOID)"))
      }
      guard let key = leaf.publicKey(), key.isP256 else {
        return .failure(VerificationError(.invalidCertificate, "the leaf's key is not P-256"))
      }
      guard let window = Self.validityWindow([leaf.pointer, intermediate.pointer, root]) else {
        return .failure(
          VerificationError(.invalidChain, "a certificate's validity does not read"))
      }
      pool(intermediate)
      pool(leaf)
      return .success(
        VerifiedChain(leafKey: key, validFrom: window.from, validUntil: window.until))
    }
  }

  /// Whether OpenSSL's path validation alone accepts `leaf` through `intermediate` at `time`:
  /// the benchmark's reference, without this verifier's own checks.
  func validatePath(leaf: X509Handle, intermediate: X509Handle, at time: Int64) -> Bool {
    let outcome = validatedPath(leaf: leaf, intermediate: intermediate, at: time) { _ in
      Result<Void, VerificationError>.success(())
    }
    if case .success = outcome { return true }
    return false
  }

  /// Runs OpenSSL's RFC 5280 path validation of `leaf` through `intermediate` (the only
  /// untrusted certificate offered) to a configured root at `time`, and hands the chain it
  /// built to `body`.
  private func validatedPath<T>(
    leaf: X509Handle, intermediate: X509Handle, at time: Int64,
    _ body: (OpaquePointer) -> Result<T, VerificationError>
  ) -> Result<T, VerificationError> {
    guard let context = X509_STORE_CTX_new() else {
      return .failure(VerificationError(.invalidChain, OpenSSLErrorQueue.drain()))
    }
    defer { X509_STORE_CTX_free(context) }
    guard let untrusted = sts_sk_X509_new_null() else {
      return .failure(VerificationError(.invalidChain, OpenSSLErrorQueue.drain()))
    }
    defer { sts_sk_X509_free(untrusted) }
    guard sts_sk_X509_push(untrusted, intermediate.pointer) > 0,
      X509_STORE_CTX_init(context, store, leaf.pointer, untrusted) == 1
    else { return .failure(VerificationError(.invalidChain, OpenSSLErrorQueue.drain())) }
    X509_VERIFY_PARAM_set_time(X509_STORE_CTX_get0_param(context), time_t(time))

    guard X509_verify_cert(context) == 1 else {
      let code = X509_STORE_CTX_get_error(context)
      let depth = X509_STORE_CTX_get_error_depth(context)
      let message = String(cString: X509_verify_cert_error_string(Int(code)))
      OpenSSLErrorQueue.clear()
      return .failure(
        VerificationError(.invalidChain, "\(message) (certificate \(depth) of the chain)"))
    }
    guard let chain = X509_STORE_CTX_get0_chain(context) else {
      return .failure(VerificationError(.invalidChain, "OpenSSL built no chain"))
    }
    return body(chain)
  }

  /// The parsed certificate of `der`: from the pool, or parsed now.
  private func parsed(_ der: [UInt8], name: String) -> Result<X509Handle, VerificationError> {
    if parsedPoolCapacity > 0 {
      if let pooled = parsedPool.withLock({ $0.first { $0.hasDER(der) } }) {
        return .success(pooled)
      }
    }
    do throws(AppStoreJWSError) {
      return .success(try X509Handle(der: der))
    } catch {
      return .failure(VerificationError(.invalidCertificate, "\(name): \(error.reason)"))
    }
  }

  /// Keeps the parsed form of a certificate of a chain that verified (most recent first).
  private func pool(_ certificate: X509Handle) {
    guard parsedPoolCapacity > 0 else { return }
    let capacity = parsedPoolCapacity
    parsedPool.withLock { pool in
      guard !pool.contains(where: { $0 === certificate }) else { return }
      pool.insert(certificate, at: 0)
      if pool.count > capacity { pool.removeLast() }
    }
  }

  /// Checks a single self-signed certificate that is itself a configured root, at `time`:
  /// StoreKit Testing in Xcode signs with such a certificate (its `x5c` holds only it).
  func verifyConfiguredRoot(der: [UInt8], at time: Int64) -> Result<
    VerifiedChain, VerificationError
  > {
    guard let root = roots.first(where: { $0.handle.der == der }) else {
      return .failure(
        VerificationError(
          .invalidChain, "the single x5c certificate is not one of the configured roots"))
    }
    guard let key = root.handle.publicKey(), key.isP256 else {
      return .failure(VerificationError(.invalidCertificate, "the certificate's key is not P-256"))
    }
    guard let window = Self.validityWindow([root.handle.pointer]) else {
      return .failure(VerificationError(.invalidChain, "the certificate's validity does not read"))
    }
    let chain = VerifiedChain(leafKey: key, validFrom: window.from, validUntil: window.until)
    guard chain.holds(at: time) else {
      return .failure(
        VerificationError(.invalidChain, "the certificate is not valid at the validation time"))
    }
    return .success(chain)
  }

  /// The latest `notBefore` and earliest `notAfter` of `certificates`; OpenSSL accepts a
  /// certificate at `t` when `notBefore ≤ t < notAfter` (at second precision).
  private static func validityWindow(_ certificates: [OpaquePointer]) -> (
    from: Int64, until: Int64
  )? {
    var from = Int64.min
    var until = Int64.max
    for certificate in certificates {
      guard let notBefore = X509Handle.seconds(X509_get0_notBefore(certificate)),
        let notAfter = X509Handle.seconds(X509_get0_notAfter(certificate))
      else { return nil }
      from = max(from, notBefore)
      until = min(until, notAfter)
    }
    return (from, until)
  }
}
