import AppStoreJWS
import Foundation
import LocalAppStore
import StoreModel
import TestSupport
import Testing

@Suite(.recordsQuietFailures) struct PayloadWriterTests {
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
    // A UUID is written lowercase, as Apple's payloads write it (RFC 9562 §4).
    if let token = transaction.appAccountToken {
      #expect(
        String(decoding: written, as: UTF8.self).contains(
          #""appAccountToken":"\#(token.uuidString.lowercased())""#))
    }
    let decoded = try AppStoreJSON.decoder().decode(Transaction.self, from: written)
    // What the ledger keeps for the next read is what the row decodes to.
    var stored = decoded
    stored.jwsRepresentation = ""
    #expect(LedgerStore.asStored(transaction) == stored)
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

  @Test("notifications are written exactly as AppStoreJSON's encoder writes them")
  func notifications() throws {
    let full = ServerNotification(
      notificationType: .didRenew, subtype: .billingRecovery,
      notificationUUID: "0B6A4C8E-2F1D-4E3A-9C5B-7D8E9F0A1B2C",
      signedDate: Date(timeIntervalSince1970: 1_767_225_600.123),
      data: ServerNotification.NotificationData(
        environment: .sandbox, appAppleID: UInt64.max, bundleID: "com.sportstime.app",
        bundleVersion: "1", signedTransactionInfo: "a.b\"/c", signedRenewalInfo: "d.e.f",
        status: .inBillingRetryPeriod, consumptionRequestReason: .unintendedPurchase))
    let minimal = ServerNotification(notificationType: .test, version: nil)
    for notification in [full, minimal] {
      let written = try #require(PayloadWriter.json(of: notification))
      #expect(written == (try AppStoreJSON.encoder().encode(notification)))
    }
    var summary = minimal
    summary.summary = ServerNotification.Summary(requestIdentifier: "r")
    #expect(PayloadWriter.json(of: summary) == nil)
  }

  @Test("subscription records are written exactly as AppStoreJSON's encoder writes them")
  func records() throws {
    let start = Date(timeIntervalSince1970: 1_767_225_600.4)
    var full = SubscriptionRecord(
      originalID: UInt64.max, account: "a\"b", groupID: "2F8B6D14", productID: "monthly",
      autoRenewProductID: "annual", willAutoRenew: true, phase: .billingRetry,
      expirationDate: start, expirationReason: .billingError, retryEndDate: start,
      gracePeriodEndDate: start, recentStartDate: start,
      appAccountToken: UUID(uuidString: "6F1D1A52-7C0B-4E53-9E4B-1D2C3A4B5C6D"),
      originalPurchaseDate: start, offerPeriodsLeft: 2, offerID: "promo", sourceOriginalID: 7)
    full.pendingOfferID = "LOYALTY"
    var minimal = full
    minimal.pendingOfferID = nil
    minimal.expirationReason = nil
    minimal.retryEndDate = nil
    minimal.gracePeriodEndDate = nil
    minimal.appAccountToken = nil
    minimal.offerID = nil
    minimal.sourceOriginalID = nil
    minimal.willAutoRenew = false
    full.phase = .revoked
    for record in [full, minimal] {
      let written = PayloadWriter.json(of: record)
      #expect(written == (try AppStoreJSON.encoder().encode(record)))
      // What the ledger keeps for the next read is what the row decodes to.
      let decoded = try AppStoreJSON.decoder().decode(SubscriptionRecord.self, from: written)
      #expect(LedgerStore.asStored(record) == decoded)
    }
  }

  @Test("launch markers are written exactly as AppStoreJSON's encoder writes them")
  func launchMarkers() throws {
    let markers = [
      LaunchMarker(account: "purchaser", transactionID: UInt64.max, originalID: 1),
      LaunchMarker(account: "k\u{1}d\\", transactionID: 2, originalID: 3),
    ]
    for list in [markers, [], Array(markers.prefix(1))] {
      let written = PayloadWriter.json(of: list)
      #expect(written == (try AppStoreJSON.encoder().encode(list)))
      #expect(try AppStoreJSON.decoder().decode([LaunchMarker].self, from: written) == list)
    }
  }
}
