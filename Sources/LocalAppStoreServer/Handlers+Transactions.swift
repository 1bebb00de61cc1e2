import Foundation
import LocalAppStore
import StoreInternals
import StoreModel

/// The endpoints' handlers: each checks its parameters in Apple's order, reads or changes the
/// store, and answers Apple's JSON.
enum Handlers {
  /// The page size of history, refund history and notification history ("up to 20").
  static let pageSize = 20

  // MARK: - Get Transaction Info

  static func transactionInfo(_ context: Context) async throws(APIError) -> APIResponse {
    let id = try context.transactionID()
    guard !context.isForeign,
      let signed = try await context.read({ () throws(LocalAppStoreError) in
        try await context.store.serverSignedTransaction(id)
      })
    else { throw APIError.transactionIDNotFound }
    return .json(200, .object([("signedTransactionInfo", .string(signed))]))
  }

  /// The transaction `id`, or `4040010` (also on the other environment's base).
  static func record(_ id: UInt64, _ context: Context) async throws(APIError)
    -> LocalAppStore.ServerRecord
  {
    let view = try await view(context)
    guard let record = view.records.first(where: { $0.transaction.id == id }) else {
      throw APIError.transactionIDNotFound
    }
    return record
  }

  /// The store's view; empty on the other environment's base.
  static func view(_ context: Context) async throws(APIError) -> LocalAppStore.ServerView {
    var view = try await context.read { () throws(LocalAppStoreError) in
      try await context.store.serverView()
    }
    if context.isForeign { view.records = [] }
    return view
  }

  /// The customer an identifier names: any transaction's, original transaction's or app
  /// transaction's identifier of theirs ("anyTransactionId"), or `4040010`.
  static func customer(of id: UInt64, in view: LocalAppStore.ServerView) throws(APIError) -> String
  {
    let text = String(id)
    guard
      let record = view.records.first(where: {
        $0.transaction.id == id || $0.transaction.originalID == id
          || $0.transaction.appTransactionID == text
      })
    else { throw APIError.transactionIDNotFound }
    return record.account
  }

  // MARK: - Get Transaction History (v1 and v2)

  static func history(_ context: Context, version: Int) async throws(APIError) -> APIResponse {
    let id = try context.transactionID()
    let query = try HistoryQuery(context.request)
    let view = try await view(context)
    let account = try customer(of: id, in: view)
    var records = view.records.filter { $0.account == account && query.admits($0) }
    if version == 1 {
      // Apple's Get Transaction History V1 page (developer.apple.com/documentation/
      // appstoreserverapi/get-transaction-history-v1) returns "Consumable in-app purchases if
      // the transaction is refunded or revoked, or if the app hasn't finished processing the
      // transaction": a finished consumable is left out unless it was revoked.
      records.removeAll {
        $0.transaction.productType == .consumable && $0.isFinished
          && $0.transaction.revocationDate == nil
      }
    }
    records.sort { ($0.modified, $0.transaction.id) < ($1.modified, $1.transaction.id) }
    if query.descending { records.reverse() }
    let position = try query.revision.map { (text: String) throws(APIError) in
      try PageToken(text, expecting: query.digest, invalid: .invalidRequestRevision)
    }
    if let position {
      records = records.filter {
        let key = ($0.modified, Int64(bitPattern: $0.transaction.id))
        return query.descending
          ? key < (position.major, position.minor) : key > (position.major, position.minor)
      }
    }
    let page = Array(records.prefix(pageSize))
    let last = page.last.map {
      PageToken(
        digest: query.digest, major: $0.modified, minor: Int64(bitPattern: $0.transaction.id))
    }
    let revision =
      last ?? position
      ?? PageToken(
        digest: query.digest, major: query.descending ? .max : .min,
        minor: query.descending ? .max : .min)
    let signed = try await context.read { () throws(LocalAppStoreError) in
      try await context.store.serverSigned(page.map(\.transaction))
    }
    var members: [(String, JSONOut)] = [
      ("revision", .string(revision.text)), ("hasMore", .bool(records.count > page.count)),
      ("bundleId", .string(view.bundleID)),
    ]
    if let appAppleID = context.appAppleID { members.append(("appAppleId", appAppleID)) }
    members.append(("environment", .string(context.environment.rawValue)))
    members.append(("signedTransactions", .array(signed.map { .string($0) })))
    return .json(200, .object(members))
  }

