import AppStoreJWS
import Foundation
import StoreModel
import Testing

/// A payload of one kind is never accepted as another: asked for renewal info, a transaction is
/// `malformed` ("the payload is a transaction, not renewal info"), by every entry point.
@Suite struct PayloadKindTests {
  /// Every ordered pair of different kinds: (the payload's kind, the kind asked for).
  static let mismatches: [(SignedPayloadKind, SignedPayloadKind)] = SignedPayloadKind.allCases
    .flatMap { shown in
      SignedPayloadKind.allCases.filter { $0 != shown }.map { (shown, $0) }
    }

  static let phrases: [SignedPayloadKind: String] = [
    .transaction: "a transaction", .renewalInfo: "renewal info",
    .notification: "a notification", .appTransaction: "an app transaction",
  ]

  /// The reason a payload of kind `shown` is refused as `asked`.
  static func reason(_ shown: SignedPayloadKind, asked: SignedPayloadKind) -> String {
    "the payload is \(phrases[shown] ?? ""), not \(phrases[asked] ?? "")"
  }

  /// The malformed error thrown by `body`, or `nil` when it did not throw.
  static func thrown<T>(_ body: () throws(VerificationError) -> T) -> VerificationError? {
    do {
      _ = try body()
      return nil
    } catch {
      return error
    }
  }

  static func token(_ kind: SignedPayloadKind) throws -> String {
    try #require(MutationPropertyTests.validTokens().first { $0.1 == kind }).0
  }

  @Test("12 ordered pairs of different kinds are covered")
  func pairs() {
    #expect(Self.mismatches.count == 12)
  }

  @Test("verify(kind:) refuses a payload of another kind as malformed", arguments: mismatches)
  func verifyKind(shown: SignedPayloadKind, asked: SignedPayloadKind) throws {
    let token = try Self.token(shown)
    let verifier = try Fixtures.verifier()
    let error = Self.thrown { () throws(VerificationError) in
      try verifier.verify(token, kind: asked)
    }
    #expect(error?.code == .malformed)
    #expect(error?.reason == Self.reason(shown, asked: asked))
  }

  @Test("the typed verify methods refuse a payload of another kind", arguments: mismatches)
  func typedMethods(shown: SignedPayloadKind, asked: SignedPayloadKind) throws {
    let token = try Self.token(shown)
    let verifier = try Fixtures.verifier()
    let error = Self.thrown { () throws(VerificationError) -> Bool in
      switch asked {
      case .transaction: try verifier.verifyTransaction(token).isVerified
      case .renewalInfo: try verifier.verifyRenewalInfo(token).isVerified
      case .notification: try verifier.verifyNotification(token).isVerified
      case .appTransaction: try verifier.verifyAppTransaction(token).isVerified
      }
    }
    #expect(error?.code == .malformed)
    #expect(error?.reason == Self.reason(shown, asked: asked))
  }

  @Test(
    "an inspector and decodePayload(as:) refuse a payload of another kind", arguments: mismatches)
  func inspectorAndDecoding(shown: SignedPayloadKind, asked: SignedPayloadKind) throws {
    let token = try Self.token(shown)
    let inspector = try SignedDataVerifier.inspecting(
      rootCertificates: [Fixtures.authority.root], environment: .localTesting,
      clock: FixedClock(Fixtures.signedDate))
    let inspected = Self.thrown { () throws(VerificationError) in
      try inspector.verify(token, kind: asked)
    }
    #expect(inspected?.reason == Self.reason(shown, asked: asked))
    let parsed = try UnverifiedJWS(parsing: token)
    let decoded = Self.thrown { () throws(VerificationError) in
      try parsed.decodePayload(as: asked)
    }
    #expect(decoded?.code == .malformed)
    #expect(decoded?.reason == Self.reason(shown, asked: asked))
  }

  @Test("each kind still verifies as itself", arguments: SignedPayloadKind.allCases)
  func sameKind(kind: SignedPayloadKind) throws {
    let result = try Fixtures.verifier().verify(try Self.token(kind), kind: kind)
    #expect(result.isVerified)
    #expect(result.unsafePayloadValue.kind == kind)
  }

  @Test(
    "every real token is refused as every other kind", .enabled(if: Corpus.isPresent, Corpus.absent)
  )
  func realTokens() throws {
    var checked = 0
    for real in RealToken.all {
      guard let shown = SignedPayloadKind(rawValue: real.kind.split(separator: ":")[0].description)
      else { continue }
      let token = try real.token
      let verifier = try real.verifier()
      for asked in SignedPayloadKind.allCases where asked != shown {
        let error = Self.thrown { () throws(VerificationError) in
          try verifier.verify(token, kind: asked, at: real.explicitTime)
        }
        #expect(error?.reason == Self.reason(shown, asked: asked), "\(real.file) as \(asked)")
        checked += 1
      }
    }
    #expect(checked == RealToken.all.count * 3)
  }

  @Test("renewal info without autoRenewStatus, or with a value other than 0 or 1, is malformed")
  func autoRenewStatusRequired() throws {
    let cases = [
      (
        #"{"originalTransactionId":"1","productId":"p","autoRenewProductId":"p","signedDate":1767225601000,"environment":"LocalTesting"}"#,
        #"the payload is not renewal info: missing "autoRenewStatus""#
      ),
      (
        #"{"originalTransactionId":"1","productId":"p","autoRenewStatus":2,"signedDate":1767225601000,"environment":"LocalTesting"}"#,
        "the payload is not renewal info: autoRenewStatus: expected 0 or 1, got 2"
      ),
    ]
    let verifier = try Fixtures.verifier()
    for (json, reason) in cases {
      let token = try Fixtures.authority.signer.sign(payloadJSON: Data(json.utf8))
      let error = Self.thrown { () throws(VerificationError) in
        try verifier.verifyRenewalInfo(token)
      }
      #expect(error?.code == .malformed)
      #expect(error?.reason == reason)
    }
  }

  @Test("renewal info without isInBillingRetryPeriod reads as not in billing retry")
  func billingRetryOptional() throws {
    let json =
      #"{"originalTransactionId":"1","productId":"p","autoRenewStatus":1,"signedDate":1767225601000,"environment":"LocalTesting"}"#
    let token = try Fixtures.authority.signer.sign(payloadJSON: Data(json.utf8))
    let info = try Fixtures.verifier().verifyRenewalInfo(token).payloadValue
    #expect(info.willAutoRenew)
    #expect(!info.isInBillingRetry)
  }

  @Test("decoding errors name the kind with its article")
  func articles() throws {
    let json = #"{"receiptType":"LocalTesting","bundleId":"com.sportstime.app"}"#
    let token = try Fixtures.authority.signer.sign(payloadJSON: Data(json.utf8))
    let verifier = try Fixtures.verifier()
    let error = Self.thrown { () throws(VerificationError) in
      try verifier.verifyAppTransaction(token)
    }
    #expect(error?.reason.hasPrefix("the payload is not an app transaction: missing ") == true)
  }

  @Test(
    "detection reads payloads as strictly as verification",
    arguments: [
      #"{"transactionId":"1","transactionId":"2"}"#, #"{"transactionId":"1"} x"#,
      #"{"transactionId":"1",}"#,
    ])
  func strictDetection(json: String) {
    #expect(SignedPayloadKind.detect(payloadJSON: Data(json.utf8)) == nil)
  }

  @Test("detection sees escaped member names")
  func escapedNames() {
    let json = #"{"notification\u0054ype":"TEST"}"#
    #expect(SignedPayloadKind.detect(payloadJSON: Data(json.utf8)) == .notification)
  }
}
