public import Foundation
import StoreInternals
public import StoreModel

/// Verifies App Store signed data — transactions, renewal info, server notifications and app
/// transactions — and decodes it into `StoreModel`'s types.
///
/// It reproduces the checks of Apple's `SignedDataVerifier` (App Store Server Library) with
/// online checks off: a strict compact JWS with `alg` `ES256` and an `x5c` of three
/// certificates; the leaf and intermediate of `x5c` validated up to one of the configured
/// ``rootCertificates`` only (the third `x5c` entry is never trusted), with Apple's marker
/// extensions on both, at the payload's `signedDate` or an explicit time; a P-256 leaf key and
/// its ES256 signature; then the payload's bundle id, app Apple id and environment against the
/// configuration, per kind exactly as Apple's library does. Unlike Apple's library, data of the
/// Xcode and LocalTesting environments is verified too, against the roots given (for Xcode, a
/// single self-signed `x5c` certificate that is itself a configured root is accepted: export it
/// from Xcode's StoreKit configuration and pass it as the root).
///
/// Verification never throws for a bad signature, chain or claim: it returns
/// `.unverified(payload, reason)`. It throws a `VerificationError` (code `malformed`) only when
/// there is no payload to hand back: the token does not split or its payload does not decode.
///
/// DER, X.509 and the chain rules are this package's Swift (RFC 5280, X.690); only ECDSA and
/// SHA-2 come from the platform (libcrypto on Linux, CryptoKit on Apple platforms).
///
/// Chains that verified are cached (bounded, keyed by the DER of leaf and intermediate, with
/// their validity window), so a repeated chain costs one P-256 signature check.
/// See https://developer.apple.com/documentation/storekit/verificationresult.
public struct SignedDataVerifier: Sendable {
  /// The trust anchors; `x5c` chains must lead to one of them.
  public var rootCertificates: [Certificate] { core.chains.roots }
  /// The app's bundle identifier: transactions, notifications and app transactions of any
  /// other app are refused (`wrongApp`).
  public let bundleID: String
  /// The environment the data must have been signed for.
  public let environment: AppStoreEnvironment
  /// The app's Apple ID, checked for Production notifications and app transactions when set.
  public let appAppleID: UInt64?

  private let core: Core

  /// Creates a verifier.
  /// - Parameters:
  ///   - rootCertificates: The trust anchors: Apple Root CA - G3 by default; the local App
  ///     Store's root for LocalTesting data; Xcode's StoreKit certificate for Xcode data.
  ///   - bundleID: The app's bundle identifier. Every App Store app's data chains to the same
  ///     Apple root, so this check is what keeps another app's data out.
  ///   - environment: The environment data must claim.
  ///   - appAppleID: The app's Apple ID, checked like Apple's library does in Production.
  ///   - clock: Read only when a payload has no signing date and no time is given.
  ///   - chainCacheCapacity: How many verified chains to remember; 0 turns every cache off
  ///     (chains, header facts and parsed certificates: each token is then verified from
  ///     scratch).
  /// - Throws: `AppStoreJWSError/Code/invalidConfiguration` without roots.
  public init(
    rootCertificates: [Certificate] = [.appleRootCAG3],
    bundleID: String,
    environment: AppStoreEnvironment,
    appAppleID: UInt64? = nil,
    clock: any WallClock = SystemClock(),
    chainCacheCapacity: Int = 64
  ) throws(AppStoreJWSError) {
    try self.init(
      rootCertificates: rootCertificates, bundleID: bundleID, environment: environment,
      appAppleID: appAppleID, clock: clock, chainCacheCapacity: chainCacheCapacity,
      parsedCertificatePoolCapacity: Core.parsedPoolCapacity(chainCacheCapacity))
  }

  init(
    rootCertificates: [Certificate], bundleID: String, environment: AppStoreEnvironment,
    appAppleID: UInt64?, clock: any WallClock, chainCacheCapacity: Int,
    parsedCertificatePoolCapacity: Int
  ) throws(AppStoreJWSError) {
    self.bundleID = bundleID
    self.environment = environment
    self.appAppleID = appAppleID
    self.core = try Core(
      roots: rootCertificates, cacheCapacity: chainCacheCapacity, clock: clock,
      parsedCertificatePoolCapacity: parsedCertificatePoolCapacity)
  }

