import AppStoreJWS
import Foundation
import StoreModel
import Testing

/// The vectors of `corpus/jws/app-store-server-library/`, as its MANIFEST.md describes them.
@Suite struct LibraryVectorTests {
  static let base = "app-store-server-library/"

  func certificate(_ path: String) throws -> Certificate {
    try Certificate(derEncoded: try Corpus.data(Self.base + path))
  }

  func token(_ path: String) throws -> String { try Corpus.text(Self.base + path) }

  /// The upstream tests' verifier: root testCA.der, com.example, app 1234, Sandbox.
  func mockVerifier(
    bundleID: String = "com.example", environment: AppStoreEnvironment = .sandbox,
    appAppleID: UInt64 = 1234
  ) throws -> SignedDataVerifier {
    try SignedDataVerifier(
      rootCertificates: [try certificate("certs/testCA.der")], bundleID: bundleID,
      environment: environment, appAppleID: appAppleID, clock: FixedClock(Instant.appleTestTime))
  }

  // MARK: - chain_verifier_certs

  func verifyChain(leaf: String, intermediate: String, root: String, at time: Date) throws
    -> Result<VerifiedChain, VerificationError>
  {
    let chains = try ChainVerifier(roots: [try certificate(root)])
    return chains.verify(
      leafDER: Array(try Corpus.data(Self.base + leaf)),
      intermediateDER: Array(try Corpus.data(Self.base + intermediate)),
      at: SignedDataVerifier.Core.seconds(time))
  }

  @Test(
    "the test leaf, intermediate and root form a valid chain at 2025-11-01",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func validTestChain() throws {
    let result = try verifyChain(
      leaf: "chain_verifier_certs/leaf.der", intermediate: "chain_verifier_certs/intermediate.der",
      root: "chain_verifier_certs/root.der", at: Instant.appleTestTime)
    let chain = try result.get()
    #expect(chain.leafKey.curve == .p256)
    let spki = try Corpus.data(Self.base + "chain_verifier_certs/leaf-public-key-spki.der")
    #expect(
      KeyEncoding.subjectPublicKeyInfo(curve: .p256, point: chain.leafKey.x963Representation)
        == Array(spki))
  }

  @Test(
    "chains whose intermediate or leaf lacks Apple's marker extension are invalid",
    .enabled(if: Corpus.isPresent, Corpus.absent),
    arguments: [
      ("chain_verifier_certs/leaf.der", "chain_verifier_certs/intermediate-invalid-oid.der"),
      (
        "chain_verifier_certs/leaf-for-intermediate-invalid-oid.der",
        "chain_verifier_certs/intermediate-invalid-oid.der"
      ),
      ("chain_verifier_certs/leaf-invalid-oid.der", "chain_verifier_certs/intermediate.der"),
    ])
  func missingMarkers(leaf: String, intermediate: String) throws {
    let result = try verifyChain(
      leaf: leaf, intermediate: intermediate, root: "chain_verifier_certs/root.der",
      at: Instant.appleTestTime)
    guard case .failure(let error) = result else {
      Issue.record("accepted \(leaf) under \(intermediate)")
      return
    }
    #expect(error.code == .invalidChain)
  }

