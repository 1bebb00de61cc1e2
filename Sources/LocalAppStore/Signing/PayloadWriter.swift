package import AppStoreJWS
package import Foundation
package import StoreModel

/// Writes transactions and renewal infos in the App Store's JSON form straight into bytes: the
/// same keys and values as their `Codable` form through ``StoreModel/AppStoreJSON``, keys in
/// byte order, dates in whole milliseconds, without escaped slashes.
///
/// Signing and the ledger's writes are the local App Store's hot path: this writer costs a
/// fraction of `JSONEncoder`. A test holds each form to the encoder's output byte for byte.
package struct PayloadWriter {
  private var bytes: [UInt8] = []
  private var first = true

  private init(capacity: Int = 1024) { bytes.reserveCapacity(capacity) }

  /// The payload of `transaction`'s JWS, as Apple's `JWSTransactionDecodedPayload` spells it.
  package static func json(of transaction: Transaction) -> Data {
    var writer = PayloadWriter()
    writer.open()
    let t = transaction
    // Lowercase, as Apple's payloads and documentation write UUIDs (RFC 9562 §4: "output as
    // lowercase characters and ... case insensitive on input"); Foundation's uuidString is
    // uppercase.
    writer.field("appAccountToken", t.appAccountToken?.uuidString.lowercased())
    writer.field("appTransactionId", t.appTransactionID)
    writer.field("billingPlanType", t.billingPlanType)
    writer.field("bundleId", t.appBundleID)
    writer.field("currency", t.currency)
    writer.field("deviceVerification", t.deviceVerification)
    writer.field("deviceVerificationNonce", t.deviceVerificationNonce?.uuidString)
    writer.field("environment", t.environment?.rawValue)
    writer.field("expiresDate", t.expirationDate)
    writer.field("inAppOwnershipType", t.ownershipType.rawValue)
    if t.isUpgraded { writer.field("isUpgraded", true) }
    writer.field("offerDiscountType", t.offerPaymentMode?.rawValue)
    writer.field("offerIdentifier", t.offerID)
    writer.field("offerPeriod", t.offerPeriod)
    writer.field("offerType", t.offerType.map { Int64($0.rawValue) })
    writer.field("originalPurchaseDate", t.originalPurchaseDate)
    writer.field("originalTransactionId", String(t.originalID))
    writer.field("price", t.priceMilliunits)
    writer.field("productId", t.productID)
    writer.field("purchaseDate", t.purchaseDate)
    writer.field("quantity", Int64(t.purchasedQuantity))
    writer.field("revocationDate", t.revocationDate)
    writer.field("revocationPercentage", t.revocationPercentage.map(Int64.init))
    writer.field("revocationReason", t.revocationReason.map { Int64($0.rawValue) })
    writer.field("revocationType", t.revocationType?.rawValue)
    writer.field("signedDate", t.signedDate)
    writer.field("storefront", t.storefrontCountryCode)
    writer.field("storefrontId", t.storefrontID)
    writer.field("subscriptionGroupIdentifier", t.subscriptionGroupID)
    writer.field("transactionId", String(t.id))
    writer.field("transactionReason", t.reason?.rawValue)
    writer.field("type", t.productType.rawValue)
    writer.field("webOrderLineItemId", t.webOrderLineItemID)
    return writer.close()
  }

  /// The payload of `info`'s JWS, as Apple's `JWSRenewalInfoDecodedPayload` spells it.
  package static func json(of info: RenewalInfo) -> Data {
    var writer = PayloadWriter()
    writer.open()
    writer.field("appAccountToken", info.appAccountToken?.uuidString.lowercased())
    writer.field("appTransactionId", info.appTransactionID)
    writer.field("autoRenewProductId", info.autoRenewPreference)
    writer.field("autoRenewStatus", Int64(info.willAutoRenew ? 1 : 0))
    writer.field("currency", info.currency)
    writer.field("eligibleWinBackOfferIds", info.eligibleWinBackOfferIDs)
    writer.field("environment", info.environment?.rawValue)
    writer.field("expirationIntent", info.expirationReason.map { Int64($0.rawValue) })
    writer.field("gracePeriodExpiresDate", info.gracePeriodExpirationDate)
    writer.field("isInBillingRetryPeriod", info.isInBillingRetry)
    writer.field("offerDiscountType", info.offerPaymentMode?.rawValue)
    writer.field("offerIdentifier", info.offerID)
    writer.field("offerPeriod", info.offerPeriod)
    writer.field("offerType", info.offerType.map { Int64($0.rawValue) })
    writer.field("originalTransactionId", String(info.originalTransactionID))
    writer.field("priceIncreaseStatus", info.priceIncreaseStatus.map { Int64($0.rawValue) })
    writer.field("productId", info.currentProductID)
    writer.field("recentSubscriptionStartDate", info.recentSubscriptionStartDate)
    writer.field("renewalBillingPlanType", info.renewalBillingPlanType)
    writer.field("renewalDate", info.renewalDate)
    writer.field("renewalPrice", info.renewalPriceMilliunits)
    writer.field("signedDate", info.signedDate)
    return writer.close()
  }

  /// The payload of `notification`'s signed `responseBodyV2DecodedPayload`, as Apple's
  /// `ResponseBodyV2DecodedPayload` spells it; `nil` for a notification with a `summary`, an
  /// `externalPurchaseToken` or `appData` (rare: those go through the encoder).
  package static func json(of notification: ServerNotification) -> Data? {
    guard notification.summary == nil, notification.externalPurchaseToken == nil,
      notification.appData == nil
    else { return nil }
    // Room for the two tokens it carries (kilobytes each), so that the bytes grow once.
    let tokens =
      (notification.data?.signedRenewalInfo?.utf8.count ?? 0)
      + (notification.data?.signedTransactionInfo?.utf8.count ?? 0)
    var writer = PayloadWriter(capacity: 1024 + tokens)
    writer.open()
    if let data = notification.data {
      writer.key("data")
      // The inner object, written in place: its first member takes no comma.
      writer.first = true
      writer.open()
      writer.field("appAppleId", data.appAppleID.map { String($0) }, asNumber: true)
      writer.field("bundleId", data.bundleID)
      writer.field("bundleVersion", data.bundleVersion)
      writer.field("consumptionRequestReason", data.consumptionRequestReason?.rawValue)
      writer.field("environment", data.environment?.rawValue)
      writer.field("signedRenewalInfo", data.signedRenewalInfo)
      writer.field("signedTransactionInfo", data.signedTransactionInfo)
      writer.field("status", data.status.map { Int64($0.rawValue) })
      writer.bytes.append(UInt8(ascii: "}"))
      writer.first = false
    }
    writer.field("notificationType", notification.notificationType.rawValue)
    writer.field("notificationUUID", notification.notificationUUID)
    writer.field("signedDate", notification.signedDate)
    writer.field("subtype", notification.subtype?.rawValue)
    writer.field("version", notification.version)
    return writer.close()
  }

  /// A subscription record's row in the ledger, as its `Codable` form through the encoder.
  package static func json(of record: SubscriptionRecord) -> Data {
    var writer = PayloadWriter()
    writer.open()
    writer.field("account", record.account)
    writer.field("appAccountToken", record.appAccountToken?.uuidString)
    writer.field("autoRenewProductID", record.autoRenewProductID)
    writer.field("expirationDate", record.expirationDate)
    writer.field("expirationReason", record.expirationReason.map { Int64($0.rawValue) })
    writer.field("gracePeriodEndDate", record.gracePeriodEndDate)
    if let ended = record.gracePeriodEnded { writer.field("gracePeriodEnded", ended) }
    writer.field("groupID", record.groupID)
    writer.field("offerID", record.offerID)
    writer.field("offerPeriodsLeft", Int64(record.offerPeriodsLeft))
    writer.field("originalID", String(record.originalID), asNumber: true)
    writer.field("originalPurchaseDate", record.originalPurchaseDate)
    if let pending = record.pendingOfferID { writer.field("pendingOfferID", pending) }
    writer.field("phase", record.phase.rawValue)
    if let price = record.priceMilliunits { writer.field("priceMilliunits", price) }
    writer.field("productID", record.productID)
    writer.field("recentStartDate", record.recentStartDate)
    writer.field("renewalsSincePurchase", record.renewalsSincePurchase.map(Int64.init))
    writer.field("retryEndDate", record.retryEndDate)
    writer.field("sourceOriginalID", record.sourceOriginalID.map { String($0) }, asNumber: true)
    writer.field("willAutoRenew", record.willAutoRenew)
    return writer.close()
  }

  /// The launch markers' meta value (``LaunchMarker``), as their `Codable` form through the
  /// encoder.
  package static func json(of markers: [LaunchMarker]) -> Data {
    var writer = PayloadWriter()
    writer.bytes.append(UInt8(ascii: "["))
    for (index, marker) in markers.enumerated() {
      if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
      var object = PayloadWriter()
      object.open()
      object.field("account", marker.account)
      object.field("originalID", String(marker.originalID), asNumber: true)
      object.field("transactionID", String(marker.transactionID), asNumber: true)
      object.bytes.append(UInt8(ascii: "}"))
      writer.bytes.append(contentsOf: object.bytes)
    }
    writer.bytes.append(UInt8(ascii: "]"))
    return Data(writer.bytes)
  }

  // MARK: - Writing

  private mutating func open() { bytes.append(UInt8(ascii: "{")) }

  private mutating func close() -> Data {
    bytes.append(UInt8(ascii: "}"))
    return Data(bytes)
  }

  private mutating func key(_ name: StaticString) {
    if !first { bytes.append(UInt8(ascii: ",")) }
    first = false
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
  }

  private mutating func field(_ name: StaticString, _ value: String?) {
    guard let value else { return }
    key(name)
    string(value)
  }

  /// A number written from its decimal digits (a `UInt64` beyond `Int64`).
  private mutating func field(_ name: StaticString, _ digits: String?, asNumber: Bool) {
    guard let digits else { return }
    key(name)
    bytes.append(contentsOf: digits.utf8)
  }

  private mutating func field(_ name: StaticString, _ value: Int64?) {
    guard let value else { return }
    key(name)
    bytes.append(contentsOf: String(value).utf8)
  }

  private mutating func field(_ name: StaticString, _ value: Date?) {
    field(name, value.map(AppStoreJSON.milliseconds))
  }

  private mutating func field(_ name: StaticString, _ value: Bool) {
    key(name)
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  private mutating func field(_ name: StaticString, _ values: [String]?) {
    guard let values else { return }
    key(name)
    bytes.append(UInt8(ascii: "["))
    for (index, value) in values.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      string(value)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// A JSON string: `"` and `\` escaped, control characters as `\n`-style or `\u00XX`, the
  /// rest (slashes and non-ASCII included) as UTF-8.
  private mutating func string(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    // Most strings (identifiers, tokens: a notification carries two of a few kilobytes) need
    // no escape at all: copied whole.
    var value = value
    let copied = value.withUTF8 { utf8 in
      // Every byte looked at, with no branch: a loop the compiler vectorizes, where one that
      // stopped at the first escape went a byte at a time through the tokens.
      var escapes: UInt8 = 0
      for byte in utf8 {
        escapes |= (byte < 0x20 ? 1 : 0) | (byte == 0x22 ? 1 : 0) | (byte == 0x5C ? 1 : 0)
      }
      guard escapes == 0 else { return false }
      bytes.append(contentsOf: utf8)
      return true
    }
    if copied {
      bytes.append(UInt8(ascii: "\""))
      return
    }
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
      case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
      case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [
          0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
        ])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
