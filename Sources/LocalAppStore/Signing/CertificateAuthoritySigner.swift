import AppStoreJWS
import Foundation
import StoreModel

/// The local App Store's signing authority: a test certificate authority shaped like Apple's
/// (root, intermediate with Apple's marker, leaf with the receipt-signing marker), whose leaf
/// signs ES256 compact JWS with the x5c chain, and a `SignedDataVerifier` that trusts only its
/// root, for the `LocalTesting` environment and the store's bundle identifier.
struct CertificateAuthoritySigner: SigningAuthority {
  let authority: TestCertificateAuthority
  let signer: TransactionSigner
  let verifier: SignedDataVerifier

  /// A signer over `authority`, verifying with `clock` for dates the payloads do not give.
  init(authority: TestCertificateAuthority, bundleID: String, clock: any WallClock)
    throws(LocalAppStoreError)
  {
    self.authority = authority
    signer = TransactionSigner(authority: authority)
    do {
      verifier = try authority.verifier(
        bundleID: bundleID, environment: .localTesting, clock: clock)
    } catch {
      throw LocalAppStoreError(.signing, "cannot make the verifier: \(error.reason)")
    }
  }

  /// A new authority with fresh random keys, whose certificates hold for `validity`.
  static func random(bundleID: String, validity: DateInterval, clock: any WallClock)
    throws(LocalAppStoreError) -> CertificateAuthoritySigner
  {
    do {
      return try CertificateAuthoritySigner(
        authority: .random(validity: validity), bundleID: bundleID, clock: clock)
    } catch let error as LocalAppStoreError {
      throw error
    } catch {
      throw LocalAppStoreError(.signing, "cannot make a certificate authority: \(error)")
    }
  }

  /// The authority kept in a state (`exported()`).
  static func load(_ text: String, bundleID: String, clock: any WallClock)
    throws(LocalAppStoreError) -> CertificateAuthoritySigner
  {
    let archive: TestCertificateAuthority.Archive
    do {
      archive = try JSONDecoder().decode(
        TestCertificateAuthority.Archive.self, from: Data(text.utf8))
    } catch {
      throw LocalAppStoreError(
        .invalidState, "the state's certificate authority does not decode: \(error)")
    }
    do {
      return try CertificateAuthoritySigner(
        authority: TestCertificateAuthority(archive: archive), bundleID: bundleID, clock: clock)
    } catch let error as LocalAppStoreError {
      throw error
    } catch {
      throw LocalAppStoreError(
        .invalidState, "the state's certificate authority is unusable: \(error)")
    }
  }

  func signWithForeignAuthority(_ payload: Data) throws(LocalAppStoreError) -> String {
    do {
      let validity = DateInterval(
        start: authority.root.notValidBefore, end: authority.root.notValidAfter)
      return try TestCertificateAuthority.random(validity: validity).signer.sign(
        payloadJSON: payload)
    } catch {
      throw LocalAppStoreError(
        .signing, "cannot sign with a foreign certificate authority: \(error.reason)")
    }
  }

  func verifyTransaction(_ jws: String) -> VerificationResult<Transaction> {
    do {
      return try verifier.verifyTransaction(jws)
    } catch {
      return .unverified(Self.placeholderTransaction, error)
    }
  }

  func verifyRenewalInfo(_ jws: String) -> VerificationResult<RenewalInfo> {
    do {
      return try verifier.verifyRenewalInfo(jws)
    } catch {
      return .unverified(Self.placeholderRenewalInfo, error)
    }
  }

  func exported() throws(LocalAppStoreError) -> String {
    do {
      let data = try JSONEncoder().encode(try authority.archive())
      return String(decoding: data, as: UTF8.self)
    } catch {
      throw LocalAppStoreError(.signing, "cannot export the certificate authority: \(error)")
    }
  }

  var rootCertificate: [UInt8] { Array(authority.root.derRepresentation) }

  var rootCertificatePEM: String { authority.root.pemRepresentation }

  /// What an unverified result carries when a token the store made does not even decode (it
  /// cannot happen with the store's own tokens).
  private static let placeholderTransaction = Transaction(
    id: 0, originalID: 0, appBundleID: "", productID: "", productType: .consumable,
    purchaseDate: Date(timeIntervalSince1970: 0), signedDate: Date(timeIntervalSince1970: 0))
  private static let placeholderRenewalInfo = RenewalInfo(
    originalTransactionID: 0, currentProductID: "", willAutoRenew: false,
    signedDate: Date(timeIntervalSince1970: 0))
}
