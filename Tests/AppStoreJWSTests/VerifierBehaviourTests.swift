import AppStoreJWS
import Foundation
import StoreModel
import Testing

/// Configuration, validation time, the chain cache, Xcode data and the tool-facing API.
@Suite struct VerifierBehaviourTests {
  @Test("a verifier needs a root")
  func needsRoot() {
    #expect(throws: AppStoreJWSError.self) {
      try SignedDataVerifier(rootCertificates: [], bundleID: "com.x", environment: .sandbox)
    }
    #expect(throws: AppStoreJWSError.self) {
      try SignedDataVerifier.inspecting(rootCertificates: [], environment: .sandbox)
    }
  }

  @Test(
    "bundle id and environment are checked as Apple's library checks them, per kind",
    arguments: [
      (
        SignedPayloadKind.transaction, "com.other", AppStoreEnvironment.localTesting,
        VerificationError.Code?.some(.wrongApp)
      ),
      (.transaction, Fixtures.bundleID, .sandbox, .wrongEnvironment),
      (.renewalInfo, "com.other", .localTesting, nil),
      (.renewalInfo, Fixtures.bundleID, .production, .wrongEnvironment),
      (.notification, "com.other", .localTesting, .wrongApp),
      (.appTransaction, "com.other", .localTesting, .wrongApp),
      (.appTransaction, Fixtures.bundleID, .xcode, .wrongEnvironment),
    ])
  func claims(
    kind: SignedPayloadKind, bundleID: String, environment: AppStoreEnvironment,
    expected: VerificationError.Code?
  ) throws {
    let token = try #require(MutationPropertyTests.validTokens().first { $0.1 == kind }).0
    let verifier = try Fixtures.verifier(bundleID: bundleID, environment: environment)
    #expect(
      Fixtures.outcome { () throws(VerificationError) in try verifier.verify(token, kind: kind) }
        == expected)
  }

  @Test(
    "an inspector accepts any app's data, says the app was not checked, and still checks the environment"
  )
  func inspectorAcceptsAnyApp() throws {
    let verifier = try Fixtures.verifier(bundleID: "com.other.app")
    #expect(try verifier.verifyTransaction(Fixtures.token).verificationError?.code == .wrongApp)
    let inspector = try SignedDataVerifier.inspecting(
      rootCertificates: [Fixtures.authority.root], environment: .localTesting,
      clock: FixedClock(Fixtures.signedDate))
    let result = try inspector.verify(Fixtures.token)
    #expect(result.isVerified)
    #expect(result.unsafePayloadValue.isBundleIDChecked == false)
    #expect(result.unsafePayloadValue.claimedBundleID == Fixtures.bundleID)
    #expect(result.unsafePayloadValue.payload.kind == .transaction)
    let sandbox = try SignedDataVerifier.inspecting(
      rootCertificates: [Fixtures.authority.root], environment: .sandbox)
    #expect(
      try sandbox.verify(Fixtures.token, as: Transaction.self).verificationError?.code
        == .wrongEnvironment)
  }

  @Test("an inspector checks the chain and signature as a verifier does")
  func inspectorChecksChain() throws {
    let inspector = try SignedDataVerifier.inspecting(environment: .localTesting)
    #expect(
      try inspector.verify(Fixtures.token).verificationError?.code == .invalidChain)
    var segments = Fixtures.segments(Fixtures.token)
    var signature = Array(segments[2].utf8)
    signature[10] = signature[10] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
    segments[2] = String(decoding: signature, as: UTF8.self)
    let own = try SignedDataVerifier.inspecting(
      rootCertificates: [Fixtures.authority.root], environment: .localTesting)
    let tampered = Fixtures.outcome { () throws(VerificationError) in
      try own.verify(segments.joined(separator: "."))
    }
    #expect(tampered == .invalidSignature)
  }

  @Test("validation time: explicit, else signedDate, else the clock — never the real time")
  func validationTime() throws {
    let validity = DateInterval(
      start: Date(timeIntervalSince1970: 1_700_000_000),
      end: Date(timeIntervalSince1970: 1_800_000_000))
    let authority = try TestCertificateAuthority(seed: [9], validity: validity)
    let inside = Date(timeIntervalSince1970: 1_750_000_000)
    let outside = Date(timeIntervalSince1970: 1_850_000_000)
    let token = try authority.signer.sign(Fixtures.transaction(signedDate: inside))
    let lateToken = try authority.signer.sign(Fixtures.transaction(signedDate: outside))
    let verifier = try authority.verifier(bundleID: Fixtures.bundleID, clock: FixedClock(outside))
    #expect(try verifier.verifyTransaction(token).isVerified)
    #expect(
      try verifier.verifyTransaction(token, at: outside).verificationError?.code == .invalidChain)
    #expect(try verifier.verifyTransaction(lateToken).verificationError?.code == .invalidChain)
    #expect(try verifier.verifyTransaction(lateToken, at: inside).isVerified)
    // The validity window is [notBefore, notAfter): the last second is outside.
    #expect(
      try verifier.verifyTransaction(token, at: validity.end).verificationError?.code
        == .invalidChain)
    #expect(
      try verifier.verifyTransaction(token, at: validity.end.addingTimeInterval(-1)).isVerified)
    #expect(try verifier.verifyTransaction(token, at: validity.start).isVerified)
    // A notification without signedDate is checked at the clock's time.
    let notification = try authority.signer.sign(
      ServerNotification(
        notificationType: .test,
        data: .init(environment: .localTesting, bundleID: Fixtures.bundleID)))
    #expect(try verifier.verifyNotification(notification).verificationError?.code == .invalidChain)
    let early = try authority.verifier(bundleID: Fixtures.bundleID, clock: FixedClock(inside))
    #expect(try early.verifyNotification(notification).isVerified)
  }

  @Test("a cached chain is still checked against each verification's time")
  func cacheRespectsTime() throws {
    let validity = DateInterval(
      start: Date(timeIntervalSince1970: 1_700_000_000),
      end: Date(timeIntervalSince1970: 1_800_000_000))
    let authority = try TestCertificateAuthority(seed: [10], validity: validity)
    let verifier = try authority.verifier(
      bundleID: Fixtures.bundleID, clock: FixedClock(Fixtures.signedDate))
    let token = try authority.signer.sign(
      Fixtures.transaction(signedDate: Date(timeIntervalSince1970: 1_750_000_000)))
    #expect(try verifier.verifyTransaction(token).isVerified)
    #expect(verifier.cachedChainCount == 1)
    #expect(
      try verifier.verifyTransaction(token, at: Date(timeIntervalSince1970: 1_850_000_000))
        .verificationError?.code == .invalidChain)
    #expect(
      try verifier.verifyTransaction(token, at: Date(timeIntervalSince1970: 1_600_000_000))
        .verificationError?.code == .invalidChain)
    #expect(try verifier.verifyTransaction(token).isVerified)
  }

  @Test("the cache holds one entry per (leaf, intermediate), never failures, and is bounded")
  func cacheEntries() throws {
    let verifier = try Fixtures.verifier(roots: [Fixtures.authority.root], cache: 2)
    #expect(verifier.cachedChainCount == 0)
    #expect(try verifier.verifyTransaction(Fixtures.token).isVerified)
    #expect(try verifier.verifyTransaction(Fixtures.token).isVerified)
    #expect(verifier.cachedChainCount == 1)
    let unmarked = try ChainForge.make(leafMarkers: [])
    let refused = try unmarked.signer().sign(Fixtures.transaction())
    let trustingBoth = try Fixtures.verifier(
      roots: [Fixtures.authority.root, unmarked.root], cache: 2)
    #expect(try trustingBoth.verifyTransaction(refused).verificationError?.code == .invalidChain)
    #expect(trustingBoth.cachedChainCount == 0)
    var roots = [Fixtures.authority.root]
    var tokens = [Fixtures.token]
    for _ in 0..<3 {
      let chain = try ChainForge.make()
      roots.append(chain.root)
      tokens.append(try chain.signer().sign(Fixtures.transaction()))
    }
    let bounded = try Fixtures.verifier(roots: roots, cache: 2)
    for token in tokens { #expect(try bounded.verifyTransaction(token).isVerified) }
    #expect(bounded.cachedChainCount == 2)
    let off = try Fixtures.verifier(cache: 0)
    #expect(try off.verifyTransaction(Fixtures.token).isVerified)
    #expect(off.cachedChainCount == 0)
  }

  @Test("concurrent verifications through one verifier all succeed and share one cached chain")
  func concurrency() async throws {
    let verifier = try Fixtures.verifier()
    let token = Fixtures.token
    let verified = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<64 {
        group.addTask { (try? verifier.verifyTransaction(token).isVerified) == true }
      }
      var count = 0
      for await ok in group where ok { count += 1 }
      return count
    }
    #expect(verified == 64)
    #expect(verifier.cachedChainCount == 1)
  }

  @Test("concurrent cold verifications (no cache) share parsed certificates safely")
  func coldConcurrency() async throws {
    let verifier = try Fixtures.verifier(cache: 0)
    let good = Fixtures.token
    var parts = Fixtures.segments(good)
    parts[2] = String(parts[2].reversed())
    let bad = parts.joined(separator: ".")
    let outcomes = await withTaskGroup(of: (Bool, Bool).self) { group in
      for index in 0..<48 {
        let token = index.isMultiple(of: 3) ? bad : good
        group.addTask {
          (token == good, (try? verifier.verifyTransaction(token).isVerified) == true)
        }
      }
      var results: [(Bool, Bool)] = []
      for await result in group { results.append(result) }
      return results
    }
    #expect(outcomes.count == 48)
    #expect(outcomes.allSatisfy { $0.0 == $0.1 })
    #expect(verifier.cachedChainCount == 0)
  }

  @Test("a single-certificate x5c is accepted only for an Xcode verifier whose root it is")
  func xcodeSingleCertificate() throws {
    let authority = Fixtures.authority
    let selfSigned = try JWSSigner(key: authority.rootKey, certificateChain: [authority.root])
    let transaction = Fixtures.transaction(environment: .xcode)
    let token = try selfSigned.sign(transaction)
    let xcode = try Fixtures.verifier(roots: [authority.root], environment: .xcode)
    #expect(try xcode.verifyTransaction(token).isVerified)
    let local = try Fixtures.verifier(roots: [authority.root], environment: .localTesting)
    #expect(try local.verifyTransaction(token).verificationError?.code == .invalidChain)
    let otherRoot = try Fixtures.verifier(roots: [.appleRootCAG3], environment: .xcode)
    #expect(try otherRoot.verifyTransaction(token).verificationError?.code == .invalidChain)
    // The leaf alone is not a root: refused even by an Xcode verifier.
    let leafOnly = try Fixtures.authority.signer.sign(
      headerJSON: Data(
        JWSSigner.encode(
          JOSEHeader(algorithm: "ES256", certificateChain: [authority.leaf.base64DER])
        ).utf8),
      payloadJSON: AppStoreJSON.encoder().encode(transaction))
    #expect(try xcode.verifyTransaction(leafOnly).verificationError?.code == .invalidChain)
  }

  @Test("verify(kind:) detects the kind and renders stable JSON")
  func kindsAndRendering() throws {
    let verifier = try Fixtures.verifier()
    for (token, kind) in try MutationPropertyTests.validTokens() {
      let parsed = try UnverifiedJWS(parsing: token)
      #expect(try parsed.payloadKind() == kind)
      let result = try verifier.verify(token)
      #expect(result.isVerified)
      #expect(result.unsafePayloadValue.kind == kind)
      let json = try result.unsafePayloadValue.jsonRepresentation()
      #expect(json == (try parsed.decodePayload().jsonRepresentation()))
      #expect(json == String(decoding: parsed.payloadJSON, as: UTF8.self), "\(kind)")
      #expect(
        try result.unsafePayloadValue.jsonRepresentation(prettyPrinted: true).contains("\n  \""))
    }
  }

  @Test(
    "payload kinds are detected from their members",
    arguments: [
      (#"{"notificationType":"TEST"}"#, SignedPayloadKind?.some(.notification)),
      (#"{"receiptType":"Sandbox"}"#, .appTransaction), (#"{"transactionId":"1"}"#, .transaction),
      (#"{"autoRenewStatus":1}"#, .renewalInfo), (#"{"environment":"Sandbox"}"#, nil), ("[]", nil),
      ("x", nil),
    ])
  func detection(json: String, expected: SignedPayloadKind?) {
    #expect(SignedPayloadKind.detect(payloadJSON: Data(json.utf8)) == expected)
  }

  @Test("a payload whose kind cannot be told is malformed for verify(kind: nil)")
  func undetectable() throws {
    let token = try Fixtures.authority.signer.sign(
      payloadJSON: Data(#"{"environment":"LocalTesting"}"#.utf8))
    #expect(throws: VerificationError(.malformed, "")) { try Fixtures.verifier().verify(token) }
  }

  @Test("a date too large for whole milliseconds renders instead of trapping")
  func hugeDate() throws {
    var transaction = Fixtures.transaction()
    transaction.expirationDate = Date(timeIntervalSince1970: 1e300)
    let json = try DecodedSignedPayload.transaction(transaction).jsonRepresentation()
    #expect(json.contains("\"expiresDate\":1e+303"))
  }
}
