import AppStoreJWS
import Foundation
import StoreInternals
import StoreModel
import TestSupport
import Testing

/// The signatures of subscription offers: the vectors Apple's App Store Server Library made
/// (`scripts/offer-vectors`), our signer against our verifier, and a matrix of mutations, each
/// refused with its own code.
@Suite struct OfferSignatureTests {
  // MARK: - Fixtures

  /// `Tests/AppStoreJWSTests/TestData/offer-vectors.json`, as scripts/offer-vectors writes it.
  struct Vectors: Decodable {
    struct Key: Decodable {
      let id: String
      let privateKey: String
    }
    struct Original: Decodable {
      let productID: String
      let offerID: String
      let appAccountToken: String?
      let nonce: String
      let timestamp: Int64
      let signature: String
    }
    struct Claims: Decodable {
      let iat: Int64
      let iss: String
      let nonce: String
    }
    struct PromotionalJWS: Decodable {
      let productID: String
      let offerIdentifier: String
      let transactionID: String?
      let jws: String
      let header: [String: String]
      let claims: Claims
    }
    struct EligibilityJWS: Decodable {
      let productID: String
      let allowIntroductoryOffer: Bool
      let transactionID: String
      let jws: String
      let header: [String: String]
      let claims: Claims
    }
    let key: Key
    let issuerID: String
    let bundleID: String
    let promotionalOfferOriginal: [Original]
    let promotionalOfferJWS: [PromotionalJWS]
    let introductoryOfferEligibilityJWS: [EligibilityJWS]

    static func load() throws -> Vectors {
      // OFFER_VECTORS names a file scripts/offer-vectors wrote just now (CI signs afresh);
      // else the committed one.
      let url =
        ProcessInfo.processInfo.environment["OFFER_VECTORS"].map(URL.init(fileURLWithPath:))
        ?? PackageFolders.root.appendingPathComponent(
          "Tests/AppStoreJWSTests/TestData/offer-vectors.json")
      return try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
    }

    func signingKey() throws -> SubscriptionOfferKey {
      let der = try #require(Data(base64Encoded: key.privateKey))
      return try SubscriptionOfferKey(keyID: key.id, privateKey: try PrivateKey(derEncoded: der))
    }

    func verifier() throws -> OfferSignatureVerifier {
      OfferSignatureVerifier(key: try signingKey().verificationKey, bundleID: bundleID)
    }
  }

  static let bundleID = "com.sportstime.app"
  static let product = "com.sportstime.pro.annual"
  static let offer = "WINBACK50"
  static let token = UUID(uuidString: "7E3B2A10-4C5D-4E6F-8A9B-0C1D2E3F4A5B")!
  static let nonce = UUID(uuidString: "D4C3B2A1-0F9E-4D8C-B7A6-958473625140")!
  /// 2026-06-01T00:00:00Z, the fixed "now" of the round trips.
  static let now = Instant.now
  static let nowMilliseconds = Int64(Instant.now.timeIntervalSince1970 * 1000)

  /// A key made from a fixed seed, so every run signs with the same key.
  static func key(id: String = "A1B2C3D4") throws -> SubscriptionOfferKey {
    try SubscriptionOfferKey(
      keyID: id, privateKey: try PrivateKey.p256(seed: Array("offers".utf8), label: "offer-key"))
  }

  static func verifier(
    bundleID: String = bundleID, window: OfferSignatureWindow = .standard
  ) throws -> OfferSignatureVerifier {
    OfferSignatureVerifier(key: try key().verificationKey, bundleID: bundleID, window: window)
  }

  static func signer(keyID: String = "A1B2C3D4", bundleID: String = bundleID) throws
    -> OfferJWSSigner
  {
    OfferJWSSigner(key: try key(id: keyID), issuerID: "issuer-1", bundleID: bundleID)
  }

  /// An original-form signature of the standard offer, made at `timestamp`.
  static func original(
    keyID: String = "A1B2C3D4", bundleID: String = bundleID, timestamp: Int64 = nowMilliseconds
  ) throws -> PromotionalOfferSignature {
    try PromotionalOfferSignature.sign(
      bundleID: bundleID, productID: product, offerID: offer, appAccountToken: token,
      nonce: nonce, timestamp: timestamp, key: try key(id: keyID))
  }

