import AppStoreJWS
import Foundation
import StoreModel
import Testing

/// `corpus/jws/derived/`: edits of one real and one test-CA token, each handled as
/// `AppStoreJWS.docc/AppStoreJWS.md` decides (where that differs from Apple's library, the
/// difference is in the table's comment).
@Suite struct DerivedVectorTests {
  /// The outcome of verifying a token: `nil` when verified, else the failure's code (thrown or
  /// returned).
  static func outcome(_ verify: () throws(VerificationError) -> VerificationError.Code?)
    -> VerificationError.Code?
  {
    do {
      return try verify()
    } catch {
      return error.code
    }
  }

  static let cases: [(suffix: String, expected: VerificationError.Code?)] = [
    ("bad-signature", .invalidSignature),  // Apple: INVALID_JWT_FORMAT
    ("tampered-payload", .invalidSignature),  // Apple: INVALID_JWT_FORMAT
    ("der-signature", .malformed),  // Apple: INVALID_JWT_FORMAT
    ("high-s-signature", nil),  // Apple: valid, as here
    ("alg-hs256", .unsupportedAlgorithm),  // Apple: INVALID_JWT_FORMAT
    ("alg-none-empty-sig", .malformed),  // Apple: INVALID_JWT_FORMAT
    ("x5c-two-certs", .invalidChain),  // Apple: INVALID_JWT_FORMAT
    ("x5c-garbage-root", .invalidSignature),  // x5c[2] is never read; the edit breaks the signature
    ("x5c-leaf-intermediate-swapped", .invalidChain),  // Apple: VERIFICATION_FAILURE
    ("four-segments", .malformed),  // Apple: INVALID_JWT_FORMAT
    ("padded-signature", .malformed),  // Apple accepts `==`; RFC 7515 §2 forbids padding
  ]

  @Test(
    "each edit of the real Apple token is handled as decided",
    .enabled(if: Corpus.isPresent, Corpus.absent), arguments: cases)
  func realEdits(suffix: String, expected: VerificationError.Code?) throws {
    let jws = try Corpus.text("derived/real-\(suffix).txt")
    let verifier = try SignedDataVerifier(
      bundleID: "com.loki-project.loki-messenger", environment: .sandbox)
    #expect(
      Self.outcome { () throws(VerificationError) in
        try verifier.verifyTransaction(jws).verificationError?.code
      } == expected)
  }

  @Test(
    "each edit of the test-CA token is handled as decided",
    .enabled(if: Corpus.isPresent, Corpus.absent), arguments: cases)
  func testCAEdits(suffix: String, expected: VerificationError.Code?) throws {
    let jws = try Corpus.text("derived/testca-\(suffix).txt")
    let verifier = try SignedDataVerifier(
      rootCertificates: [
        try Certificate(derEncoded: try Corpus.data("app-store-server-library/certs/testCA.der"))
      ], bundleID: "com.example", environment: .sandbox, appAppleID: 1234)
    #expect(
      Self.outcome { () throws(VerificationError) in
        try verifier.verify(jws, as: LooseTransaction.self).verificationError?.code
      } == expected)
  }

  @Test(
    "the configuration-only negatives of the derived manifest",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func configurationNegatives() throws {
    let real = try Corpus.text("real/sessionpro-transaction-sandbox-1.txt")
    let testCA = try Certificate(
      derEncoded: try Corpus.data("app-store-server-library/certs/testCA.der"))
    let other = try SignedDataVerifier(bundleID: "com.other", environment: .sandbox)
    #expect(try other.verifyTransaction(real).verificationError?.code == .wrongApp)
    let production = try SignedDataVerifier(
      bundleID: "com.loki-project.loki-messenger", environment: .production)
    #expect(try production.verifyTransaction(real).verificationError?.code == .wrongEnvironment)
    let wrongRoot = try SignedDataVerifier(
      rootCertificates: [testCA], bundleID: "com.loki-project.loki-messenger",
      environment: .sandbox)
    #expect(try wrongRoot.verifyTransaction(real).verificationError?.code == .invalidChain)
    let mock = try Corpus.text("app-store-server-library/mock_signed_data/transactionInfo.txt")
    let g3 = try SignedDataVerifier(bundleID: "com.example", environment: .sandbox)
    #expect(try g3.verify(mock, as: LooseTransaction.self).verificationError?.code == .invalidChain)
  }
}
