import AppStoreJWS
import Foundation
import StoreModel
import Testing

/// One line of `real/MANIFEST.tsv`.
struct RealToken: Sendable, CustomTestStringConvertible {
  let file: String
  let kind: String
  let environment: AppStoreEnvironment
  let bundleID: String
  let signedDate: Date
  /// The token has no top-level `signedDate`: the manifest's date comes from a nested token.
  let hasTopLevelSignedDate: Bool

  var testDescription: String { file }

  static let all: [RealToken] = {
    guard let jws = Corpus.jws,
      let text = try? String(
        contentsOf: jws.appendingPathComponent("real/MANIFEST.tsv"), encoding: .utf8)
    else { return [] }
    return text.split(separator: "\n").dropFirst().compactMap { line in
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard columns.count >= 8, let date = Instant.iso(String(columns[7].prefix(20))) else {
        return nil
      }
      return RealToken(
        file: columns[0], kind: columns[4],
        environment: AppStoreEnvironment(rawValue: columns[5]), bundleID: columns[6],
        signedDate: date, hasTopLevelSignedDate: !columns[7].contains("no top-level"))
    }
  }()

  var token: String { get throws { try Corpus.text("real/\(file)") } }
  var isRenewalInfo: Bool { kind == "renewalInfo" }

  func verifier(
    roots: [Certificate] = [.appleRootCAG3], bundleID: String? = nil,
    environment: AppStoreEnvironment? = nil
  ) throws -> SignedDataVerifier {
    try SignedDataVerifier(
      rootCertificates: roots, bundleID: bundleID ?? (isRenewalInfo ? "any.app" : self.bundleID),
      environment: environment ?? self.environment, clock: FixedClock(Instant.now),
      chainCacheCapacity: 0)
  }

  /// The explicit time a token needs: its manifest date when the payload has no `signedDate`.
  var explicitTime: Date? { hasTopLevelSignedDate ? nil : signedDate }
}

@Suite struct RealTokenTests {
  @Test("the manifest lists all 56 real tokens", .enabled(if: Corpus.isPresent, Corpus.absent))
  func manifestIsComplete() {
    #expect(RealToken.all.count == 56)
  }

  @Test(
    "each real token verifies against Apple Root CA - G3 at its signedDate and decodes to the manifest's values",
    arguments: RealToken.all)
  func verifies(_ real: RealToken) throws {
    let result = try real.verifier().verify(try real.token, at: real.explicitTime)
    #expect(
      result.verificationError == nil,
      "\(result.verificationError.map(String.init(describing:)) ?? "")")
    #expect(result.isVerified)
    let payload = result.unsafePayloadValue
    let seconds = { (date: Date?) in date.map { $0.timeIntervalSince1970.rounded(.down) } }
    switch payload {
    case .transaction(let transaction):
      #expect(real.kind == "transaction")
      #expect(transaction.appBundleID == real.bundleID)
      #expect(transaction.environment == real.environment)
      #expect(seconds(transaction.signedDate) == real.signedDate.timeIntervalSince1970)
      #expect(transaction.jwsRepresentation == (try real.token))
    case .renewalInfo(let renewal):
      #expect(real.kind == "renewalInfo")
      #expect(renewal.environment == real.environment)
      #expect(seconds(renewal.signedDate) == real.signedDate.timeIntervalSince1970)
    case .notification(let notification):
      let expected = real.kind.dropFirst("notification:".count).split(separator: "/")
      #expect(notification.notificationType.rawValue == expected.first.map(String.init))
      #expect(notification.subtype?.rawValue == (expected.count > 1 ? String(expected[1]) : nil))
      #expect(notification.data?.bundleID == real.bundleID)
      #expect(notification.data?.environment == real.environment)
      if real.hasTopLevelSignedDate {
        #expect(seconds(notification.signedDate) == real.signedDate.timeIntervalSince1970)
      } else {
        #expect(notification.signedDate == nil)
      }
    case .appTransaction:
      Issue.record("no real app transaction is in the corpus")
    }
  }

  @Test("each real token is refused against another root", arguments: RealToken.all)
  func refusedWithAnotherRoot(_ real: RealToken) throws {
    let otherRoot = try Certificate(
      derEncoded: try Corpus.data("app-store-server-library/certs/testCA.der"))
    let result = try real.verifier(roots: [otherRoot]).verify(try real.token, at: real.explicitTime)
    #expect(result.verificationError?.code == .invalidChain)
  }

  @Test(
    "each real token is refused for another app (renewal info carries no bundle id)",
    arguments: RealToken.all.filter { !$0.isRenewalInfo })
  func refusedForAnotherApp(_ real: RealToken) throws {
    let result = try real.verifier(bundleID: "com.other").verify(
      try real.token, at: real.explicitTime)
    #expect(result.verificationError?.code == .wrongApp)
  }

  @Test("each real token is refused in another environment", arguments: RealToken.all)
  func refusedInAnotherEnvironment(_ real: RealToken) throws {
    let other: AppStoreEnvironment = real.environment == .sandbox ? .production : .sandbox
    let result = try real.verifier(environment: other).verify(try real.token, at: real.explicitTime)
    #expect(result.verificationError?.code == .wrongEnvironment)
  }

  @Test(
    "a Production notification is refused for another app Apple id",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func productionAppAppleID() throws {
    let token = try Corpus.text("real/gopay-notif-consumption-request-production-1.txt")
    let decoded = try UnverifiedJWS(parsing: token).decodePayload()
    guard case .notification(let notification) = decoded else {
      Issue.record("not a notification")
      return
    }
    let appID = try #require(notification.data?.appAppleID)
    for (configured, expected) in [(appID, nil), (42, VerificationError.Code.wrongApp)]
      as [(UInt64, VerificationError.Code?)]
    {
      let verifier = try SignedDataVerifier(
        bundleID: "com.jrjj.keysns", environment: .production, appAppleID: configured)
      #expect(try verifier.verifyNotification(token).verificationError?.code == expected)
    }
  }

  @Test(
    "a notification without signedDate is checked at the clock's time, where its old leaf has expired",
    .enabled(if: Corpus.isPresent, Corpus.absent)
  )
  func notificationWithoutSignedDateUsesClock() throws {
    let token = try Corpus.text("real/gopay-notif-did-renew-sandbox-1.txt")
    let verifier = try SignedDataVerifier(
      bundleID: "com.audaos.audarecorder", environment: .sandbox, clock: FixedClock(Instant.now))
    #expect(try verifier.verifyNotification(token).verificationError?.code == .invalidChain)
    let early = try SignedDataVerifier(
      bundleID: "com.audaos.audarecorder", environment: .sandbox,
      clock: FixedClock(try #require(Instant.iso("2022-03-04T09:43:28Z"))))
    #expect(try early.verifyNotification(token).isVerified)
  }

  @Test(
    "an old real token is refused when checked at the current time instead of its signedDate",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func expiredLeafAtExplicitTime() throws {
    let token = try Corpus.text("real/gopay-transaction-sandbox-1.txt")
    let verifier = try SignedDataVerifier(
      bundleID: "com.audaos.audarecorder", environment: .sandbox)
    #expect(try verifier.verifyTransaction(token).isVerified)
    #expect(
      try verifier.verifyTransaction(token, at: Instant.now).verificationError?.code
        == .invalidChain)
  }
}
