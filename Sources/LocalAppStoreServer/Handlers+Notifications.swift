import AppStoreJWS
import Foundation
import LocalAppStore
import StoreInternals
import StoreModel

extension Handlers {
  /// How far back notification history reaches, on the store's clock: "180 days" in
  /// Production, "30 days" in the Sandbox (Apple's Get Notification History page); Xcode's as
  /// the Sandbox's.
  static func historyWindow(_ environment: AppStoreEnvironment) -> TimeInterval {
    (environment == .production ? 180 : 30) * 86_400
  }

  // MARK: - Request a Test Notification

  /// Makes a `TEST` notification and posts it to the notifications URL; `4040007` when none is
  /// set. The token is the notification's UUID and its date in milliseconds, as Apple's
  /// (`"…-1674b43c1609_1698148900000"` in Apple's page).
  static func requestTestNotification(_ context: Context) async throws(APIError) -> APIResponse {
    let url = try await context.read { () throws(LocalAppStoreError) in
      try await context.store.notificationURL()
    }
    guard !context.isForeign, url != nil else { throw APIError.serverNotificationURLNotFound }
    let made = try await context.read { () throws(LocalAppStoreError) in
      try await context.store.requestTestNotification()
    }
    let token = "\(made.notificationUUID)_\(Int64(made.createdDate.timeIntervalSince1970 * 1_000))"
    return .json(200, .object([("testNotificationToken", .string(token))]))
  }

  // MARK: - Get Test Notification Status

  static func testNotificationStatus(_ context: Context) async throws(APIError) -> APIResponse {
    let token = context.parameters[0]
    let parts = token.split(separator: "_", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), UUID(uuidString: String(parts[0])) != nil,
      parts.count == 1 || Int64(parts[1]) != nil
    else {
      throw APIError.invalidTestNotificationToken
    }
    let uuid = String(parts[0]).lowercased()
    let all = try await context.read { () throws(LocalAppStoreError) in
      try await context.store.serverNotifications()
    }
    guard !context.isForeign,
      let notification = all.first(where: {
        $0.notificationUUID.lowercased() == uuid && $0.notificationType == .test
      })
    else { throw APIError.testNotificationNotFound }
    return .json(
      200,
      .object([
        ("signedPayload", .string(notification.signedPayload)),
        ("sendAttempts", attempts(notification)),
      ]))
  }

  static func attempts(_ notification: StoredServerNotification) -> JSONOut {
    .array(
      notification.attempts.map {
        .object([("attemptDate", .date($0.date)), ("sendAttemptResult", .string($0.result))])
      })
  }

  // MARK: - Get Notification History

  static func notificationHistory(_ context: Context) async throws(APIError) -> APIResponse {
    let body = try context.jsonBody()
    guard let startMilliseconds = body["startDate"]?.integer else {
      throw APIError.invalidStartDate
    }
    guard let endMilliseconds = body["endDate"]?.integer else { throw APIError.invalidEndDate }
    let type = try body["notificationType"].map { (field: JSONField) throws(APIError) in
      guard let text = field.string, knownTypes.contains(text) else {
        throw APIError.invalidNotificationType
      }
      return text
    }
    let subtype = try body["notificationSubtype"].map { (field: JSONField) throws(APIError) in
      guard let text = field.string, type != nil else {
        throw APIError.invalidNotificationType.saying(
          "Invalid notification type: a notificationSubtype needs its notificationType.")
      }
      return text
    }
    let transactionID = try body["transactionId"].map { (field: JSONField) throws(APIError) in
      guard let text = field.string, text.count <= 19,
        text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let id = UInt64(text)
      else { throw APIError.invalidTransactionID }
      return id
    }
    if type != nil, transactionID != nil { throw APIError.multipleFiltersSupplied }
    let onlyFailures = body["onlyFailures"]?.bool ?? false
    let digest = PageToken.digest(
      [
        String(startMilliseconds), String(endMilliseconds), type ?? "", subtype ?? "",
        transactionID.map(String.init) ?? "", String(onlyFailures),
      ])
    let position = try context.request.value("paginationToken").map {
      (text: String) throws(APIError) in
      try PageToken(text, expecting: digest, invalid: .invalidPaginationToken)
    }
    let view = try await view(context)
    let start = Date(timeIntervalSince1970: Double(startMilliseconds) / 1_000)
    // "If the endDate is in the future, the App Store uses the current date instead" (Apple).
    let requestedEnd = Date(timeIntervalSince1970: Double(endMilliseconds) / 1_000)
    let end = min(requestedEnd, view.now)
    // Clamped to now, the end includes what was made now.
    let includesEnd = requestedEnd > view.now
    guard start <= end else { throw APIError.startDateAfterEndDate }
    guard view.now.timeIntervalSince(start) <= historyWindow(context.environment) else {
      throw APIError.startDateTooFarInPast.saying(
        "Start date is too far in the past: at most \(Int(historyWindow(context.environment) / 86_400)) "
          + "days before now in the \(context.environment.rawValue) environment.")
    }
    var account: String?
    if let transactionID { account = try customer(of: transactionID, in: view) }
    var notifications =
      context.isForeign
      ? []
      : try await context.read { () throws(LocalAppStoreError) in
        try await context.store.serverNotifications(since: start)
      }
    notifications = notifications.filter {
      $0.createdDate >= start && ($0.createdDate < end || (includesEnd && $0.createdDate == end))
        && (type == nil || $0.notificationType.rawValue == type)
        && (subtype == nil || $0.subtype?.rawValue == subtype)
        && (account == nil || $0.account == account)
        && (!onlyFailures || $0.deliveredDate == nil)
    }
    if let position { notifications = notifications.filter { $0.sequence > position.major } }
    let page = Array(notifications.prefix(pageSize))
    let hasMore = notifications.count > page.count
    var members: [(String, JSONOut)] = []
    if hasMore, let last = page.last {
      members.append(
        ("paginationToken", .string(PageToken(digest: digest, major: last.sequence, minor: 0).text))
      )
    }
    members.append(("hasMore", .bool(hasMore)))
    members.append(
      (
        "notificationHistory",
        .array(
          page.map {
            .object([("signedPayload", .string($0.signedPayload)), ("sendAttempts", attempts($0))])
          })
      ))
    return .json(200, .object(members))
  }

