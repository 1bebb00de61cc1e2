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
        }
    """#

  /// `PUT /inApps/v1/subscriptions/extend/{originalTransactionId}`: extendSubscriptionRenewalDate.
  static let renewalDateExtensionPath = #"""
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
        }
    """#

  /// `POST /inApps/v1/subscriptions/extend/mass`: extendRenewalDateForAllActiveSubscribers.
  static let massRenewalDateExtensionPath = #"""
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
        }
    """#
}
