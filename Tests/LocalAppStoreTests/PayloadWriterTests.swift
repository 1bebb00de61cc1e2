import Foundation
import StoreModel
import Testing

@testable import LocalAppStore

@Suite struct PayloadWriterTests {
  static var fullTransaction: Transaction {
    var transaction = Transaction(
      id: 2_000_000_123_456_789, originalID: 2_000_000_000_000_001,
      appBundleID: "com.sportstime.app", productID: "com.sportstime.pro.monthly",
      productType: .autoRenewable, purchaseDate: Date(timeIntervalSince1970: 1_767_225_600.123_4),
      signedDate: Date(timeIntervalSince1970: 1_767_225_601), subscriptionGroupID: "2F8B6D14",
      originalPurchaseDate: Date(timeIntervalSince1970: 1_700_000_000),
      expirationDate: Date(timeIntervalSince1970: 1_769_904_000), purchasedQuantity: 1,
      ownershipType: .familyShared, reason: .renewal, environment: .localTesting)
    transaction.webOrderLineItemID = "2000000000000002"
    transaction.appAccountToken = UUID(uuidString: "6F1D1A52-7C0B-4E53-9E4B-1D2C3A4B5C6D")
    transaction.revocationReason = .developerIssue
    transaction.revocationDate = Date(timeIntervalSince1970: 1_768_000_000)
    transaction.isUpgraded = true
    transaction.offerType = .introductory
    transaction.offerID = "intro \"quoted\" / slash\\n\u{1}é"
    transaction.offerPaymentMode = .freeTrial
    transaction.offerPeriod = "P1W"
    transaction.storefrontCountryCode = "USA"
    transaction.storefrontID = "143441"
    transaction.currency = "USD"
    transaction.priceMilliunits = 4990
    transaction.appTransactionID = "704"
    transaction.revocationType = .refundProrated
    transaction.revocationPercentage = 50_000
    transaction.billingPlanType = "BILLED_UPFRONT"
    transaction.deviceVerification = "abc\ttab"
    transaction.deviceVerificationNonce = UUID(uuidString: "11111111-2222-3333-4444-555555555555")
    return transaction
  }

  static var minimalTransaction: Transaction {
    Transaction(
      id: 1, originalID: 1, appBundleID: "b", productID: "p", productType: .consumable,
      purchaseDate: Date(timeIntervalSince1970: 0), signedDate: Date(timeIntervalSince1970: 0),
      reason: nil)
  }

  static var fullRenewalInfo: RenewalInfo {
    var info = RenewalInfo(
      originalTransactionID: 42, currentProductID: "monthly", willAutoRenew: true,
      signedDate: Date(timeIntervalSince1970: 1_767_225_600), autoRenewPreference: "annual",
      expirationReason: .billingError, isInBillingRetry: true,
      gracePeriodExpirationDate: Date(timeIntervalSince1970: 1_768_000_000),
      renewalDate: Date(timeIntervalSince1970: 1_769_904_000),
      recentSubscriptionStartDate: Date(timeIntervalSince1970: 1_700_000_000),
      environment: .localTesting)
    info.priceIncreaseStatus = .agreed
    info.offerType = .promotional
    info.offerID = "promo"
    info.offerPaymentMode = .payAsYouGo
    info.offerPeriod = "P3M"
    info.currency = "EUR"
    info.renewalPriceMilliunits = 49_990
    info.eligibleWinBackOfferIDs = ["back1", "back2"]
    info.appAccountToken = UUID(uuidString: "6F1D1A52-7C0B-4E53-9E4B-1D2C3A4B5C6D")
    info.appTransactionID = "704"
    info.renewalBillingPlanType = "MONTHLY"
    return info
  }

  @Test(
    "transactions are written exactly as AppStoreJSON's encoder writes them",
    arguments: [fullTransaction, minimalTransaction])
  func transactions(transaction: Transaction) throws {
    let written = PayloadWriter.json(of: transaction)
    #expect(written == (try AppStoreJSON.encoder().encode(transaction)))
    let decoded = try AppStoreJSON.decoder().decode(Transaction.self, from: written)
    var expected = transaction
    expected.purchaseDate = AppStoreJSON.date(
      milliseconds: AppStoreJSON.milliseconds(transaction.purchaseDate))
    #expect(decoded == expected)
  }

  @Test("renewal infos are written exactly as AppStoreJSON's encoder writes them")
  func renewalInfos() throws {
    let minimal = RenewalInfo(
      originalTransactionID: 1, currentProductID: "p", willAutoRenew: false,
      signedDate: Date(timeIntervalSince1970: 0))
    for info in [Self.fullRenewalInfo, minimal] {
      let written = PayloadWriter.json(of: info)
      #expect(written == (try AppStoreJSON.encoder().encode(info)))
      #expect(try AppStoreJSON.decoder().decode(RenewalInfo.self, from: written) == info)
    }
  }
}
