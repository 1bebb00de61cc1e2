import AppStoreJWS
import Foundation

/// Tokens signed by the fuzz certificate authority (`TestCertificateAuthority(seed:)`).
enum JWSSeeds {
  /// Must equal `JWSRoots.localSeed` of `fuzz-jws`.
  static let seed = Array("sportstime-fuzz-jws".utf8)

  static func write(to folder: URL) throws -> Int {
    let authority = try TestCertificateAuthority(seed: seed)
    let signer = authority.signer
    var count = 0
    func save(_ name: String, _ token: String) throws {
      try Data(token.utf8).write(to: folder.appendingPathComponent("local-\(name).jws"))
      count += 1
    }
    for environment in ["LocalTesting", "Sandbox", "Production", "Xcode"] {
      let suffix = environment.lowercased()
      let transaction = Self.transaction(environment: environment)
      try save("transaction-\(suffix)", try signer.sign(payloadJSON: Data(transaction.utf8)))
      try save(
        "renewal-\(suffix)",
        try signer.sign(payloadJSON: Data(Self.renewalInfo(environment: environment).utf8)))
      let nested = try signer.sign(payloadJSON: Data(transaction.utf8))
      try save(
        "notification-\(suffix)",
        try signer.sign(
          payloadJSON: Data(Self.notification(environment: environment, nested: nested).utf8)))
      try save(
        "app-transaction-\(suffix)",
        try signer.sign(payloadJSON: Data(Self.appTransaction(environment: environment).utf8)))
    }
    // Xcode's shape: one self-signed certificate in x5c, which the verifier has as a root.
    let xcode = try JWSSigner(key: authority.rootKey, certificateChain: [authority.root])
    try save(
      "transaction-xcode-single",
      try xcode.sign(payloadJSON: Data(Self.transaction(environment: "Xcode").utf8)))
    return count
  }

  static func transaction(environment: String) -> String {
    """
    {"appAccountToken":"7e3fb20b-4cdb-47cc-936d-99d65f608138","bundleId":"com.sportstime.app",\
    "currency":"USD","environment":"\(environment)","expiresDate":1769904000000,\
    "inAppOwnershipType":"PURCHASED","isUpgraded":false,"offerDiscountType":"FREE_TRIAL",\
    "offerType":1,"originalPurchaseDate":1767225600000,"originalTransactionId":"1",\
    "price":4990,"productId":"com.sportstime.pro.monthly","purchaseDate":1767225600000,\
    "quantity":1,"signedDate":1767225600000,"storefront":"USA","storefrontId":"143441",\
    "subscriptionGroupIdentifier":"2F8B6D14","transactionId":"2","transactionReason":"RENEWAL",\
    "type":"Auto-Renewable Subscription","webOrderLineItemId":"3","revocationDate":1767312000000,\
    "revocationReason":1,"revocationType":"REFUND_FULL","appTransactionId":"704"}
    """
  }

  static func renewalInfo(environment: String) -> String {
    """
    {"autoRenewProductId":"com.sportstime.pro.annual","autoRenewStatus":1,"currency":"USD",\
    "eligibleWinBackOfferIds":["winback"],"environment":"\(environment)",\
    "expirationIntent":2,"gracePeriodExpiresDate":1769904000000,"isInBillingRetryPeriod":true,\
    "originalTransactionId":"1","productId":"com.sportstime.pro.monthly",\
    "recentSubscriptionStartDate":1767225600000,"renewalDate":1769904000000,\
    "renewalPrice":49990,"signedDate":1767225600000,"priceIncreaseStatus":0}
    """
  }

  static func notification(environment: String, nested: String) -> String {
    """
    {"notificationType":"DID_RENEW","subtype":"BILLING_RECOVERY",\
    "notificationUUID":"002e14d5-51f5-4503-b5a8-c3a1af68eb20","version":"2.0",\
    "signedDate":1767225600000,"data":{"appAppleId":1234,"bundleId":"com.sportstime.app",\
    "bundleVersion":"1.0","environment":"\(environment)","signedTransactionInfo":"\(nested)",\
    "status":1}}
    """
  }

  static func appTransaction(environment: String) -> String {
    """
    {"receiptType":"\(environment)","appAppleId":1234,"bundleId":"com.sportstime.app",\
    "applicationVersion":"1.0","versionExternalIdentifier":0,\
    "receiptCreationDate":1767225600000,"originalPurchaseDate":1767225600000,\
    "originalApplicationVersion":"1.0","deviceVerification":"abc=",\
    "deviceVerificationNonce":"48ee7bd6-b0f8-4b1f-9ad9-7a6d3b9f0a4c",\
    "appTransactionId":"704","originalPlatform":"iOS"}
    """
  }
}
