import Foundation
import LocalAppStore
import StoreInternals
import StoreModel

/// One of the App Store Server API's endpoints (the routes after `/inApps/`), as Apple's Python
/// client 3.1.2 calls them, and what a request to it carries.
package struct Endpoint {
  package enum Kind: String, Sendable, CaseIterable {
    case transactionInfo = "transaction-info"
    case transactionHistoryV1 = "transaction-history-v1"
    case transactionHistory = "transaction-history"
    case subscriptionStatuses = "subscription-statuses"
    case refundHistory = "refund-history"
    case requestTestNotification = "test-notification"
    case testNotificationStatus = "test-notification-status"
    case notificationHistory = "notification-history"
    case extendRenewalDate = "extend-renewal-date"
    case massExtendRenewalDate = "mass-extend-renewal-date"
    case massExtensionStatus = "mass-extension-status"
    case setAppAccountToken = "app-account-token"
    case consumptionV1 = "consumption-v1"
    case consumption
    case lookUpOrderID = "look-up-order-id"
    case appTransactionInfo = "app-transaction-info"
    case finishTransaction = "finish-transaction"

    /// Apple's requests per second for the endpoint ("Identifying rate limits").
    var requestsPerSecond: Int {
      switch self {
      case .extendRenewalDate, .setAppAccountToken: 20
      case .lookUpOrderID, .refundHistory: 10
      case .massExtendRenewalDate, .requestTestNotification, .testNotificationStatus,
        .massExtensionStatus:
        1
      default: 50
      }
    }
  }

  package var kind: Kind
  /// The path's variable segments, in order.
  var parameters: [String]

  /// The endpoint a method and route (the segments after `inApps`) name.
  package static func match(method: String, route: [Substring]) -> Endpoint? {
    let r = route.map(String.init)
    func at(_ kind: Kind, _ parameters: String...) -> Endpoint {
      Endpoint(kind: kind, parameters: parameters)
    }
    switch (method, r.count) {
    case ("GET", 3) where r[0] == "v1" && r[1] == "transactions": return at(.transactionInfo, r[2])
    case ("GET", 3) where r[0] == "v1" && r[1] == "history": return at(.transactionHistoryV1, r[2])
    case ("GET", 3) where r[0] == "v2" && r[1] == "history": return at(.transactionHistory, r[2])
    case ("GET", 3) where r[0] == "v1" && r[1] == "subscriptions":
      return at(.subscriptionStatuses, r[2])
    case ("GET", 4) where r[0] == "v2" && r[1] == "refund" && r[2] == "lookup":
      return at(.refundHistory, r[3])
    case ("POST", 3) where r[0] == "v1" && r[1] == "notifications" && r[2] == "test":
      return at(.requestTestNotification)
    case ("GET", 4) where r[0] == "v1" && r[1] == "notifications" && r[2] == "test":
      return at(.testNotificationStatus, r[3])
    case ("POST", 3) where r[0] == "v1" && r[1] == "notifications" && r[2] == "history":
      return at(.notificationHistory)
    case ("POST", 4)
    where r[0] == "v1" && r[1] == "subscriptions" && r[2] == "extend"
      && r[3] == "mass":
      return at(.massExtendRenewalDate)
    case ("PUT", 4) where r[0] == "v1" && r[1] == "subscriptions" && r[2] == "extend":
      return at(.extendRenewalDate, r[3])
    case ("GET", 6)
    where r[0] == "v1" && r[1] == "subscriptions" && r[2] == "extend"
      && r[3] == "mass":
      return at(.massExtensionStatus, r[4], r[5])
    case ("PUT", 4) where r[0] == "v1" && r[1] == "transactions" && r[3] == "appAccountToken":
      return at(.setAppAccountToken, r[2])
    case ("PUT", 4) where r[0] == "v1" && r[1] == "transactions" && r[2] == "consumption":
      return at(.consumptionV1, r[3])
    case ("PUT", 4) where r[0] == "v2" && r[1] == "transactions" && r[2] == "consumption":
      return at(.consumption, r[3])
    case ("GET", 3) where r[0] == "v1" && r[1] == "lookup": return at(.lookUpOrderID, r[2])
    case ("GET", 4) where r[0] == "v1" && r[1] == "transactions" && r[2] == "appTransactions":
      return at(.appTransactionInfo, r[3])
    case ("POST", 4) where r[0] == "v1" && r[1] == "transactions" && r[3] == "finish":
      return at(.finishTransaction, r[2])
    default: return nil
    }
  }
}

/// What a handler has: the request, the path's parameters, the store, and the environment the
/// base answers as.
struct Context: Sendable {
  var request: APIRequest
  var parameters: [String]
  var store: LocalAppStore
  /// The environment the request's base answers as.
  var environment: AppStoreEnvironment
  /// Whether that is not the environment the state signs as: no data there.
  var isForeign: Bool
  var settings: EmulatorSettings
  var api: ServerAPI

  /// The app's Apple ID as Apple's responses carry it (Production).
  var appAppleID: JSONOut? {
    environment == .production ? settings.appAppleID.map { .uint($0) } : nil
  }

  /// The store's answer to a read, or `5000000` when the state cannot be read.
  func read<T>(_ body: () async throws(LocalAppStoreError) -> T) async throws(APIError) -> T {
    do {
      return try await body()
    } catch {
      throw APIError.generalInternal.saying("An unknown error occurred.")
    }
  }

  /// The identifier in the path, checked as Apple checks a transaction identifier: digits
  /// only, at most 19 of them (a UInt64's).
  func transactionID(_ index: Int = 0, invalid: APIError = .invalidTransactionID)
    throws(APIError) -> UInt64
  {
    let text = parameters[index]
    guard !text.isEmpty, text.count <= 19, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let id = UInt64(text)
    else {
      throw invalid.saying("\(invalid.message.dropLast()): \"\(text)\" is not a transaction id.")
    }
    return id
  }

  /// The request's body as a JSON object, each member with its JSON type.
  func jsonBody() throws(APIError) -> [String: JSONField] {
    guard !request.body.isEmpty,
      let object = try? JSONDecoder().decode([String: JSONField].self, from: Data(request.body))
    else {
      throw APIError.generalBadRequest.saying("Bad request: the body is not a JSON object.")
    }
    return object
  }
}

extension Endpoint.Kind {
  func run(_ context: Context) async throws(APIError) -> APIResponse {
    switch self {
    case .transactionInfo: try await Handlers.transactionInfo(context)
    case .transactionHistoryV1: try await Handlers.history(context, version: 1)
    case .transactionHistory: try await Handlers.history(context, version: 2)
    case .subscriptionStatuses: try await Handlers.statuses(context)
    case .refundHistory: try await Handlers.refundHistory(context)
    case .requestTestNotification: try await Handlers.requestTestNotification(context)
    case .testNotificationStatus: try await Handlers.testNotificationStatus(context)
    case .notificationHistory: try await Handlers.notificationHistory(context)
    case .extendRenewalDate: try await Handlers.extendRenewalDate(context)
    case .massExtendRenewalDate: try await Handlers.massExtend(context)
    case .massExtensionStatus: try await Handlers.massExtensionStatus(context)
    case .setAppAccountToken: try await Handlers.setAppAccountToken(context)
    case .consumptionV1, .consumption: try await Handlers.consumption(context)
    case .lookUpOrderID: try await Handlers.lookUpOrderID(context)
    case .appTransactionInfo: try await Handlers.appTransactionInfo(context)
    case .finishTransaction: try await Handlers.finishTransaction(context)
    }
  }
}