  // MARK: - Get Refund History

  /// Refunds and revocations, ascending by `revocationDate` (Apple's page); the final
  /// `revision` stays valid and gives only later ones. A refund that is reversed
  /// (`REFUND_REVERSED`) leaves the list, since its transaction no longer has a revocation date
  /// (Apple does not say; the transaction as it now is decides).
  static func refundHistory(_ context: Context) async throws(APIError) -> APIResponse {
    let id = try context.transactionID()
    let digest = PageToken.digest(["refunds"])
    let position = try context.request.value("revision").map {
      (text: String) throws(APIError) in
      try PageToken(text, expecting: digest, invalid: .invalidRequestRevision)
    }
    let view = try await view(context)
    let account = try customer(of: id, in: view)
    func key(_ record: LocalAppStore.ServerRecord) -> (Int64, Int64) {
      (
        Int64(((record.transaction.revocationDate ?? .distantPast).timeIntervalSince1970 * 1_000)),
        Int64(bitPattern: record.transaction.id)
      )
    }
    var refunds = view.records.filter {
      $0.account == account && $0.transaction.revocationDate != nil
    }
    refunds.sort { key($0) < key($1) }
    if let position { refunds = refunds.filter { key($0) > (position.major, position.minor) } }
    let page = Array(refunds.prefix(pageSize))
    let revision =
      page.last.map { PageToken(digest: digest, major: key($0).0, minor: key($0).1) } ?? position
      ?? PageToken(digest: digest, major: .min, minor: .min)
    let signed = try await context.read { () throws(LocalAppStoreError) in
      try await context.store.serverSigned(page.map(\.transaction))
    }
    return .json(
      200,
      .object([
        ("signedTransactions", .array(signed.map { .string($0) })),
        ("revision", .string(revision.text)), ("hasMore", .bool(refunds.count > page.count)),
      ]))
  }

  // MARK: - Get All Subscription Statuses

  static func statuses(_ context: Context) async throws(APIError) -> APIResponse {
    let id = try context.transactionID()
    var wanted: Set<Int>?
    for text in context.request.values("status") {
      guard let status = Int(text), (1...5).contains(status) else {
        throw APIError.invalidStatus.saying("Invalid status value \"\(text)\": it is 1 to 5.")
      }
      wanted = (wanted ?? []).union([status])
    }
    let view = try await view(context)
    let account = try customer(of: id, in: view)
    let groups = try await context.read { () throws(LocalAppStoreError) in
      try await context.store.serverStatuses(account: account)
    }
    var data: [JSONOut] = []
    for group in groups {
      let entries = group.entries.filter { wanted?.contains($0.status) ?? true }
      guard !entries.isEmpty else { continue }
      data.append(
        .object([
          ("subscriptionGroupIdentifier", .string(group.groupID)),
          (
            "lastTransactions",
            .array(
              entries.map {
                .object([
                  ("status", .int(Int64($0.status))),
                  ("originalTransactionId", .string(String($0.originalTransactionID))),
                  ("signedTransactionInfo", .string($0.signedTransactionInfo)),
                  ("signedRenewalInfo", .string($0.signedRenewalInfo)),
                ])
              })
          ),
        ]))
    }
    var members: [(String, JSONOut)] = [
      ("environment", .string(context.environment.rawValue)),
      ("bundleId", .string(view.bundleID)),
    ]
    if let appAppleID = context.appAppleID { members.append(("appAppleId", appAppleID)) }
    members.append(("data", .array(data)))
    return .json(200, .object(members))
  }

  // MARK: - Look Up Order ID

