import AppStoreJWS
import Foundation
import OpenSSLOracle
import StoreModel

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
    _ = measure(
      Subject(key: "", name: "", token: "test-CA token", chain: "test CA"), token: token,
      baseline: try OpenSSLBaseline(jws: token, root: authority.root),
      warm: try authority.verifier(bundleID: "com.sportstime.app"),
      cold: try authority.verifier(bundleID: "com.sportstime.app", chainCacheCapacity: 0),
      seconds: 0.1, into: &report)
  }

  static func appleG3(into report: inout BenchmarkReport) throws {
    guard let token = realToken() else {
      report.notice(
        "the corpus (shared/corpus/jws/real beside the package) is absent: the G3 figures are"
          + " skipped; pass --corpus DIR to name it")
      return
    }
    let bundleID = "com.loki-project.loki-messenger"
    let pooled = try SignedDataVerifier.pooledWithoutChainCache(
      bundleID: bundleID, environment: .sandbox)
    let rates = measure(
      Subject(key: "g3_", name: " G3", token: "G3 token", chain: "G3 chain"), token: token,
      baseline: try OpenSSLBaseline(jws: token, root: .appleRootCAG3),
      warm: try SignedDataVerifier(bundleID: bundleID, environment: .sandbox),
      cold: try SignedDataVerifier(
        bundleID: bundleID, environment: .sandbox, chainCacheCapacity: 0),
      seconds: 0.2, extra: [{ (try? pooled.verifyTransaction(token).isVerified) == true }],
      into: &report)
    report.record(
      "cold_g3_over_openssl_cold_path", rates.cold / rates.openSSLCold,
      label: "  cold G3 / OpenSSL cold path")
    try coldParts(token: token, floor: rates.rawChain, into: &report)
    report.record(
      "cold_g3_pooled_verify_per_s", rates.extra[0],
      label: "verifyTransaction G3, chain cache off, parsed certificates pooled")
    report.record(
      "cold_g3_pooled_verify_ratio", rates.extra[0] / rates.rawChain,
      label: "  pooled G3 / OpenSSL")
  }

  /// The parts of a cold G3 verification alone: both certificates parsed by the Swift reader,
  /// and the leaf's (P-256) and intermediate's (P-384) keys imported into the primitive, each
  /// as a rate and as a share of the floor (the chain's three bare signature checks).
  static func coldParts(token: String, floor: Double, into report: inout BenchmarkReport) throws {
    let chain = try UnverifiedJWS(parsing: token).certificateChain()
    let ders = chain.prefix(2).map { Array($0.derRepresentation) }
    let rates = compareAll(
      seconds: 0.1,
      [
        { ders.allSatisfy(ColdPathParts.parse) },
        { chain.prefix(2).allSatisfy(ColdPathParts.importKey(of:)) },
      ])
    report.record(
      "cold_g3_floor_per_s", floor, label: "  floor: the G3 chain's 3 bare signature checks")
    report.record("cold_g3_parse_per_s", rates[0], label: "  parse leaf + intermediate (Swift)")
    report.record(
      "cold_g3_parse_share_ratio", floor / rates[0], label: "  parse, share of the floor's time")
    report.record(
      "cold_g3_key_imports_per_s", rates[1], label: "  import P-256 + P-384 keys (primitive)")
    report.record(
      "cold_g3_key_imports_share_ratio", floor / rates[1],
      label: "  key imports, share of the floor")
  }

  /// What the figures of one token and its chain are called: `key` goes into the keys (`raw_g3_verify_per_s`),
  /// `name` after `verifyTransaction` and `warm` or `cold` in the labels, `token` and `chain`
  /// after OpenSSL's checks.
  struct Subject {
    var key: String
    var name: String
    var token: String
    var chain: String
  }

  /// Measures and records the figures every token has: OpenSSL's ES256 check of `token`
  /// against `warm` verification of it, then, in alternating rounds of `seconds`, OpenSSL's
  /// three signature checks, `cold` verification, OpenSSL's cold path and the `extra` bodies.
  /// - Returns: the rates of the cold rounds, for the caller's own figures.
  static func measure(
    _ subject: Subject, token: String, baseline: OpenSSLBaseline, warm: SignedDataVerifier,
    cold: SignedDataVerifier, seconds: Double, extra: [() -> Bool] = [],
    into report: inout BenchmarkReport
  ) -> (rawChain: Double, cold: Double, openSSLCold: Double, extra: [Double]) {
    let (key, name) = (subject.key, subject.name)
    let (raw, warmRate) = Rate.compare(
      { baseline.verifyTokenSignature() },
      { (try? warm.verifyTransaction(token).isVerified) == true })
    report.record("raw_\(key)verify_per_s", raw, label: "OpenSSL ES256 check, \(subject.token)")
    report.record(
      "warm_\(key)verify_per_s", warmRate, label: "verifyTransaction\(name), warm cache")
    report.record("warm_\(key)verify_ratio", warmRate / raw, label: "  warm\(name) / OpenSSL")
    let rates = compareAll(
      seconds: seconds,
      [
        { baseline.verifyAllSignatures() },
        { (try? cold.verifyTransaction(token).isVerified) == true },
        { baseline.verifyChainFromDER() },
      ] + extra)
    let (rawChain, coldRate, openSSLCold) = (rates[0], rates[1], rates[2])
    report.record(
      "raw_\(key)chain_per_s", rawChain, label: "OpenSSL 3 signature checks, \(subject.chain)")
    report.record(
      "cold_\(key)verify_per_s", coldRate, label: "verifyTransaction\(name), every cache off")
    report.record(
      "cold_\(key)verify_ratio", coldRate / rawChain, label: "  cold\(name) / OpenSSL")
    report.record(
      "openssl_\(key)cold_path_per_s", openSSLCold,
      label: "OpenSSL alone: parse 2 certs, X509_verify_cert, ES256")
    report.record(
      "openssl_\(key)cold_path_ratio", openSSLCold / rawChain,
      label: "  OpenSSL cold path / 3 checks")
    return (rawChain, coldRate, openSSLCold, Array(rates.dropFirst(3)))
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
    guard let folder = realTokenFolder(arguments: arguments, holding: name) else { return nil }
    let url = folder.appendingPathComponent(name)
    return (try? String(contentsOf: url, encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The corpus folder of real tokens (`jws/real`), found as ``realToken(arguments:)`` finds it.
  static func realTokenFolder(
    arguments: [String] = CommandLine.arguments,
    holding name: String = "sessionpro-transaction-sandbox-1.txt"
  ) -> URL? {
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
    return folders.first {
      FileManager.default.fileExists(atPath: $0.appendingPathComponent(name).path)
    }
  }
}
