import AppStoreJWS
import Foundation
import LocalAppStoreServer
import StoreModel
import StoreTesting
import Testing

/// Apple's bearer-token rules ("Generating JSON Web Tokens for API requests"): every refusal is
/// Apple's plain-text 401 on the wire, and its real cause is in the log and a header.
@Suite struct APIAuthenticationTests {
  typealias Claim = APITokenSigner.Claim

  /// Python's claims at the fixture's wall time, with `changes` applied (`nil` removes one).
  static func claims(at now: Date, _ changes: [String: Claim?] = [:]) -> [String: Claim] {
    var claims: [String: Claim] = [
      "bid": .string(APIFixture.bundleID), "iss": .string(APIFixture.issuerID),
      "aud": .string("appstoreconnect-v1"), "exp": .number(Int64(now.timeIntervalSince1970) + 300),
    ]
    for (name, value) in changes { claims[name] = value }
    return claims
  }

  @Test(
    "each cause of a 401: plain text 'Unauthenticated', the cause in the log and a header",
    arguments: [
      ("wrong issuer", ["iss": .string("00000000-0000-0000-0000-000000000000")], "wrong-issuer"),
      ("audience v2", ["aud": .string("appstoreconnect-v2")], "wrong-audience"),
      ("bundle ID in another case", ["bid": .string("com.SportsTime.app")], "wrong-bundle-id"),
      ("no bid", ["bid": nil], "wrong-bundle-id"),
      ("no exp", ["exp": nil], "no-exp"),
      ("exp in the past", ["exp": .number(-61)], "expired"),
      ("exp 3601 s after iat", ["iat": .number(0), "exp": .number(3_601)], "lifetime-too-long"),
      ("no iat, exp 3601+60 s on", ["exp": .number(3_662)], "lifetime-too-long"),
      ("iat two minutes ahead", ["iat": .number(120), "exp": .number(300)], "iat-in-future"),
    ] as [(String, [String: Claim?], String)])
  func refusals(_ label: String, _ changes: [String: Claim?], _ cause: String) async throws {
    let fixture = try await APIFixture()
    let now = fixture.wallClock.now
    let base = Int64(now.timeIntervalSince1970)
    // Offsets above are relative to now.
    let shifted = changes.mapValues { value -> Claim? in
      if case .number(let offset)? = value { return .number(base + offset) }
      return value
    }
    let token = try fixture.signer.sign(claims: Self.claims(at: now, shifted))
    let response = await fixture.api.handle(
      APIRequest(
        method: "GET", path: "/inApps/v1/transactions/1", authorization: "Bearer \(token)"))
    try expectUnauthenticated(response, cause: cause, fixture)
  }

  @Test("the header's refusals: none, not Bearer, not a JWS, HS256, unknown kid, other key")
  func headerRefusals() async throws {
    let fixture = try await APIFixture()
    let now = fixture.wallClock.now
    let claims = Self.claims(at: now)
    let other = APITokenSigner(
      key: try SubscriptionOfferKey.generate(keyID: APIFixture.keyID),
      issuerID: APIFixture.issuerID, bundleID: APIFixture.bundleID)
    let cases: [(String?, String)] = [
      (nil, "no-authorization"),
      ("Basic dXNlcjpwYXNz", "not-bearer"),
      ("Bearer not.a.token", "malformed-token"),
      ("Bearer " + (try fixture.signer.sign(claims: claims, algorithm: "HS256")), "alg-not-es256"),
      ("Bearer " + (try fixture.signer.sign(claims: claims, keyID: "OTHERKEY99")), "unknown-kid"),
      ("Bearer " + (try other.sign(claims: claims)), "bad-signature"),
    ]
    for (authorization, cause) in cases {
      let response = await fixture.api.handle(
        APIRequest(method: "GET", path: "/inApps/v1/transactions/1", authorization: authorization))
      try expectUnauthenticated(response, cause: cause, fixture)
    }
  }

  @Test("Python's token (no iat, 5 minutes) and one with iat and exp 3600 s later are accepted")
  func accepted() async throws {
    let fixture = try await APIFixture()
    let now = fixture.wallClock.now
    let seconds = Int64(now.timeIntervalSince1970)
    for token in [
      try fixture.signer.token(now: now),
      try fixture.signer.sign(
        claims: Self.claims(at: now, ["iat": .number(seconds), "exp": .number(seconds + 3_600)])),
      try fixture.signer.sign(
        claims: Self.claims(at: now, ["aud": .strings(["appstoreconnect-v1", "other"])])),
    ] {
      let response = await fixture.api.handle(
        APIRequest(
          method: "GET", path: "/inApps/v1/transactions/1", authorization: "Bearer \(token)"))
      // Authenticated: the transaction is unknown, which only an authenticated request learns.
      expectError(response, 404, 4_040_010)
    }
  }

  @Test("tokens are judged on the wall clock: the store's time moved a year on changes nothing")
  func wallClock() async throws {
    let fixture = try await APIFixture()
    fixture.storeClock.advance(by: 365 * 86_400)
    expectError(try await fixture.get("/inApps/v1/transactions/1"), 404, 4_040_010)
  }

  private func expectUnauthenticated(
    _ response: APIResponse, cause: String, _ fixture: APIFixture,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(response.status == 401, "\(response.text)", sourceLocation: sourceLocation)
    #expect(response.text.hasPrefix("Unauthenticated\n"), sourceLocation: sourceLocation)
    #expect(response.header("Content-Type") != "application/json", sourceLocation: sourceLocation)
    let refusal = try #require(
      response.header("X-Local-App-Store-Refusal"), sourceLocation: sourceLocation)
    #expect(refusal.hasPrefix(cause + ":"), "\(refusal)", sourceLocation: sourceLocation)
    let logged = try #require(fixture.api.log.all.last, sourceLocation: sourceLocation)
    #expect(logged.status == 401, sourceLocation: sourceLocation)
    #expect(logged.cause?.hasPrefix(cause + ":") == true, sourceLocation: sourceLocation)
  }
}
