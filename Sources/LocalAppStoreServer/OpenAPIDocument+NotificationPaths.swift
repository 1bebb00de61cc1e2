/// The path items of App Store Server Notifications: a test notification, its status, and
/// the notification history.
extension OpenAPIDocument {
  /// `POST /inApps/v1/notifications/test`: requestTestNotification.
  static let testNotificationPath = #"""
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
        }
    """#

  /// `GET /inApps/v1/notifications/test/{testNotificationToken}`: getTestNotificationStatus.
  static let testNotificationStatusPath = #"""
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
        }
    """#

  /// `POST /inApps/v1/notifications/history`: getNotificationHistory.
  static let notificationHistoryPath = #"""
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
        }
    """#
}
