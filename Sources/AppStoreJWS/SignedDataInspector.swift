package import Foundation
import StoreInternals
package import StoreModel

/// Verifies App Store signed data like a ``SignedDataVerifier``, except that it checks no app:
/// for tools that inspect any app's data. Made by
/// ``SignedDataVerifier/inspecting(rootCertificates:environment:clock:chainCacheCapacity:)``.
///
/// The token, chain, signature and environment are checked as a verifier checks them; the bundle
/// id and app Apple id are not. Every App Store app's data chains to the same Apple root, so a
/// verified result proves only that some app's data is genuine: results are
/// ``InspectedPayload`` values that say so and carry the bundle id the data claims. An app
/// never grants anything from them; it uses a ``SignedDataVerifier`` with its bundle id.
package struct SignedDataInspector: Sendable {
  /// The trust anchors; `x5c` chains must lead to one of them.
  package var rootCertificates: [Certificate] { core.chains.roots }
  /// The environment the data must have been signed for.
  package let environment: AppStoreEnvironment

  private let core: SignedDataVerifier.Core

  init(environment: AppStoreEnvironment, core: SignedDataVerifier.Core) {
    self.environment = environment
    self.core = core
  }

  /// Verifies a JWS of the given kind, or of the kind its payload shows, except for its app.
  /// - Throws: `VerificationError` (`malformed`) when the kind cannot be told, the payload shows
  ///   another kind than `kind`, or it does not decode as its kind.
  package func verify(_ jws: String, kind: SignedPayloadKind? = nil, at validationTime: Date? = nil)
    throws(VerificationError) -> VerificationResult<InspectedPayload<DecodedSignedPayload>>
  {
    try core.verify(jws, kind: kind, at: validationTime, rules: rules).map {
      InspectedPayload(payload: $0, claimedBundleID: $0.claims.bundleID)
    }
  }

  /// Verifies a JWS and decodes its payload as `Payload`, except for its app.
  /// - Throws: `VerificationError` (`malformed`) only when the token does not split into three
  ///   segments or its payload does not decode as `Payload`.
  package func verify<Payload: SignedPayload>(
    _ jws: String, as type: Payload.Type, at validationTime: Date? = nil
  ) throws(VerificationError) -> VerificationResult<InspectedPayload<Payload>> {
    try core.verify(jws, as: type, at: validationTime, rules: rules).map {
      InspectedPayload(payload: $0, claimedBundleID: $0.claims.bundleID)
    }
  }

  private var rules: SignedDataVerifier.Rules {
    SignedDataVerifier.Rules(bundleID: nil, environment: environment, appAppleID: nil)
  }

  /// The number of chains in the verified-chain cache.
  package var cachedChainCount: Int { core.cache.count }
}
