/// The path items of one transaction: its signed info, its app transaction, its order, its
/// app account token, and finishing it.
extension OpenAPIDocument {
  /// `GET /inApps/v1/transactions/{transactionId}`: getTransactionInfo.
  static let transactionInfoPath = #"""
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
        }
    """#

  /// `GET /inApps/v1/transactions/appTransactions/{transactionId}`: getAppTransactionInfo.
  static let appTransactionInfoPath = #"""
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
        }
    """#

  /// `GET /inApps/v1/lookup/{orderId}`: lookUpOrderId.
  static let orderLookupPath = #"""
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
        }
    """#

  /// `PUT /inApps/v1/transactions/{originalTransactionId}/appAccountToken`: setAppAccountToken.
  static let appAccountTokenPath = #"""
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
        }
    """#

  /// `POST /inApps/v1/transactions/{transactionId}/finish`: finishTransaction.
  static let finishTransactionPath = #"""
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
        }
    """#
}
