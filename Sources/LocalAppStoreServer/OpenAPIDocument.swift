/// The OpenAPI 3.1 document of what `sportstime-store serve` answers: the App Store Server API's
/// endpoints under the three bases (servers), their parameters, request bodies and every status
/// each answers. The response schemas list the fields of the models of Apple's App Store Server
/// Library for Python 3.1.2 (`appstoreserverlibrary/models/*.py`: TransactionInfoResponse,
/// HistoryResponse, StatusResponse, …) with their JSON types and no other (`additionalProperties`
/// false); every field is optional there, so none is `required` but the error body's two, which
/// the client reads both (`api_client.py`, `_parse_response`). Served at `GET /openapi.json`
/// without authentication; `scripts/server-api-schemathesis` checks the server against it.
enum OpenAPIDocument {
  static let bytes: [UInt8] = Array(text.utf8)

  static let text: String = #"""
    {
      "openapi": "3.1.0",
      "info": {
        "title": "The local App Store's App Store Server API",
        "version": "1.0.0",
        "summary": "Apple's App Store Server API as `sportstime-store serve` answers it on loopback.",
        "description": "The endpoints Apple's App Store Server Library for Python 3.1.2 calls, with its models' fields (appstoreserverlibrary/models/*.py) as the JSON shapes. Every refusal of the bearer token is Apple's plain-text 401; its cause is in the X-Local-App-Store-Refusal header and the server's log."
      },
      "servers": [
        {
          "url": "http://127.0.0.1:{port}",
          "description": "Answers as the environment the state signs as.",
          "variables": {
            "port": {
              "default": "8080"
            }
          }
        },
        {
          "url": "http://127.0.0.1:{port}/sandbox",
          "description": "Answers as the Sandbox.",
          "variables": {
            "port": {
              "default": "8080"
            }
          }
        },
        {
          "url": "http://127.0.0.1:{port}/production",
          "description": "Answers as Production.",
          "variables": {
            "port": {
              "default": "8080"
            }
          }
        }
      ],
      "security": [
        {
          "appStoreServerAPIToken": []
        }
      ],
      "paths": {
        "/inApps/v1/transactions/{transactionId}": {
          "get": {
            "operationId": "getTransactionInfo",
            "summary": "Get Transaction Info",
            "parameters": [
              {
                "name": "transactionId",
                "in": "path",
                "required": true,
                "description": "A transaction's identifier.",
                "schema": {
                  "type": "string",
                  "pattern": "^[0-9]{1,19}$"
                }
              }
            ],
            "responses": {
              "200": {
                "description": "Success.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/TransactionInfoResponse"
                    }
                  }
                }
              },
              "400": {
                "description": "4000006",
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
        },
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
        },
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
        },
        "/inApps/v1/subscriptions/{transactionId}": {
          "get": {
            "operationId": "getAllSubscriptionStatuses",
            "summary": "Get All Subscription Statuses",
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
              "200": {
                "description": "Success.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/StatusResponse"
                    }
                  }
                }
              },
              "400": {
                "description": "4000006, 4000031",
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
        },
        "/inApps/v2/refund/lookup/{transactionId}": {
          "get": {
            "operationId": "getRefundHistory",
            "summary": "Get Refund History",
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
                }
              }
            ],
            "responses": {
              "200": {
                "description": "Success.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/RefundHistoryResponse"
                    }
                  }
                }
              },
              "400": {
                "description": "4000005, 4000006",
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
        },
        "/inApps/v1/notifications/test": {
          "post": {
            "operationId": "requestTestNotification",
            "summary": "Request a Test Notification",
            "responses": {
              "200": {
                "description": "Success.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/SendTestNotificationResponse"
                    }
                  }
                }
              },
              "401": {
                "$ref": "#/components/responses/Unauthenticated"
              },
              "404": {
                "description": "4040007",
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
        },
        "/inApps/v1/notifications/test/{testNotificationToken}": {
          "get": {
            "operationId": "getTestNotificationStatus",
            "summary": "Get Test Notification Status",
            "parameters": [
              {
                "name": "testNotificationToken",
                "in": "path",
                "required": true,
                "schema": {
                  "type": "string"
                },
                "description": "A UUID, optionally followed by '_' and milliseconds."
              }
            ],
            "responses": {
              "200": {
                "description": "Success.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/CheckTestNotificationResponse"
                    }
                  }
                }
              },
              "400": {
                "description": "4000020",
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
                "description": "4040008",
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
        },
        "/inApps/v1/notifications/history": {
          "post": {
            "operationId": "getNotificationHistory",
            "summary": "Get Notification History",
            "parameters": [
              {
                "name": "paginationToken",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "string"
                }
              }
            ],
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/NotificationHistoryRequest"
                  }
                }
              }
            },
            "responses": {
              "200": {
                "description": "Success.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/NotificationHistoryResponse"
                    }
                  }
                }
              },
              "400": {
                "description": "4000000, 4000006, 4000012, 4000013, 4000014, 4000015, 4000016, 4000018, 4000019",
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
        },
        "/inApps/v1/subscriptions/extend/{originalTransactionId}": {
          "put": {
            "operationId": "extendSubscriptionRenewalDate",
            "summary": "Extend a Subscription Renewal Date",
            "parameters": [
              {
                "name": "originalTransactionId",
                "in": "path",
                "required": true,
                "description": "An original transaction identifier.",
                "schema": {
                  "type": "string",
                  "pattern": "^[0-9]{1,19}$"
                }
              }
            ],
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/ExtendRenewalDateRequest"
                  }
                }
              }
            },
            "responses": {
              "200": {
                "description": "Success.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/ExtendRenewalDateResponse"
                    }
                  }
                }
              },
              "400": {
                "description": "4000000, 4000008, 4000009, 4000010, 4000011",
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
              "403": {
                "description": "4030004, 4030005, 4030007",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/ErrorResponse"
                    }
                  }
                }
              },
              "404": {
                "description": "4040005",
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
        },
        "/inApps/v1/subscriptions/extend/mass": {
          "post": {
            "operationId": "extendRenewalDateForAllActiveSubscribers",
            "summary": "Extend Subscription Renewal Dates for All Active Subscribers",
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/MassExtendRenewalDateRequest"
                  }
                }
              }
            },
            "responses": {
              "200": {
                "description": "Success.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/MassExtendRenewalDateResponse"
                    }
                  }
                }
              },
              "400": {
                "description": "4000000, 4000009, 4000010, 4000011, 4000023, 4000027, 4000028",
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
        },
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
              "200": {
                "description": "Success.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/MassExtendRenewalDateStatusResponse"
                    }
                  }
                }
              },
              "400": {
                "description": "4000011, 4000023",
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
                "description": "4040009",
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
        },
        "/inApps/v1/transactions/{originalTransactionId}/appAccountToken": {
          "put": {
            "operationId": "setAppAccountToken",
            "summary": "Set App Account Token",
            "parameters": [
              {
                "name": "originalTransactionId",
                "in": "path",
                "required": true,
                "description": "An original transaction identifier.",
                "schema": {
                  "type": "string",
                  "pattern": "^[0-9]{1,19}$"
                }
              }
            ],
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/UpdateAppAccountTokenRequest"
                  }
                }
              }
            },
            "responses": {
              "200": {
                "description": "Success, no body."
              },
              "400": {
                "description": "4000000, 4000006, 4000183, 4000185, 4000187",
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
                "description": "4040005",
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
        },
        "/inApps/v2/transactions/consumption/{transactionId}": {
          "put": {
            "operationId": "sendConsumptionInformation",
            "summary": "Send Consumption Information",
            "parameters": [
              {
                "name": "transactionId",
                "in": "path",
                "required": true,
                "description": "A transaction's identifier.",
                "schema": {
                  "type": "string",
                  "pattern": "^[0-9]{1,19}$"
                }
              }
            ],
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/ConsumptionRequest"
                  }
                }
              }
            },
            "responses": {
              "202": {
                "description": "Accepted, no body."
              },
              "400": {
                "description": "4000000, 4000006, 4000035, 4000036, 4000041, 4000185",
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
        },
        "/inApps/v1/transactions/consumption/{transactionId}": {
          "put": {
            "operationId": "sendConsumptionInformationV1",
            "summary": "Send Consumption Information V1",
            "parameters": [
              {
                "name": "transactionId",
                "in": "path",
                "required": true,
                "description": "A transaction's identifier.",
                "schema": {
                  "type": "string",
                  "pattern": "^[0-9]{1,19}$"
                }
              }
            ],
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/ConsumptionRequestV1"
                  }
                }
              }
            },
            "responses": {
              "202": {
                "description": "Accepted, no body."
              },
              "400": {
                "description": "4000000, 4000006, 4000035, 4000036, 4000041, 4000185",
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
        },
        "/inApps/v1/lookup/{orderId}": {
          "get": {
            "operationId": "lookUpOrderId",
            "summary": "Look Up Order ID (the production base, and /inApps when the state signs as Production)",
            "parameters": [
              {
                "name": "orderId",
                "in": "path",
                "required": true,
                "schema": {
                  "type": "string"
                }
              }
            ],
            "responses": {
              "200": {
                "description": "Success.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/OrderLookupResponse"
                    }
                  }
                }
              },
              "400": {
                "description": "4000000",
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
                "description": "Not served on the sandbox base (Apple's API has no sandbox URL for it).",
                "content": {
                  "text/plain": {
                    "schema": {
                      "type": "string"
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
        },
        "/inApps/v1/transactions/appTransactions/{transactionId}": {
          "get": {
            "operationId": "getAppTransactionInfo",
            "summary": "Get App Transaction Info",
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
              }
            ],
            "responses": {
              "200": {
                "description": "Success.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/AppTransactionInfoResponse"
                    }
                  }
                }
              },
              "400": {
                "description": "4000006",
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
                "description": "4040010, 4040019",
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
        },
        "/inApps/v1/transactions/{transactionId}/finish": {
          "post": {
            "operationId": "finishTransaction",
            "summary": "Finish Transaction",
            "parameters": [
              {
                "name": "transactionId",
                "in": "path",
                "required": true,
                "description": "A transaction's identifier.",
                "schema": {
                  "type": "string",
                  "pattern": "^[0-9]{1,19}$"
                }
              }
            ],
            "responses": {
              "200": {
                "description": "Success, no body."
              },
              "400": {
                "description": "4000006",
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
        },
        "/openapi.json": {
          "get": {
            "operationId": "getOpenAPIDocument",
            "summary": "This document",
            "security": [],
            "servers": [
              {
                "url": "http://127.0.0.1:{port}",
                "variables": {
                  "port": {
                    "default": "8080"
                  }
                }
              }
            ],
            "responses": {
              "200": {
                "description": "The OpenAPI document.",
                "content": {
                  "application/json": {
                    "schema": {
                      "type": "object"
                    }
                  }
                }
              }
            }
          }
        }
      },
      "components": {
        "securitySchemes": {
          "appStoreServerAPIToken": {
            "type": "http",
            "scheme": "bearer",
            "bearerFormat": "JWT",
            "description": "ES256 with a registered key (kid), iss the issuer, aud appstoreconnect-v1, bid the bundle ID, exp within 60 minutes of iat or of now (Apple's 'Generating JSON Web Tokens for API requests')."
          }
        },
        "responses": {
          "Unauthenticated": {
            "description": "A bearer token refused: Apple's plain text, no JSON.",
            "headers": {
              "X-Local-App-Store-Refusal": {
                "description": "The cause, e.g. expired: ...",
                "schema": {
                  "type": "string"
                }
              }
            },
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "RateLimited": {
            "description": "4290000, with rate limits on (api-fault rate-limits on).",
            "headers": {
              "Retry-After": {
                "description": "When to retry, in milliseconds since 1970.",
                "schema": {
                  "type": "string",
                  "pattern": "^[0-9]+$"
                }
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ErrorResponse"
                }
              }
            }
          }
        },
        "schemas": {
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
              "signedTransactionInfo": {
                "type": "string",
                "description": "A JWS in compact serialization, signed by the local App Store."
              }
            },
            "additionalProperties": false
          },
          "AppTransactionInfoResponse": {
            "type": "object",
            "properties": {
              "signedAppTransactionInfo": {
                "type": "string",
                "description": "A JWS in compact serialization, signed by the local App Store."
              }
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
              "appAppleId": {
                "type": "integer",
                "format": "int64",
                "description": "Production only."
              },
              "environment": {
                "type": "string",
                "enum": [
                  "Sandbox",
                  "Production",
                  "Xcode",
                  "LocalTesting"
                ]
              },
              "signedTransactions": {
                "type": "array",
                "items": {
                  "type": "string",
                  "description": "A JWS in compact serialization, signed by the local App Store."
                },
                "maxItems": 20
              }
            },
            "additionalProperties": false
          },
          "StatusResponse": {
            "type": "object",
            "properties": {
              "environment": {
                "type": "string",
                "enum": [
                  "Sandbox",
                  "Production",
                  "Xcode",
                  "LocalTesting"
                ]
              },
              "bundleId": {
                "type": "string"
              },
              "appAppleId": {
                "type": "integer",
                "format": "int64",
                "description": "Production only."
              },
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
              "signedTransactionInfo": {
                "type": "string",
                "description": "A JWS in compact serialization, signed by the local App Store."
              },
              "signedRenewalInfo": {
                "type": "string",
                "description": "A JWS in compact serialization, signed by the local App Store."
              }
            },
            "additionalProperties": false
          },
          "RefundHistoryResponse": {
            "type": "object",
            "properties": {
              "signedTransactions": {
                "type": "array",
                "items": {
                  "type": "string",
                  "description": "A JWS in compact serialization, signed by the local App Store."
                },
                "maxItems": 20
              },
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
              "signedTransactions": {
                "type": "array",
                "items": {
                  "type": "string",
                  "description": "A JWS in compact serialization, signed by the local App Store."
                }
              }
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
              "signedPayload": {
                "type": "string",
                "description": "A JWS in compact serialization, signed by the local App Store."
              },
              "sendAttempts": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/SendAttemptItem"
                },
                "maxItems": 6
              }
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
              "signedPayload": {
                "type": "string",
                "description": "A JWS in compact serialization, signed by the local App Store."
              },
              "sendAttempts": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/SendAttemptItem"
                }
              }
            },
            "additionalProperties": false
          },
          "ExtendRenewalDateRequest": {
            "type": "object",
            "properties": {
              "extendByDays": {
                "type": "integer",
                "minimum": 1,
                "maximum": 90
              },
              "extendReasonCode": {
                "type": "integer",
                "enum": [
                  0,
                  1,
                  2,
                  3
                ]
              },
              "requestIdentifier": {
                "type": "string",
                "maxLength": 128
              }
            },
            "required": [
              "extendByDays",
              "extendReasonCode",
              "requestIdentifier"
            ],
            "additionalProperties": false
          },
          "MassExtendRenewalDateRequest": {
            "type": "object",
            "properties": {
              "extendByDays": {
                "type": "integer",
                "minimum": 1,
                "maximum": 90
              },
              "extendReasonCode": {
                "type": "integer",
                "enum": [
                  0,
                  1,
                  2,
                  3
                ]
              },
              "requestIdentifier": {
                "type": "string",
                "maxLength": 128
              },
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
              "extendByDays",
              "extendReasonCode",
              "requestIdentifier",
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
              "consumptionStatus": {
                "type": "integer",
                "enum": [
                  0,
                  1,
                  2,
                  3
                ]
              },
              "platform": {
                "type": "integer",
                "enum": [
                  0,
                  1,
                  2
                ]
              },
              "sampleContentProvided": {
                "type": "boolean"
              },
              "deliveryStatus": {
                "type": "integer",
                "enum": [
                  0,
                  1,
                  2,
                  3,
                  4,
                  5
                ]
              },
              "appAccountToken": {
                "type": "string"
              },
              "accountTenure": {
                "type": "integer",
                "enum": [
                  0,
                  1,
                  2,
                  3,
                  4,
                  5,
                  6,
                  7
                ]
              },
              "playTime": {
                "type": "integer",
                "enum": [
                  0,
                  1,
                  2,
                  3,
                  4,
                  5,
                  6,
                  7
                ]
              },
              "lifetimeDollarsRefunded": {
                "type": "integer",
                "enum": [
                  0,
                  1,
                  2,
                  3,
                  4,
                  5,
                  6,
                  7
                ]
              },
              "lifetimeDollarsPurchased": {
                "type": "integer",
                "enum": [
                  0,
                  1,
                  2,
                  3,
                  4,
                  5,
                  6,
                  7
                ]
              },
              "userStatus": {
                "type": "integer",
                "enum": [
                  0,
                  1,
                  2,
                  3,
                  4
                ]
              },
              "refundPreference": {
                "type": "integer",
                "enum": [
                  0,
                  1,
                  2,
                  3
                ]
              }
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
        }
      }
    }
    """#
}
