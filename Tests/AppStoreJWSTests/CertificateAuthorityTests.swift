import AppStoreJWS
import Foundation
import StoreModel
import Testing

/// Certificates, keys, the test certificate authority and the signer.
@Suite struct CertificateAuthorityTests {
  func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02X", $0) }.joined() }

  @Test("the embedded Apple Root CA - G3 has the published SHA-256 fingerprint")
  func appleRootFingerprint() {
    let root = Certificate.appleRootCAG3
    #expect(
      hex(root.sha256Fingerprint)
        == "63343ABFB89A6A03EBB57E9B3F5FA7BE7C4F5C756F3017B3A8C488C3653E9179")
    #expect(root.serialNumber == "2DC5FC88D2C54B95")
    #expect(root.subject.contains("CN=Apple Root CA - G3"))
    #expect(root.notValidBefore == Date(timeIntervalSince1970: 1_398_881_946))
    #expect(root.notValidAfter == Date(timeIntervalSince1970: 2_187_800_346))
  }

  @Test("a certificate round-trips through PEM and DER, and parsing is strict")
  func certificateEncodings() throws {
    let root = Certificate.appleRootCAG3
    #expect(try Certificate(pemEncoded: root.pemRepresentation) == root)
    #expect(try Certificate(derEncoded: root.derRepresentation) == root)
    #expect(try Certificate(contentsOf: Data(root.pemRepresentation.utf8)) == root)
    #expect(try Certificate(contentsOf: root.derRepresentation) == root)
    let both = root.pemRepresentation + Fixtures.authority.root.pemRepresentation
    #expect(try Certificate.certificates(pemEncoded: both) == [root, Fixtures.authority.root])
    #expect(throws: AppStoreJWSError.self) { try Certificate(pemEncoded: both) }
    #expect(throws: AppStoreJWSError.self) {
      try Certificate(derEncoded: root.derRepresentation + [0])
    }
    #expect(throws: AppStoreJWSError.self) {
      try Certificate(derEncoded: root.derRepresentation.dropLast())
    }
    #expect(throws: AppStoreJWSError.self) { try Certificate(pemEncoded: "not a certificate") }
    #expect(throws: AppStoreJWSError.self) { try Certificate(derEncoded: []) }
  }

  @Test("a CA made from a seed has the same keys, names, serials and validity every time")
  func deterministicAuthority() throws {
    let seed = Array("same seed".utf8)
    let first = try TestCertificateAuthority(seed: seed)
    let second = try TestCertificateAuthority(seed: seed)
    #expect(first.rootKey == second.rootKey)
    #expect(first.intermediateKey == second.intermediateKey)
    #expect(first.leafKey == second.leafKey)
    for (a, b) in zip(first.certificateChain, second.certificateChain) {
      #expect(a.subject == b.subject)
      #expect(a.serialNumber == b.serialNumber)
      #expect(a.notValidBefore == b.notValidBefore)
      #expect(a.notValidAfter == b.notValidAfter)
    }
    let other = try TestCertificateAuthority(seed: Array("other seed".utf8))
    #expect(other.leafKey != first.leafKey)
    #expect(first.intermediate.hasExtension(oid: TestCertificateAuthority.intermediateMarkerOID))
    #expect(first.leaf.hasExtension(oid: TestCertificateAuthority.leafMarkerOID))
    #expect(!first.leaf.hasExtension(oid: TestCertificateAuthority.intermediateMarkerOID))
    #expect(first.root.subject == "CN=SportsTime Local App Store Root CA,O=SportsTime,C=US")
    // Tokens of one CA verify against the other's root: same keys, same names.
    let token = try second.signer.sign(Fixtures.transaction())
    let verifier = try first.verifier(
      bundleID: Fixtures.bundleID, clock: FixedClock(Fixtures.signedDate))
    #expect(try verifier.verifyTransaction(token).isVerified)
  }

  @Test("a key derived from a seed is the same scalar every time")
  func deterministicKey() throws {
    let key = try PrivateKey.p256(seed: [1, 2, 3], label: "leaf")
    #expect(
      try key.derRepresentation()
        == PrivateKey.p256(seed: [1, 2, 3], label: "leaf").derRepresentation())
    #expect(key != (try PrivateKey.p256(seed: [1, 2, 3], label: "root")))
    #expect(key.curve == .p256)
  }

  @Test("a CA saved as an archive reloads in another process and keeps signing")
  func archiveRoundTrip() throws {
    let authority = try TestCertificateAuthority.random()
    let archive = try authority.archive()
    let encoded = try JSONEncoder().encode(archive)
    let reloaded = try TestCertificateAuthority(
      archive: JSONDecoder().decode(TestCertificateAuthority.Archive.self, from: encoded))
    #expect(reloaded == authority)
    let token = try reloaded.signer.sign(Fixtures.transaction())
    let verifier = try authority.verifier(
      bundleID: Fixtures.bundleID, clock: FixedClock(Fixtures.signedDate))
    #expect(try verifier.verifyTransaction(token).isVerified)
  }

  @Test("keys and certificates export as PEM and load back")
  func pemRoundTrip() throws {
    let authority = Fixtures.authority
    let pem = try authority.leafKey.pemRepresentation()
    #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----"))
    let key = try PrivateKey(pemEncoded: pem)
    #expect(key == authority.leafKey)
    let rebuilt = try TestCertificateAuthority(
      root: Certificate(pemEncoded: authority.root.pemRepresentation), rootKey: authority.rootKey,
      intermediate: authority.intermediate, intermediateKey: authority.intermediateKey,
      leaf: authority.leaf, leafKey: key)
    #expect(rebuilt == authority)
  }

  @Test("an archive whose parts do not belong together is refused")
  func mismatchedArchive() throws {
    var archive = try Fixtures.authority.archive()
    archive.leafKey = try PrivateKey.generate().derRepresentation()
    #expect(throws: AppStoreJWSError.self) { try TestCertificateAuthority(archive: archive) }
    var foreign = try Fixtures.authority.archive()
    let other = try TestCertificateAuthority.random()
    foreign.intermediateCertificate = other.intermediate.derRepresentation
    foreign.intermediateKey = try other.intermediateKey.derRepresentation()
    #expect(throws: AppStoreJWSError.self) { try TestCertificateAuthority(archive: foreign) }
    archive.rootKey = Data([1, 2, 3])
    #expect(throws: AppStoreJWSError.self) { try TestCertificateAuthority(archive: archive) }
  }

  @Test("a signer refuses a key that is not the leaf's, or not P-256")
  func signerKeys() throws {
    let authority = Fixtures.authority
    #expect(throws: AppStoreJWSError.self) {
      try JWSSigner(key: authority.rootKey, certificateChain: authority.certificateChain)
    }
    #expect(throws: AppStoreJWSError.self) {
      try JWSSigner(key: PrivateKey.generate(curve: .p384), certificateChain: [])
    }
  }

  @Test("a signed token has App Store's header and the App Store JSON payload")
  func tokenShape() throws {
    let parsed = try UnverifiedJWS(parsing: Fixtures.token)
    #expect(parsed.header.algorithm == "ES256")
    #expect(parsed.header.certificateChain == Fixtures.authority.certificateChain.map(\.base64DER))
    #expect(parsed.signature.count == 64)
    #expect(parsed.payloadJSON == Fixtures.payloadJSON)
    #expect(try parsed.certificateChain() == Fixtures.authority.certificateChain)
  }
}
