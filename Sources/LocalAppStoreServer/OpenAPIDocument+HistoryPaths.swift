/// The path items of the transaction history, version 2 and version 1.
extension OpenAPIDocument {
  /// `GET /inApps/v2/history/{transactionId}`: getTransactionHistory.
  static let transactionHistoryPath = #"""
        "/inApps/v2/history/{transactionId}": {
          "get": {
            "operationId": "getTransactionHistory",
            "summary": "Get Transaction History",
            "parameters": [
              {
                "name": "transactionId",
                "in": "path",
                "required": true,
                "description": "Any transaction identifier, original transaction identifier or app transaction identifier of the customer.",
                "schema": {
                  "type": "string",
                  "pattern": "^[0-9]{1,19}$"
                }
              },
              {
                "name": "revision",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "string"
                },
                "description": "The revision of the previous page; the same other parameters must come with it."
              },
              {
                "name": "startDate",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "integer",
                  "format": "int64",
                  "minimum": 0
                },
                "description": "Purchase date from, inclusive, in milliseconds."
              },
              {
                "name": "endDate",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "integer",
                  "format": "int64",
                  "minimum": 0
                },
                "description": "Purchase date until, exclusive, in milliseconds."
              },
              {
                "name": "productId",
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
              },
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
              {
                "name": "subscriptionGroupIdentifier",
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
              },
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
              "200": {
                "description": "Success.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/HistoryResponse"
                    }
                  }
                }
              },
              "400": {
                "description": "4000005, 4000006, 4000013, 4000015, 4000016, 4000021, 4000022, 4000023, 4000024, 4000025, 4000026, 4000030",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/ErrorResponse"
                    }
                  }
                }
              },
              "401": {
                "$ref": "#/components/responses/Unauthenticated"
              },
              "404": {
                "description": "4040010",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/ErrorResponse"
                    }
                  }
                }
              },
              "429": {
                "$ref": "#/components/responses/RateLimited"
              },
              "500": {
                "description": "5000000: the state cannot be read; 5000001: a fault armed with api-fault.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/ErrorResponse"
                    }
                  }
                }
              }
            }
          }
        }
    """#

  /// `GET /inApps/v1/history/{transactionId}`: getTransactionHistoryV1.
  static let transactionHistoryV1Path = #"""
        "/inApps/v1/history/{transactionId}": {
          "get": {
            "operationId": "getTransactionHistoryV1",
            "summary": "Get Transaction History V1 (leaves out finished consumables)",
            "parameters": [
              {
                "name": "transactionId",
                "in": "path",
                "required": true,
                "description": "Any transaction identifier, original transaction identifier or app transaction identifier of the customer.",
                "schema": {
                  "type": "string",
                  "pattern": "^[0-9]{1,19}$"
                }
              },
              {
                "name": "revision",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "string"
                },
                "description": "The revision of the previous page; the same other parameters must come with it."
              },
              {
                "name": "startDate",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "integer",
                  "format": "int64",
                  "minimum": 0
                },
                "description": "Purchase date from, inclusive, in milliseconds."
              },
              {
                "name": "endDate",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "integer",
                  "format": "int64",
                  "minimum": 0
                },
                "description": "Purchase date until, exclusive, in milliseconds."
              },
              {
                "name": "productId",
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
              },
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
              {
                "name": "subscriptionGroupIdentifier",
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
              },
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
              "200": {
                "description": "Success.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/HistoryResponse"
                    }
                  }
                }
              },
              "400": {
                "description": "4000005, 4000006, 4000013, 4000015, 4000016, 4000021, 4000022, 4000023, 4000024, 4000025, 4000026, 4000030",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/ErrorResponse"
                    }
                  }
                }
              },
              "401": {
                "$ref": "#/components/responses/Unauthenticated"
              },
              "404": {
                "description": "4040010",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/ErrorResponse"
                    }
                  }
                }
              },
              "429": {
                "$ref": "#/components/responses/RateLimited"
              },
              "500": {
                "description": "5000000: the state cannot be read; 5000001: a fault armed with api-fault.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/ErrorResponse"
                    }
                  }
                }
              }
            },
            "deprecated": true
          }
        }
    """#
}