  static func failure<T>(_ result: Result<T, VerificationError>) -> VerificationError? {
    if case .failure(let error) = result { return error }
    return nil
  }

  // MARK: - Apple's library

  @Test("every original-form signature of Apple's library verifies")
  func libraryOriginalSignatures() throws {
    let vectors = try Vectors.load()
    let verifier = try vectors.verifier()
    #expect(vectors.promotionalOfferOriginal.count >= 3)
    for vector in vectors.promotionalOfferOriginal {
      let signature = PromotionalOfferSignature(
        keyID: vectors.key.id, nonce: try #require(UUID(uuidString: vector.nonce)),
        timestamp: vector.timestamp, signature: vector.signature)
      let token = try vector.appAccountToken.map { try #require(UUID(uuidString: $0)) }
      let signed = Date(timeIntervalSince1970: Double(vector.timestamp) / 1000)
      let result = verifier.verifyPromotionalOffer(
        signature, productID: vector.productID, offerID: vector.offerID, appAccountToken: token,
        at: signed.addingTimeInterval(60))
      #expect(throws: Never.self, "\(vector.offerID)") { try result.get() }
    }
  }

  @Test("every promotional-offer JWS of Apple's library verifies, with the claims it wrote")
  func libraryPromotionalOfferJWS() throws {
    let vectors = try Vectors.load()
    let verifier = try vectors.verifier()
    #expect(vectors.promotionalOfferJWS.count >= 2)
    for vector in vectors.promotionalOfferJWS {
      let issued = Date(timeIntervalSince1970: Double(vector.claims.iat))
      let claims = try verifier.verifyPromotionalOffer(
        jws: vector.jws, productID: vector.productID, offerIdentifier: vector.offerIdentifier,
        at: issued.addingTimeInterval(60)
      ).get()
      #expect(claims.productID == vector.productID)
      #expect(claims.offerIdentifier == vector.offerIdentifier)
      #expect(claims.transactionID == vector.transactionID)
      #expect(claims.base.issuedAt == issued)
      #expect(claims.base.issuerID == vectors.issuerID)
      #expect(claims.base.nonce == vector.claims.nonce)
      #expect(claims.base.audience == "promotional-offer")
    }
  }

  @Test("every introductory-offer eligibility JWS of Apple's library verifies")
  func libraryEligibilityJWS() throws {
    let vectors = try Vectors.load()
    let verifier = try vectors.verifier()
    #expect(vectors.introductoryOfferEligibilityJWS.count >= 2)
    for vector in vectors.introductoryOfferEligibilityJWS {
      let issued = Date(timeIntervalSince1970: Double(vector.claims.iat))
      let claims = try verifier.verifyIntroductoryOfferEligibility(
        jws: vector.jws, productID: vector.productID, at: issued
      ).get()
      #expect(claims.allowIntroductoryOffer == vector.allowIntroductoryOffer)
      #expect(claims.transactionID == vector.transactionID)
      #expect(claims.base.audience == "introductory-offer-eligibility")
    }
  }

  @Test("our signer writes the header members Apple's library writes")
  func headerMatchesLibrary() throws {
    let vectors = try Vectors.load()
    let header = OfferJWSSigner(
      key: try vectors.signingKey(), issuerID: vectors.issuerID, bundleID: vectors.bundleID
    ).header
    let ours = [
      "alg": try #require(header.algorithm), "kid": try #require(header.keyID),
      "typ": try #require(header.type),
    ]
    for libraryHeader in vectors.promotionalOfferJWS.map(\.header)
      + vectors.introductoryOfferEligibilityJWS.map(\.header)
    {
      #expect(libraryHeader == ours)
    }
  }

  @Test("the library's vectors, moved a day and a second later, are outside the window")
  func libraryVectorsExpire() throws {
    let vectors = try Vectors.load()
    let verifier = try vectors.verifier()
    let vector = try #require(vectors.promotionalOfferJWS.first)
    let issued = Date(timeIntervalSince1970: Double(vector.claims.iat))
    let result = verifier.verifyPromotionalOffer(
      jws: vector.jws, productID: vector.productID, offerIdentifier: vector.offerIdentifier,
      at: issued.addingTimeInterval(24 * 60 * 60 + 1))
    #expect(Self.failure(result)?.code == .outsideWindow)
  }

  // MARK: - Our signer, our verifier

  @Test("the original form's payload is Apple's seven values joined by U+2063")
  func originalPayload() {
    let payload = PromotionalOfferSignature.payload(
      bundleID: "b", keyID: "k", productID: "p", offerID: "o", appAccountToken: Self.token,
      nonce: Self.nonce, timestamp: 1_700_000_000_123)
    #expect(
      payload
        == "b\u{2063}k\u{2063}p\u{2063}o\u{2063}7e3b2a10-4c5d-4e6f-8a9b-0c1d2e3f4a5b\u{2063}"
        + "d4c3b2a1-0f9e-4d8c-b7a6-958473625140\u{2063}1700000000123")
    let withoutToken = PromotionalOfferSignature.payload(
      bundleID: "b", keyID: "k", productID: "p", offerID: "o", appAccountToken: nil,
      nonce: Self.nonce, timestamp: 5)
    #expect(withoutToken.split(separator: "\u{2063}", omittingEmptySubsequences: false).count == 7)
    #expect(withoutToken.contains("o\u{2063}\u{2063}d4c3"))
  }