  /// An order of this store answers `status` 0 with its transaction; any other ID answers
  /// `status` 1 and no transactions (Apple's page: "OrderLookupStatus … 1 invalid"), not 404.
  static func lookUpOrderID(_ context: Context) async throws(APIError) -> APIResponse {
    let orderID = context.parameters[0]
    guard !orderID.isEmpty, orderID.count <= 64,
      orderID.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    else {
      throw APIError.generalBadRequest.saying("Bad request: \"\(orderID)\" is not an order id.")
    }
    let view = try await view(context)
    guard let id = LocalAppStore.transactionID(ofOrder: orderID.uppercased()),
      let record = view.records.first(where: { $0.transaction.id == id && !$0.isFamilyCopy })
    else {
      return .json(200, .object([("status", .int(1))]))
    }
    let signed = try await context.read { () throws(LocalAppStoreError) in
      try await context.store.serverSigned([record.transaction])
    }
    return .json(
      200,
      .object([("status", .int(0)), ("signedTransactions", .array(signed.map { .string($0) }))]))
  }

  // MARK: - Get App Transaction Info

  static func appTransactionInfo(_ context: Context) async throws(APIError) -> APIResponse {
    let id = try context.transactionID()
    let account = try customer(of: id, in: try await view(context))
    let signed = try await context.read { () throws(LocalAppStoreError) in
      try await context.store.serverAppTransaction(account: account)
    }
    return .json(200, .object([("signedAppTransactionInfo", .string(signed))]))
  }

  // MARK: - Finish Transaction

  static func finishTransaction(_ context: Context) async throws(APIError) -> APIResponse {
    let id = try context.transactionID()
    _ = try await record(id, context)
    try await context.read { () throws(LocalAppStoreError) in
      try await context.store.finishOnServer(transactionID: id)
    }
    return .empty(200)
  }

  // MARK: - Set App Account Token

  static func setAppAccountToken(_ context: Context) async throws(APIError) -> APIResponse {
    let id = try context.transactionID(invalid: .invalidTransactionID)
    let body = try context.jsonBody()
    guard let text = body["appAccountToken"]?.string, let token = UUID(uuidString: text) else {
      throw APIError.invalidAppAccountTokenUUID
    }
    let view = try await view(context)
    guard let record = view.records.first(where: { $0.transaction.id == id }) else {
      throw APIError.originalTransactionIDNotFound
    }
    guard !record.isFamilyCopy else { throw APIError.familyTransactionNotSupported }
    guard record.transaction.originalID == id else { throw APIError.transactionIDIsNotOriginal }
    try await context.read { () throws(LocalAppStoreError) in
      try await context.store.setAppAccountToken(token, originalTransactionID: id)
    }
    return .empty(200)
  }

  // MARK: - Send Consumption Information

  /// Checked and accepted (202): the local App Store makes no refund decision from it.
  static func consumption(_ context: Context) async throws(APIError) -> APIResponse {
    let id = try context.transactionID()
    let body = try context.jsonBody()
    guard body["customerConsented"]?.bool == true else { throw APIError.invalidCustomerConsented }
    if let status = body["deliveryStatus"] {
      let known = [
        "DELIVERED", "UNDELIVERED_QUALITY_ISSUE", "UNDELIVERED_WRONG_ITEM",
        "UNDELIVERED_SERVER_OUTAGE", "UNDELIVERED_OTHER",
      ]
      // v1 sends an integer 0-5.
      let valid =
        status.string.map(known.contains) ?? status.integer.map { (0...5).contains($0) } ?? false
      guard valid else { throw APIError.invalidDeliveryStatus }
    }
    if let percentage = body["consumptionPercentage"] {
      guard let value = percentage.integer, (0...100_000).contains(value) else {
        throw APIError.invalidConsumptionPercentage
      }
    }
    let record = try await record(id, context)
    guard !record.isFamilyCopy else { throw APIError.familyTransactionNotSupported }
    return .empty(202)
  }

}
