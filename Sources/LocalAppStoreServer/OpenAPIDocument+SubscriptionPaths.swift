/// The path items of subscriptions: their statuses and the extensions of their renewal
/// dates, one or all active subscribers at once.
extension OpenAPIDocument {
  /// `GET /inApps/v1/subscriptions/{transactionId}`: getAllSubscriptionStatuses.
  static let subscriptionStatusesPath = #"""
        "/inApps/v1/subscriptions/{transactionId}": {
          "get": {
            "operationId": "getAllSubscriptionStatuses",
            "summary": "Get All Subscription Statuses",
            "parameters": [
    \#(customerTransactionIDParameter),
              {
                "name": "status",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "array",
                  "items": {
                    "type": "integer",
                    "enum": [
                      1,
                      2,
                      3,
                      4,
                      5
                    ]
                  }
                },
                "style": "form",
                "explode": true
              }
            ],
            "responses": {
    \#(responses([
      200: json(schema: "StatusResponse"),
      400: errorCodes("4000006, 4000031"),
      404: errorCodes("4040010"),
    ]))
            }
          }
        }
    """#

  /// `PUT /inApps/v1/subscriptions/extend/{originalTransactionId}`: extendSubscriptionRenewalDate.
  static let renewalDateExtensionPath = #"""
        "/inApps/v1/subscriptions/extend/{originalTransactionId}": {
          "put": {
            "operationId": "extendSubscriptionRenewalDate",
            "summary": "Extend a Subscription Renewal Date",
            "parameters": [
    \#(originalTransactionIDParameter)
            ],
    \#(requestBody("ExtendRenewalDateRequest")),
            "responses": {
    \#(responses([
      200: json(schema: "ExtendRenewalDateResponse"),
      400: errorCodes("4000000, 4000008, 4000009, 4000010, 4000011"),
      403: errorCodes("4030004, 4030005, 4030007"),
      404: errorCodes("4040005"),
    ]))
            }
          }
        }
    """#

  /// `POST /inApps/v1/subscriptions/extend/mass`: extendRenewalDateForAllActiveSubscribers.
  static let massRenewalDateExtensionPath = #"""
        "/inApps/v1/subscriptions/extend/mass": {
          "post": {
            "operationId": "extendRenewalDateForAllActiveSubscribers",
            "summary": "Extend Subscription Renewal Dates for All Active Subscribers",
    \#(requestBody("MassExtendRenewalDateRequest")),
            "responses": {
    \#(responses([
      200: json(schema: "MassExtendRenewalDateResponse"),
      400: errorCodes("4000000, 4000009, 4000010, 4000011, 4000023, 4000027, 4000028"),
    ]))
            }
          }
        }
    """#

  /// `GET /inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}`: getStatusOfSubscriptionRenewalDateExtensions.
  static let massRenewalDateExtensionStatusPath = #"""
        "/inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}": {
          "get": {
            "operationId": "getStatusOfSubscriptionRenewalDateExtensions",
            "summary": "Get Status of Subscription Renewal Date Extensions",
            "parameters": [
              {
                "name": "productId",
                "in": "path",
                "required": true,
                "schema": {
                  "type": "string"
                }
              },
              {
                "name": "requestIdentifier",
                "in": "path",
                "required": true,
                "schema": {
                  "type": "string",
                  "maxLength": 128
                }
              }
            ],
            "responses": {
    \#(responses([
      200: json(schema: "MassExtendRenewalDateStatusResponse"),
      400: errorCodes("4000011, 4000023"),
      404: errorCodes("4040009"),
    ]))
            }
          }
        }
    """#
}
