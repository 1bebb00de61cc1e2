package import Foundation
package import StoreModel

/// What the local App Store signs with and verifies against: a certificate authority whose leaf
/// signs compact JWS, and a verifier trusting only its root.
package protocol SigningAuthority: Sendable {
  /// The signer of the leaf key: compact JWS with the x5c chain.
  var signer: TransactionSigner { get }
  /// Signs `payload` with the leaf of another certificate authority (its own whole chain in the
  /// header), which the verifier does not trust, so that verification genuinely fails.
  func signWithForeignAuthority(_ payload: Data) throws(LocalAppStoreError) -> String
  /// Verifies a signed transaction as an app does (chain to the root, signature, bundle,
  /// environment).
  func verifyTransaction(_ jws: String) -> VerificationResult<Transaction>
  /// Verifies signed renewal info.
  func verifyRenewalInfo(_ jws: String) -> VerificationResult<RenewalInfo>
  /// Verifies a signed app transaction.
  func verifyAppTransaction(_ jws: String) -> VerificationResult<AppTransaction>
  /// The keys and certificates, to keep in the state so that another process signs and
  /// verifies with the same chain.
  func exported() throws(LocalAppStoreError) -> String
  /// The root certificate as DER bytes, the one root a verifier of this store's tokens trusts.
  var rootCertificate: [UInt8] { get }
  /// The same root as PEM text, which `sportstime-store status --export-root` writes.
  var rootCertificatePEM: String { get }
}
