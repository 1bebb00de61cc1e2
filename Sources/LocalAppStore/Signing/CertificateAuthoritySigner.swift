package import AppStoreJWS
import Foundation
import StoreInternals
import StoreModel

/// The local App Store's signing authority: a test certificate authority shaped like Apple's
/// (root, intermediate with Apple's marker, leaf with the receipt-signing marker), whose leaf
/// signs ES256 compact JWS with the x5c chain, and `SignedDataVerifier`s that trust only its
/// root, for the store's bundle identifier: first in the environment the state signs (`Xcode`
/// by default, `Sandbox` or `Production`), then in the others the store may have signed in
/// (`LocalTesting`, which states written before signed, and the environments a state can be
/// switched between).
///
/// Unlike Xcode, whose tokens carry one self-signed certificate, the store's carry a chain of
/// three with Apple's OIDs, so that a server verifies the whole chain against the store's root
/// exactly as it verifies Apple's.
struct CertificateAuthoritySigner: SigningAuthority {
  let authority: TestCertificateAuthority
  let signer: TransactionSigner
  let verifier: SignedDataVerifier
  /// The verifiers of the other environments, tried in order when a token claims another one.
  let otherVerifiers: [SignedDataVerifier]

  /// A signer over `authority`, verifying with `clock` for dates the payloads do not give,
  /// first in `environment`.
  init(
    authority: TestCertificateAuthority, bundleID: String, clock: any WallClock,
    environment: AppStoreEnvironment = .xcode
  ) throws(LocalAppStoreError) {
    self.authority = authority
    signer = TransactionSigner(authority: authority)
    do {
      verifier = try authority.verifier(
        bundleID: bundleID, environment: environment, clock: clock)
      var others: [SignedDataVerifier] = []
      for other in [AppStoreEnvironment.xcode, .localTesting, .sandbox, .production]
      where other != environment {
        others.append(try authority.verifier(bundleID: bundleID, environment: other, clock: clock))
      }
      otherVerifiers = others
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

  /// The authority kept in a state (`exported()`); an archive this process decoded before is
  /// not decoded again (``DecodedAuthorities``).
  static func load(
    _ text: String, bundleID: String, clock: any WallClock,
    environment: AppStoreEnvironment = .xcode
  ) throws(LocalAppStoreError) -> CertificateAuthoritySigner {
    try CertificateAuthoritySigner(
      authority: DecodedAuthorities.shared.authority(text), bundleID: bundleID, clock: clock,
      environment: environment)
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
    verify(jws, placeholder: Self.placeholderTransaction)
  }

  func verifyRenewalInfo(_ jws: String) -> VerificationResult<RenewalInfo> {
    verify(jws, placeholder: Self.placeholderRenewalInfo)
  }

  func verifyAppTransaction(_ jws: String) -> VerificationResult<AppTransaction> {
    verify(jws, placeholder: Self.placeholderAppTransaction)
  }

  /// `jws` verified in the store's environment, else in the first other one it is not the
  /// wrong environment for; `placeholder`, unverified, when it does not even decode.
  private func verify<Payload: SignedPayload>(_ jws: String, placeholder: Payload)
    -> VerificationResult<Payload>
  {
    do {
      var result = try verifier.verify(jws, as: Payload.self)
      for other in otherVerifiers where result.verificationError?.code == .wrongEnvironment {
        result = try other.verify(jws, as: Payload.self)
      }
      return result
    } catch {
      return .unverified(placeholder, error)
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
  private static let placeholderAppTransaction = AppTransaction(
    environment: .xcode, bundleID: "", appVersion: "", originalAppVersion: "",
    originalPurchaseDate: Date(timeIntervalSince1970: 0),
    signedDate: Date(timeIntervalSince1970: 0))
}

/// The certificate authorities a process decoded, by their archive's exact text.
///
/// Decoding an authority parses three certificates and three private keys through OpenSSL
/// 3.0's decoders: most of the cost of opening a state. A process that opens the same state
/// again and again (the tests, the soak, a fuzz run, the app's commands) pays it once. Only an
/// archive that decoded, and whose parts belong together, is kept, under its exact text; the
/// same text always decodes to the same authority, so a hit saves time and changes nothing
/// else, and a text altered by one byte is decoded, and judged, afresh.
package final class DecodedAuthorities: Sendable {
  /// The process's authorities, as states are opened.
  static let shared = DecodedAuthorities(limit: 8)

  /// How many authorities are kept before the memo starts again.
  let limit: Int
  private let entries = Locked<[String: TestCertificateAuthority]>([:])

  package init(limit: Int) { self.limit = max(1, limit) }

  /// How many authorities are kept now.
  package var count: Int { entries.withLock { $0.count } }

  /// Whether the authority of `text` is kept.
  package func contains(_ text: String) -> Bool { entries.withLock { $0[text] != nil } }

  /// The authority of the archive `text`: the kept one, else decoded and kept.
  /// - Throws: `invalidState` when the text is not an archive, or its parts do not parse or do
  ///   not belong together.
  package func authority(_ text: String) throws(LocalAppStoreError) -> TestCertificateAuthority {
    if let kept = entries.withLock({ $0[text] }) { return kept }
    let archive: TestCertificateAuthority.Archive
    do {
      archive = try JSONDecoder().decode(
        TestCertificateAuthority.Archive.self, from: Data(text.utf8))
    } catch {
      throw LocalAppStoreError(
        .invalidState, "the state's certificate authority does not decode: \(error)")
    }
    let authority: TestCertificateAuthority
    do {
      authority = try TestCertificateAuthority(archive: archive)
    } catch {
      throw LocalAppStoreError(
        .invalidState, "the state's certificate authority is unusable: \(error)")
    }
    entries.withLock { entries in
      if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
      entries[text] = authority
    }
    return authority
  }
}
