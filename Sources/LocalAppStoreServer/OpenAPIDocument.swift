/// The OpenAPI 3.1 document of what `sportstime-store serve` answers: the App Store Server API's
/// endpoints under the three bases (servers), their parameters, request bodies and every status
/// each answers. The response schemas list the fields of the models of Apple's App Store Server
/// Library for Python 3.1.2 (`appstoreserverlibrary/models/*.py`: TransactionInfoResponse,
/// HistoryResponse, StatusResponse, …) with their JSON types and no other (`additionalProperties`
/// false); every field is optional there, so none is `required` but the error body's two, which
/// the client reads both (`api_client.py`, `_parse_response`). Served at `GET /openapi.json`
/// without authentication; `scripts/server-api-schemathesis` checks the server against it.
///
/// The text is written in parts, each at the indentation it has in the document: this file holds
/// the frame (info, servers, security, the shared responses) and the order of the paths; each
/// family of endpoints has its path items in an `OpenAPIDocument+…Paths.swift` file, and the
/// schemas are in `OpenAPIDocument+ResponseSchemas.swift` and `+RequestSchemas.swift`. What
/// stands in more than one place is written once and put in by interpolation: the parts of the
/// path items (identifier parameters, request bodies, responses) in `OpenAPIDocument+Parts.swift`,
/// the others beside the one family or schema list that uses them.
package enum OpenAPIDocument {
  /// The document's bytes, as served.
  package static let bytes: [UInt8] = Array(text.utf8)

  /// The document: the frame with the path items and the schemas put in, members separated by
  /// commas as JSON has them.
  package static let text: String = #"""
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
    \#(paths.joined(separator: ",\n"))
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
    \#([responseSchemas, requestSchemas].joined(separator: ",\n"))
        }
      }
    }
    """#

  /// The members of `paths`, in the order of the document: Apple's endpoints, then this
  /// document's own.
  static let paths = [
    transactionInfoPath, transactionHistoryPath, transactionHistoryV1Path,
    subscriptionStatusesPath, refundHistoryPath, testNotificationPath,
    testNotificationStatusPath, notificationHistoryPath, renewalDateExtensionPath,
    massRenewalDateExtensionPath, massRenewalDateExtensionStatusPath, appAccountTokenPath,
    consumptionPath, consumptionV1Path, orderLookupPath,
    appTransactionInfoPath, finishTransactionPath,
    documentPath,
  ]

  /// `GET /openapi.json`: getOpenAPIDocument.
  static let documentPath = #"""
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
    """#
}
