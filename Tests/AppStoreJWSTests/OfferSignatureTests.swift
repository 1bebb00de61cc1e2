import Foundation
import StoreInternals
import StoreModel
import TestSupport
import Testing

@testable import AppStoreJWS

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
    #expect(
      claims
        == PromotionalOfferClaims(
          base: OfferJWSClaims(
            issuerID: "issuer-1", bundleID: Self.bundleID, audience: "promotional-offer",
            issuedAt: Self.now, nonce: Self.nonce.uuidString.lowercased()),
          productID: Self.product, offerIdentifier: Self.offer, transactionID: "42"))
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

  // MARK: - Mutations of the original form

  /// One mutation of the original form's check, and the code it must be refused with.
  struct OriginalMutation: Sendable, CustomTestStringConvertible {
    let name: String
    let code: VerificationError.Code
    let apply: @Sendable (inout Inputs) throws -> Void
    var testDescription: String { name }

    /// What a verification takes.
    struct Inputs {
      var signature: PromotionalOfferSignature
      var bundleID = OfferSignatureTests.bundleID
      var productID = OfferSignatureTests.product
      var offerID = OfferSignatureTests.offer
      var appAccountToken: UUID? = OfferSignatureTests.token
      var now = OfferSignatureTests.now
    }
  }

  static let originalMutations: [OriginalMutation] = [
    OriginalMutation(name: "a flipped signature byte", code: .invalidSignature) { inputs in
      var der = Array(try #require(Data(base64Encoded: inputs.signature.signature)))
      der[der.count - 5] ^= 0x01
      inputs.signature.signature = Data(der).base64EncodedString()
    },
    OriginalMutation(name: "another key identifier", code: .wrongKey) {
      $0.signature.keyID = "FFFFFFFF"
    },
    OriginalMutation(name: "another bundle identifier", code: .invalidSignature) {
      $0.bundleID = "com.other.app"
    },
    OriginalMutation(name: "another product", code: .invalidSignature) {
      $0.productID = "com.sportstime.pro.monthly"
    },
    OriginalMutation(name: "another offer", code: .invalidSignature) { $0.offerID = "WINBACK60" },
    OriginalMutation(name: "another appAccountToken", code: .invalidSignature) {
      $0.appAccountToken = UUID(uuidString: "00000000-0000-4000-8000-000000000001")
    },
    OriginalMutation(name: "no appAccountToken", code: .invalidSignature) {
      $0.appAccountToken = nil
    },
    OriginalMutation(name: "another nonce", code: .invalidSignature) {
      $0.signature.nonce = UUID(uuidString: "00000000-0000-4000-8000-000000000002")!
    },
    OriginalMutation(name: "a timestamp one millisecond later", code: .invalidSignature) {
      $0.signature.timestamp += 1
    },
    OriginalMutation(name: "verified 24 hours and 1 ms after signing", code: .outsideWindow) {
      $0.now = $0.now.addingTimeInterval(24 * 3600 + 0.001)
    },
    OriginalMutation(name: "verified a second before signing", code: .outsideWindow) {
      $0.now = $0.now.addingTimeInterval(-1)
    },
    OriginalMutation(name: "a signature that is not base64", code: .malformed) {
      $0.signature.signature = "MEUCIQ*not-base64"
    },
    OriginalMutation(name: "base64 cut short of its padding", code: .malformed) {
      $0.signature.signature = String($0.signature.signature.prefix { $0 != "=" }.dropLast())
    },
    OriginalMutation(name: "base64 that is not DER", code: .malformed) {
      $0.signature.signature = Data(repeating: 0x41, count: 70).base64EncodedString()
    },
    OriginalMutation(name: "DER with bytes after the signature", code: .malformed) {
      var der = Array(try #require(Data(base64Encoded: $0.signature.signature)))
      der.append(0)
      $0.signature.signature = Data(der).base64EncodedString()
    },
    OriginalMutation(name: "the raw r‖s form instead of DER", code: .malformed) {
      let der = Array(try #require(Data(base64Encoded: $0.signature.signature)))
      let raw = try #require(ECDSASignature.raw(fromDER: der, curve: .p256))
      $0.signature.signature = Data(raw).base64EncodedString()
    },
  ]

  @Test("a mutated original-form signature is refused with its code", arguments: originalMutations)
  func originalMutation(_ mutation: OriginalMutation) throws {
    var inputs = OriginalMutation.Inputs(signature: try Self.original())
    try mutation.apply(&inputs)
    let verifier = try Self.verifier(bundleID: inputs.bundleID)
    let error = Self.failure(
      verifier.verifyPromotionalOffer(
        inputs.signature, productID: inputs.productID, offerID: inputs.offerID,
        appAccountToken: inputs.appAccountToken, at: inputs.now))
    #expect(error?.code == mutation.code, "\(error?.reason ?? "accepted")")
    #expect(error?.reason.isEmpty == false)
  }

  @Test("the window's edges: exactly 24 hours old and exactly now are accepted")
  func windowEdges() throws {
    let verifier = try Self.verifier()
    for timestamp in [Self.nowMilliseconds - 24 * 3_600_000, Self.nowMilliseconds] {
      let result = verifier.verifyPromotionalOffer(
        try Self.original(timestamp: timestamp), productID: Self.product, offerID: Self.offer,
        appAccountToken: Self.token, at: Self.now)
      #expect(throws: Never.self) { try result.get() }
    }
  }

  // MARK: - Mutations of the JWS forms

  /// One mutation of a promotional-offer JWS's check, and the code it must be refused with.
  struct JWSMutation: Sendable, CustomTestStringConvertible {
    let name: String
    let code: VerificationError.Code
    /// Makes the token to verify, and the product, offer and time it is verified for.
    let make: @Sendable () throws -> (jws: String, productID: String, offerID: String, at: Date)
    var testDescription: String { name }
  }

  /// A promotional-offer JWS of the standard offer, signed at `issuedAt` by `signer`.
  static func promotionalJWS(
    signer: OfferJWSSigner? = nil, issuedAt: Date = now
  ) throws -> String {
    try (signer ?? Self.signer()).signPromotionalOffer(
      productID: product, offerIdentifier: offer, transactionID: "42", nonce: nonce,
      issuedAt: issuedAt)
  }

  /// A token of `header` and `payload` JSON signed with the standard key.
  static func forged(header: String, payload: [String: Any]) throws -> String {
    let json = try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])
    return try signer().sign(headerJSON: Data(header.utf8), payloadJSON: json)
  }

  static var standardClaims: [String: Any] {
    [
      "iss": "issuer-1", "bid": bundleID, "aud": "promotional-offer",
      "iat": Int(now.timeIntervalSince1970), "nonce": nonce.uuidString.lowercased(),
      "productId": product, "offerIdentifier": offer,
    ]
  }

  static let standardHeader = #"{"alg":"ES256","kid":"A1B2C3D4","typ":"JWT"}"#

  static let jwsMutations: [JWSMutation] = [
    JWSMutation(name: "a flipped signature byte", code: .invalidSignature) {
      var token = Array(try promotionalJWS().utf8)
      let index = token.count - 10
      token[index] = token[index] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
      return (String(decoding: token, as: UTF8.self), product, offer, now)
    },
    JWSMutation(name: "a payload swapped after signing", code: .invalidSignature) {
      let parts = try promotionalJWS().split(separator: ".")
      var claims = standardClaims
      claims["productId"] = "com.sportstime.pro.monthly"
      let payload = try JSONSerialization.data(withJSONObject: claims)
      let swapped = [
        String(parts[0]), Base64.encode(payload, alphabet: .url), String(parts[2]),
      ].joined(separator: ".")
      return (swapped, "com.sportstime.pro.monthly", offer, now)
    },
    JWSMutation(name: "another key identifier", code: .wrongKey) {
      (try promotionalJWS(signer: signer(keyID: "FFFFFFFF")), product, offer, now)
    },
    JWSMutation(name: "no key identifier", code: .wrongKey) {
      (try forged(header: #"{"alg":"ES256"}"#, payload: standardClaims), product, offer, now)
    },
    JWSMutation(name: "another bundle identifier", code: .wrongApp) {
      (try promotionalJWS(signer: signer(bundleID: "com.other.app")), product, offer, now)
    },
    JWSMutation(name: "another product", code: .wrongOffer) {
      (try promotionalJWS(), "com.sportstime.pro.monthly", offer, now)
    },
    JWSMutation(name: "another offer", code: .wrongOffer) {
      (try promotionalJWS(), product, "WINBACK60", now)
    },
    JWSMutation(name: "iat a day and a second old", code: .outsideWindow) {
      (try promotionalJWS(issuedAt: now.addingTimeInterval(-24 * 3600 - 1)), product, offer, now)
    },
    JWSMutation(name: "iat a second ahead", code: .outsideWindow) {
      (try promotionalJWS(issuedAt: now.addingTimeInterval(1)), product, offer, now)
    },
    JWSMutation(name: "the eligibility audience", code: .wrongAudience) {
      var claims = standardClaims
      claims["aud"] = "introductory-offer-eligibility"
      return (try forged(header: standardHeader, payload: claims), product, offer, now)
    },
    JWSMutation(name: "alg HS256", code: .unsupportedAlgorithm) {
      let header = #"{"alg":"HS256","kid":"A1B2C3D4","typ":"JWT"}"#
      return (try forged(header: header, payload: standardClaims), product, offer, now)
    },
    JWSMutation(name: "alg none, no signature bytes", code: .unsupportedAlgorithm) {
      let header = Base64.encode(Array(#"{"alg":"none","kid":"A1B2C3D4"}"#.utf8), alphabet: .url)
      let payload = try JSONSerialization.data(withJSONObject: standardClaims)
      let token = header + "." + Base64.encode(payload, alphabet: .url) + ".AAAA"
      return (token, product, offer, now)
    },
    JWSMutation(name: "a crit extension", code: .unsupportedAlgorithm) {
      let header = #"{"alg":"ES256","kid":"A1B2C3D4","crit":["exp"],"exp":1}"#
      return (try forged(header: header, payload: standardClaims), product, offer, now)
    },
    JWSMutation(name: "no iat", code: .malformed) {
      var claims = standardClaims
      claims["iat"] = nil
      return (try forged(header: standardHeader, payload: claims), product, offer, now)
    },
    JWSMutation(name: "iat as a string", code: .malformed) {
      var claims = standardClaims
      claims["iat"] = "1780272000"
      return (try forged(header: standardHeader, payload: claims), product, offer, now)
    },
    JWSMutation(name: "no offerIdentifier", code: .malformed) {
      var claims = standardClaims
      claims["offerIdentifier"] = nil
      return (try forged(header: standardHeader, payload: claims), product, offer, now)
    },
    JWSMutation(name: "a payload that is an array", code: .malformed) {
      let token = try signer().sign(
        headerJSON: Data(standardHeader.utf8), payloadJSON: Data("[]".utf8))
      return (token, product, offer, now)
    },
    JWSMutation(name: "a payload naming aud twice", code: .malformed) {
      let payload = #"{"aud":"promotional-offer","aud":"x","bid":"com.sportstime.app"}"#
      let token = try signer().sign(
        headerJSON: Data(standardHeader.utf8), payloadJSON: Data(payload.utf8))
      return (token, product, offer, now)
    },
    JWSMutation(name: "two segments", code: .malformed) {
      (
        String(try promotionalJWS().split(separator: ".").dropLast().joined(separator: ".")),
        product, offer, now
      )
    },
  ]

  @Test("a mutated promotional-offer JWS is refused with its code", arguments: jwsMutations)
  func jwsMutation(_ mutation: JWSMutation) throws {
    let (jws, productID, offerID, now) = try mutation.make()
    let error = Self.failure(
      try Self.verifier().verifyPromotionalOffer(
        jws: jws, productID: productID, offerIdentifier: offerID, at: now))
    #expect(error?.code == mutation.code, "\(error?.reason ?? "accepted")")
  }

  @Test("a promotional-offer JWS is not an eligibility JWS, nor the other way round")
  func audiencesDoNotCross() throws {
    let verifier = try Self.verifier()
    let promotional = try Self.promotionalJWS()
    #expect(
      Self.failure(
        verifier.verifyIntroductoryOfferEligibility(
          jws: promotional, productID: Self.product, at: Self.now))?.code == .wrongAudience)
    let eligibility = try Self.signer().signIntroductoryOfferEligibility(
      productID: Self.product, allowIntroductoryOffer: true, transactionID: "42",
      nonce: Self.nonce, issuedAt: Self.now)
    #expect(
      Self.failure(
        verifier.verifyPromotionalOffer(
          jws: eligibility, productID: Self.product, offerIdentifier: Self.offer, at: Self.now))?
        .code == .wrongAudience)
    #expect(
      Self.failure(
        verifier.verifyIntroductoryOfferEligibility(
          jws: eligibility, productID: "com.sportstime.pro.monthly", at: Self.now))?.code
        == .wrongOffer)
  }

  @Test("the reasons say what, where and why")
  func reasons() throws {
    let verifier = try Self.verifier()
    let wrongApp = Self.failure(
      verifier.verifyPromotionalOffer(
        jws: try Self.promotionalJWS(signer: Self.signer(bundleID: "com.other.app")),
        productID: Self.product, offerIdentifier: Self.offer, at: Self.now))
    #expect(
      wrongApp?.reason
        == #"the promotional-offer JWS's "bid" is "com.other.app"; the app is "com.sportstime.app""#
    )
    let stale = Self.failure(
      verifier.verifyPromotionalOffer(
        try Self.original(timestamp: Self.nowMilliseconds - 25 * 3_600_000),
        productID: Self.product, offerID: Self.offer, appAccountToken: Self.token, at: Self.now))
    #expect(
      stale?.reason
        == "the promotional offer's timestamp 1780182000000 (ms) is 90000 s before the time of "
        + "verification; at most 86400 s is accepted")
  }

  // MARK: - Garbage

  @Test("truncated and random inputs are refused, never a crash")
  func garbage() throws {
    let verifier = try Self.verifier()
    let jws = try Self.promotionalJWS()
    let original = try Self.original()
    for count in 0..<jws.utf8.count {
      let prefix = String(decoding: Array(jws.utf8).prefix(count), as: UTF8.self)
      #expect(
        Self.failure(
          verifier.verifyPromotionalOffer(
            jws: prefix, productID: Self.product, offerIdentifier: Self.offer, at: Self.now))
          != nil)
      #expect(
        Self.failure(
          verifier.verifyIntroductoryOfferEligibility(
            jws: prefix, productID: Self.product, at: Self.now)) != nil)
    }
    for count in 0..<original.signature.utf8.count {
      var truncated = original
      truncated.signature = String(original.signature.prefix(count))
      #expect(
        Self.failure(
          verifier.verifyPromotionalOffer(
            truncated, productID: Self.product, offerID: Self.offer,
            appAccountToken: Self.token, at: Self.now)) != nil)
    }
    var random = SeededGenerator(seed: 24)
    let alphabet = Array("ABCxyz019-_.=+/{}\"\u{2063}é\0".unicodeScalars)
    for _ in 0..<500 {
      var text = ""
      for _ in 0..<Int.random(in: 0..<200, using: &random) {
        text.unicodeScalars.append(alphabet.randomElement(using: &random)!)
      }
      #expect(
        Self.failure(
          verifier.verifyPromotionalOffer(
            jws: text, productID: Self.product, offerIdentifier: Self.offer, at: Self.now))
          != nil)
      var signature = original
      signature.signature = text
      #expect(
        Self.failure(
          verifier.verifyPromotionalOffer(
            signature, productID: Self.product, offerID: Self.offer,
            appAccountToken: Self.token, at: Self.now)) != nil)
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