  /// A verifier for tools that inspect any app's data: every check of a
  /// ``SignedDataVerifier`` except the app's (bundle id and app Apple id).
  ///
  /// Every App Store app's data chains to the same Apple root, so what it accepts proves only
  /// that some app's data is genuine. Its results are ``InspectedPayload`` values, which carry
  /// the bundle id the data claims, unchecked. An app never uses it.
  /// - Parameters:
  ///   - rootCertificates: The trust anchors, as for ``init(rootCertificates:bundleID:environment:appAppleID:clock:chainCacheCapacity:)``.
  ///   - environment: The environment data must claim.
  ///   - clock: Read only when a payload has no signing date and no time is given.
  ///   - chainCacheCapacity: How many verified chains to remember; 0 turns every cache off
  ///     (chains, header facts and parsed certificates: each token is then verified from
  ///     scratch).
  /// - Throws: ``AppStoreJWSError/Code/invalidConfiguration`` without roots.
  package static func inspecting(
    rootCertificates: [Certificate] = [.appleRootCAG3],
    environment: AppStoreEnvironment,
    clock: any WallClock = SystemClock(),
    chainCacheCapacity: Int = 64
  ) throws(AppStoreJWSError) -> SignedDataInspector {
    SignedDataInspector(
      environment: environment,
      core: try Core(
        roots: rootCertificates, cacheCapacity: chainCacheCapacity, clock: clock,
        parsedCertificatePoolCapacity: Core.parsedPoolCapacity(chainCacheCapacity)))
  }

  // MARK: - Verifying by kind

  /// Verifies and decodes a signed transaction (`JWSTransaction`).
  /// - Parameters:
  ///   - jws: The compact JWS.
  ///   - validationTime: When to check the chain; by default the payload's `signedDate`.
  /// - Throws: `VerificationError` (`malformed`) only when no transaction can be decoded.
  public func verifyTransaction(_ jws: String, at validationTime: Date? = nil)
    throws(VerificationError) -> VerificationResult<Transaction>
  {
    try verify(jws, as: Transaction.self, at: validationTime)
  }

  /// Verifies and decodes signed renewal info (`JWSRenewalInfo`); only its environment is
  /// checked, as it carries no bundle id.
  /// - Throws: `VerificationError` (`malformed`) only when no renewal info can be decoded.
  public func verifyRenewalInfo(_ jws: String, at validationTime: Date? = nil)
    throws(VerificationError) -> VerificationResult<RenewalInfo>
  {
    try verify(jws, as: RenewalInfo.self, at: validationTime)
  }

  /// Verifies and decodes an App Store Server Notification V2 `signedPayload`.
  ///
  /// The nested signed transaction, renewal info and app transaction are not verified here.
  /// - Throws: `VerificationError` (`malformed`) only when no notification can be decoded.
  public func verifyNotification(_ jws: String, at validationTime: Date? = nil)
    throws(VerificationError) -> VerificationResult<ServerNotification>
  {
    try verify(jws, as: ServerNotification.self, at: validationTime)
  }

  /// Verifies and decodes a signed app transaction; its environment is its `receiptType`.
  /// - Throws: `VerificationError` (`malformed`) only when no app transaction can be decoded.
  public func verifyAppTransaction(_ jws: String, at validationTime: Date? = nil)
    throws(VerificationError) -> VerificationResult<AppTransaction>
  {
    try verify(jws, as: AppTransaction.self, at: validationTime)
  }

  /// Verifies a JWS of the given kind, or of the kind its payload shows.
  /// - Throws: `VerificationError` (`malformed`) when the kind cannot be told or the payload
  ///   does not decode as it.
  public func verify(_ jws: String, kind: SignedPayloadKind? = nil, at validationTime: Date? = nil)
    throws(VerificationError) -> VerificationResult<DecodedSignedPayload>
  {
    try core.verify(jws, kind: kind, at: validationTime, rules: rules)
  }

