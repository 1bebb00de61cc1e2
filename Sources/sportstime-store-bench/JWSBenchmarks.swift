@_spi(Benchmarks) import AppStoreJWS
import Foundation
import StoreModel

/// Token verification against OpenSSL alone, measured in the same run.
///
/// - `raw_verify_per_s`: OpenSSL's ES256 check (SHA-256 of the signing input + ECDSA P-256) of a
///   test-CA transaction; `warm_verify_per_s`: our full verification of the same token (cache
///   warm, payload decoded); `cold_verify_per_s`: the same with the chain cache off, against
///   `raw_chain_per_s`, OpenSSL's three signature checks of that chain.
/// - `cold_g3_*`: a real App Store token chained to Apple Root CA - G3 (P-384 root and
///   intermediate), cache off, against `raw_g3_chain_per_s`; `warm_g3_*` with the cache on;
///   `cold_g3_unpooled_*` also without reusing parsed certificates.
///
/// Rates are per second of the measuring thread's CPU time (see ``Rate``), the best of several
/// short rounds that alternate between the baseline and ours.
enum JWSBenchmarks {
  static func run(into report: inout BenchmarkReport) {
    do {
      try testCA(into: &report)
      try appleG3(into: &report)
    } catch {
      report.notice("JWS benchmarks stopped: \(error)")
    }
  }

  /// A transaction as the local App Store signs it.
  static func localTransaction() -> Transaction {
    var transaction = Transaction(
      id: 2_000_000_987_654_321, originalID: 2_000_000_987_000_000,
      appBundleID: "com.sportstime.app", productID: "com.sportstime.pro.annual",
      productType: .autoRenewable, purchaseDate: Date(timeIntervalSince1970: 1_767_225_600),
      signedDate: Date(timeIntervalSince1970: 1_767_225_601),
      subscriptionGroupID: "21000001", expirationDate: Date(timeIntervalSince1970: 1_798_761_600),
      reason: .purchase, environment: .localTesting)
    transaction.webOrderLineItemID = "2000000123456789"
    transaction.storefrontCountryCode = "USA"
    transaction.storefrontID = "143441"
    transaction.currency = "USD"
    transaction.priceMilliunits = 49990
    transaction.appTransactionID = "704897469903383919"
    return transaction
  }

  static func testCA(into report: inout BenchmarkReport) throws {
    let authority = try TestCertificateAuthority(seed: Array("sportstime-store-bench".utf8))
    let token = try authority.signer.sign(localTransaction())
    let baseline = try OpenSSLBaseline(jws: token, root: authority.root)
    let warm = try authority.verifier(bundleID: "com.sportstime.app")
    let cold = try authority.verifier(bundleID: "com.sportstime.app", chainCacheCapacity: 0)
    let (raw, warmRate) = Rate.compare(
      { baseline.verifyTokenSignature() },
      { (try? warm.verifyTransaction(token).isVerified) == true })
    report.record("raw_verify_per_s", raw, label: "OpenSSL ES256 check, test-CA token")
    report.record("warm_verify_per_s", warmRate, label: "verifyTransaction, warm cache")
    report.record("warm_verify_ratio", warmRate / raw, label: "  warm / OpenSSL")
    let (rawChain, coldRate) = Rate.compare(
      { baseline.verifyAllSignatures() },
      { (try? cold.verifyTransaction(token).isVerified) == true })
    report.record("raw_chain_per_s", rawChain, label: "OpenSSL 3 signature checks, test CA")
    report.record("cold_verify_per_s", coldRate, label: "verifyTransaction, no cache")
    report.record("cold_verify_ratio", coldRate / rawChain, label: "  cold / OpenSSL")
  }

  static func appleG3(into report: inout BenchmarkReport) throws {
    guard let token = realToken() else {
      report.notice("../shared/corpus/jws/real/ is absent: the G3 figures are skipped")
      return
    }
    let baseline = try OpenSSLBaseline(jws: token, root: .appleRootCAG3)
    let bundleID = "com.loki-project.loki-messenger"
    let warm = try SignedDataVerifier(bundleID: bundleID, environment: .sandbox)
    let cold = try SignedDataVerifier(
      bundleID: bundleID, environment: .sandbox, chainCacheCapacity: 0)
    let (rawG3, warmRate) = Rate.compare(
      { baseline.verifyTokenSignature() },
      { (try? warm.verifyTransaction(token).isVerified) == true })
    report.record("raw_g3_verify_per_s", rawG3, label: "OpenSSL ES256 check, G3 token")
    report.record("warm_g3_verify_per_s", warmRate, label: "verifyTransaction G3, warm cache")
    report.record("warm_g3_verify_ratio", warmRate / rawG3, label: "  warm G3 / OpenSSL")
    let (rawChain, coldRate) = Rate.compare(
      seconds: 0.2, { baseline.verifyAllSignatures() },
      { (try? cold.verifyTransaction(token).isVerified) == true })
    report.record("raw_g3_chain_per_s", rawChain, label: "OpenSSL 3 signature checks, G3 chain")
    report.record("cold_g3_verify_per_s", coldRate, label: "verifyTransaction G3, no cache")
    report.record("cold_g3_verify_ratio", coldRate / rawChain, label: "  cold G3 / OpenSSL")
    // For the record: also without reusing parsed certificates (each one parsed every time).
    let unpooled = try SignedDataVerifier.unpooled(
      bundleID: bundleID, environment: .sandbox, chainCacheCapacity: 0)
    let unpooledRate = Rate.measure(rounds: 3, seconds: 0.2) {
      (try? unpooled.verifyTransaction(token).isVerified) == true
    }
    report.record(
      "cold_g3_unpooled_verify_per_s", unpooledRate, label: "  … parsing every certificate")
    report.record(
      "cold_g3_unpooled_verify_ratio", unpooledRate / rawChain, label: "  … / OpenSSL")
  }

  /// A real App Store transaction from `../shared/corpus/jws/real/` (or one folder higher, for a
  /// worktree kept beside the main checkout).
  static func realToken() -> String? {
    for prefix in ["../shared", "../../shared"] {
      let path = prefix + "/corpus/jws/real/sessionpro-transaction-sandbox-1.txt"
      if let text = try? String(contentsOfFile: path, encoding: .utf8) {
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
      }
    }
    return nil
  }
}
