import AppStoreJWS
import Foundation
import StoreModel
import Testing

/// Forged, altered and malformed tokens: each is refused, with the reason it deserves.
@Suite struct AttackTests {
  let payload = Fixtures.payloadJSON

  /// Signs `payload` under a header of our choosing, with the shared CA's leaf key.
  func token(header: JOSEHeader, key: PrivateKey = Fixtures.authority.leafKey) throws -> String {
    let signer = try JWSSigner(key: key, certificateChain: [])
    return try signer.sign(headerJSON: Data(JWSSigner.encode(header).utf8), payloadJSON: payload)
  }

  var chainBase64: [String] { Fixtures.authority.certificateChain.map(\.base64DER) }

  func outcome(_ jws: String, verifier: SignedDataVerifier? = nil) throws -> VerificationError.Code?
  {
    let verifier = try verifier ?? Fixtures.verifier()
    return Fixtures.outcome { () throws(VerificationError) in try verifier.verifyTransaction(jws) }
  }

  @Test("the untouched token verifies (the control of every attack)")
  func control() throws {
    #expect(try outcome(Fixtures.token) == nil)
    #expect(
      try outcome(token(header: JOSEHeader(algorithm: "ES256", certificateChain: chainBase64)))
        == nil)
  }

  // MARK: Forged chains

  @Test("a chain from a self-made CA copying Apple's names and OIDs is refused against G3")
  func forgedAppleChain() throws {
    let forged = try ChainForge.make(
      rootNames: [
        .init("C", "US"), .init("O", "Apple Inc."), .init("OU", "Apple Certification Authority"),
        .init("CN", "Apple Root CA - G3"),
      ],
      intermediateNames: [
        .init("C", "US"), .init("O", "Apple Inc."), .init("OU", "G6"),
        .init("CN", "Apple Worldwide Developer Relations Certification Authority"),
      ],
      leafNames: [
        .init("C", "US"), .init("O", "Apple Inc."),
        .init("OU", "Apple Worldwide Developer Relations"),
        .init("CN", "Prod ECC Mac App Store and iTunes Store Receipt Signing"),
      ], curve: .p384)
    let apple = try SignedDataVerifier(
      bundleID: Fixtures.bundleID, environment: .localTesting,
      clock: FixedClock(Fixtures.signedDate))
    let withForgedRoot = try forged.signer().sign(Fixtures.transaction())
    #expect(try outcome(withForgedRoot, verifier: apple) == .invalidChain)
    // The real G3 as x5c[2] changes nothing: x5c[2] is never trusted or read.
    let withRealRoot = try forged.signer([forged.leaf, forged.intermediate, .appleRootCAG3])
      .sign(Fixtures.transaction())
    #expect(try outcome(withRealRoot, verifier: apple) == .invalidChain)
    // And it does verify against its own root: the refusal is about trust, not shape.
    let own = try Fixtures.verifier(roots: [forged.root])
    #expect(try outcome(withForgedRoot, verifier: own) == nil)
  }

  @Test(
    "a chain whose intermediate or leaf lacks Apple's marker is refused",
    arguments: [(true, false), (false, true), (false, false)])
  func missingMarkers(intermediateMarked: Bool, leafMarked: Bool) throws {
    let chain = try ChainForge.make(
      intermediateMarkers: intermediateMarked
        ? [TestCertificateAuthority.intermediateMarkerOID] : [],
      leafMarkers: leafMarked ? [TestCertificateAuthority.leafMarkerOID] : [])
    let jws = try chain.signer().sign(Fixtures.transaction())
    #expect(try outcome(jws, verifier: Fixtures.verifier(roots: [chain.root])) == .invalidChain)
  }

  @Test("markers swapped between leaf and intermediate are refused")
  func swappedMarkers() throws {
    let chain = try ChainForge.make(
      intermediateMarkers: [TestCertificateAuthority.leafMarkerOID],
      leafMarkers: [TestCertificateAuthority.intermediateMarkerOID])
    let jws = try chain.signer().sign(Fixtures.transaction())
    #expect(try outcome(jws, verifier: Fixtures.verifier(roots: [chain.root])) == .invalidChain)
  }

  @Test("a leaf marker made critical is refused (unknown critical extension)")
  func criticalMarker() throws {
    let chain = try ChainForge.make(
      leafMarkers: [], criticalLeafMarkers: [TestCertificateAuthority.leafMarkerOID])
    let jws = try chain.signer().sign(Fixtures.transaction())
    #expect(try outcome(jws, verifier: Fixtures.verifier(roots: [chain.root])) == .invalidChain)
  }

  @Test("an intermediate that is not a CA is refused")
  func intermediateNotCA() throws {
    let chain = try ChainForge.make(intermediateIsCA: false)
    let jws = try chain.signer().sign(Fixtures.transaction())
    #expect(try outcome(jws, verifier: Fixtures.verifier(roots: [chain.root])) == .invalidChain)
  }

  @Test("a leaf whose key is not P-256 is refused")
  func p384Leaf() throws {
    let chain = try ChainForge.make(leafKeyCurve: .p384)
    let x5c = [chain.leaf, chain.intermediate, chain.root].map(\.base64DER)
    let jws = try token(header: JOSEHeader(algorithm: "ES256", certificateChain: x5c))
    #expect(
      try outcome(jws, verifier: Fixtures.verifier(roots: [chain.root])) == .invalidCertificate)
  }

  @Test("a leaf that expired before, or starts after, the signing date is refused")
  func leafOutsideValidity() throws {
    let past = DateInterval(
      start: Date(timeIntervalSince1970: 1_600_000_000),
      end: Date(timeIntervalSince1970: 1_700_000_000))
    let future = DateInterval(
      start: Date(timeIntervalSince1970: 1_800_000_000),
      end: Date(timeIntervalSince1970: 1_900_000_000))
    for validity in [past, future] {
      let chain = try ChainForge.make(leafValidity: validity)
      let jws = try chain.signer().sign(Fixtures.transaction())
      #expect(try outcome(jws, verifier: Fixtures.verifier(roots: [chain.root])) == .invalidChain)
    }
  }

  @Test("x5c chains of other lengths are refused", arguments: [0, 1, 2, 4, 5])
  func chainLengths(count: Int) throws {
    let chain = Fixtures.authority.certificateChain.map(\.base64DER)
    let x5c = (0..<count).map { chain[min($0, 2)] }
    #expect(
      try outcome(token(header: JOSEHeader(algorithm: "ES256", certificateChain: x5c)))
        == .invalidChain)
  }

  @Test("a real four-level chain is refused: the path to the root has four certificates")
  func fourLevelChain() throws {
    let authority = Fixtures.authority
    let extraKey = try PrivateKey.generate()
    let extra = try Certificate.issue(
      CertificateTemplate(
        subject: [.init("CN", "Second Intermediate")], serialNumber: [0x20],
        notValidBefore: ChainForge.validity.start, notValidAfter: ChainForge.validity.end,
        isCertificateAuthority: true,
        markerExtensions: [TestCertificateAuthority.intermediateMarkerOID]),
      subjectKey: extraKey, issuer: authority.intermediate, issuerKey: authority.intermediateKey)
    let leafKey = try PrivateKey.generate()
    let leaf = try Certificate.issue(
      CertificateTemplate(
        subject: [.init("CN", "Deep Leaf")], serialNumber: [0x21],
        notValidBefore: ChainForge.validity.start, notValidAfter: ChainForge.validity.end,
        markerExtensions: [TestCertificateAuthority.leafMarkerOID]),
      subjectKey: leafKey, issuer: extra, issuerKey: extraKey)
    let jws = try JWSSigner(key: leafKey, certificateChain: [leaf, extra, authority.intermediate])
      .sign(Fixtures.transaction())
    #expect(try outcome(jws) == .invalidChain)
  }

  @Test("a valid token replayed with its x5c in another order is refused")
  func reorderedX5C() throws {
    let chain = chainBase64
    let orders = [[0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
    let parts = Fixtures.segments(Fixtures.token)
    for order in orders {
      let header = JOSEHeader(algorithm: "ES256", certificateChain: order.map { chain[$0] })
      let replayed = [Fixtures.base64URL(Data(JWSSigner.encode(header).utf8)), parts[1], parts[2]]
        .joined(separator: ".")
      #expect(try outcome(replayed) == .invalidChain, "order \(order)")
      // Even re-signed by the real leaf key, a reordered chain does not lead to the root.
      #expect(try outcome(token(header: header)) == .invalidChain, "order \(order), re-signed")
    }
  }

  // MARK: Header and algorithm

  @Test(
    "alg other than ES256 is refused",
    arguments: ["none", "HS256", "RS256", "ES384", "es256", "ES256 "])
  func algorithms(_ algorithm: String) throws {
    let jws = try token(header: JOSEHeader(algorithm: algorithm, certificateChain: chainBase64))
    #expect(try outcome(jws) == .unsupportedAlgorithm)
  }

  @Test("alg none with an empty signature is refused as malformed")
  func algNoneEmptySignature() throws {
    let header = Fixtures.base64URL(Data(#"{"alg":"none"}"#.utf8))
    let jws = header + "." + Fixtures.segments(Fixtures.token)[1] + "."
    #expect(try outcome(jws) == .malformed)
  }

  @Test(
    "a header without alg, without x5c, with crit, or with a duplicate member is malformed",
    arguments: [
      #"{"x5c":[]}"#, #"{"alg":"ES256"}"#, #"{"alg":"ES256","x5c":%@,"crit":["exp"]}"#,
      #"{"alg":"ES256","alg":"ES256","x5c":%@}"#, #"{"alg":"ES256","x5c":%@,"x5c":%@}"#,
      #"{"alg":1,"x5c":%@}"#, #"{"alg":"ES256","x5c":"%@"}"#, #"["ES256"]"#,
      #"{"alg":"ES256","x5c":%@} x"#,
    ])
  func malformedHeaders(_ template: String) throws {
    let x5c = "[" + chainBase64.map { "\"\($0)\"" }.joined(separator: ",") + "]"
    let json = template.replacingOccurrences(of: "%@", with: x5c)
    let signer = try JWSSigner(key: Fixtures.authority.leafKey, certificateChain: [])
    let jws = try signer.sign(headerJSON: Data(json.utf8), payloadJSON: payload)
    #expect(try outcome(jws) == .malformed, "\(json.prefix(60))")
  }

  @Test("other header members (typ, kid, unknown) are allowed")
  func extraHeaderMembers() throws {
    let x5c = "[" + chainBase64.map { "\"\($0)\"" }.joined(separator: ",") + "]"
    let json =
      #"{"typ":"JWT","kid":"k","x-extra":{"a":[1,2.5e3,null,true]},"alg":"ES256","x5c":"# + x5c
      + "}"
    let signer = try JWSSigner(key: Fixtures.authority.leafKey, certificateChain: [])
    #expect(try outcome(signer.sign(headerJSON: Data(json.utf8), payloadJSON: payload)) == nil)
  }

  // MARK: Tampering

  @Test("a tampered payload is refused")
  func tamperedPayload() throws {
    var parts = Fixtures.segments(Fixtures.token)
    let evil = try AppStoreJSON.encoder().encode(Fixtures.transaction(bundleID: "com.evil.app"))
    parts[1] = Fixtures.base64URL(evil)
    let jws = parts.joined(separator: ".")
    #expect(
      try outcome(jws, verifier: Fixtures.verifier(bundleID: "com.evil.app")) == .invalidSignature)
  }

  @Test("a tampered header byte is refused")
  func tamperedHeader() throws {
    var parts = Fixtures.segments(Fixtures.token)
    let header = try #require(Fixtures.decodeBase64URL(parts[0]))
    var json = try #require(String(data: header, encoding: .utf8))
    json = json.replacingOccurrences(of: #"{"alg":"ES256","#, with: #"{"alg":"ES256","typ":"JWT","#)
    parts[0] = Fixtures.base64URL(Data(json.utf8))
    #expect(try outcome(parts.joined(separator: ".")) == .invalidSignature)
  }

  @Test("a signature made by another key over the same chain is refused")
  func anotherKey() throws {
    let other = try PrivateKey.generate()
    let jws = try token(
      header: JOSEHeader(algorithm: "ES256", certificateChain: chainBase64), key: other)
    #expect(try outcome(jws) == .invalidSignature)
  }

  @Test(
    "the high-S twin of a valid signature is accepted, as Apple's library and OpenSSL accept it")
  func highS() throws {
    var parts = Fixtures.segments(Fixtures.token)
    var signature = [UInt8](try #require(Fixtures.decodeBase64URL(parts[2])))
    // s' = n - s on P-256.
    let order: [UInt8] = [
      0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
      0xFF,
      0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25,
      0x51,
    ]
    var borrow = 0
    for index in (0..<32).reversed() {
      let difference = Int(order[index]) - Int(signature[32 + index]) - borrow
      signature[32 + index] = UInt8((difference + 256) % 256)
      borrow = difference < 0 ? 1 : 0
    }
    parts[2] = Fixtures.base64URL(Data(signature))
    let twin = parts.joined(separator: ".")
    #expect(twin != Fixtures.token)
    #expect(try outcome(twin) == nil)
  }

  @Test("a DER signature and a padded signature segment are malformed")
  func signatureEncodings() throws {
    var parts = Fixtures.segments(Fixtures.token)
    let padded = parts.joined(separator: ".") + "=="
    #expect(try outcome(padded) == .malformed)
    let raw = [UInt8](try #require(Fixtures.decodeBase64URL(parts[2])))
    func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
      var value = Array(bytes.drop { $0 == 0 })
      if value.isEmpty || value[0] & 0x80 != 0 { value.insert(0, at: 0) }
      return [0x02, UInt8(value.count)] + value
    }
    let body = integer(raw[0..<32]) + integer(raw[32..<64])
    parts[2] = Fixtures.base64URL(Data([0x30, UInt8(body.count)] + body))
    #expect(try outcome(parts.joined(separator: ".")) == .malformed)
  }

  // MARK: Shape

  @Test("every truncation of a valid token is refused")
  func truncations() throws {
    let verifier = try Fixtures.verifier()
    let bytes = Array(Fixtures.token.utf8)
    for length in stride(from: 0, to: bytes.count, by: 7) {
      let truncated = String(decoding: bytes.prefix(length), as: UTF8.self)
      let result = Fixtures.outcome { () throws(VerificationError) in
        try verifier.verifyTransaction(truncated)
      }
      #expect(result != nil, "accepted a token cut at \(length)")
    }
  }

  @Test("an oversized token is refused before any work")
  func oversized() throws {
    let big = Fixtures.token + String(repeating: "A", count: 300 * 1024)
    #expect(try outcome(big) == .malformed)
  }

  @Test("an invalid base64url character at any position of any segment is refused")
  func invalidBase64EveryPosition() throws {
    let verifier = try Fixtures.verifier()
    let bytes = Array(Fixtures.token.utf8)
    for position in bytes.indices where bytes[position] != UInt8(ascii: ".") {
      for replacement in Array("!=+/".utf8) {
        var mutated = bytes
        mutated[position] = replacement
        let jws = String(decoding: mutated, as: UTF8.self)
        let result = Fixtures.outcome { () throws(VerificationError) in
          try verifier.verifyTransaction(jws)
        }
        #expect(result == .malformed, "position \(position), \(replacement)")
      }
    }
  }

  @Test("broken JSON at any position of header or payload is refused")
  func invalidJSONEveryPosition() throws {
    let verifier = try Fixtures.verifier()
    let parts = Fixtures.segments(Fixtures.token)
    for segment in 0..<2 {
      let json = [UInt8](try #require(Fixtures.decodeBase64URL(parts[segment])))
      for position in json.indices {
        for replacement: UInt8 in [0x01, UInt8(ascii: "}")] where json[position] != replacement {
          var mutated = json
          mutated[position] = replacement
          var rebuilt = parts
          rebuilt[segment] = Fixtures.base64URL(Data(mutated))
          let jws = rebuilt.joined(separator: ".")
          let result = Fixtures.outcome { () throws(VerificationError) in
            try verifier.verifyTransaction(jws)
          }
          #expect(result != nil, "segment \(segment), position \(position)")
        }
      }
    }
  }

  @Test("a payload that is not JSON, or not a transaction, is malformed")
  func payloadShapes() throws {
    let signer = Fixtures.authority.signer
    for body in ["", "null", "[]", "{}", #"{"transactionId":1}"#, "{\"a\":1} x", #"{"a":1,"a":2}"#]
    {
      let jws = try signer.sign(payloadJSON: Data(body.utf8))
      #expect(try outcome(jws) == .malformed, "\(body)")
    }
  }
}
