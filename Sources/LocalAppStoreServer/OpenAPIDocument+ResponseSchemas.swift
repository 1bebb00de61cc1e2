/// The schemas of the bodies the server answers with: the error, and the fields of the models
/// of Apple's Python library, each object closed (`additionalProperties` false).
extension OpenAPIDocument {
  /// The response bodies' members of `components.schemas`, from ErrorResponse to
  /// NotificationHistoryResponseItem.
  static let responseSchemas = #"""
          "ErrorResponse": {
            "type": "object",
            "description": "An error: Apple's Python client reads both fields (api_client.py, _parse_response).",
            "properties": {
              "errorCode": {
                "type": "integer",
                "description": "Apple's error code, e.g. 4040010."
              },
              "errorMessage": {
                "type": "string"
              }
            },
            "required": [
              "errorCode",
              "errorMessage"
            ],
            "additionalProperties": false
          },
          "TransactionInfoResponse": {
            "type": "object",
            "properties": {
    \#(jwsProperty("signedTransactionInfo"))
            },
            "additionalProperties": false
          },
          "AppTransactionInfoResponse": {
            "type": "object",
            "properties": {
    \#(jwsProperty("signedAppTransactionInfo"))
            },
            "additionalProperties": false
          },
          "HistoryResponse": {
            "type": "object",
            "properties": {
              "revision": {
                "type": "string"
              },
              "hasMore": {
                "type": "boolean"
              },
              "bundleId": {
                "type": "string"
              },
    \#(appAppleIDProperty),
    \#(environmentProperty),
    \#(signedTransactionsProperty(maxItems: 20))
            },
            "additionalProperties": false
          },
          "StatusResponse": {
            "type": "object",
            "properties": {
    \#(environmentProperty),
              "bundleId": {
                "type": "string"
              },
    \#(appAppleIDProperty),
              "data": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/SubscriptionGroupIdentifierItem"
                }
              }
            },
            "additionalProperties": false
          },
          "SubscriptionGroupIdentifierItem": {
            "type": "object",
            "properties": {
              "subscriptionGroupIdentifier": {
                "type": "string"
              },
              "lastTransactions": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/LastTransactionsItem"
                }
              }
            },
            "additionalProperties": false
          },
          "LastTransactionsItem": {
            "type": "object",
            "properties": {
              "status": {
                "type": "integer",
                "enum": [
                  1,
                  2,
                  3,
                  4,
                  5
                ],
                "description": "1 active, 2 expired, 3 billing retry, 4 billing grace period, 5 revoked."
              },
              "originalTransactionId": {
                "type": "string"
              },
    \#(jwsProperty("signedTransactionInfo")),
    \#(jwsProperty("signedRenewalInfo"))
            },
            "additionalProperties": false
          },
          "RefundHistoryResponse": {
            "type": "object",
            "properties": {
    \#(signedTransactionsProperty(maxItems: 20)),
              "revision": {
                "type": "string"
              },
              "hasMore": {
                "type": "boolean"
              }
            },
            "additionalProperties": false
          },
          "OrderLookupResponse": {
            "type": "object",
            "properties": {
              "status": {
                "type": "integer",
                "enum": [
                  0,
                  1
                ],
                "description": "0 valid, 1 invalid."
              },
    \#(signedTransactionsProperty(maxItems: nil))
            },
            "additionalProperties": false
          },
          "ExtendRenewalDateResponse": {
            "type": "object",
            "properties": {
              "originalTransactionId": {
                "type": "string"
              },
              "webOrderLineItemId": {
                "type": "string"
              },
              "success": {
                "type": "boolean"
              },
              "effectiveDate": {
                "type": "integer",
                "format": "int64",
                "description": "Milliseconds since 1970."
              }
            },
            "additionalProperties": false
          },
          "MassExtendRenewalDateResponse": {
            "type": "object",
            "properties": {
              "requestIdentifier": {
                "type": "string"
              }
            },
            "additionalProperties": false
          },
          "MassExtendRenewalDateStatusResponse": {
            "type": "object",
            "properties": {
              "requestIdentifier": {
                "type": "string"
              },
              "complete": {
                "type": "boolean"
              },
              "completeDate": {
                "type": "integer",
                "format": "int64"
              },
              "succeededCount": {
                "type": "integer",
                "format": "int64"
              },
              "failedCount": {
                "type": "integer",
                "format": "int64"
              }
            },
            "additionalProperties": false
          },
          "SendTestNotificationResponse": {
            "type": "object",
            "properties": {
              "testNotificationToken": {
                "type": "string"
              }
            },
            "additionalProperties": false
          },
          "CheckTestNotificationResponse": {
            "type": "object",
            "properties": {
    \#(jwsProperty("signedPayload")),
    \#(sendAttemptsProperty(maxItems: 6))
            },
            "additionalProperties": false
          },
          "SendAttemptItem": {
            "type": "object",
            "properties": {
              "attemptDate": {
                "type": "integer",
                "format": "int64"
              },
              "sendAttemptResult": {
                "type": "string",
                "enum": [
                  "SUCCESS",
                  "TIMED_OUT",
                  "TLS_ISSUE",
                  "CIRCULAR_REDIRECT",
                  "NO_RESPONSE",
                  "SOCKET_ISSUE",
                  "UNSUPPORTED_CHARSET",
                  "INVALID_RESPONSE",
                  "PREMATURE_CLOSE",
                  "UNSUCCESSFUL_HTTP_RESPONSE_CODE",
                  "OTHER"
                ]
              }
            },
            "additionalProperties": false
          },
          "NotificationHistoryResponse": {
            "type": "object",
            "properties": {
              "paginationToken": {
                "type": "string"
              },
              "hasMore": {
                "type": "boolean"
              },
              "notificationHistory": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/NotificationHistoryResponseItem"
                },
                "maxItems": 20
              }
            },
            "additionalProperties": false
          },
          "NotificationHistoryResponseItem": {
            "type": "object",
            "properties": {
    \#(jwsProperty("signedPayload")),
    \#(sendAttemptsProperty(maxItems: nil))
            },
            "additionalProperties": false
          }
    """#

  /// A property holding a JWS the local App Store signed, named `name`.
  private static func jwsProperty(_ name: String) -> String {
    #"""
              "\#(name)": {
                "type": "string",
                "description": "A JWS in compact serialization, signed by the local App Store."
              }
    """#
  }

  /// The `signedTransactions` property: an array of JWS transactions, of `maxItems` at the most
  /// where it is given (a page of a history).
  private static func signedTransactionsProperty(maxItems: Int?) -> String {
    #"""
              "signedTransactions": {
                "type": "array",
                "items": {
                  "type": "string",
                  "description": "A JWS in compact serialization, signed by the local App Store."
                }\#(maxItemsMember(maxItems))
              }
    """#
  }

  /// The `sendAttempts` property: an array of SendAttemptItem, of `maxItems` at the most where it
  /// is given.
  private static func sendAttemptsProperty(maxItems: Int?) -> String {
    #"""
              "sendAttempts": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/SendAttemptItem"
                }\#(maxItemsMember(maxItems))
              }
    """#
  }

  /// The member that follows an array property's `items`: `maxItems` where it is given, at its
  /// indentation in the document, else nothing.
  private static func maxItemsMember(_ maxItems: Int?) -> String {
    maxItems.map { ",\n            \"maxItems\": \($0)" } ?? ""
  }

  /// The `environment` property: the environment that answers, as Apple's Environment names it.
  private static let environmentProperty = #"""
              "environment": {
                "type": "string",
                "enum": [
                  "Sandbox",
                  "Production",
                  "Xcode",
                  "LocalTesting"
                ]
              }
    """#

  /// The `appAppleId` property, which only Production answers with.
  private static let appAppleIDProperty = #"""
              "appAppleId": {
                "type": "integer",
                "format": "int64",
                "description": "Production only."
              }
    """#
}
