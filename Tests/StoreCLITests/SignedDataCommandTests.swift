import AppStoreJWS
import Foundation
import StoreCLI
import StoreModel
import TestSupport
import Testing

/// `shared/corpus/jws/real` beside the package (or beside its parent, for a worktree kept in a
/// folder of worktrees): real App Store tokens, which the tests that need them are skipped
/// without, saying why.
private let realTokens = PackageFolders.sharedCorpus("jws/real")
private let realTokensAbsent: Comment =
  "../shared/corpus/jws/real is absent: no real App Store token to verify"

@Suite struct SignedDataCommandTests {
  /// A transaction signed by a seeded local authority, and that authority's root as a PEM file.
  struct LocalToken {
    let token: String
    let rootPath: String
    let folder: URL

    init() throws {
      let authority = try TestCertificateAuthority(seed: Array("verify-command".utf8))
      let transaction = Transaction(
        id: 7, originalID: 7, appBundleID: "com.sportstime.app",
        productID: "com.sportstime.pro.annual", productType: .autoRenewable,
        purchaseDate: Date(timeIntervalSince1970: 1_767_225_600),
        signedDate: Date(timeIntervalSince1970: 1_767_225_600),
        subscriptionGroupID: "21500001",
        expirationDate: Date(timeIntervalSince1970: 1_798_761_600),
        environment: .localTesting)
      token = try authority.signer.sign(transaction)
      folder = try TemporaryFolder("verify").url
      rootPath = folder.appendingPathComponent("root.pem").path
      try Data(authority.root.pemRepresentation.utf8).write(to: URL(fileURLWithPath: rootPath))
    }
  }

  /// A real token of the corpus (`realTokens`), by file name; `nil` when it is absent.
  static func real(_ name: String) -> String? {
    guard let url = realTokens?.appendingPathComponent(name),
      let data = try? Data(contentsOf: url)
    else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  static let realToken = real("sessionpro-transaction-sandbox-1.txt")

  func run(_ arguments: [String], input: String = "") async -> InProcessTool.Result {
    await InProcessTool.run(arguments, input: input)
  }

  @Test(
    "a real Sandbox transaction verifies against Apple Root CA - G3 for its app",
    .enabled(if: realTokens != nil, realTokensAbsent))
  func realTokenVerifies() async throws {
    let token = try #require(Self.realToken)
    let (code, output, errors) = await run([
      "verify", "--environment", "Sandbox", "--bundle-id", "com.loki-project.loki-messenger",
      token,
    ])
    #expect(code == 0)
    #expect(errors.isEmpty)
    #expect(output.hasPrefix("VERIFIED transaction (Sandbox)\n{\n"))
    #expect(output.contains(#""originalTransactionId" : "2000001024993299""#))
    let (_, json, _) = await run([
      "verify", "--environment", "Sandbox", "--bundle-id", "com.loki-project.loki-messenger",
      "--json", token,
    ])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["bundleIDChecked"] as? Bool == true)
  }

