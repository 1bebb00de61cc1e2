import AppStoreJWS
import Foundation
import StoreModel
import Testing

#if os(Linux)
  import OpenSSLOracle
#endif

/// The benchmark's references measure work that succeeds: a baseline that failed would be fast
/// for nothing.
@Suite struct BenchmarkBaselineTests {
  @Test("OpenSSL's references and the pooled verifier all accept a valid test-CA token")
  func referencesHold() throws {
    let baseline = try OpenSSLBaseline(jws: Fixtures.token, root: Fixtures.authority.root)
    #expect(baseline.verifyTokenSignature())
    #expect(baseline.verifyAllSignatures())
    #expect(baseline.verifyChainFromDER())
    let pooled = try SignedDataVerifier.pooledWithoutChainCache(
      rootCertificates: [Fixtures.authority.root], bundleID: Fixtures.bundleID,
      environment: .localTesting)
    #expect(try pooled.verifyTransaction(Fixtures.token, at: Fixtures.signedDate).isVerified)
    #expect(pooled.cachedChainCount == 0)
  }

  @Test("the cold-path reference refuses a chain that does not lead to its root")
  func coldPathRefusesOtherRoot() throws {
    let other = try TestCertificateAuthority(seed: Array("another root".utf8))
    let baseline = try OpenSSLBaseline(jws: Fixtures.token, root: other.root)
    #expect(!baseline.verifyChainFromDER())
  }

  @Test("a verifier with the cache off remembers no chain")
  func cacheOff() throws {
    let verifier = try Fixtures.verifier(cache: 0)
    #expect(try verifier.verifyTransaction(Fixtures.token).isVerified)
    #expect(try verifier.verifyTransaction(Fixtures.token).isVerified)
    #expect(verifier.cachedChainCount == 0)
  }
}