  /// The `notificationType` values Apple's notifications carry (App Store Server Notifications,
  /// `notificationType`).
  static let knownTypes: Set<String> = [
    "CONSUMPTION_REQUEST", "DID_CHANGE_RENEWAL_PREF", "DID_CHANGE_RENEWAL_STATUS",
    "DID_FAIL_TO_RENEW", "DID_RENEW", "EXPIRED", "EXTERNAL_PURCHASE_TOKEN", "GRACE_PERIOD_EXPIRED",
    "METADATA_UPDATE", "MIGRATION", "OFFER_REDEEMED", "ONE_TIME_CHARGE", "PRICE_CHANGE",
    "PRICE_INCREASE", "REFUND", "REFUND_DECLINED", "REFUND_REVERSED", "RENEWAL_EXTENDED",
    "RENEWAL_EXTENSION", "RESCIND_CONSENT", "REVOKE", "SUBSCRIBED", "TEST",
  ]

  // MARK: - Extend a Subscription Renewal Date

  static func extendRenewalDate(_ context: Context) async throws(APIError) -> APIResponse {
    let id = try context.transactionID(invalid: .invalidOriginalTransactionID)
    let body = try context.jsonBody()
    let (days, reason, requestID) = try renewalExtension(body)
    if let earlier = context.api.extensions.withLock({ $0["\(id) \(requestID)"] }) {
      return earlier
    }
    let view = try await view(context)
    guard let record = view.records.first(where: { $0.transaction.id == id }) else {
      throw APIError.originalTransactionIDNotFound
    }
    guard !record.isFamilyCopy else {
      throw APIError.familySharedSubscriptionExtensionIneligible
    }
    guard record.transaction.productType == .autoRenewable else {
      throw APIError.subscriptionExtensionIneligible.saying(
        "The transaction is not an auto-renewable subscription's.")
    }
    let renewal: Date
    do {
      renewal = try await context.store.extendRenewalDate(
        transactionID: id, days: days, reasonCode: reason)
    } catch {
      switch error.code {
      case .notFound: throw APIError.originalTransactionIDNotFound
      case .notAllowed where error.reason.contains("SubscriptionMaxExtensionError"):
        throw APIError.subscriptionMaxExtension
      case .notAllowed: throw APIError.subscriptionExtensionIneligible
      default: throw APIError.generalInternal
      }
    }
    let latest = try await Self.view(context).records.filter {
      $0.transaction.originalID == record.transaction.originalID && !$0.isFamilyCopy
    }.max { $0.transaction.id < $1.transaction.id }
    let response = APIResponse.json(
      200,
      .object([
        ("originalTransactionId", .string(String(record.transaction.originalID))),
        ("webOrderLineItemId", .string(latest?.transaction.webOrderLineItemID ?? "")),
        ("success", .bool(true)), ("effectiveDate", .date(renewal)),
      ]))
    context.api.extensions.withLock { $0["\(id) \(requestID)"] = response }
    return response
  }

