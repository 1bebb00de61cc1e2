package import AppStoreJWS
package import Foundation
package import StoreModel

/// Signs App Store payloads as the local App Store does: the App Store's JSON form (its keys,
/// dates in milliseconds), an ES256 compact JWS whose header carries the certificate
/// authority's x5c chain.
///
/// The header is encoded once, in base64url too; each signature costs the payload's encoding,
/// its base64url and one ECDSA signature. Use ``LocalAppStore/signer`` to sign tokens with a store's own chain.
package struct TransactionSigner: Sendable {
  /// The certificate authority whose leaf signs.
  package let authority: TestCertificateAuthority
  private let signer: JWSSigner
  /// The header's base64url, the first part of every token.
  private let encodedHeader: String

  /// A signer over `authority`'s leaf key and chain.
  package init(authority: TestCertificateAuthority) {
    self.authority = authority
    signer = authority.signer
    encodedHeader = signer.encodedHeader
  }

  /// A signer over a new certificate authority with random keys.
  /// - Throws: `signing` when OpenSSL cannot make the keys or certificates.
  package static func random() throws(LocalAppStoreError) -> TransactionSigner {
    do {
      return TransactionSigner(authority: try .random())
    } catch {
      throw LocalAppStoreError(.signing, "cannot make a certificate authority: \(error.reason)")
    }
  }

  /// The compact JWS of `transaction`.
  package func sign(_ transaction: Transaction) throws(LocalAppStoreError) -> String {
    try sign(payloadJSON: PayloadWriter.json(of: transaction))
  }

  /// The compact JWS of `renewalInfo`.
  package func sign(_ renewalInfo: RenewalInfo) throws(LocalAppStoreError) -> String {
    try sign(payloadJSON: PayloadWriter.json(of: renewalInfo))
  }

  /// The compact JWS of the JSON bytes `payloadJSON`, as they are.
  package func sign(payloadJSON: Data) throws(LocalAppStoreError) -> String {
    do {
      return try signer.sign(encodedHeader: encodedHeader, payloadJSON: payloadJSON)
    } catch {
      throw LocalAppStoreError(.signing, "cannot sign: \(error.reason)")
    }
  }

  /// The App Store JSON of `transaction`.
  func encode(_ transaction: Transaction) -> Data { PayloadWriter.json(of: transaction) }

  /// The App Store JSON of `renewalInfo`.
  func encode(_ renewalInfo: RenewalInfo) -> Data { PayloadWriter.json(of: renewalInfo) }

  /// The App Store JSON of `appTransaction` (`JWSAppTransactionDecodedPayload`'s keys), through
  /// its `Codable` form: signed once per request, not on a hot path.
  /// - Throws: `signing` when it does not encode: nothing is signed then (it was once signed as
  ///   `{}`, an app transaction of no app).
  func encode(_ appTransaction: AppTransaction) throws(LocalAppStoreError) -> Data {
    do {
      return try AppStoreJSON.encoder().encode(appTransaction)
    } catch {
      throw LocalAppStoreError(.signing, "cannot encode the app transaction: \(error)")
    }
  }
}
