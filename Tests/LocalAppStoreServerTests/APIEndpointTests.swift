import AppStoreJWS
import Foundation
import LocalAppStore
import LocalAppStoreServer
import StoreModel
import StoreTesting
import Testing

/// The endpoints a subscription server calls, each answered as Apple's are: the JSON shapes,
/// the signed values (verified with the store's root), the error codes and the pages.
@Suite struct APIEndpointTests {
  let monthly = SportsTimeFixtures.monthlyID
  let annual = SportsTimeFixtures.annualID

  @Test("Get Transaction Info: any transaction signed; 4040010 unknown; 4000006 not an id")
  func transactionInfo() async throws {
    let fixture = try await APIFixture()
    let bought = try await fixture.store.buyVerified(monthly)
    let response = try await fixture.get("/inApps/v1/transactions/\(bought.id)")
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "application/json")
    let jws = try #require(response.object["signedTransactionInfo"] as? String)
    let decoded = try fixture.verifier().verifyTransaction(jws).payloadValue
    #expect(decoded.id == bought.id)
    #expect(decoded.productID == monthly)
    #expect(decoded.environment == .production)
    expectError(try await fixture.get("/inApps/v1/transactions/9999999999999999"), 404, 4_040_010)
    expectError(try await fixture.get("/inApps/v1/transactions/abc"), 400, 4_000_006)
    expectError(
      try await fixture.get("/inApps/v1/transactions/12345678901234567890"), 400, 4_000_006)
  }

  @Test(
    "a signed value is signed once: the same transaction asked again at the same store time is the same token; the time moved, a new one"
  )
  func signedOnce() async throws {
    let fixture = try await APIFixture()
    let bought = try await fixture.store.buyVerified(monthly)
    let path = "/inApps/v1/transactions/\(bought.id)"
    let before = await fixture.store.operationCosts
    let first = try #require(try await fixture.get(path).object["signedTransactionInfo"] as? String)
    let second = try #require(
      try await fixture.get(path).object["signedTransactionInfo"] as? String)
    // ES256 signatures are randomized: equal ones are one signature given twice.
    #expect(first.split(separator: ".").last == second.split(separator: ".").last)
    #expect((await fixture.store.operationCosts - before).signatures == 1)
    fixture.storeClock.advance(by: 60)
    let later = try #require(try await fixture.get(path).object["signedTransactionInfo"] as? String)
    #expect(later != first)
    let decoded = try fixture.verifier().verifyTransaction(later).payloadValue
    #expect(decoded.signedDate == fixture.storeClock.now)
  }

  /// Apple's Get Transaction History V1 page: it returns "Consumable in-app purchases if the
  /// transaction is refunded or revoked, or if the app hasn't finished processing the
  /// transaction"; Get Transaction History (v2) returns transactions "that the app has or hasn't
  /// marked as finished" (developer.apple.com/documentation/appstoreserverapi).
  @Test("v1 history leaves out finished consumables but a refunded one; v2 keeps all")
  func historyV1Consumables() async throws {
    let coins = Product(
      id: "com.sportstime.coins", type: .consumable, displayName: "Coins", description: "",
      price: Decimal(string: "0.99") ?? 0, displayPrice: "$0.99", currencyCode: "USD",
      locale: Locale(identifier: "en_US"), isFamilyShareable: false, subscription: nil)
    let fixture = try await APIFixture(products: [coins] + SportsTimeFixtures.products)
    let plan = try await fixture.store.buyVerified(monthly)
    let kept = try await fixture.store.buyVerified(coins.id)
    let refunded = try await fixture.store.buyVerified(coins.id)
    // Bought and not finished (buyVerified finishes what it buys).
    guard case .success(.verified(let open)) = try await fixture.store.buy(coins.id) else {
      Issue.record("the third purchase of coins did not verify")
      return
    }
    for finished in [kept, refunded] {
      #expect(
        try await fixture.call("POST", "/inApps/v1/transactions/\(finished.id)/finish").status
          == 200)
    }
    try await fixture.store.refund(transactionID: refunded.id)
    func listed(_ version: Int) async throws -> Set<UInt64> {
      let page = try await fixture.get("/inApps/v\(version)/history/\(plan.id)")
      let signed = try #require(page.object["signedTransactions"] as? [String])
      return Set(try signed.map { try fixture.verifier().verifyTransaction($0).payloadValue.id })
    }
    #expect(try await listed(1) == [plan.id, refunded.id, open.id])
    #expect(try await listed(2) == [plan.id, kept.id, refunded.id, open.id])
  }

  @Test("the other environment's base knows no identifier; the state's own answers")
  func environmentBases() async throws {
    let fixture = try await APIFixture(environment: .sandbox)
    let bought = try await fixture.store.buyVerified(monthly)
    #expect(try await fixture.get("/sandbox/inApps/v1/transactions/\(bought.id)").status == 200)
    #expect(try await fixture.get("/inApps/v1/transactions/\(bought.id)").status == 200)
    expectError(
      try await fixture.get("/production/inApps/v1/transactions/\(bought.id)"), 404, 4_040_010)
    let history = try await fixture.get("/production/inApps/v2/history/\(bought.id)")
    expectError(history, 404, 4_040_010)
    // Look Up Order ID has no sandbox URL.
    let order = LocalAppStore.orderID(of: bought.id)
    #expect(try await fixture.get("/sandbox/inApps/v1/lookup/\(order)").status == 404)
    #expect(try await fixture.get("/inApps/v9/nothing").status == 404)
    #expect(try await fixture.get("/elsewhere").header("Content-Type") != "application/json")
  }

  @Test("history: 45 transactions in pages of 20, 20 and 5; revisions opaque and tied to the query")
  func historyPages() async throws {
    let fixture = try await APIFixture()
    let bought = try await fixture.store.buyVerified(monthly)
    fixture.storeClock.advance(by: 44 * 31 * 86_400 - 86_400)
    let all = try await fixture.store.serverView().records.map(\.transaction.id)
    #expect(all.count == 45)
    var seen: [UInt64] = []
    var revision: String?
    var pages: [Int] = []
    var more = true
    while more {
      var query: [(String, String)] = []
      if let revision { query.append(("revision", revision)) }
      let response = try await fixture.get("/inApps/v2/history/\(bought.id)", query)
      #expect(response.status == 200)
      let body = response.object
      let signed = try #require(body["signedTransactions"] as? [String])
      pages.append(signed.count)
      for jws in signed {
        seen.append(try fixture.verifier().verifyTransaction(jws).payloadValue.id)
      }
      // JSON booleans, JSON integers.
      #expect(
        response.text.contains("\"hasMore\":true") || response.text.contains("\"hasMore\":false"))
      #expect(response.text.contains("\"appAppleId\":1234567890"))
      more = try #require(body["hasMore"] as? Bool)
      revision = try #require(body["revision"] as? String)
      #expect(revision?.isEmpty == false)
    }
    #expect(pages == [20, 20, 5])
    #expect(seen == all.sorted())
    // The final revision stays valid: nothing new, an empty page.
    let after = try await fixture.get("/inApps/v2/history/\(bought.id)", [("revision", revision!)])
    #expect((after.object["signedTransactions"] as? [String])?.isEmpty == true)
    // A revision with other query parameters, or no revision at all of ours.
    expectError(
      try await fixture.get(
        "/inApps/v2/history/\(bought.id)", [("revision", revision!), ("sort", "DESCENDING")]),
      400, 4_000_005)
    expectError(
      try await fixture.get("/inApps/v2/history/\(bought.id)", [("revision", "garbage")]),
      400, 4_000_005)
    // Refunding an old transaction brings it back after the final revision (ASCENDING).
    try await fixture.store.refund(transactionID: all[3])
    let again = try await fixture.get("/inApps/v2/history/\(bought.id)", [("revision", revision!)])
    let signed = try #require(again.object["signedTransactions"] as? [String])
    #expect(signed.count == 1)
    let refunded = try fixture.verifier().verifyTransaction(signed[0]).payloadValue
    #expect(refunded.id == all[3])
    #expect(refunded.revocationDate != nil)
  }

  @Test("history's filters and their errors")
  func historyFilters() async throws {
    let fixture = try await APIFixture()
    let bought = try await fixture.store.buyVerified(monthly)
    fixture.storeClock.advance(by: 40 * 86_400)
    let path = "/inApps/v2/history/\(bought.id)"
    func count(_ query: [(String, String)]) async throws -> Int {
      let response = try await fixture.get(path, query)
      #expect(response.status == 200, "\(query): \(response.text)")
      return (response.object["signedTransactions"] as? [String])?.count ?? -1
    }
    #expect(try await count([]) == 2)
    #expect(try await count([("productId", monthly)]) == 2)
    #expect(try await count([("productId", annual)]) == 0)
    #expect(
      try await count([("productType", "AUTO_RENEWABLE"), ("productType", "CONSUMABLE")]) == 2)
    #expect(try await count([("productType", "NON_CONSUMABLE")]) == 0)
    #expect(try await count([("subscriptionGroupIdentifier", SportsTimeFixtures.groupID)]) == 2)
    #expect(try await count([("inAppOwnershipType", "FAMILY_SHARED")]) == 0)
    #expect(try await count([("revoked", "True")]) == 0)
    #expect(try await count([("revoked", "false")]) == 2)
    let purchase = Int64(bought.purchaseDate.timeIntervalSince1970 * 1_000)
    #expect(try await count([("startDate", String(purchase))]) == 2)
    #expect(try await count([("endDate", String(purchase))]) == 0)
    #expect(try await count([("endDate", String(purchase + 1))]) == 1)
    let descending = try await fixture.get(path, [("sort", "DESCENDING")])
    let first = try #require((descending.object["signedTransactions"] as? [String])?.first)
    #expect(try fixture.verifier().verifyTransaction(first).payloadValue.id != bought.id)
    for (query, code) in [
      ([("startDate", "10"), ("endDate", "10")], 4_000_013),
      ([("startDate", "soon")], 4_000_015), ([("endDate", "-1")], 4_000_016),
      ([("sort", "SIDEWAYS")], 4_000_021), ([("productType", "FOO")], 4_000_022),
      ([("inAppOwnershipType", "BORROWED")], 4_000_026), ([("revoked", "maybe")], 4_000_030),
    ] as [([(String, String)], Int)] {
      expectError(try await fixture.get(path, query), 400, code)
    }
    // The deprecated v1 answers the same way.
    #expect(try await fixture.get("/inApps/v1/history/\(bought.id)").status == 200)
  }

  @Test("statuses: each state's number, the filter, 4000031, a family member's own entry")
  func statuses() async throws {
    let fixture = try await APIFixture()
    let bought = try await fixture.store.buyVerified(monthly)
    let response = try await fixture.get("/inApps/v1/subscriptions/\(bought.id)")
    #expect(response.status == 200)
    let data = try #require(response.object["data"] as? [[String: Any]])
    #expect(data.first?["subscriptionGroupIdentifier"] as? String == SportsTimeFixtures.groupID)
    let last = try #require((data.first?["lastTransactions"] as? [[String: Any]])?.first)
    #expect((last["status"] as? NSNumber)?.intValue == 1)
    #expect(last["originalTransactionId"] as? String == String(bought.id))
    let info = try fixture.verifier().verifyRenewalInfo(
      try #require(last["signedRenewalInfo"] as? String)
    ).payloadValue
    #expect(info.originalTransactionID == bought.id)
    #expect(response.object["environment"] as? String == "Production")
    let filtered = try await fixture.get(
      "/inApps/v1/subscriptions/\(bought.id)", [("status", "2"), ("status", "5")])
    #expect((filtered.object["data"] as? [Any])?.isEmpty == true)
    expectError(
      try await fixture.get("/inApps/v1/subscriptions/\(bought.id)", [("status", "9")]),
      400, 4_000_031)
    try await fixture.store.refund(transactionID: bought.id)
    let refunded = try await fixture.get("/inApps/v1/subscriptions/\(bought.id)")
    let entry = (refunded.object["data"] as? [[String: Any]])?.first?["lastTransactions"]
    #expect(((entry as? [[String: Any]])?.first?["status"] as? NSNumber)?.intValue == 5)
  }

  @Test("refund history ascending by revocation date; a stored revision gives only later refunds")
  func refundHistory() async throws {
    let fixture = try await APIFixture()
    let bought = try await fixture.store.buyVerified(monthly)
    let path = "/inApps/v2/refund/lookup/\(bought.id)"
    let none = try await fixture.get(path)
    #expect((none.object["signedTransactions"] as? [String])?.isEmpty == true)
    #expect(none.object["hasMore"] as? Bool == false)
    let revision = try #require(none.object["revision"] as? String)
    try await fixture.store.refund(transactionID: bought.id)
    let after = try await fixture.get(path, [("revision", revision)])
    let signed = try #require(after.object["signedTransactions"] as? [String])
    #expect(signed.count == 1)
    #expect(try fixture.verifier().verifyTransaction(signed[0]).payloadValue.revocationDate != nil)
    let final = try #require(after.object["revision"] as? String)
    let later = try await fixture.get(path, [("revision", final)])
    #expect((later.object["signedTransactions"] as? [String])?.isEmpty == true)
  }

  @Test("app account token: set on the original and its renewals; 4000183, 4000187, 4040005")
  func appAccountToken() async throws {
    let fixture = try await APIFixture()
    let bought = try await fixture.store.buyVerified(monthly)
    fixture.storeClock.advance(by: 32 * 86_400)
    let token = UUID()
    let path = "/inApps/v1/transactions/\(bought.id)/appAccountToken"
    let set = try await fixture.call(
      "PUT", path, body: #"{"appAccountToken": "\#(token.uuidString.lowercased())"}"#)
    #expect(set.status == 200)
    #expect(set.body.isEmpty)
    for transaction in try await fixture.store.serverView().records {
      #expect(transaction.transaction.appAccountToken == token)
    }
    expectError(
      try await fixture.call("PUT", path, body: #"{"appAccountToken": "nope"}"#), 400, 4_000_183)
    let renewal = try #require(try await fixture.store.serverView().records.last?.transaction.id)
    expectError(
      try await fixture.call(
        "PUT", "/inApps/v1/transactions/\(renewal)/appAccountToken",
        body: #"{"appAccountToken": "\#(token.uuidString)"}"#), 400, 4_000_187)
    expectError(
      try await fixture.call(
        "PUT", "/inApps/v1/transactions/42/appAccountToken",
        body: #"{"appAccountToken": "\#(token.uuidString)"}"#), 404, 4_040_005)
  }

  @Test("extend: the renewal moves; the errors of days, reason, identifier, and a repeat")
  func extend() async throws {
    let fixture = try await APIFixture()
    let bought = try await fixture.store.buyVerified(monthly)
    let path = "/inApps/v1/subscriptions/extend/\(bought.id)"
    let body = #"{"extendByDays": 7, "extendReasonCode": 1, "requestIdentifier": "r-1"}"#
    let response = try await fixture.call("PUT", path, body: body)
    #expect(response.status == 200, "\(response.text)")
    #expect(response.object["success"] as? Bool == true)
    let effective = try #require((response.object["effectiveDate"] as? NSNumber)?.int64Value)
    let expiration = try #require(bought.expirationDate)
    #expect(
      effective == Int64(expiration.addingTimeInterval(7 * 86_400).timeIntervalSince1970 * 1_000))
    // The same request identifier answers the first result again; nothing moves twice.
    #expect(try await fixture.call("PUT", path, body: body).text == response.text)
    for (text, status, code) in [
      (#"{"extendByDays": 0, "extendReasonCode": 1, "requestIdentifier": "x"}"#, 400, 4_000_009),
      (#"{"extendByDays": 91, "extendReasonCode": 1, "requestIdentifier": "x"}"#, 400, 4_000_009),
      (#"{"extendByDays": true, "extendReasonCode": 1, "requestIdentifier": "x"}"#, 400, 4_000_009),
      (#"{"extendByDays": 5, "extendReasonCode": 7, "requestIdentifier": "x"}"#, 400, 4_000_010),
      (#"{"extendByDays": 5, "extendReasonCode": 1}"#, 400, 4_000_011),
    ] {
      expectError(try await fixture.call("PUT", path, body: text), status, code)
    }
    let second = #"{"extendByDays": 1, "extendReasonCode": 1, "requestIdentifier": "r-2"}"#
    #expect(try await fixture.call("PUT", path, body: second).status == 200)
    let third = #"{"extendByDays": 1, "extendReasonCode": 1, "requestIdentifier": "r-3"}"#
    expectError(try await fixture.call("PUT", path, body: third), 403, 4_030_005)
    expectError(
      try await fixture.call("PUT", "/inApps/v1/subscriptions/extend/77", body: third), 404,
      4_040_005)
    expectError(
      try await fixture.call("PUT", "/inApps/v1/subscriptions/extend/x7", body: third), 400,
      4_000_008)
  }

  @Test("order IDs: each charge's is shown and found; an unknown one answers status 1")
  func lookUpOrderID() async throws {
    let fixture = try await APIFixture()
    let bought = try await fixture.store.buyVerified(monthly)
    let order = LocalAppStore.orderID(of: bought.id)
    #expect(LocalAppStore.transactionID(ofOrder: order) == bought.id)
    let found = try await fixture.get("/inApps/v1/lookup/\(order)")
    #expect((found.object["status"] as? NSNumber)?.intValue == 0)
    let signed = try #require(found.object["signedTransactions"] as? [String])
    #expect(try fixture.verifier().verifyTransaction(signed[0]).payloadValue.id == bought.id)
    let unknown = try await fixture.get("/inApps/v1/lookup/MK5TTTVWJH")
    #expect(unknown.status == 200)
    #expect((unknown.object["status"] as? NSNumber)?.intValue == 1)
    #expect(unknown.object["signedTransactions"] == nil)
  }

  @Test("consumption: 202; 4000035 without consent; finish and the app transaction")
  func otherWrites() async throws {
    let fixture = try await APIFixture()
    let bought = try await fixture.store.buyVerified(monthly)
    let consumption = "/inApps/v2/transactions/consumption/\(bought.id)"
    let accepted = try await fixture.call(
      "PUT", consumption,
      body:
        #"{"customerConsented": true, "sampleContentProvided": false, "deliveryStatus": "DELIVERED", "consumptionPercentage": 50000}"#
    )
    #expect(accepted.status == 202)
    expectError(
      try await fixture.call("PUT", consumption, body: #"{"customerConsented": false}"#), 400,
      4_000_035)
    expectError(
      try await fixture.call("PUT", consumption, body: #"{"customerConsented": 1}"#), 400, 4_000_035
    )
    #expect(
      try await fixture.call("POST", "/inApps/v1/transactions/\(bought.id)/finish").status == 200)
    let app = try await fixture.get("/inApps/v1/transactions/appTransactions/\(bought.id)")
    let jws = try #require(app.object["signedAppTransactionInfo"] as? String)
    #expect(
      try fixture.verifier().verifyAppTransaction(jws).payloadValue.bundleID == APIFixture.bundleID)
  }

  @Test("notifications: no URL is 4040007; history pages, filters and their errors")
  func notifications() async throws {
    let fixture = try await APIFixture()
    expectError(try await fixture.call("POST", "/inApps/v1/notifications/test"), 404, 4_040_007)
    let bought = try await fixture.store.buyVerified(monthly)
    let now = Int64(fixture.store.now.timeIntervalSince1970 * 1_000)
    let path = "/inApps/v1/notifications/history"
    let all = try await fixture.call(
      "POST", path, body: #"{"startDate": \#(now - 86_400_000), "endDate": \#(now + 86_400_000)}"#)
    #expect(all.status == 200, "\(all.text)")
    let history = try #require(all.object["notificationHistory"] as? [[String: Any]])
    #expect(history.count == 1)
    let payload = try fixture.verifier().verifyNotification(
      try #require(history.first?["signedPayload"] as? String))
    #expect(payload.isVerified)
    for (body, code) in [
      (#"{"endDate": 1}"#, 4_000_015),
      (#"{"startDate": \#(now)}"#, 4_000_016),
      (#"{"startDate": \#(now - 200 * 86_400_000), "endDate": \#(now)}"#, 4_000_012),
      (#"{"startDate": \#(now), "endDate": \#(now - 1)}"#, 4_000_013),
      (
        #"{"startDate": \#(now), "endDate": \#(now), "notificationSubtype": "INITIAL_BUY"}"#,
        4_000_018
      ),
      (#"{"startDate": \#(now), "endDate": \#(now), "notificationType": "NOPE"}"#, 4_000_018),
      (
        #"{"startDate": \#(now), "endDate": \#(now), "notificationType": "SUBSCRIBED", "transactionId": "\#(bought.id)"}"#,
        4_000_019
      ),
    ] {
      expectError(try await fixture.call("POST", path, body: body), 400, code)
    }
    expectError(
      try await fixture.call(
        "POST", path, query: [("paginationToken", "nope")],
        body: #"{"startDate": \#(now - 1000), "endDate": \#(now)}"#), 400, 4_000_014)
    expectError(
      try await fixture.get("/inApps/v1/notifications/test/not-a-token"), 400, 4_000_020)
    expectError(
      try await fixture.get("/inApps/v1/notifications/test/\(UUID().uuidString)_1"), 404, 4_040_008)
  }

  @Test("faults: an endpoint made to fail answers 5000001 once, or every time when sticky")
  func faults() async throws {
    let fixture = try await APIFixture()
    let bought = try await fixture.store.buyVerified(monthly)
    let path = "/inApps/v1/transactions/\(bought.id)"
    try await fixture.store.setServerFault("transaction-info", sticky: false)
    expectError(try await fixture.get(path), 500, 5_000_001)
    #expect(try await fixture.get(path).status == 200)
    try await fixture.store.setServerFault("transaction-info", sticky: true)
    expectError(try await fixture.get(path), 500, 5_000_001)
    expectError(try await fixture.get(path), 500, 5_000_001)
  }

  @Test("rate limits, when on: Apple's per-second budget, then 429 with Retry-After in ms")
  func rateLimits() async throws {
    let fixture = try await APIFixture()
    fixture.api.setRateLimits(true)
    // Request a Test Notification: 1 a second.
    _ = try await fixture.call("POST", "/inApps/v1/notifications/test")
    let limited = try await fixture.call("POST", "/inApps/v1/notifications/test")
    expectError(limited, 429, 4_290_000)
    let retry = try #require(limited.header("Retry-After").flatMap { Int64($0) })
    #expect(retry > Int64(fixture.wallClock.now.timeIntervalSince1970 * 1_000))
  }
}
