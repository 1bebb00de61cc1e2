import Foundation
import LocalAppStore
import LocalAppStoreServer
import StoreModel
import StoreTesting
import Testing

/// The OpenAPI document served at `/openapi.json` describes what the router answers: every
/// endpoint's path, closed schemas, the statuses every endpoint can give, and the handlers'
/// own answers conform to it.
@Suite struct OpenAPIDocumentTests {
  let document: [String: Any]

  init() throws {
    document = try #require(
      try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.bytes)) as? [String: Any])
  }

  var paths: [String: [String: Any]] {
    (document["paths"] as? [String: [String: Any]]) ?? [:]
  }

  var schemas: [String: Any] {
    ((document["components"] as? [String: Any])?["schemas"] as? [String: Any]) ?? [:]
  }

  /// Each API operation: its method (upper case), path and operation object.
  var operations: [(method: String, path: String, operation: [String: Any])] {
    paths.sorted { $0.key < $1.key }.flatMap { path, item in
      item.compactMap { method, operation in
        (operation as? [String: Any]).map { (method.uppercased(), path, $0) }
      }
    }.filter { $0.path.hasPrefix("/inApps/") }
  }

  @Test("OpenAPI 3.1; text and bytes the same document; every $ref resolves")
  func wellFormed() throws {
    #expect(document["openapi"] as? String == "3.1.0")
    #expect(Array(OpenAPIDocument.text.utf8) == OpenAPIDocument.bytes)
    var references: [String] = []
    collect(document, into: &references)
    #expect(!references.isEmpty)
    for reference in references {
      #expect(resolve(reference) != nil, "\(reference) resolves to nothing")
    }
  }

  @Test("every endpoint of the router has its path and method, and every path is an endpoint")
  func everyEndpoint() throws {
    var kinds: Set<String> = []
    for (method, path, _) in operations {
      // Each {parameter} as a value the router's shape accepts.
      let concrete = path.replacingOccurrences(
        of: #"\{[A-Za-z]+\}"#, with: "1", options: .regularExpression)
      let (_, route) = try #require(ServerAPI.split(concrete), "\(path) is outside the API")
      let endpoint = try #require(
        Endpoint.match(method: method, route: route), "\(method) \(path) is no endpoint")
      #expect(!kinds.contains(endpoint.kind.rawValue), "\(method) \(path) twice")
      kinds.insert(endpoint.kind.rawValue)
    }
    #expect(kinds == Set(Endpoint.Kind.allCases.map(\.rawValue)))
  }

  @Test("every object schema is closed (additionalProperties false) and every property typed")
  func closedSchemas() throws {
    #expect(schemas.count >= 20)
    var objects = 0
    func check(_ schema: Any, at path: String) {
      guard let schema = schema as? [String: Any] else { return }
      if schema["type"] as? String == "object" {
        objects += 1
        #expect(schema["additionalProperties"] as? Bool == false, "\(path) is open")
        for (name, property) in (schema["properties"] as? [String: Any]) ?? [:] {
          let property = property as? [String: Any] ?? [:]
          #expect(property["type"] != nil || property["$ref"] != nil, "\(path).\(name) untyped")
          check(property, at: "\(path).\(name)")
        }
      }
      if let items = schema["items"] { check(items, at: "\(path)[]") }
    }
    for (name, schema) in schemas { check(schema, at: name) }
    #expect(objects == schemas.count)
    let error = try #require(schemas["ErrorResponse"] as? [String: Any])
    #expect(error["required"] as? [String] == ["errorCode", "errorMessage"])
  }

  @Test("every endpoint answers 401 as plain text, 429 and 500 as Apple's JSON error")
  func commonStatuses() throws {
    #expect(operations.count == Endpoint.Kind.allCases.count)
    for (method, path, operation) in operations {
      let responses = try #require(operation["responses"] as? [String: Any], "\(path)")
      #expect(
        (responses["401"] as? [String: String])?["$ref"]
          == "#/components/responses/Unauthenticated", "\(method) \(path)")
      #expect(
        (responses["429"] as? [String: String])?["$ref"] == "#/components/responses/RateLimited",
        "\(method) \(path)")
      for (status, response) in responses where status.hasPrefix("4") || status.hasPrefix("5") {
        guard status != "401", status != "429" else { continue }
        let content = (response as? [String: Any])?["content"] as? [String: Any]
        let json = content?["application/json"] as? [String: Any]
        // Look Up Order ID's plain 404 on the sandbox base is the one non-JSON error.
        if json == nil, path.hasPrefix("/inApps/v1/lookup/"), status == "404" { continue }
        #expect(
          (json?["schema"] as? [String: String])?["$ref"] == "#/components/schemas/ErrorResponse",
          "\(method) \(path) \(status)")
      }
    }
    let unauthenticated = try #require(
      ((document["components"] as? [String: Any])?["responses"] as? [String: Any])?[
        "Unauthenticated"] as? [String: Any])
    #expect((unauthenticated["content"] as? [String: Any])?["text/plain"] != nil)
  }

  @Test("the handlers' answers conform to the document's schemas")
  func answersConform() async throws {
    let fixture = try await APIFixture()
    let bought = try await fixture.store.buyVerified(SportsTimeFixtures.monthlyID)
    try await fixture.store.refund(transactionID: bought.id)
    let order = LocalAppStore.orderID(of: bought.id)
    let massBody =
      #"{"extendByDays": 1, "extendReasonCode": 0, "requestIdentifier": "m-1", "productId": "\#(SportsTimeFixtures.monthlyID)"}"#
    let now = Int64(fixture.store.now.timeIntervalSince1970 * 1_000)
    let calls: [(String, String, String?, String)] = [
      ("GET", "/inApps/v1/transactions/\(bought.id)", nil, "TransactionInfoResponse"),
      ("GET", "/inApps/v2/history/\(bought.id)", nil, "HistoryResponse"),
      ("GET", "/inApps/v1/history/\(bought.id)", nil, "HistoryResponse"),
      ("GET", "/inApps/v1/subscriptions/\(bought.id)", nil, "StatusResponse"),
      ("GET", "/inApps/v2/refund/lookup/\(bought.id)", nil, "RefundHistoryResponse"),
      ("GET", "/inApps/v1/lookup/\(order)", nil, "OrderLookupResponse"),
      ("GET", "/inApps/v1/lookup/MK5TTTVWJH", nil, "OrderLookupResponse"),
      (
        "GET", "/inApps/v1/transactions/appTransactions/\(bought.id)", nil,
        "AppTransactionInfoResponse"
      ),
      (
        "POST", "/inApps/v1/notifications/history",
        #"{"startDate": \#(now - 86_400_000), "endDate": \#(now + 1)}"#,
        "NotificationHistoryResponse"
      ),
      ("POST", "/inApps/v1/subscriptions/extend/mass", massBody, "MassExtendRenewalDateResponse"),
      (
        "GET", "/inApps/v1/subscriptions/extend/mass/\(SportsTimeFixtures.monthlyID)/m-1", nil,
        "MassExtendRenewalDateStatusResponse"
      ),
      ("GET", "/inApps/v1/transactions/9999999999", nil, "ErrorResponse"),
    ]
    for (method, path, body, schema) in calls {
      let response = try await fixture.call(method, path, body: body)
      #expect(response.status < 500, "\(method) \(path): \(response.text)")
      let value = try JSONSerialization.jsonObject(with: Data(response.body))
      let errors = validate(value, against: ["$ref": "#/components/schemas/\(schema)"], at: path)
      #expect(errors.isEmpty, "\(method) \(path): \(errors)")
    }
    // One extension, once the refund left nothing to extend: a new active subscriber.
    let active = try await fixture.store.buyProduct(SportsTimeFixtures.monthlyID, account: "sam")
    let extended = try await fixture.call(
      "PUT", "/inApps/v1/subscriptions/extend/\(active.id)",
      body: #"{"extendByDays": 2, "extendReasonCode": 1, "requestIdentifier": "e-1"}"#)
    #expect(extended.status == 200, "\(extended.text)")
    let errors = validate(
      try JSONSerialization.jsonObject(with: Data(extended.body)),
      against: ["$ref": "#/components/schemas/ExtendRenewalDateResponse"], at: "extend")
    #expect(errors.isEmpty, "\(errors)")
  }

  @Test("the validator refuses a wrong type, an unknown field and a missing required field")
  func validatorRefuses() {
    let history: [String: Any] = ["$ref": "#/components/schemas/HistoryResponse"]
    #expect(validate(["hasMore": "false"], against: history, at: "").count == 1)
    #expect(validate(["hasmore": false], against: history, at: "").count == 1)
    #expect(validate(["appAppleId": 1.5], against: history, at: "").count == 1)
    #expect(validate(["environment": "Staging"], against: history, at: "").count == 1)
    let error: [String: Any] = ["$ref": "#/components/schemas/ErrorResponse"]
    #expect(validate(["errorCode": 4_040_010], against: error, at: "").count == 1)
    #expect(
      validate(["hasMore": true, "signedTransactions": []], against: history, at: "").isEmpty)
  }

  // MARK: - Helpers

  private func collect(_ value: Any, into references: inout [String]) {
    if let object = value as? [String: Any] {
      if let reference = object["$ref"] as? String { references.append(reference) }
      for member in object.values { collect(member, into: &references) }
    } else if let array = value as? [Any] {
      for element in array { collect(element, into: &references) }
    }
  }

  private func resolve(_ reference: String) -> Any? {
    guard reference.hasPrefix("#/") else { return nil }
    var current: Any = document
    for part in reference.dropFirst(2).split(separator: "/") {
      guard let next = (current as? [String: Any])?[String(part)] else { return nil }
      current = next
    }
    return current
  }

  /// The ways `value` departs from `schema` (the subset of JSON Schema the document uses:
  /// `$ref`, `type`, `properties`, `required`, `additionalProperties`, `items`, `enum`).
  private func validate(_ value: Any, against schema: [String: Any], at path: String) -> [String] {
    if let reference = schema["$ref"] as? String {
      guard let resolved = resolve(reference) as? [String: Any] else {
        return ["\(path): \(reference)"]
      }
      return validate(value, against: resolved, at: path)
    }
    var errors: [String] = []
    switch schema["type"] as? String {
    case "object":
      guard let object = value as? [String: Any] else { return ["\(path): not an object"] }
      let properties = (schema["properties"] as? [String: Any]) ?? [:]
      for name in (schema["required"] as? [String]) ?? [] where object[name] == nil {
        errors.append("\(path).\(name): missing")
      }
      for (name, member) in object {
        guard let property = properties[name] as? [String: Any] else {
          errors.append("\(path).\(name): not in the schema")
          continue
        }
        errors += validate(member, against: property, at: "\(path).\(name)")
      }
    case "array":
      guard let array = value as? [Any] else { return ["\(path): not an array"] }
      let items = (schema["items"] as? [String: Any]) ?? [:]
      for (index, element) in array.enumerated() {
        errors += validate(element, against: items, at: "\(path)[\(index)]")
      }
    case "string":
      if !(value is String) { errors.append("\(path): not a string") }
    case "boolean":
      if !isBoolean(value) { errors.append("\(path): not a boolean") }
    case "integer":
      if isBoolean(value)
        || (value as? NSNumber).map({ $0.doubleValue.rounded() != $0.doubleValue }) ?? true
      {
        errors.append("\(path): not an integer")
      }
    default: break
    }
    if let allowed = schema["enum"] as? [Any], errors.isEmpty,
      !allowed.contains(where: { "\($0)" == "\(value)" })
    {
      errors.append("\(path): \(value) is not one of \(allowed)")
    }
    return errors
  }

  /// Whether a JSONSerialization value is a JSON boolean: an NSNumber of Objective-C type
  /// `c` (a `char`, as Foundation's boolean numbers are on Linux and on Apple platforms; the
  /// reader makes no other number of that type).
  private func isBoolean(_ value: Any) -> Bool {
    guard let number = value as? NSNumber else { return false }
    return String(cString: number.objCType) == "c"
  }
}
