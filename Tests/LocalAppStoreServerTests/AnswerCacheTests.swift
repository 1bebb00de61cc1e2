import AppStoreJWS
import Foundation
import LocalAppStore
import LocalAppStoreServer
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// The API over a state file keeps its GET answers while the state is unchanged, and drops them
/// for any change: another process's commit, a reset, or a write of its own (whose commit moves
/// no `data_version` of its own connection).
@Suite struct AnswerCacheTests {
  let monthly = SportsTimeFixtures.monthlyID
  let annual = SportsTimeFixtures.annualID

  @Test(
    "over a state file: a repeated GET gives the same bytes; the API's own PUT and another connection's purchase are seen by the next GET"
  )
  func freshAfterEveryWrite() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    // Another process: it makes the state, registers the key and buys.
    let other = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, settings: .polite,
      startDate: Date(timeIntervalSince1970: 1_767_225_600))
    try await other.setSigningEnvironment(.production, appAppleID: 1_234_567_890)
    let key = try SubscriptionOfferKey.generate(keyID: APIFixture.keyID)
    try await other.registerAPIKey(
      .init(
        keyID: APIFixture.keyID, issuerID: APIFixture.issuerID,
        publicKey: key.privateKey.publicKeyDER.base64EncodedString(), isGenerated: false))
    let bought = try await other.buyVerified(monthly)
    let wallClock = ManualClock()
    let signer = APITokenSigner(
      key: key, issuerID: APIFixture.issuerID, bundleID: APIFixture.bundleID)
    let api = ServerAPI(source: .state(path: path), clock: wallClock)
    func call(_ method: String, _ path: String, body: String = "") async throws -> APIResponse {
      await api.handle(
        APIRequest(
          method: method, path: path, query: [],
          authorization: "Bearer \(try signer.token(now: wallClock.now))", body: Array(body.utf8)))
    }
    let info = "/inApps/v1/transactions/\(bought.id)"
    let history = "/inApps/v2/history/\(bought.id)"
    let first = try await call("GET", info)
    #expect(first.status == 200)
    #expect(try await call("GET", info).body == first.body)
    #expect(try await call("GET", history).object["signedTransactions"] as? [String] != nil)

    // The API's own write: the next GET shows it.
    let token = "c0ffee00-0000-4000-8000-00000000beef"
    let put = try await call(
      "PUT", info + "/appAccountToken", body: #"{"appAccountToken":"\#(token)"}"#)
    #expect(put.status == 200)
    let signed = try #require(
      try await call("GET", info).object["signedTransactionInfo"] as? String)
    let root = try Certificate(derEncoded: Array(other.rootCertificateDER))
    let verifier = try SignedDataVerifier(
      rootCertificates: [root], bundleID: APIFixture.bundleID, environment: .production,
      appAppleID: 1_234_567_890, clock: ManualClock(now: Date(timeIntervalSince1970: 1_767_225_600))
    )
    #expect(
      try verifier.verifyTransaction(signed).payloadValue.appAccountToken?.uuidString.lowercased()
        == token)

    // Another connection's write: the upgrade is in the next history.
    let before = try await call("GET", history).object["signedTransactions"] as? [String]
    _ = try await other.buyVerified(annual)
    let after = try await call("GET", history).object["signedTransactions"] as? [String]
    #expect(before?.count == 1)
    #expect(after?.count == 2)
  }
}