  /// The members both requests to extend renewal dates have, checked in this order:
  /// `extendByDays` (1 to 90), `extendReasonCode` (0 to 3) and `requestIdentifier` (1 to 128
  /// characters).
  private static func renewalExtension(
    _ body: [String: JSONField]
  ) throws(APIError) -> (days: Int, reason: Int, requestID: String) {
    guard let days = body["extendByDays"]?.integer, (1...90).contains(days) else {
      throw APIError.invalidExtendByDays
    }
    guard let reason = body["extendReasonCode"]?.integer, (0...3).contains(reason) else {
      throw APIError.invalidExtendReasonCode
    }
    guard let requestID = body["requestIdentifier"]?.string, !requestID.isEmpty,
      requestID.count <= 128
    else { throw APIError.invalidRequestIdentifier }
    return (Int(days), Int(reason), requestID)
  }

  // MARK: - Extend for all active subscribers

  /// Checked, then every active subscriber of the product (in the storefronts given) extended
  /// at once: the request completes before the answer, so its status is `complete` at once.
  static func massExtend(_ context: Context) async throws(APIError) -> APIResponse {
    let body = try context.jsonBody()
    let (days, reason, requestID) = try renewalExtension(body)
    guard let productID = body["productId"]?.string, !productID.isEmpty else {
      throw APIError.invalidProductID
    }
    var storefronts: Set<String>?
    if let field = body["storefrontCountryCodes"] {
      guard case .strings(let codes) = field, !codes.isEmpty else {
        throw APIError(400, 4_000_027, "Invalid request: the storefront list is empty.")
      }
      guard codes.allSatisfy({ $0.count == 3 && $0.allSatisfy(\.isUppercase) }) else {
        throw APIError(400, 4_000_028, "Invalid storefront country code.")
      }
      storefronts = Set(codes)
    }
    let answer = APIResponse.json(200, .object([("requestIdentifier", .string(requestID))]))
    if context.api.massExtensions.withLock({ $0[requestID] }) != nil { return answer }
    let view = try await view(context)
    // "All active subscribers": a subscription whose latest transaction (an upgrade or a
    // crossgrade replaces the product within it) is of this product, unexpired and unrevoked.
    // A family member's copy is never extended by itself (it follows its organizer's), and a
    // subscription in billing retry or a grace period is past its expiration, so not active.
    var latest: [UInt64: Transaction] = [:]
    for record in view.records where !record.isFamilyCopy {
      let transaction = record.transaction
      if let known = latest[transaction.originalID], known.id > transaction.id { continue }
      latest[transaction.originalID] = transaction
    }
    let originals = latest.values.filter { transaction in
      transaction.productID == productID && transaction.revocationDate == nil
        && (transaction.expirationDate.map { $0 > view.now } ?? false)
        && (storefronts?.contains(transaction.storefrontCountryCode ?? "") ?? true)
    }.map(\.originalID)
    var succeeded = 0
    var failed = 0
    for original in originals.sorted() {
      do {
        try await context.store.extendRenewalDate(
          transactionID: original, days: days, reasonCode: reason)
        succeeded += 1
      } catch {
        failed += 1
      }
    }
    context.api.massExtensions.withLock {
      $0[requestID] = MassExtension(
        productID: productID, succeeded: succeeded, failed: failed, completed: view.now)
    }
    return answer
  }

  static func massExtensionStatus(_ context: Context) async throws(APIError) -> APIResponse {
    let productID = context.parameters[0]
    let requestID = context.parameters[1]
    guard !productID.isEmpty else { throw APIError.invalidProductID }
    guard !requestID.isEmpty, requestID.count <= 128 else {
      throw APIError.invalidRequestIdentifier
    }
    guard let done = context.api.massExtensions.withLock({ $0[requestID] }),
      done.productID == productID, !context.isForeign
    else {
      throw APIError(404, 4_040_009, "No mass extension request with that identifier.")
    }
    return .json(
      200,
      .object([
        ("requestIdentifier", .string(requestID)), ("complete", .bool(true)),
        ("completeDate", .date(done.completed)), ("succeededCount", .int(Int64(done.succeeded))),
        ("failedCount", .int(Int64(done.failed))),
      ]))
  }
}

/// A finished mass extension.
struct MassExtension: Sendable {
  var productID: String
  var succeeded: Int
  var failed: Int
  var completed: Date
}
