@_spi(Benchmarks) @_spi(Tools) import AppStoreJWS
import Foundation
@_spi(Tools) import StoreModel

/// Token verification against OpenSSL alone, measured in the same run.
///
/// - `raw_verify_per_s`: OpenSSL's ES256 check (SHA-256 of the signing input + ECDSA P-256) of a
///   test-CA transaction; `warm_verify_per_s`: our full verification of the same token (cache
///   warm, payload decoded); `cold_verify_per_s`: the same with every cache off, against
///   `raw_chain_per_s`, OpenSSL's three signature checks of that chain, and
///   `openssl_cold_path_per_s`, OpenSSL alone doing what a cold verification cannot skip.
/// - `cold_g3_*`: a real App Store token chained to Apple Root CA - G3 (P-384 root and
///   intermediate) with every cache off — no verified-chain cache, no header facts, no pool of
///   parsed certificates: both certificates are parsed and the path validated every time —
///   against `raw_g3_chain_per_s`, the three signature checks alone. `openssl_g3_cold_path_*`
///   is OpenSSL alone doing what such a verification cannot skip (`d2i_X509` twice,
///   `X509_verify_cert`, the ES256 check): the most the cold figure can reach.
///   `cold_g3_pooled_*`: chain cache off but parsed certificates reused (a cache too);
///   `warm_g3_*`: every cache on.
///
/// Rates are per second of the measuring thread's CPU time (see ``Rate``), the best of several
/// short rounds that alternate between the baselines and ours.
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
    let rates = compareAll(
      seconds: 0.1,
      [
        { baseline.verifyAllSignatures() },
        { (try? cold.verifyTransaction(token).isVerified) == true },
        { baseline.verifyChainFromDER() },
      ])
    let (rawChain, coldRate, openSSLCold) = (rates[0], rates[1], rates[2])
    report.record("raw_chain_per_s", rawChain, label: "OpenSSL 3 signature checks, test CA")
    report.record("cold_verify_per_s", coldRate, label: "verifyTransaction, every cache off")
    report.record("cold_verify_ratio", coldRate / rawChain, label: "  cold / OpenSSL")
    report.record(
      "openssl_cold_path_per_s", openSSLCold,
      label: "OpenSSL alone: parse 2 certs, X509_verify_cert, ES256")
    report.record(
      "openssl_cold_path_ratio", openSSLCold / rawChain, label: "  OpenSSL cold path / 3 checks")
  }

  static func appleG3(into report: inout BenchmarkReport) throws {
    guard let token = realToken() else {
      report.notice(
        "the corpus (shared/corpus/jws/real beside the package) is absent: the G3 figures are"
          + " skipped; pass --corpus DIR to name it")
      return
    }
    let baseline = try OpenSSLBaseline(jws: token, root: .appleRootCAG3)
    let bundleID = "com.loki-project.loki-messenger"
    let warm = try SignedDataVerifier(bundleID: bundleID, environment: .sandbox)
    let (rawG3, warmRate) = Rate.compare(
      { baseline.verifyTokenSignature() },
      { (try? warm.verifyTransaction(token).isVerified) == true })
    report.record("raw_g3_verify_per_s", rawG3, label: "OpenSSL ES256 check, G3 token")
    report.record("warm_g3_verify_per_s", warmRate, label: "verifyTransaction G3, warm cache")
    report.record("warm_g3_verify_ratio", warmRate / rawG3, label: "  warm G3 / OpenSSL")
    let cold = try SignedDataVerifier(
      bundleID: bundleID, environment: .sandbox, chainCacheCapacity: 0)
    let pooled = try SignedDataVerifier.pooledWithoutChainCache(
      bundleID: bundleID, environment: .sandbox)
    let rates = compareAll(
      seconds: 0.2,
      [
        { baseline.verifyAllSignatures() },
        { (try? cold.verifyTransaction(token).isVerified) == true },
        { baseline.verifyChainFromDER() },
        { (try? pooled.verifyTransaction(token).isVerified) == true },
      ])
    let (rawChain, coldRate, openSSLCold, pooledRate) = (rates[0], rates[1], rates[2], rates[3])
    report.record("raw_g3_chain_per_s", rawChain, label: "OpenSSL 3 signature checks, G3 chain")
    report.record(
      "cold_g3_verify_per_s", coldRate, label: "verifyTransaction G3, every cache off")
    report.record("cold_g3_verify_ratio", coldRate / rawChain, label: "  cold G3 / OpenSSL")
    report.record(
      "openssl_g3_cold_path_per_s", openSSLCold,
      label: "OpenSSL alone: parse 2 certs, X509_verify_cert, ES256")
    report.record(
      "openssl_g3_cold_path_ratio", openSSLCold / rawChain, label: "  OpenSSL cold path / 3 checks")
    report.record(
      "cold_g3_over_openssl_cold_path", coldRate / openSSLCold,
      label: "  cold G3 / OpenSSL cold path")
    report.record(
      "cold_g3_pooled_verify_per_s", pooledRate,
      label: "verifyTransaction G3, chain cache off, parsed certificates pooled")
    report.record(
      "cold_g3_pooled_verify_ratio", pooledRate / rawChain, label: "  pooled G3 / OpenSSL")
  }

  /// Measures several closures in short alternating rounds and keeps each one's best rate.
  static func compareAll(rounds: Int = 6, seconds: Double, _ bodies: [() -> Bool]) -> [Double] {
    var best = [Double](repeating: 0, count: bodies.count)
    for _ in 0..<rounds {
      for (index, body) in bodies.enumerated() {
        best[index] = max(best[index], Rate.measure(rounds: 1, seconds: seconds, body))
      }
    }
    return best
  }

  /// A real App Store transaction of the corpus (`jws/real/sessionpro-transaction-sandbox-1.txt`):
  /// under `DIR` for `--corpus DIR` (the corpus folder, or its `jws/real` folder), else in
  /// `shared/corpus` beside the package (or beside its parent, for a worktree kept in a folder
  /// of worktrees); `nil` when absent.
  static func realToken(arguments: [String] = CommandLine.arguments) -> String? {
    let name = "sessionpro-transaction-sandbox-1.txt"
    var folders: [URL] = []
    if let index = arguments.firstIndex(of: "--corpus"), index + 1 < arguments.count {
      let corpus = URL(fileURLWithPath: arguments[index + 1])
      folders = [corpus.appendingPathComponent("jws/real"), corpus]
    } else {
      // <root>/Sources/sportstime-store-bench/JWSBenchmarks.swift
      let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      var folder = packageRoot.deletingLastPathComponent()
      for _ in 0..<2 {
        folders.append(folder.appendingPathComponent("shared/corpus/jws/real"))
        folder = folder.deletingLastPathComponent()
      }
    }
    for folder in folders {
      let url = folder.appendingPathComponent(name)
      if let text = try? String(contentsOf: url, encoding: .utf8) {
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
      }
    }
    return nil
  }
}
