import Foundation
import StoreModel
import Testing

@Suite struct AppStoreJSONTests {
  @Test("a transaction round-trips through the App Store's JSON keys")
  func transactionRoundTrip() throws {
    var transaction = Transaction(
      id: 2_000_000_123, originalID: 2_000_000_100, appBundleID: "com.sportstime.app",
      productID: "com.sportstime.pro.monthly", productType: .autoRenewable,
      purchaseDate: Date(timeIntervalSince1970: 1_700_000_000),
      signedDate: Date(timeIntervalSince1970: 1_700_000_001.5),
      subscriptionGroupID: "21000000", expirationDate: Date(timeIntervalSince1970: 1_702_592_000),
      ownershipType: .familyShared, reason: .renewal, environment: .localTesting)
    transaction.isUpgraded = true
    transaction.offerType = OfferType(rawValue: 9)
    let data = try AppStoreJSON.encoder().encode(transaction)
    let json = try #require(String(data: data, encoding: .utf8))
    #expect(json.contains(#""transactionId":"2000000123""#))
    #expect(json.contains(#""inAppOwnershipType":"FAMILY_SHARED""#))
    #expect(json.contains(#""type":"Auto-Renewable Subscription""#))
    #expect(json.contains(#""signedDate":1700000001500"#))
    #expect(json.contains(#""isUpgraded":true"#))
    let decoded = try AppStoreJSON.decoder().decode(Transaction.self, from: data)
    #expect(decoded == transaction)
    #expect(decoded.offerType?.rawValue == 9)
  }

  @Test("renewal info decodes Apple's field names and fractional milliseconds")
  func renewalInfoDecodes() throws {
    let json = """
      {"originalTransactionId":"42","productId":"a","autoRenewProductId":"b","autoRenewStatus":1,
       "isInBillingRetryPeriod":true,"gracePeriodExpiresDate":1700000000000.25,
       "signedDate":1699999999999,"expirationIntent":7,"environment":"Sandbox"}
      """
    let info = try AppStoreJSON.decoder().decode(RenewalInfo.self, from: Data(json.utf8))
    #expect(info.originalTransactionID == 42)
    #expect(info.willAutoRenew)
    #expect(info.autoRenewPreference == "b")
    #expect(info.isInBillingRetry)
    #expect(info.expirationReason?.rawValue == 7)
    #expect(info.environment == .sandbox)
    let grace = try #require(info.gracePeriodExpirationDate)
    #expect(abs(grace.timeIntervalSince1970 - 1_700_000_000.00025) < 0.000_001)
  }

  @Test("a non-numeric transaction id is rejected")
  func nonNumericID() {
    let json = """
      {"transactionId":"abc","originalTransactionId":"1","bundleId":"b","productId":"p",
       "type":"Consumable","purchaseDate":0,"signedDate":0}
      """
    #expect(throws: DecodingError.self) {
      try AppStoreJSON.decoder().decode(Transaction.self, from: Data(json.utf8))
    }
  }

  @Test(
    "ISO 8601 periods parse, and nothing else does",
    arguments: [
      ("P1W", SubscriptionPeriod(value: 1, unit: .week)), ("P1M", .monthly),
      ("P6M", SubscriptionPeriod(value: 6, unit: .month)), ("P1Y", .yearly),
      ("P3D", SubscriptionPeriod(value: 3, unit: .day)),
    ])
  func periods(text: String, period: SubscriptionPeriod) {
    #expect(SubscriptionPeriod(iso8601: text) == period)
    #expect(period.iso8601 == text)
  }

  @Test(
    "malformed periods are rejected",
    arguments: ["", "P", "P0M", "PT1H", "1M", "P1M2D", "P-1M", "P1X", "P1W1W", "P1MT", "P12345D"])
  func badPeriods(text: String) {
    #expect(SubscriptionPeriod(iso8601: text) == nil)
  }

  @Test("a month after January 31 is the last day of February")
  func monthEnd() {
    let jan31 = Date(timeIntervalSince1970: 1_706_659_200)  // 2024-01-31T00:00:00Z
    let end = SubscriptionPeriod.monthly.end(from: jan31)
    #expect(end == Date(timeIntervalSince1970: 1_709_164_800))  // 2024-02-29T00:00:00Z
  }
}

@Suite struct AppStoreJSONLimitsTests {
  @Test("dates too far out for whole milliseconds are clamped, not a crash")
  func hugeDates() throws {
    #expect(AppStoreJSON.milliseconds(Date(timeIntervalSince1970: 1e300)) == .max)
    #expect(AppStoreJSON.milliseconds(Date(timeIntervalSince1970: -1e300)) == .min)
    #expect(AppStoreJSON.milliseconds(Date(timeIntervalSince1970: 1.5)) == 1500)
    let json =
      #"{"originalTransactionId":"1","productId":"p","autoRenewStatus":0,"signedDate":1e300}"#
    let info = try AppStoreJSON.decoder().decode(RenewalInfo.self, from: Data(json.utf8))
    let encoded = try AppStoreJSON.encoder().encode(info)
    #expect(String(decoding: encoded, as: UTF8.self).contains("9223372036854775807"))
  }
}
