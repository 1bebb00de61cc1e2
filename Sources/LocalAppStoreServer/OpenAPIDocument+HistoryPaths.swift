/// The path items of the transaction history, version 2 and version 1: one operation, which
/// version 1 marks deprecated.
extension OpenAPIDocument {
  /// `GET /inApps/v2/history/{transactionId}`: getTransactionHistory.
  static let transactionHistoryPath = #"""
        "/inApps/v2/history/{transactionId}": {
          "get": {
            "operationId": "getTransactionHistory",
            "summary": "Get Transaction History",
    \#(historyOperation)
          }
        }
    """#

  /// `GET /inApps/v1/history/{transactionId}`: getTransactionHistoryV1.
  static let transactionHistoryV1Path = #"""
        "/inApps/v1/history/{transactionId}": {
          "get": {
            "operationId": "getTransactionHistoryV1",
            "summary": "Get Transaction History V1 (leaves out finished consumables)",
    \#(historyOperation),
            "deprecated": true
          }
        }
    """#

  /// The members both versions' operations have: the parameters, a customer's transaction
  /// identifier and the query that filters and sorts the history and pages it, and the responses.
  private static let historyOperation = #"""
            "parameters": [
    \#(customerTransactionIDParameter),
              {
                "name": "revision",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "string"
                },
                "description": "The revision of the previous page; the same other parameters must come with it."
              },
    \#(dateQueryParameter("startDate", "Purchase date from, inclusive, in milliseconds.")),
    \#(dateQueryParameter("endDate", "Purchase date until, exclusive, in milliseconds.")),
    \#(stringsQueryParameter("productId")),
              {
                "name": "productType",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "array",
                  "items": {
                    "type": "string",
                    "enum": [
                      "AUTO_RENEWABLE",
                      "NON_RENEWABLE",
                      "CONSUMABLE",
                      "NON_CONSUMABLE"
                    ]
                  }
                },
                "style": "form",
                "explode": true
              },
              {
                "name": "sort",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "string",
                  "enum": [
                    "ASCENDING",
                    "DESCENDING"
                  ]
                }
              },
    \#(stringsQueryParameter("subscriptionGroupIdentifier")),
              {
                "name": "inAppOwnershipType",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "string",
                  "enum": [
                    "FAMILY_SHARED",
                    "PURCHASED"
                  ]
                }
              },
              {
                "name": "revoked",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "boolean"
                },
                "description": "true or false, in any case (Apple's Python client sends True and False)."
              },
              {
                "name": "excludeRevoked",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "boolean"
                },
                "deprecated": true
              }
            ],
            "responses": {
    \#(responses([
      200: json(schema: "HistoryResponse"),
      400: errorCodes("4000005, 4000006, 4000013, 4000015, 4000016, 4000021, 4000022, 4000023, 4000024, 4000025, 4000026, 4000030"),
      404: errorCodes("4040010"),
    ]))
            }
    """#

  /// An optional query parameter `name` that takes any number of strings, repeated
  /// (`name=a&name=b`).
  private static func stringsQueryParameter(_ name: String) -> String {
    #"""
              {
                "name": "\#(name)",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                },
                "style": "form",
                "explode": true
              }
    """#
  }

  /// An optional query parameter `name` that takes a date in milliseconds since 1970.
  private static func dateQueryParameter(_ name: String, _ description: String) -> String {
    #"""
              {
                "name": "\#(name)",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "integer",
                  "format": "int64",
                  "minimum": 0
                },
                "description": "\#(description)"
              }
    """#
  }
}
