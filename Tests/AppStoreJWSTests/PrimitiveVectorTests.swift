import AppStoreJWS
import Foundation
import StoreModel
import Testing

/// Known answers for the EC primitive, whichever is compiled (libcrypto here, CryptoKit in the
/// macOS job): keys and signatures written by libcrypto (OpenSSL 3.0: `openssl ecparam
/// -genkey`, `openssl pkcs8 -topk8 -outform der`, `openssl dgst -sign`), a certificate
/// authority's archive as a local App Store state file kept it before this package read keys
/// itself, and the 56 real App Store tokens of the corpus. Only the primitive's declarations
/// are used (`Crypto/ECPrimitive.swift`), so the suite runs unchanged on every platform.
@Suite struct PrimitiveVectorTests {
  static func bytes(_ hex: String) -> [UInt8] {
    var output: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      output.append(UInt8(hex[index..<next], radix: 16) ?? 0)
      index = next
    }
    return output
  }

  static let message = Array(
    "SportsTime known answer: libcrypto signs, every primitive verifies".utf8)

  struct Vector: Sendable, CustomTestStringConvertible {
    var curve: ECCurve
    var pkcs8: String
    var spki: String
    var sha256Signature: String
    var sha384Signature: String
    var testDescription: String { "\(curve)" }
  }

  static let vectors = [
    Vector(
      curve: .p256,
      pkcs8:
        "308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420f7e45a28a09750a1"
        + "5faed5889aea699b4f4e8ebd6d53ea56e23e0d0ff3a7d7b8a144034200041d7784138c3283f0fd58bb5cc931"
        + "ee0b9a4b3daa18e6507bd91b1c1e58226f68bb1a486e534c10e8fe78aef85aeaade2bc67eeef08d924c13fcf"
        + "0807bfc011c9",
      spki:
        "3059301306072a8648ce3d020106082a8648ce3d030107034200041d7784138c3283f0fd58bb5cc931ee0b9a"
        + "4b3daa18e6507bd91b1c1e58226f68bb1a486e534c10e8fe78aef85aeaade2bc67eeef08d924c13fcf0807bf"
        + "c011c9",
      sha256Signature:
        "304502206b43d0d7369c4600335ca05a38f08e98558fe3fe29c86491ba96af27a5a8b6440221008494a2b781"
        + "87da3fdc3adeea7db8160c428c4cbacdb1700f6e5577b5f97193a3",
      sha384Signature:
        "3045022048fc7a31bc0a51c507b3aa2c96d292224b02f2bada123252f5fe61dba8085c6c022100f7485f4093"
        + "744068d759daf3aab52af4a9bec29213516d120188641a84547554"),
    Vector(
      curve: .p384,
      pkcs8:
        "3081b6020100301006072a8648ce3d020106052b8104002204819e30819b02010104307ccac61c6c34a474f3"
        + "81c4e825b230e38afd976ef42dbba2db8e2af556072ca1c8a0768a30640949c33a164b7776f2fda164036200"
        + "04ca46188234ecd15601999993183bc0e8c846b57f692953dc61e5cdf2400b06c08661f9b3bfcada2b9b178a"
        + "a164f8f5c87d2633d6ab975dd6f387e99b66bff4f0549b2ffa9e248ecaa189844bd6d30e319ae50ba499092f"
        + "0f993dc73cd648ae96",
      spki:
        "3076301006072a8648ce3d020106052b8104002203620004ca46188234ecd15601999993183bc0e8c846b57f"
        + "692953dc61e5cdf2400b06c08661f9b3bfcada2b9b178aa164f8f5c87d2633d6ab975dd6f387e99b66bff4f0"
        + "549b2ffa9e248ecaa189844bd6d30e319ae50ba499092f0f993dc73cd648ae96",
      sha256Signature:
        "30650230019cb62411d7b6468fdeff98195ee820323c43a7732af78a78afecaaded3c67ce5a61e0119046591"
        + "7a1562682bcf7893023100a739c80542f6f8abfc8417aad89ec76dcc938e985c92ce28231e3e06e00885971d"
        + "4fb794b45af056a349a3fffe712736",
      sha384Signature:
        "3064022f58e4b2edcbe8a376c90a6ae3f08be7715612166a80c14e17066683b51f5d85a38e7fb5cf8cc2ac4c"
        + "a11e4a94e0167d023100e0629c443e79c186578c7423349da8bbfd046c551c6f61a38b1adc5457198945af63"
        + "639d930bf0ffcc6a2d6aa1db331d"),
  ]

  @Test(
    "a PKCS#8 key written by libcrypto opens, states its own public key, and is written back byte for byte",
    arguments: vectors)
  func keys(vector: Vector) throws {
    let der = Self.bytes(vector.pkcs8)
    let key = try PrivateKey(derEncoded: der)
    #expect(key.curve == PrivateKey.Curve(vector.curve))
    #expect(Array(key.publicKeyDER) == Self.bytes(vector.spki))
    #expect(Array(try key.derRepresentation()) == der)
    #expect(key.key.rawScalar.count == vector.curve.coordinateByteCount)
    let again = try key.key.rawScalar.withBytes { raw throws(AppStoreJWSError) in
      try PlatformPrivateKey(curve: vector.curve, rawScalar: raw)
    }
    #expect(again.publicKey.x963Representation == key.key.publicKey.x963Representation)
  }

  @Test(
    "libcrypto's signatures verify with SHA-256 and SHA-384, and fail for another message or hash",
    arguments: vectors)
  func signatures(vector: Vector) throws {
    let key = try PrivateKey(derEncoded: Self.bytes(vector.pkcs8)).key.publicKey
    for (hash, hex) in [
      (HashFunction.sha256, vector.sha256Signature), (.sha384, vector.sha384Signature),
    ] {
      let raw = try #require(ECDSASignature.raw(fromDER: Self.bytes(hex), curve: vector.curve))
      #expect(Self.verify(key, raw, Self.message, hash))
      #expect(!Self.verify(key, raw, Self.message + [0], hash))
      #expect(!Self.verify(key, raw, Self.message, hash == .sha256 ? .sha384 : .sha256))
      #expect(!Self.verify(key, Array(raw.dropLast()), Self.message, hash))
    }
  }

  @Test(
    "what the primitive signs it verifies, on both curves with both hashes",
    arguments: ECCurve.allCases)
  func signAndVerify(curve: ECCurve) throws {
    let key = try PlatformPrivateKey(generatingOn: curve)
    for hash in HashFunction.allCases {
      let raw = try Self.message.withBytes { bytes throws(AppStoreJWSError) in
        try key.rawSignature(message: bytes, hash: hash)
      }
      #expect(raw.count == curve.rawSignatureByteCount)
      #expect(Self.verify(key.publicKey, raw, Self.message, hash))
    }
  }

  @Test(
    "scalars outside [1, n), points off the curve and zero signatures are refused",
    arguments: ECCurve.allCases)
  func refusals(curve: ECCurve) throws {
    let size = curve.coordinateByteCount
    for scalar in [[UInt8](repeating: 0, count: size), [UInt8](repeating: 0xFF, count: size), [1]] {
      #expect(throws: AppStoreJWSError.self) {
        try scalar.withBytes { raw throws(AppStoreJWSError) in
          _ = try PlatformPrivateKey(curve: curve, rawScalar: raw)
        }
      }
    }
    var point = try PlatformPrivateKey(generatingOn: curve).publicKey.x963Representation
    point[point.count - 1] ^= 1
    #expect(throws: AppStoreJWSError.self) {
      try point.withBytes { bytes throws(AppStoreJWSError) in
        _ = try PlatformPublicKey(curve: curve, x963Representation: bytes)
      }
    }
    let key = try PlatformPrivateKey(generatingOn: curve).publicKey
    #expect(!Self.verify(key, [UInt8](repeating: 0, count: 2 * size), Self.message, .sha256))
  }

  /// A local App Store state file's certificate authority as the package wrote it with
  /// OpenSSL before this package read keys itself (`meta.authority` of a state file made by
  /// `sportstime-store reset` at commit 4e96c0d): its PKCS#8 keys open, and the chain verifies.
  static let olderAuthority =
    #"{"leafKey":"MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgtFl\/4WYZgpox0Ut9bnKZixGIPSHCr"#
    + #"7eYL\/W5dmepLZmhRANCAAStiLvo71oyc1Sodeiy4Pzr0l76qqSbfwEE6Ombze4gB7SkLZ3uzXsvla08sMDXnbZg4u"#
    + #"UP5Nu0tAjPR8wl+T6P","rootCertificate":"MIIB8jCCAZigAwIBAgIBATAKBggqhkjOPQQDAjBPMQswCQYDVQQ"#
    + #"GEwJVUzETMBEGA1UECgwKU3BvcnRzVGltZTErMCkGA1UEAwwiU3BvcnRzVGltZSBMb2NhbCBBcHAgU3RvcmUgUm9vd"#
    + #"CBDQTAgFw03MDAxMDEwMDAwMDBaGA85OTk5MTIzMTIzNTk1OVowTzELMAkGA1UEBhMCVVMxEzARBgNVBAoMClNwb3J"#
    + #"0c1RpbWUxKzApBgNVBAMMIlNwb3J0c1RpbWUgTG9jYWwgQXBwIFN0b3JlIFJvb3QgQ0EwWTATBgcqhkjOPQIBBggqh"#
    + #"kjOPQMBBwNCAAT3eo4+j6dKcUR2lWr5+fxjdsOshZjmuZijejmdioz4DBhb32Vt31JALvVZbqAtVfX3ypfFaFmFttz"#
    + #"ETYsccha2o2MwYTAPBgNVHRMBAf8EBTADAQH\/MA4GA1UdDwEB\/wQEAwIBBjAdBgNVHQ4EFgQUIGLaPGLBsF4VsPM"#
    + #"gVoGY+z7av5cwHwYDVR0jBBgwFoAUIGLaPGLBsF4VsPMgVoGY+z7av5cwCgYIKoZIzj0EAwIDSAAwRQIhALgTs8Efh"#
    + #"Zpmq33PPYF4SDbMT6mGIWk4ymy+16G7pcCeAiBGXMxIagLu5qr813mh8D+dz3DRoIHznkXiJ01lOojSgQ==","root"#
    + #"Key":"MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgDYo5qsxS+tJU8wqFsLWKXYXEecUD1i6Sk\/E"#
    + #"q+7vPrdyhRANCAAT3eo4+j6dKcUR2lWr5+fxjdsOshZjmuZijejmdioz4DBhb32Vt31JALvVZbqAtVfX3ypfFaFmFt"#
    + #"tzETYsccha2","intermediateCertificate":"MIICKDCCAc+gAwIBAgIBAjAKBggqhkjOPQQDAjBPMQswCQYDVQ"#
    + #"QGEwJVUzETMBEGA1UECgwKU3BvcnRzVGltZTErMCkGA1UEAwwiU3BvcnRzVGltZSBMb2NhbCBBcHAgU3RvcmUgUm9v"#
    + #"dCBDQTAgFw03MDAxMDEwMDAwMDBaGA85OTk5MTIzMTIzNTk1OVowcTELMAkGA1UEBhMCVVMxEzARBgNVBAoMClNwb3"#
    + #"J0c1RpbWUxGDAWBgNVBAsMD0xvY2FsIEFwcCBTdG9yZTEzMDEGA1UEAwwqU3BvcnRzVGltZSBMb2NhbCBBcHAgU3Rv"#
    + #"cmUgSW50ZXJtZWRpYXRlIENBMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEF27x5tdO7CiDWJ+YH4GpasLeVC87fE"#
    + #"F7jM+gSA3jQmV\/+sFNZf6WLqGa2arxUwHbOkOV81keXR0L+IK4mTzLGaN4MHYwEgYDVR0TAQH\/BAgwBgEB\/wIBA"#
    + #"DAOBgNVHQ8BAf8EBAMCAQYwHQYDVR0OBBYEFCGcG2Y4xQVsKrTmz4yJ5Nt8k\/4IMB8GA1UdIwQYMBaAFCBi2jxiwb"#
    + #"BeFbDzIFaBmPs+2r+XMBAGCiqGSIb3Y2QGAgEEAgUAMAoGCCqGSM49BAMCA0cAMEQCICc6hhnp1rERjI5wKrF0LVMB"#
    + #"hSNW9t9rNrJcG3yrV2hRAiAcB1S+QKkoscLNmibOHz7aIsHgY+D\/6U4jdyrjGiNQVw==","leafCertificate":""#
    + #"MIICPTCCAeOgAwIBAgIBAzAKBggqhkjOPQQDAjBxMQswCQYDVQQGEwJVUzETMBEGA1UECgwKU3BvcnRzVGltZTEYMB"#
    + #"YGA1UECwwPTG9jYWwgQXBwIFN0b3JlMTMwMQYDVQQDDCpTcG9ydHNUaW1lIExvY2FsIEFwcCBTdG9yZSBJbnRlcm1l"#
    + #"ZGlhdGUgQ0EwIBcNNzAwMTAxMDAwMDAwWhgPOTk5OTEyMzEyMzU5NTlaMGkxCzAJBgNVBAYTAlVTMRMwEQYDVQQKDA"#
    + #"pTcG9ydHNUaW1lMRgwFgYDVQQLDA9Mb2NhbCBBcHAgU3RvcmUxKzApBgNVBAMMIlNwb3J0c1RpbWUgTG9jYWwgQXBw"#
    + #"IFN0b3JlIFNpZ25pbmcwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAStiLvo71oyc1Sodeiy4Pzr0l76qqSbfwEE6O"#
    + #"mbze4gB7SkLZ3uzXsvla08sMDXnbZg4uUP5Nu0tAjPR8wl+T6Po3IwcDAMBgNVHRMBAf8EAjAAMA4GA1UdDwEB\/wQ"#
    + #"EAwIHgDAdBgNVHQ4EFgQUYtfIvqiTrK7fvhuXKLw7KsHrgTwwHwYDVR0jBBgwFoAUIZwbZjjFBWwqtObPjInk23yT\"#
    + #"/ggwEAYKKoZIhvdjZAYLAQQCBQAwCgYIKoZIzj0EAwIDSAAwRQIgNvaPnGMQiK8DtdUWzyq+kM3FbqUH7Xjdk2WXBD"#
    + #"4CmqgCIQDOZkujxnEbns3gPZURzcBVzlagjP6VP+aJBrZlcZjhZw==","intermediateKey":"MIGHAgEAMBMGByq"#
    + #"GSM49AgEGCCqGSM49AwEHBG0wawIBAQQgKDTcWLtLLWb1iIXbfOK4PkaGSmc95SgVJQPXM44R6KqhRANCAAQXbvHm1"#
    + #"07sKINYn5gfgalqwt5ULzt8QXuMz6BIDeNCZX\/6wU1l\/pYuoZrZqvFTAds6Q5XzWR5dHQv4griZPMsZ"}"#

  @Test(
    "a state file's certificate authority written by libcrypto opens and signs tokens that verify")
  func olderStateAuthority() throws {
    let archive = try JSONDecoder().decode(
      TestCertificateAuthority.Archive.self, from: Data(Self.olderAuthority.utf8))
    let authority = try TestCertificateAuthority(archive: archive)
    #expect(try authority.archive() == archive)
    let token = try authority.signer.sign(
      payloadJSON: Data(#"{"environment":"LocalTesting"}"#.utf8))
    let verifier = try authority.verifier(bundleID: "com.sportstime.app")
    let result = try verifier.verify(
      token, as: LooseRenewalInfo.self, at: authority.leaf.notValidBefore.addingTimeInterval(60))
    #expect(result.isVerified)
  }

  @Test(
    "the 56 real tokens: each certificate signature (P-384, SHA-384) and token signature (P-256, SHA-256) verify with the primitive",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func realTokens() throws {
    let folder = try #require(Corpus.jws).appendingPathComponent("real")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".txt")
    }
    #expect(files.count == 56)
    for file in files {
      let jws = try UnverifiedJWS(
        parsing: try Corpus.text("real/\(file)").trimmingCharacters(in: .whitespacesAndNewlines))
      let chain = try jws.certificateChain()
      let links = [chain[0], chain[1], Certificate.appleRootCAG3]
      for index in 0..<2 {
        let child = links[index].parsed
        let issuerKey = try #require(links[index + 1].link.key)
        #expect(issuerKey.curve == .p384)
        let raw = try #require(ECDSASignature.raw(fromDER: Array(child.signature), curve: .p384))
        #expect(
          Self.verify(
            issuerKey, raw, Array(child.tbs), try #require(child.signatureAlgorithm.hash)),
          "\(file) certificate \(index)")
      }
      let leafKey = try #require(links[0].link.key)
      #expect(
        Self.verify(leafKey, Array(jws.signature), Array(jws.signingInput.utf8), .sha256), "\(file)"
      )
    }
  }

  static func verify(
    _ key: PlatformPublicKey, _ raw: [UInt8], _ message: [UInt8], _ hash: HashFunction
  ) -> Bool {
    raw.withUnsafeBytes { signature in
      message.withUnsafeBytes {
        key.isValidSignature(rawSignature: signature, message: $0, hash: hash)
      }
    }
  }
}