  @Test(
    "the marker is what fails the chain issued under the wrong-OID intermediate",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func markerIsTheReason() throws {
    let result = try verifyChain(
      leaf: "chain_verifier_certs/leaf-for-intermediate-invalid-oid.der",
      intermediate: "chain_verifier_certs/intermediate-invalid-oid.der",
      root: "chain_verifier_certs/root.der", at: Instant.appleTestTime)
    guard case .failure(let error) = result else {
      Issue.record("accepted")
      return
    }
    #expect(error.reason.contains("1.2.840.113635.100.6.2.1"))
  }

  @Test(
    "a leaf checked after it expired (2042-04-12) is invalid",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func expiredLeaf() throws {
    let result = try verifyChain(
      leaf: "chain_verifier_certs/leaf.der", intermediate: "chain_verifier_certs/intermediate.der",
      root: "chain_verifier_certs/root.der", at: Date(timeIntervalSince1970: 2_280_946_846))
    #expect(throws: VerificationError(.invalidChain, "")) { try result.get() }
  }

  @Test(
    "the test chain is invalid against Apple Root CA - G3",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func testChainAgainstG3() throws {
    let result = try verifyChain(
      leaf: "chain_verifier_certs/leaf.der", intermediate: "chain_verifier_certs/intermediate.der",
      root: "chain_verifier_certs/real-apple-root-ca-g3.der", at: Instant.appleTestTime)
    #expect(throws: VerificationError(.invalidChain, "")) { try result.get() }
  }

  @Test(
    "Apple's real receipt-signing leaf, WWDR G6 and Root CA G3 form a valid chain",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func realAppleChain() throws {
    let result = try verifyChain(
      leaf: "chain_verifier_certs/real-apple-receipt-signing-leaf.der",
      intermediate: "chain_verifier_certs/real-apple-wwdr-g6.der",
      root: "chain_verifier_certs/real-apple-root-ca-g3.der", at: Instant.appleTestTime)
    let chain = try result.get()
    #expect(chain.holds(at: SignedDataVerifier.Core.seconds(Instant.appleTestTime)))
    #expect(!chain.holds(at: SignedDataVerifier.Core.seconds(Instant.iso("2027-10-14T00:00:00Z")!)))
  }

  @Test(
    "the corpus's Apple Root CA - G3 is the embedded one",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func embeddedRootMatchesCorpus() throws {
    #expect(try certificate("chain_verifier_certs/real-apple-root-ca-g3.der") == .appleRootCAG3)
    #expect(try Certificate(derEncoded: try Corpus.data("AppleRootCA-G3.cer")) == .appleRootCAG3)
  }

  // MARK: - mock_signed_data

  @Test(
    "transactionInfo verifies with environment Sandbox, and is the wrong app for com.example.x",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func mockTransaction() throws {
    let jws = try token("mock_signed_data/transactionInfo.txt")
    let result = try mockVerifier().verify(jws, as: LooseTransaction.self)
    #expect(result.isVerified)
    #expect(result.unsafePayloadValue.environment == .sandbox)
    let other = try mockVerifier(bundleID: "com.example.x").verify(jws, as: LooseTransaction.self)
    #expect(other.verificationError?.code == .wrongApp)
  }

  @Test(
    "transactionInfo is not a complete StoreKit transaction (no transactionId): malformed",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func mockTransactionIsIncomplete() throws {
    let jws = try token("mock_signed_data/transactionInfo.txt")
    #expect(throws: VerificationError(.malformed, "")) { try mockVerifier().verifyTransaction(jws) }
  }

  @Test(
    "renewalInfo verifies with environment Sandbox (no bundle id check)",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func mockRenewalInfo() throws {
    let jws = try token("mock_signed_data/renewalInfo.txt")
    let result = try mockVerifier(bundleID: "com.unrelated").verify(jws, as: LooseRenewalInfo.self)
    #expect(result.isVerified)
    #expect(result.unsafePayloadValue.environment == .sandbox)
  }

  @Test(
    "testNotification verifies as TEST, is the wrong environment for Production, and as a transaction the wrong app",
    .enabled(if: Corpus.isPresent, Corpus.absent)
  )
  func mockNotification() throws {
    let jws = try token("mock_signed_data/testNotification.txt")
    let result = try mockVerifier().verifyNotification(jws)
    #expect(result.isVerified)
    #expect(result.unsafePayloadValue.notificationType == .test)
    #expect(result.unsafePayloadValue.data?.appAppleID == 1234)
    let production = try mockVerifier(environment: .production).verifyNotification(jws)
    #expect(production.verificationError?.code == .wrongEnvironment)
    let asTransaction = try mockVerifier(appAppleID: 1235).verify(jws, as: LooseTransaction.self)
    #expect(asTransaction.verificationError?.code == .wrongApp)
  }

  @Test("wrongBundleId is the wrong app", .enabled(if: Corpus.isPresent, Corpus.absent))
  func mockWrongBundle() throws {
    let result = try mockVerifier().verifyNotification(
      try token("mock_signed_data/wrongBundleId.txt"))
    #expect(result.verificationError?.code == .wrongApp)
  }

  @Test(
    "missingX5CHeaderClaim is malformed: the header has no x5c",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func mockMissingX5C() throws {
    let result = try mockVerifier().verifyNotification(
      try token("mock_signed_data/missingX5CHeaderClaim.txt"))
    #expect(result.verificationError?.code == .malformed)
    #expect(result.verificationError?.reason.contains("x5c") == true)
  }

  @Test("tokens that are not compact JWS are malformed", arguments: ["a.b.c.d", "a.b.c", ""])
  func inlineStrings(_ jws: String) throws {
    let verifier = try SignedDataVerifier(
      rootCertificates: [try TestCertificateAuthority(seed: [1]).root], bundleID: "com.example",
      environment: .localTesting)
    #expect(throws: VerificationError(.malformed, "")) { try verifier.verifyNotification(jws) }
    #expect(throws: VerificationError(.malformed, "")) { try verifier.verify(jws) }
  }

  @Test("the legacy StoreKit 1 receipt is not a JWS", .enabled(if: Corpus.isPresent, Corpus.absent))
  func legacyTransaction() throws {
    let jws = try token("mock_signed_data/legacyTransaction.txt")
    #expect(throws: VerificationError(.malformed, "")) { try mockVerifier().verifyTransaction(jws) }
  }

  // MARK: - xcode

  func xcodeVerifier(roots: [Certificate]? = nil, environment: AppStoreEnvironment = .xcode) throws
    -> SignedDataVerifier
  {
    try SignedDataVerifier(
      rootCertificates: roots ?? [try certificate("x5c/xcode-storekit-testing-selfsigned.der")],
      bundleID: "com.example.naturelab.backyardbirds.example", environment: environment,
      clock: FixedClock(Instant.now))
  }

  func milliseconds(_ date: Date?) -> Int64? {
    date.map { Int64(($0.timeIntervalSince1970 * 1000).rounded(.down)) }
  }

  @Test(
    "Xcode's signed transaction verifies against Xcode's certificate and decodes",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func xcodeTransaction() throws {
    let result = try xcodeVerifier().verifyTransaction(
      try token("xcode/xcode-signed-transaction.txt"))
    #expect(result.verificationError == nil)
    let transaction = result.unsafePayloadValue
    #expect(transaction.id == 0)
    #expect(transaction.originalID == 0)
    #expect(transaction.webOrderLineItemID == "0")
    #expect(transaction.productID == "pass.premium")
    #expect(transaction.subscriptionGroupID == "6F3A93AB")
    #expect(milliseconds(transaction.purchaseDate) == 1_697_679_936_049)
    #expect(milliseconds(transaction.originalPurchaseDate) == 1_697_679_936_049)
    #expect(milliseconds(transaction.expirationDate) == 1_700_358_336_049)
    #expect(transaction.purchasedQuantity == 1)
    #expect(transaction.productType == .autoRenewable)
    #expect(transaction.appAccountToken == nil)
    #expect(transaction.ownershipType == .purchased)
    #expect(milliseconds(transaction.signedDate) == 1_697_679_936_056)
    #expect(transaction.revocationReason == nil)
    #expect(transaction.revocationDate == nil)
    #expect(transaction.isUpgraded == false)
    #expect(transaction.offerType == .introductory)
    #expect(transaction.offerID == nil)
    #expect(transaction.environment == .xcode)
    #expect(transaction.storefrontCountryCode == "USA")
    #expect(transaction.storefrontID == "143441")
    #expect(transaction.reason == .purchase)
  }

  @Test(
    "Xcode's signed renewal info verifies and decodes",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func xcodeRenewalInfo() throws {
    let result = try xcodeVerifier().verifyRenewalInfo(
      try token("xcode/xcode-signed-renewal-info.txt"))
    #expect(result.verificationError == nil)
    let renewal = result.unsafePayloadValue
    #expect(renewal.expirationReason == nil)
    #expect(renewal.originalTransactionID == 0)
    #expect(renewal.autoRenewPreference == "pass.premium")
    #expect(renewal.currentProductID == "pass.premium")
    #expect(renewal.willAutoRenew)
    #expect(renewal.isInBillingRetry == false)
    #expect(renewal.priceIncreaseStatus == nil)
    #expect(renewal.gracePeriodExpirationDate == nil)
    #expect(renewal.offerType == nil)
    #expect(renewal.offerID == nil)
    #expect(milliseconds(renewal.signedDate) == 1_697_679_936_711)
    #expect(renewal.environment == .xcode)
    #expect(milliseconds(renewal.recentSubscriptionStartDate) == 1_697_679_936_049)
    #expect(milliseconds(renewal.renewalDate) == 1_700_358_336_049)
  }

  @Test(
    "Xcode's signed app transaction verifies and decodes, year-1 purchase date included",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func xcodeAppTransaction() throws {
    let result = try xcodeVerifier().verifyAppTransaction(
      try token("xcode/xcode-signed-app-transaction.txt"))
    #expect(result.verificationError == nil)
    let app = result.unsafePayloadValue
    #expect(app.appID == nil)
    #expect(app.bundleID == "com.example.naturelab.backyardbirds.example")
    #expect(app.appVersion == "1")
    #expect(app.appVersionID == nil)
    #expect(app.originalPurchaseDate == Date(timeIntervalSince1970: -62_135_769_600))
    #expect(app.originalAppVersion == "1")
    #expect(
      app.deviceVerification == "cYUsXc53EbYc0pOeXG5d6/31LGHeVGf84sqSN0OrJi5u/j2H89WWKgS8N0hMsMlf")
    #expect(app.deviceVerificationNonce == UUID(uuidString: "48c8b92d-ce0d-4229-bedf-e61b4f9cfc92"))
    #expect(app.preorderDate == nil)
    #expect(app.environment == .xcode)
    #expect(milliseconds(app.signedDate) == 1_697_680_122_257)
  }

  @Test(
    "Xcode data is refused by a Production verifier and by an Xcode verifier with another root",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func xcodeRefusals() throws {
    let jws = try token("xcode/xcode-signed-app-transaction.txt")
    let production = try xcodeVerifier(roots: [.appleRootCAG3], environment: .production)
    #expect(try production.verifyAppTransaction(jws).verificationError?.code == .invalidChain)
    let otherRoot = try xcodeVerifier(roots: [.appleRootCAG3])
    #expect(try otherRoot.verifyAppTransaction(jws).verificationError?.code == .invalidChain)
  }

  // MARK: - models

  func modelJSON(_ name: String) throws -> Data { try Corpus.data(Self.base + "models/" + name) }

  /// Signs a model with a test CA and verifies it with a LocalTesting verifier, as upstream does
  /// (there without any chain; here with one).
  func signAndVerify<Payload: SignedPayload>(
    _ name: String, as type: Payload.Type, environment: AppStoreEnvironment = .localTesting,
    appAppleID: UInt64? = nil
  ) throws -> VerificationResult<Payload> {
    let authority = try TestCertificateAuthority(seed: Array("models".utf8))
    let jws = try authority.signer.sign(payloadJSON: try modelJSON(name))
    return try authority.verifier(
      bundleID: "com.example", environment: environment, appAppleID: appAppleID,
      clock: FixedClock(Instant.now)
    ).verify(jws, as: type)
  }

  @Test(
    "signedTransaction decodes every modelled field and round-trips",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func modelTransaction() throws {
    let result = try signAndVerify("signedTransaction.json", as: Transaction.self)
    #expect(result.verificationError == nil)
    let transaction = result.unsafePayloadValue
    #expect(transaction.id == 23456)
    #expect(transaction.originalID == 12345)
    #expect(transaction.webOrderLineItemID == "34343")
    #expect(transaction.appBundleID == "com.example")
    #expect(transaction.productID == "com.example.product")
    #expect(transaction.subscriptionGroupID == "55555")
    #expect(milliseconds(transaction.purchaseDate) == 1_698_148_900_000)
    #expect(milliseconds(transaction.originalPurchaseDate) == 1_698_148_800_000)
    #expect(milliseconds(transaction.expirationDate) == 1_698_149_000_000)
    #expect(transaction.purchasedQuantity == 1)
    #expect(transaction.productType == .autoRenewable)
    #expect(transaction.appAccountToken == UUID(uuidString: "7e3fb20b-4cdb-47cc-936d-99d65f608138"))
    #expect(transaction.ownershipType == .purchased)
    #expect(milliseconds(transaction.signedDate) == 1_698_148_900_000)
    #expect(transaction.revocationReason == .developerIssue)
    #expect(milliseconds(transaction.revocationDate) == 1_698_148_950_000)
    #expect(transaction.isUpgraded)
    #expect(transaction.offerType == .introductory)
    #expect(transaction.offerID == "abc.123")
    #expect(transaction.environment == .localTesting)
    #expect(transaction.reason == .purchase)
    #expect(transaction.storefrontCountryCode == "USA")
    #expect(transaction.storefrontID == "143441")
    #expect(transaction.priceMilliunits == 10990)
    #expect(transaction.currency == "USD")
    #expect(transaction.offerPaymentMode == .payAsYouGo)
    #expect(transaction.appTransactionID == "71134")
    #expect(transaction.offerPeriod == "P1Y")
    #expect(transaction.billingPlanType == "MONTHLY")
    try expectRoundTrip(transaction)
  }

  @Test(
    "signedTransactionWithRevocation decodes the revocation type and percentage",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func modelRevocation() throws {
    let result = try signAndVerify("signedTransactionWithRevocation.json", as: Transaction.self)
    #expect(result.isVerified)
    #expect(result.unsafePayloadValue.revocationType == .refundProrated)
    #expect(result.unsafePayloadValue.revocationPercentage == 50000)
    try expectRoundTrip(result.unsafePayloadValue)
  }

  @Test(
    "signedRenewalInfo decodes every modelled field and round-trips",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func modelRenewalInfo() throws {
    let result = try signAndVerify("signedRenewalInfo.json", as: RenewalInfo.self)
    #expect(result.isVerified)
    let renewal = result.unsafePayloadValue
    #expect(renewal.expirationReason == .autoRenewDisabled)
    #expect(renewal.originalTransactionID == 12345)
    #expect(renewal.autoRenewPreference == "com.example.product.2")
    #expect(renewal.currentProductID == "com.example.product")
    #expect(renewal.willAutoRenew)
    #expect(renewal.isInBillingRetry)
    #expect(renewal.priceIncreaseStatus == .pending)
    #expect(milliseconds(renewal.gracePeriodExpirationDate) == 1_698_148_900_000)
    #expect(renewal.offerType == .promotional)
    #expect(renewal.offerID == "abc.123")
    #expect(milliseconds(renewal.signedDate) == 1_698_148_800_000)
    #expect(renewal.environment == .localTesting)
    #expect(milliseconds(renewal.recentSubscriptionStartDate) == 1_698_148_800_000)
    #expect(milliseconds(renewal.renewalDate) == 1_698_148_850_000)
    #expect(renewal.renewalPriceMilliunits == 9990)
    #expect(renewal.currency == "USD")
    #expect(renewal.offerPaymentMode == .payAsYouGo)
    #expect(renewal.eligibleWinBackOfferIDs == ["eligible1", "eligible2"])
    #expect(renewal.appTransactionID == "71134")
    #expect(renewal.offerPeriod == "P1Y")
    #expect(renewal.appAccountToken == UUID(uuidString: "7e3fb20b-4cdb-47cc-936d-99d65f608138"))
    #expect(renewal.renewalBillingPlanType == "MONTHLY")
    try expectRoundTrip(renewal)
  }

  @Test(
    "appTransaction decodes every field and round-trips",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func modelAppTransaction() throws {
    let result = try signAndVerify("appTransaction.json", as: AppTransaction.self)
    #expect(result.isVerified)
    let app = result.unsafePayloadValue
    #expect(app.environment == .localTesting)
    #expect(app.appID == 531412)
    #expect(app.bundleID == "com.example")
    #expect(app.appVersion == "1.2.3")
    #expect(app.appVersionID == 512)
    #expect(milliseconds(app.signedDate) == 1_698_148_900_000)
    #expect(milliseconds(app.originalPurchaseDate) == 1_698_148_800_000)
    #expect(app.originalAppVersion == "1.1.2")
    #expect(app.deviceVerification == "device_verification_value")
    #expect(app.deviceVerificationNonce == UUID(uuidString: "48ccfa42-7431-4f22-9908-7e88983e105a"))
    #expect(milliseconds(app.preorderDate) == 1_698_148_700_000)
    #expect(app.appTransactionID == "71134")
    #expect(app.originalPlatform == .iOS)
    try expectRoundTrip(app)
  }

  @Test(
    "signedNotification decodes as SUBSCRIBED / INITIAL_BUY with its data",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func modelNotification() throws {
    let result = try signAndVerify("signedNotification.json", as: ServerNotification.self)
    #expect(result.isVerified)
    let notification = result.unsafePayloadValue
    #expect(notification.notificationType == .subscribed)
    #expect(notification.subtype == .initialBuy)
    #expect(notification.notificationUUID == "002e14d5-51f5-4503-b5a8-c3a1af68eb20")
    #expect(notification.version == "2.0")
    #expect(milliseconds(notification.signedDate) == 1_698_148_900_000)
    #expect(notification.data?.environment == .localTesting)
    #expect(notification.data?.appAppleID == 41234)
    #expect(notification.data?.bundleID == "com.example")
    #expect(notification.data?.bundleVersion == "1.2.3")
    #expect(notification.data?.signedTransactionInfo == "signed_transaction_info_value")
    #expect(notification.data?.signedRenewalInfo == "signed_renewal_info_value")
    #expect(notification.data?.status == .subscribed)
    #expect(notification.summary == nil)
    #expect(notification.externalPurchaseToken == nil)
    try expectRoundTrip(notification)
  }

  @Test(
    "signedConsumptionRequestNotification carries its consumption request reason",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func modelConsumptionRequest() throws {
    let result = try signAndVerify(
      "signedConsumptionRequestNotification.json", as: ServerNotification.self)
    #expect(result.isVerified)
    #expect(result.unsafePayloadValue.notificationType == .consumptionRequest)
    #expect(result.unsafePayloadValue.subtype == nil)
    #expect(result.unsafePayloadValue.data?.consumptionRequestReason == .unintendedPurchase)
  }

  @Test(
    "signedSummaryNotification carries its summary", .enabled(if: Corpus.isPresent, Corpus.absent))
  func modelSummary() throws {
    let result = try signAndVerify("signedSummaryNotification.json", as: ServerNotification.self)
    #expect(result.isVerified)
    let notification = result.unsafePayloadValue
    #expect(notification.notificationType == .renewalExtension)
    #expect(notification.subtype == .summary)
    #expect(notification.data == nil)
    #expect(notification.summary?.requestIdentifier == "efb27071-45a4-4aca-9854-2a1e9146f265")
    #expect(notification.summary?.productID == "com.example.product")
    #expect(notification.summary?.storefrontCountryCodes == ["CAN", "USA", "MEX"])
    #expect(notification.summary?.succeededCount == 5)
    #expect(notification.summary?.failedCount == 2)
    #expect(notification.summary?.appAppleID == 41234)
    try expectRoundTrip(notification)
  }

  @Test(
    "an external purchase token notification is Production unless its id starts with SANDBOX",
    .enabled(if: Corpus.isPresent, Corpus.absent),
    arguments: [
      ("signedExternalPurchaseTokenNotification.json", AppStoreEnvironment.production),
      ("signedExternalPurchaseTokenSandboxNotification.json", .sandbox),
    ])
  func modelExternalPurchaseToken(file: String, environment: AppStoreEnvironment) throws {
    let inferred = try signAndVerify(
      file, as: ServerNotification.self, environment: environment, appAppleID: 55555)
    #expect(inferred.isVerified)
    let token = try #require(inferred.unsafePayloadValue.externalPurchaseToken)
    #expect(token.tokenCreationDateMilliseconds == 1_698_148_950_000)
    #expect(token.appAppleID == 55555)
    #expect(token.bundleID == "com.example")
    #expect(token.environment == environment)
    let local = try signAndVerify(file, as: ServerNotification.self)
    #expect(local.verificationError?.code == .wrongEnvironment)
  }

  @Test(
    "a Production external purchase token for another app Apple id is the wrong app",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func modelExternalPurchaseTokenOtherApp() throws {
    let result = try signAndVerify(
      "signedExternalPurchaseTokenNotification.json", as: ServerNotification.self,
      environment: .production, appAppleID: 1)
    #expect(result.verificationError?.code == .wrongApp)
  }

  @Test(
    "signedRescindConsentNotification carries app data",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func modelRescindConsent() throws {
    let result = try signAndVerify(
      "signedRescindConsentNotification.json", as: ServerNotification.self)
    #expect(result.isVerified)
    let notification = result.unsafePayloadValue
    #expect(notification.notificationType == .rescindConsent)
    #expect(notification.appData?.appAppleID == 41234)
    #expect(notification.appData?.bundleID == "com.example")
    #expect(notification.appData?.environment == .localTesting)
    #expect(notification.appData?.signedAppTransactionInfo == "signed_app_transaction_info_value")
  }

  @Test("appData decodes as plain JSON", .enabled(if: Corpus.isPresent, Corpus.absent))
  func modelAppData() throws {
    let appData = try AppStoreJSON.decoder().decode(
      ServerNotification.AppData.self, from: try modelJSON("appData.json"))
    #expect(appData.appAppleID == 987_654_321)
    #expect(appData.environment == .sandbox)
    #expect(appData.signedAppTransactionInfo == "signed-app-transaction-info")
  }

  /// Encodes with the App Store's JSON conventions, decodes, and expects the same value (the
  /// JWS a payload came from is not part of its JSON).
  func expectRoundTrip<T: SignedPayload & Codable & Equatable>(
    _ value: T, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var original = value
    original.attachJWS("")
    let data = try AppStoreJSON.encoder().encode(original)
    let decoded = try AppStoreJSON.decoder().decode(T.self, from: data)
    #expect(decoded == original, sourceLocation: sourceLocation)
  }
}
