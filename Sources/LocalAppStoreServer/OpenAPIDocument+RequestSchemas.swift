/// The schemas of the request bodies the server reads, each object closed
/// (`additionalProperties` false).
extension OpenAPIDocument {
  /// The request bodies' members of `components.schemas`, from ExtendRenewalDateRequest to
  /// UpdateAppAccountTokenRequest.
  static let requestSchemas = #"""
          "ExtendRenewalDateRequest": {
            "type": "object",
            "properties": {
    \#(renewalExtensionProperties)
            },
            "required": [
    \#(renewalExtensionRequired)
            ],
            "additionalProperties": false
          },
          "MassExtendRenewalDateRequest": {
            "type": "object",
            "properties": {
    \#(renewalExtensionProperties),
              "storefrontCountryCodes": {
                "type": "array",
                "items": {
                  "type": "string",
                  "pattern": "^[A-Z]{3}$"
                }
              },
              "productId": {
                "type": "string"
              }
            },
            "required": [
    \#(renewalExtensionRequired),
              "productId"
            ],
            "additionalProperties": false
          },
          "NotificationHistoryRequest": {
            "type": "object",
            "properties": {
              "startDate": {
                "type": "integer",
                "format": "int64"
              },
              "endDate": {
                "type": "integer",
                "format": "int64"
              },
              "notificationType": {
                "type": "string",
                "enum": [
                  "SUBSCRIBED",
                  "DID_CHANGE_RENEWAL_PREF",
                  "DID_CHANGE_RENEWAL_STATUS",
                  "OFFER_REDEEMED",
                  "DID_RENEW",
                  "EXPIRED",
                  "DID_FAIL_TO_RENEW",
                  "GRACE_PERIOD_EXPIRED",
                  "PRICE_INCREASE",
                  "REFUND",
                  "REFUND_DECLINED",
                  "CONSUMPTION_REQUEST",
                  "RENEWAL_EXTENDED",
                  "REVOKE",
                  "TEST",
                  "RENEWAL_EXTENSION",
                  "REFUND_REVERSED",
                  "EXTERNAL_PURCHASE_TOKEN",
                  "ONE_TIME_CHARGE",
                  "RESCIND_CONSENT",
                  "METADATA_UPDATE",
                  "MIGRATION",
                  "PRICE_CHANGE"
                ]
              },
              "notificationSubtype": {
                "type": "string",
                "enum": [
                  "INITIAL_BUY",
                  "RESUBSCRIBE",
                  "DOWNGRADE",
                  "UPGRADE",
                  "AUTO_RENEW_ENABLED",
                  "AUTO_RENEW_DISABLED",
                  "VOLUNTARY",
                  "BILLING_RETRY",
                  "PRICE_INCREASE",
                  "GRACE_PERIOD",
                  "PENDING",
                  "ACCEPTED",
                  "BILLING_RECOVERY",
                  "PRODUCT_NOT_FOR_SALE",
                  "SUMMARY",
                  "FAILURE",
                  "UNREPORTED"
                ]
              },
              "transactionId": {
                "type": "string"
              },
              "onlyFailures": {
                "type": "boolean"
              }
            },
            "required": [
              "startDate",
              "endDate"
            ],
            "additionalProperties": false
          },
          "ConsumptionRequest": {
            "type": "object",
            "properties": {
              "customerConsented": {
                "type": "boolean"
              },
              "sampleContentProvided": {
                "type": "boolean"
              },
              "deliveryStatus": {
                "type": "string",
                "enum": [
                  "DELIVERED",
                  "UNDELIVERED_QUALITY_ISSUE",
                  "UNDELIVERED_WRONG_ITEM",
                  "UNDELIVERED_SERVER_OUTAGE",
                  "UNDELIVERED_OTHER"
                ]
              },
              "consumptionPercentage": {
                "type": "integer",
                "minimum": 0,
                "maximum": 100000
              },
              "refundPreference": {
                "type": "string",
                "enum": [
                  "DECLINE",
                  "GRANT_FULL",
                  "GRANT_PRORATED"
                ]
              }
            },
            "required": [
              "customerConsented",
              "sampleContentProvided",
              "deliveryStatus"
            ],
            "additionalProperties": false
          },
          "ConsumptionRequestV1": {
            "type": "object",
            "properties": {
              "customerConsented": {
                "type": "boolean"
              },
    \#(integerEnumProperty("consumptionStatus", 0...3)),
    \#(integerEnumProperty("platform", 0...2)),
              "sampleContentProvided": {
                "type": "boolean"
              },
    \#(integerEnumProperty("deliveryStatus", 0...5)),
              "appAccountToken": {
                "type": "string"
              },
    \#(integerEnumProperty("accountTenure", 0...7)),
    \#(integerEnumProperty("playTime", 0...7)),
    \#(integerEnumProperty("lifetimeDollarsRefunded", 0...7)),
    \#(integerEnumProperty("lifetimeDollarsPurchased", 0...7)),
    \#(integerEnumProperty("userStatus", 0...4)),
    \#(integerEnumProperty("refundPreference", 0...3))
            },
            "additionalProperties": false
          },
          "UpdateAppAccountTokenRequest": {
            "type": "object",
            "properties": {
              "appAccountToken": {
                "type": "string",
                "format": "uuid"
              }
            },
            "required": [
              "appAccountToken"
            ],
            "additionalProperties": false
          }
    """#

  /// The properties both requests to extend renewal dates have, one subscriber's or all: the
  /// days, the reason and the request's identifier.
  private static let renewalExtensionProperties = #"""
              "extendByDays": {
                "type": "integer",
                "minimum": 1,
                "maximum": 90
              },
    \#(integerEnumProperty("extendReasonCode", 0...3)),
              "requestIdentifier": {
                "type": "string",
                "maxLength": 128
              }
    """#

  /// The elements of `required` for ``renewalExtensionProperties``: all three.
  private static let renewalExtensionRequired = #"""
              "extendByDays",
              "extendReasonCode",
              "requestIdentifier"
    """#

  /// A property `name` holding one of the integers of `values`: an enumeration coded as integers.
  private static func integerEnumProperty(_ name: String, _ values: ClosedRange<Int>) -> String {
    let elements = values.map { "              \($0)" }.joined(separator: ",\n")
    return #"""
                "\#(name)": {
                  "type": "integer",
                  "enum": [
      \#(elements)
                  ]
                }
      """#
  }
}
