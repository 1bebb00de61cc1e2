import AppStoreJWS
import Foundation
import TestSupport
import Testing

/// `api-key`, `api-fault` and `serve`'s refusals, in this process (serve as a process:
/// LocalAppStoreServerTests' ServeProcessTests).
@Suite struct ServerCommandTests {
  struct Key: Decodable, Equatable {
    var keyId, issuerId, bundleId: String
    var appAppleId: UInt64
    var privateKeyPath: String?
    var rootCertificatePath: String
  }

  @Test("api-key makes one key, once: exactly App Store Connect's fields, a P-256 .p8 and the root")
  func apiKey() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    let first = await session.run("api-key", "--json")
    #expect(first.code == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(first.out.utf8)) as? [String: Any])
    #expect(
      Set(object.keys)
        == ["keyId", "issuerId", "bundleId", "appAppleId", "privateKeyPath", "rootCertificatePath"])
    let key = try JSONDecoder().decode(Key.self, from: Data(first.out.utf8))
    #expect(key.keyId.count == 10)
    #expect(key.bundleId == "com.sportstime.app")
    let path = try #require(key.privateKeyPath)
    #expect(path.hasSuffix("/AuthKey_\(key.keyId).p8"))
    let pem = try String(contentsOfFile: path, encoding: .utf8)
    #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----"))
    #expect(try PrivateKey(pemEncoded: pem).curve == .p256)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(
      try String(contentsOfFile: key.rootCertificatePath, encoding: .utf8).hasPrefix(
        "-----BEGIN CERTIFICATE-----"))
    let again = await session.run("api-key", "--json")
    #expect(try JSONDecoder().decode(Key.self, from: Data(again.out.utf8)) == key)
    let text = await session.run("api-key")
    #expect(text.code == 0)
    #expect(text.out.contains(key.keyId))
  }

  @Test("api-key add registers a developer's own .p8; a bad one is refused and changes nothing")
  func apiKeyAdd() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    let own = session.folder.appendingPathComponent("AuthKey_2X9R4HXF34.p8")
    try Data(try PrivateKey.generate(curve: .p256).pemRepresentation().utf8).write(to: own)
    let issuer = "57246542-96fe-1a63-e053-0824d011072a"
    let added = await session.run(
      "api-key", "add", "--p8", own.path, "--key-id", "2X9R4HXF34", "--issuer-id", issuer,
      "--json")
    #expect(added.code == 0, "\(added.err)")
    let key = try JSONDecoder().decode(Key.self, from: Data(added.out.utf8))
    #expect(key.keyId == "2X9R4HXF34" && key.issuerId == issuer && key.privateKeyPath == nil)

    let before = try #require(session.stateBytes)
    let garbage = session.folder.appendingPathComponent("garbage.p8")
    try Data("not a key".utf8).write(to: garbage)
    let refused = await session.run(
      "api-key", "add", "--p8", garbage.path, "--key-id", "X", "--issuer-id", issuer)
    #expect(refused.code == 1)
    #expect(refused.err.contains("is not a PKCS#8 PEM private key"))
    let p384 = session.folder.appendingPathComponent("p384.p8")
    try Data(try PrivateKey.generate(curve: .p384).pemRepresentation().utf8).write(to: p384)
    let wrongCurve = await session.run(
      "api-key", "add", "--p8", p384.path, "--key-id", "X", "--issuer-id", issuer)
    #expect(wrongCurve.code == 1)
    #expect(wrongCurve.err.contains("is not a P-256 key"))
    let usage = await session.run("api-key", "add", "--p8", own.path)
    #expect(usage.code == 2)
    #expect(usage.err.contains("add needs --key-id ID"))
    #expect(session.stateBytes == before)
  }

  @Test(
    "api-fault arms an endpoint's 5000001, lists it, clears it; an unknown endpoint is a usage error"
  )
  func apiFault() async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    let armed = await session.run("api-fault", "transaction-info", "--sticky")
    #expect(armed.code == 0)
    let listed = await session.run("api-fault", "--json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [String: Any])
    #expect(object["transaction-info"] as? Bool == true)
    let unknown = await session.run("api-fault", "transaction-inf")
    #expect(unknown.code == 2)
    #expect(unknown.err.contains("no endpoint 'transaction-inf'; one of: transaction-info"))
    #expect(await session.run("api-fault", "--clear").code == 0)
    #expect(await session.run("api-fault").out == "No App Store Server API fault is armed.\n")
  }

  @Test("serve refuses a port out of range before it binds anything", arguments: ["70000", "abc"])
  func servePort(_ port: String) async throws {
    let session = try EmulatorSession()
    defer { session.remove() }
    #expect(await session.reset() == 0)
    let refused = await session.run("serve", "--port", port)
    #expect(refused.code == 2)
    #expect(refused.err.contains("'\(port)' is not a port (0 to 65535)"))
    #expect(refused.out == "")
  }
}