  @Test(
    "without --bundle-id any app's data verifies, and the output says the app was not checked",
    .enabled(if: realTokens != nil, realTokensAbsent))
  func realTokenWithoutBundleID() async throws {
    let token = try #require(Self.realToken)
    let (code, output, errors) = await run(["verify", "--environment", "Sandbox", token])
    #expect(code == 0)
    #expect(errors.isEmpty)
    #expect(
      output.hasPrefix(
        "VERIFIED transaction (Sandbox) — bundle id not checked: com.loki-project.loki-messenger\n{\n"
      ))
    let (jsonCode, json, _) = await run(["verify", "--environment", "Sandbox", "--json", token])
    #expect(jsonCode == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["verified"] as? Bool == true)
    #expect(object["bundleIDChecked"] as? Bool == false)
  }

  @Test(
    "renewal info says it carries no bundle id, with or without --bundle-id",
    .enabled(if: realTokens != nil, realTokensAbsent))
  func renewalInfoHasNoBundleID() async throws {
    let token = try #require(Self.real("sessionpro-renewalInfo-sandbox-1.txt"))
    for extra in [[], ["--bundle-id", "com.any.app"]] {
      let (code, output, _) = await run(["verify", "--environment", "Sandbox"] + extra + [token])
      #expect(code == 0)
      #expect(
        output.hasPrefix("VERIFIED renewalInfo (Sandbox) — renewal info carries no bundle id\n"))
      let (_, json, _) = await run(
        ["verify", "--environment", "Sandbox", "--json"] + extra + [token])
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      #expect(object["bundleIDChecked"] as? Bool == false)
    }
  }

  @Test(
    "a real transaction is not renewal info, whatever --kind says",
    .enabled(if: realTokens != nil, realTokensAbsent))
  func transactionAsRenewalInfo() async throws {
    let token = try #require(Self.real("gopay-transaction-sandbox-1.txt"))
    let (code, output, errors) = await run(
      ["verify", "--environment", "Sandbox", "--kind", "renewalInfo", "-"], input: token)
    #expect(code == 1)
    #expect(output.isEmpty)
    #expect(
      errors
        == "sportstime-store: not verified: malformed: the payload is a transaction, not renewal info\n"
    )
  }

  @Test(
    "a real Sandbox transaction is refused in Production, with the reason",
    .enabled(if: realTokens != nil, realTokensAbsent))
  func realTokenWrongEnvironment() async throws {
    let token = try #require(Self.realToken)
    let (code, output, errors) = await run(["verify", token])
    #expect(code == 1)
    #expect(output.isEmpty)
    #expect(
      errors
        == "sportstime-store: not verified: transaction: wrongEnvironment: signed for environment Sandbox, not Production\n"
    )
  }

  @Test(
    "a real token is refused against another root and for another app",
    .enabled(if: realTokens != nil, realTokensAbsent))
  func realTokenOtherRootAndApp() async throws {
    let token = try #require(Self.realToken)
    let local = try LocalToken()
    let (rootCode, _, rootErrors) = await run([
      "verify", "--environment", "Sandbox", "--root", local.rootPath, token,
    ])
    #expect(rootCode == 1)
    #expect(rootErrors.contains("invalidChain"))
    let (appCode, _, appErrors) = await run([
      "verify", "--environment", "Sandbox", "--bundle-id", "com.sportstime.app", token,
    ])
    #expect(appCode == 1)
    #expect(appErrors.contains("wrongApp"))
  }

  @Test("local App Store data verifies with its root, as stable JSON")
  func localTokenJSON() async throws {
    let local = try LocalToken()
    let (code, output, _) = await run([
      "verify", "--root", local.rootPath, "--environment", "localtesting", "--bundle-id",
      "com.sportstime.app", "--json", local.token,
    ])
    #expect(code == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    #expect(object["verified"] as? Bool == true)
    #expect(object["kind"] as? String == "transaction")
    #expect(object["environment"] as? String == "LocalTesting")
    let payload = try #require(object["payload"] as? [String: Any])
    #expect(payload["productId"] as? String == "com.sportstime.pro.annual")
    #expect(payload["transactionId"] as? String == "7")
  }

  @Test("a token read from standard input works like an argument")
  func standardInput() async throws {
    let local = try LocalToken()
    let (code, output, _) = await run(
      ["verify", "--root", local.rootPath, "--environment", "LocalTesting", "-"],
      input: local.token + "\n")
    #expect(code == 0)
    #expect(
      output.hasPrefix(
        "VERIFIED transaction (LocalTesting) — bundle id not checked: com.sportstime.app\n"))
  }

  @Test("a tampered payload byte is refused")
  func tampered() async throws {
    let local = try LocalToken()
    var parts = local.token.split(separator: ".").map(String.init)
    var payload = Array(parts[1].utf8)
    payload[10] = payload[10] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
    parts[1] = String(decoding: payload, as: UTF8.self)
    let (code, output, errors) = await run([
      "verify", "--root", local.rootPath, "--environment", "LocalTesting",
      parts.joined(separator: "."),
    ])
    #expect(code == 1)
    #expect(output.isEmpty)
    #expect(errors.hasPrefix("sportstime-store: not verified: "))
  }

  @Test(
    "bad usage exits 2 with a one-line reason",
    arguments: [
      (["verify"], "expected a JWS, or '-' to read one from standard input"),
      (["verify", "a", "b"], "expected one JWS, got 2 arguments"),
      (
        ["verify", "--environment", "Staging", "x.y.z"],
        "unknown environment 'Staging'; expected Production, Sandbox, Xcode or LocalTesting"
      ),
      (
        ["verify", "--at", "yesterday", "x.y.z"],
        "--at expects an ISO 8601 date or milliseconds since 1970, got 'yesterday'"
      ),
      (
        ["verify", "--kind", "receipt", "x.y.z"],
        "unknown kind 'receipt'; expected one of transaction, renewalInfo, notification, appTransaction"
      ),
      (["decode"], "expected a JWS, or '-' to read one from standard input"),
      (
        ["verify", "--app-apple-id", "1234", "x.y.z"],
        "--app-apple-id needs --bundle-id: without it no app is checked"
      ),
    ])
  func badUsage(arguments: [String], reason: String) async {
    let (code, output, errors) = await run(arguments)
    #expect(code == 2)
    #expect(output.isEmpty)
    let command = arguments[0]
    #expect(
      errors
        == "sportstime-store \(command): \(reason); see 'sportstime-store \(command) --help'\n")
  }

  @Test(
    "a root that is not a certificate is named with a one-line reason",
    arguments: [
      (
        "hello, not a certificate\n",
        "the bytes are not a DER X.509 certificate: the element's 101 bytes run past the end"
          + " (23 left) (at byte 0)"
      ),
      (
        "-----BEGIN CERTIFICATE-----\nAAAA!!\n-----END CERTIFICATE-----\n",
        "a PEM certificate block is not base64"
      ),
      ("", "there are no bytes"),
    ])
  func rootNotACertificate(contents: String, reason: String) async throws {
    let local = try LocalToken()
    let path = local.folder.appendingPathComponent("root.txt").path
    try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
    let (code, output, errors) = await run(["verify", "--root", path, local.token])
    #expect(code == 1)
    #expect(output.isEmpty)
    #expect(errors == "sportstime-store: \(path): not a certificate (PEM or DER): \(reason)\n")
  }

  @Test("a root file larger than 1 MiB is refused without reading it to the end")
  func rootTooLarge() async throws {
    let local = try LocalToken()
    let path = local.folder.appendingPathComponent("huge.pem").path
    try Data(repeating: 0x41, count: (1 << 20) + 1).write(to: URL(fileURLWithPath: path))
    var paths = [path]
    // A device that never ends: read to its end, it would fill the memory.
    if FileManager.default.fileExists(atPath: "/dev/zero") { paths.append("/dev/zero") }
    for path in paths {
      let (code, output, errors) = await run(["verify", "--root", path, local.token])
      #expect(code == 1)
      #expect(output.isEmpty)
      #expect(
        errors
          == "sportstime-store: \(path): not a certificate (PEM or DER): larger than 1048576 bytes\n"
      )
    }
    let (code, _, errors) = await run(["verify", "--root", local.folder.path, local.token])
    #expect(code == 1)
    #expect(errors.hasPrefix("sportstime-store: \(local.folder.path): cannot read the certificate"))
  }

  @Test("decode shows the header and payload, marked unverified")
  func decode() async throws {
    let local = try LocalToken()
    let (code, output, _) = await run(["decode", local.token])
    #expect(code == 0)
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "UNVERIFIED transaction: nothing below is trusted")
    #expect(lines.dropFirst().first == "alg: ES256")
    #expect(lines.filter { $0.hasPrefix("x5c[") }.count == 3)
    #expect(output.contains(#""productId" : "com.sportstime.pro.annual""#))
    let (jsonCode, json, _) = await run(["decode", "--json", local.token])
    #expect(jsonCode == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["verified"] as? Bool == false)
    #expect((object["header"] as? [String: Any])?["alg"] as? String == "ES256")
  }

  @Test("decode refuses what is not a JWS")
  func decodeGarbage() async {
    let (code, _, errors) = await run(["decode", "not-a-token"])
    #expect(code == 1)
    #expect(errors.hasPrefix("sportstime-store: not a JWS: "))
  }
}