  /// Verifies a JWS and decodes its payload as `Payload`.
  /// - Throws: `VerificationError` (`malformed`) only when the token does not split into three
  ///   segments or its payload does not decode as `Payload`.
  package func verify<Payload: SignedPayload>(
    _ jws: String, as type: Payload.Type, at validationTime: Date? = nil
  ) throws(VerificationError) -> VerificationResult<Payload> {
    try core.verify(jws, as: type, at: validationTime, rules: rules)
  }

  private var rules: Rules {
    Rules(bundleID: bundleID, environment: environment, appAppleID: appAppleID)
  }

  /// A verifier without the verified-chain cache and header facts but with the pool of parsed
  /// certificates (itself a cache): the benchmark's separately labelled "pooled" figure.
  package static func pooledWithoutChainCache(
    rootCertificates: [Certificate] = [.appleRootCAG3], bundleID: String,
    environment: AppStoreEnvironment
  ) throws(AppStoreJWSError) -> SignedDataVerifier {
    try SignedDataVerifier(
      rootCertificates: rootCertificates, bundleID: bundleID, environment: environment,
      appAppleID: nil, clock: SystemClock(), chainCacheCapacity: 0,
      parsedCertificatePoolCapacity: Core.parsedPoolCapacity(1))
  }

  /// The number of chains in the verified-chain cache.
  package var cachedChainCount: Int { core.cache.count }
}

extension SignedDataVerifier {
  /// The configuration a payload's claims are compared with; an inspector's has no `bundleID`
  /// (and no `appAppleID`): it checks no app.
  struct Rules {
    let bundleID: String?
    let environment: AppStoreEnvironment
    let appAppleID: UInt64?

    /// Apple's checks after the signature: app identity first, then environment.
    func check(_ claims: SignedPayloadClaims) -> VerificationError? {
      switch claims.appIdentity {
      case .unchecked:
        break
      case .bundleID(let claimed):
        if let mismatch = bundleIDMismatch(claimed) { return mismatch }
      case .bundleIDAndAppAppleID(let claimedBundle, let claimedApp):
        if let mismatch = bundleIDMismatch(claimedBundle) { return mismatch }
        if environment == .production, let appAppleID, claimedApp != appAppleID {
          return VerificationError(
            .wrongApp,
            "signed for app Apple id \(claimedApp.map(String.init) ?? "(none)"), not \(appAppleID)")
        }
      }
      guard claims.environment == environment else {
        return VerificationError(
          .wrongEnvironment,
          "signed for environment \(claims.environment?.rawValue ?? "(none)"), not \(environment)")
      }
      return nil
    }

