/// The path items of refunds: the refund history and the consumption information sent
/// for a refund request, version 2 and version 1.
extension OpenAPIDocument {
  /// `GET /inApps/v2/refund/lookup/{transactionId}`: getRefundHistory.
  static let refundHistoryPath = #"""
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
        }
    """#

  /// `PUT /inApps/v2/transactions/consumption/{transactionId}`: sendConsumptionInformation.
  static let consumptionPath = #"""
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
        }
    """#

  /// `PUT /inApps/v1/transactions/consumption/{transactionId}`: sendConsumptionInformationV1.
  static let consumptionV1Path = #"""
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
        }
    """#
}