  @Test("an original-form signature we make verifies, and is base64 of DER")
  func originalRoundTrip() throws {
    let signature = try Self.original()
    let der = try #require(Data(base64Encoded: signature.signature))
    #expect(der.first == 0x30)
    #expect(ECDSASignature.raw(fromDER: Array(der), curve: .p256) != nil)
    let result = try Self.verifier().verifyPromotionalOffer(
      signature, productID: Self.product, offerID: Self.offer, appAccountToken: Self.token,
      at: Self.now)
    #expect(throws: Never.self) { try result.get() }
  }

  @Test("the JWS forms we make verify, and return the claims we signed")
  func jwsRoundTrip() throws {
    let signer = try Self.signer()
    let verifier = try Self.verifier()
    let promotional = try signer.signPromotionalOffer(
      productID: Self.product, offerIdentifier: Self.offer, transactionID: "42",
      nonce: Self.nonce, issuedAt: Self.now)
    let claims = try verifier.verifyPromotionalOffer(
      jws: promotional, productID: Self.product, offerIdentifier: Self.offer, at: Self.now
    ).get()
    #expect(claims.base.issuerID == "issuer-1")
    #expect(claims.base.bundleID == Self.bundleID)
    #expect(claims.base.audience == "promotional-offer")
    #expect(claims.base.issuedAt == Self.now)
    #expect(claims.base.nonce == Self.nonce.uuidString.lowercased())
    #expect(claims.productID == Self.product)
    #expect(claims.offerIdentifier == Self.offer)
    #expect(claims.transactionID == "42")
    let withoutTransaction = try signer.signPromotionalOffer(
      productID: Self.product, offerIdentifier: Self.offer, transactionID: nil,
      nonce: Self.nonce, issuedAt: Self.now)
    #expect(
      try verifier.verifyPromotionalOffer(
        jws: withoutTransaction, productID: Self.product, offerIdentifier: Self.offer,
        at: Self.now
      ).get().transactionID == nil)
    let eligibility = try signer.signIntroductoryOfferEligibility(
      productID: Self.product, allowIntroductoryOffer: false, transactionID: "42",
      nonce: Self.nonce, issuedAt: Self.now)
    let eligible = try verifier.verifyIntroductoryOfferEligibility(
      jws: eligibility, productID: Self.product, at: Self.now
    ).get()
    #expect(!eligible.allowIntroductoryOffer)
    #expect(eligible.transactionID == "42")
  }

  @Test("a window passed to the verifier replaces the 24 hours")
  func customWindow() throws {
    let twoDaysAgo = Self.nowMilliseconds - 2 * 24 * 3_600_000
    let signature = try Self.original(timestamp: twoDaysAgo)
    let week = try Self.verifier(window: OfferSignatureWindow(maximumAge: 7 * 24 * 3600))
    let result = week.verifyPromotionalOffer(
      signature, productID: Self.product, offerID: Self.offer, appAccountToken: Self.token,
      at: Self.now)
    #expect(throws: Never.self) { try result.get() }
    let skewed = try Self.verifier(
      window: OfferSignatureWindow(maximumAge: 60, maximumFutureSkew: 300))
    let ahead = try Self.original(timestamp: Self.nowMilliseconds + 299_000)
    #expect(throws: Never.self) {
      try skewed.verifyPromotionalOffer(
        ahead, productID: Self.product, offerID: Self.offer, appAccountToken: Self.token,
        at: Self.now
      ).get()
    }
  }

  // MARK: - Keys

  @Test("keys that are not P-256 subscription-offer keys are refused with invalidKey")
  func badKeys() throws {
    #expect(throws: AppStoreJWSError(.invalidKey, "")) {
      try SubscriptionOfferKey(keyID: "K", privateKey: PrivateKey.generate(curve: .p384))
    }
    #expect(throws: AppStoreJWSError(.invalidKey, "")) {
      try OfferVerificationKey(keyID: "K", publicKeyDER: [0x30, 0x03, 0x02, 0x01, 0x00])
    }
    let p384 = try PrivateKey.generate(curve: .p384)
    #expect(throws: AppStoreJWSError(.invalidKey, "")) {
      try OfferVerificationKey(keyID: "K", publicKeyDER: p384.publicKeyDER)
    }
    let key = try Self.key()
    let reread = try OfferVerificationKey(
      keyID: key.keyID, publicKeyDER: key.privateKey.publicKeyDER)
    #expect(reread.publicKeyDER == Array(key.privateKey.publicKeyDER))
  }

  // MARK: - The shared corpus

  /// `shared/corpus/storekit`, if present.
  static let storeKitCorpus = PackageFolders.sharedCorpus("storekit")

  @Test(
    "each corpus .storekit key pair signs and verifies both forms",
    .enabled(
      if: storeKitCorpus != nil,
      "../shared/corpus/storekit is absent: its subscriptionOffersKeyPair keys are the test's input"
    ))
  func corpusKeyPairs() throws {
    let folder = try #require(Self.storeKitCorpus)
    var keys = 0
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    where name.hasSuffix(".storekit") {
      guard let catalog = try? Catalog(contentsOf: folder.appendingPathComponent(name)),
        let pair = catalog.subscriptionOffersKeyPair
      else { continue }
      keys += 1
      let key = try SubscriptionOfferKey(pair)
      let verifier = OfferSignatureVerifier(key: key.verificationKey, bundleID: Self.bundleID)
      let signature = try PromotionalOfferSignature.sign(
        bundleID: Self.bundleID, productID: Self.product, offerID: Self.offer,
        appAccountToken: nil, nonce: Self.nonce, timestamp: Self.nowMilliseconds, key: key)
      #expect(throws: Never.self, "\(name)") {
        try verifier.verifyPromotionalOffer(
          signature, productID: Self.product, offerID: Self.offer, appAccountToken: nil,
          at: Self.now
        ).get()
      }
      let jws = try OfferJWSSigner(key: key, issuerID: "issuer", bundleID: Self.bundleID)
        .signPromotionalOffer(
          productID: Self.product, offerIdentifier: Self.offer, transactionID: nil,
          nonce: Self.nonce, issuedAt: Self.now)
      #expect(throws: Never.self, "\(name)") {
        try verifier.verifyPromotionalOffer(
          jws: jws, productID: Self.product, offerIdentifier: Self.offer, at: Self.now
        ).get()
      }
    }
    #expect(keys >= 1, "the corpus has .storekit files with a subscriptionOffersKeyPair")
  }
}
