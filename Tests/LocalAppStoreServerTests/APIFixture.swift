import AppStoreJWS
import Foundation
import LocalAppStore
import LocalAppStoreServer
import StoreModel
import StoreTesting
import Testing

/// A store, an API over it (in-process, no socket) and a registered key whose tokens it
/// accepts: what a server's test has.
struct APIFixture {
  static let issuerID = "57246542-96fe-1a63-e053-0824d011072a"
  static let keyID = "TESTKEY123"
  static let bundleID = "com.sportstime.app"

  let store: LocalAppStore
  let storeClock: ManualClock
  /// The wall clock tokens are judged on (fixed: the tokens are minted at its time).
  let wallClock: ManualClock
  let api: ServerAPI
  let signer: APITokenSigner

  /// - Parameter environment: What the store signs as (Production: no Sandbox renewal limit).
  init(
    environment: AppStoreEnvironment = .production, settings: EmulatorSettings = .polite,
    products: [Product] = SportsTimeFixtures.products
  ) async throws {
    storeClock = ManualClock()
    wallClock = ManualClock()
    store = try LocalAppStore.sportsTime(clock: storeClock, settings: settings, products: products)
    try await store.setSigningEnvironment(
      environment, appAppleID: environment == .production ? 1_234_567_890 : nil)
    let key = try SubscriptionOfferKey.generate(keyID: Self.keyID)
    try await store.registerAPIKey(
      .init(
        keyID: Self.keyID, issuerID: Self.issuerID,
        publicKey: key.privateKey.publicKeyDER.base64EncodedString(), isGenerated: true))
    signer = APITokenSigner(key: key, issuerID: Self.issuerID, bundleID: Self.bundleID)
    api = ServerAPI(source: .store(store), clock: wallClock)
  }

  /// A request with a fresh valid token (Python's: no `iat`, five minutes).
  func call(
    _ method: String, _ path: String, query: [(String, String)] = [], body: String? = nil
  ) async throws -> APIResponse {
    let token = try signer.token(now: wallClock.now)
    return await api.handle(
      APIRequest(
        method: method, path: path, query: query.map { (name: $0.0, value: $0.1) },
        authorization: "Bearer \(token)", body: Array((body ?? "").utf8)))
  }

  func get(_ path: String, _ query: [(String, String)] = []) async throws -> APIResponse {
    try await call("GET", path, query: query)
  }

  /// A verifier with the store's root, as a server's `SignedDataVerifier` is set up.
  func verifier(_ environment: AppStoreEnvironment = .production) throws -> SignedDataVerifier {
    try SignedDataVerifier(
      rootCertificates: [Certificate(derEncoded: Array(store.rootCertificateDER))],
      bundleID: Self.bundleID, environment: environment,
      appAppleID: environment == .production ? 1_234_567_890 : nil, clock: storeClock)
  }
}

extension APIResponse {
  /// The body as a JSON object.
  var object: [String: Any] {
    ((try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]) ?? [:]
  }

  var text: String { String(decoding: body, as: UTF8.self) }

  /// The value of header `name` (case-insensitive).
  func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// The error code of a JSON error answer.
  var errorCode: Int? { (object["errorCode"] as? NSNumber)?.intValue }
}

/// Expects Apple's JSON error: the status, the code, `Content-Type` exactly
/// `application/json` and an `errorMessage`.
func expectError(
  _ response: APIResponse, _ status: Int, _ code: Int,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
  #expect(response.errorCode == code, "\(response.text)", sourceLocation: sourceLocation)
  #expect(response.header("Content-Type") == "application/json", sourceLocation: sourceLocation)
  #expect(response.object["errorMessage"] is String, sourceLocation: sourceLocation)
}