    /// `wrongApp` when a bundle id is configured and `claimed` is not it.
    private func bundleIDMismatch(_ claimed: String?) -> VerificationError? {
      guard let bundleID, claimed != bundleID else { return nil }
      return VerificationError(
        .wrongApp,
        "signed for bundle id \(claimed.map { "\"\($0)\"" } ?? "(none)"), not \"\(bundleID)\"")
    }
  }

  /// The shared state behind the value: chain verifier, cache and clock.
  package final class Core: Sendable {
    let chains: ChainVerifier
    let cache: VerifiedChainCache
    let headers: HeaderMemo
    let clock: any WallClock

    /// The parsed-certificate pool that goes with a chain cache of `chainCacheCapacity`: none
    /// when the cache is off, so that "cache off" means every cache.
    static func parsedPoolCapacity(_ chainCacheCapacity: Int) -> Int {
      chainCacheCapacity > 0 ? 16 : 0
    }

    init(
      roots: [Certificate], cacheCapacity: Int, clock: any WallClock,
      parsedCertificatePoolCapacity: Int
    ) throws(AppStoreJWSError) {
      guard !roots.isEmpty else {
        throw AppStoreJWSError(
          .invalidConfiguration, "a verifier needs at least one root certificate")
      }
      self.chains = try ChainVerifier(
        roots: roots, parsedPoolCapacity: parsedCertificatePoolCapacity)
      self.cache = VerifiedChainCache(capacity: cacheCapacity)
      self.headers = HeaderMemo(capacity: min(cacheCapacity, 16))
      self.clock = clock
    }

    /// Verifies a JWS of `kind`, or of the kind its payload shows: what a verifier and an
    /// inspector do alike.
    func verify(_ jws: String, kind: SignedPayloadKind?, at time: Date?, rules: Rules)
      throws(VerificationError) -> VerificationResult<DecodedSignedPayload>
    {
      let resolved: SignedPayloadKind
      if let kind {
        resolved = kind
      } else {
        resolved = try UnverifiedJWS(parsing: jws).payloadKind()
      }
      switch resolved {
      case .transaction:
        return try verify(jws, as: Transaction.self, at: time, rules: rules).map(
          DecodedSignedPayload.transaction)
      case .renewalInfo:
        return try verify(jws, as: RenewalInfo.self, at: time, rules: rules).map(
          DecodedSignedPayload.renewalInfo)
      case .notification:
        return try verify(jws, as: ServerNotification.self, at: time, rules: rules).map(
          DecodedSignedPayload.notification)
      case .appTransaction:
        return try verify(jws, as: AppTransaction.self, at: time, rules: rules).map(
          DecodedSignedPayload.appTransaction)
      }
    }

    /// Verifies a JWS and decodes its payload as `Payload`.
    func verify<Payload: SignedPayload>(
      _ jws: String, as type: Payload.Type, at time: Date?, rules: Rules
    ) throws(VerificationError) -> VerificationResult<Payload> {
      var token = jws
      let outcome = token.withUTF8 { utf8 in
        verify(UnsafeRawBufferPointer(utf8), jws: jws, as: type, at: time, rules: rules)
      }
      return try outcome.get()
    }

    /// The whole verification, on the token's bytes.
    func verify<Payload: SignedPayload>(
      _ token: UnsafeRawBufferPointer, jws: String, as type: Payload.Type, at time: Date?,
      rules: Rules
    ) -> Result<VerificationResult<Payload>, VerificationError> {
      let jwsParts: CompactJWS
      switch CompactJWS.split(token) {
      case .success(let parts): jwsParts = parts
      case .failure(let error): return .failure(error)
      }
      let payloadBytes: [UInt8]
      switch CompactJWS.decodeSegment(token, jwsParts.payloadRange(), name: "payload") {
      case .success(let bytes): payloadBytes = bytes
      case .failure(let error): return .failure(error)
      }
      var payload: Payload
      switch Payload.decodePayload(payloadBytes) {
      case .success(let decoded): payload = decoded
      case .failure(let error): return .failure(error)
      }
      payload.attachJWS(jws)
      if let failure = check(token, jwsParts, payload: payload, at: time, rules: rules) {
        return .success(.unverified(payload, failure))
      }
      return .success(.verified(payload))
    }

    /// Everything after decoding: header, chain, signature, claims. `nil` when all hold.
    private func check(
      _ token: UnsafeRawBufferPointer, _ parts: CompactJWS, payload: some SignedPayload,
      at explicitTime: Date?, rules: Rules
    ) -> VerificationError? {
      let headerSegment = UnsafeRawBufferPointer(rebasing: token[parts.headerRange()])
      let facts: HeaderFacts
      if let known = headers.facts(for: headerSegment) {
        facts = known
      } else {
        switch Self.headerFacts(token, parts, environment: rules.environment) {
        case .success(let found): facts = found
        case .failure(let error): return error
        }
        headers.remember(facts, for: headerSegment)
      }
      let signature: [UInt8]
      switch CompactJWS.decodeSegment(token, parts.signatureRange(in: token), name: "signature") {
      case .success(let bytes): signature = bytes
      case .failure(let error): return error
      }
      guard signature.count == ES256.signatureCount else {
        let hint = signature.first == 0x30 ? " (it looks like DER; JWS uses raw r‖s)" : ""
        return VerificationError(
          .malformed, "an ES256 signature has 64 bytes; this one has \(signature.count)\(hint)")
      }
      let seconds = Self.seconds(explicitTime ?? payload.verificationDate ?? clock.now)
      let verified: VerifiedChain
      switch verifiedChain(facts.certificates, at: seconds) {
      case .success(let chain): verified = chain
      case .failure(let error): return error
      }
      let signatureHolds = signature.withUnsafeBytes { signature in
        ES256.verify(
          signingInput: UnsafeRawBufferPointer(rebasing: token[0..<parts.signingInputCount]),
          rawSignature: signature, key: verified.leafKey)
      }
      guard signatureHolds else {
        return VerificationError(
          .invalidSignature, "the ES256 signature does not match the leaf's key and signing input")
      }
      return rules.check(payload.claims)
    }

    /// The header's checks: a JSON object with `alg` ES256, no `crit`, and an `x5c` of three
    /// base64 certificates (or, for an Xcode verifier, one); its certificates as DER.
    private static func headerFacts(
      _ token: UnsafeRawBufferPointer, _ parts: CompactJWS, environment: AppStoreEnvironment
    ) -> Result<HeaderFacts, VerificationError> {
      let headerBytes: [UInt8]
      switch CompactJWS.decodeSegment(token, parts.headerRange(), name: "header") {
      case .success(let bytes): headerBytes = bytes
      case .failure(let error): return .failure(error)
      }
      let header: JOSEHeader.Parsed
      switch JOSEHeader.parse(headerBytes) {
      case .success(let parsed): header = parsed
      case .failure(let failure):
        return .failure(
          VerificationError(
            .malformed,
            "the header is not a JSON object: \(failure)"))
      }
      guard let algorithm = header.algorithm else {
        return .failure(VerificationError(.malformed, "the header has no \"alg\""))
      }
      guard algorithm == Array("ES256".utf8) else {
        return .failure(
          VerificationError(
            .unsupportedAlgorithm,
            "alg is \"\(String(decoding: algorithm, as: UTF8.self))\"; App Store data uses ES256"))
      }
      if let critical = header.critical {
        let names = critical.map { String(decoding: $0, as: UTF8.self) }
        return .failure(
          VerificationError(
            .malformed, "the header marks \(names) critical; no JWS extension is supported"))
      }
      guard let x5c = header.certificateChain else {
        return .failure(
          VerificationError(.malformed, "the header has no \"x5c\" certificate chain"))
      }
      let expected = x5c.count == 1 && environment == .xcode ? 1 : 3
      guard x5c.count == expected else {
        return .failure(
          VerificationError(
            .invalidChain, "x5c holds \(x5c.count) certificates; App Store chains have 3"))
      }
      var certificates: [[UInt8]] = []
      // x5c[2], the root, is never read: the anchor is always a configured root.
      for index in 0..<min(x5c.count, 2) {
        guard let der = x5c[index].withUnsafeBytes({ Base64.decode($0, alphabet: .standard) })
        else {
          return .failure(
            VerificationError(.invalidCertificate, "x5c[\(index)] is not standard base64"))
        }
        certificates.append(der)
      }
      return .success(HeaderFacts(certificates: certificates))
    }

    /// The verified chain of the `x5c` certificates, from the cache when it holds there at
    /// `time`.
    private func verifiedChain(_ certificates: [[UInt8]], at time: Int64)
      -> Result<VerifiedChain, VerificationError>
    {
      guard certificates.count == 2 else {
        return chains.verifyConfiguredRoot(der: certificates[0], at: time)
      }
      let key = CertificatePairKey(leaf: certificates[0], intermediate: certificates[1])
      if let cached = cache[key] {
        guard cached.holds(at: time) else {
          return .failure(
            VerificationError(
              .invalidChain, "a certificate of the chain is not valid at the validation time"))
        }
        return .success(cached)
      }
      let result = chains.verify(
        leafDER: certificates[0], intermediateDER: certificates[1], at: time)
      if case .success(let chain) = result { cache.insert(chain, for: key) }
      return result
    }

    /// Whole seconds since 1970 (rounded down), clamped to what `time_t` holds.
    package static func seconds(_ date: Date) -> Int64 {
      let value = date.timeIntervalSince1970.rounded(.down)
      guard value.isFinite else { return value < 0 ? Int64.min / 2 : Int64.max / 2 }
      if value <= Double(Int64.min / 2) { return Int64.min / 2 }
      if value >= Double(Int64.max / 2) { return Int64.max / 2 }
      return Int64(value)
    }
  }
}
