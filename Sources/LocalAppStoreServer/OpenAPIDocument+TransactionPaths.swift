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
    \#(transactionIDParameter)
            ],
            "responses": {
    \#(responses([
      200: json(schema: "TransactionInfoResponse"),
      400: errorCodes("4000006"),
      404: errorCodes("4040010"),
    ]))
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
    \#(customerTransactionIDParameter)
            ],
            "responses": {
    \#(responses([
      200: json(schema: "AppTransactionInfoResponse"),
      400: errorCodes("4000006"),
      404: errorCodes("4040010, 4040019"),
    ]))
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
    \#(responses([
      200: json(schema: "OrderLookupResponse"),
      400: errorCodes("4000000"),
      404: sandboxNotFound,
    ]))
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
    \#(originalTransactionIDParameter)
            ],
    \#(requestBody("UpdateAppAccountTokenRequest")),
            "responses": {
    \#(responses([
      200: noBody("Success, no body."),
      400: errorCodes("4000000, 4000006, 4000183, 4000185, 4000187"),
      404: errorCodes("4040005"),
    ]))
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
    \#(transactionIDParameter)
            ],
            "responses": {
    \#(responses([
      200: noBody("Success, no body."),
      400: errorCodes("4000006"),
      404: errorCodes("4040010"),
    ]))
            }
          }
        }
    """#

  /// Look Up Order ID's 404 where it is not served (the sandbox base, and `/inApps` when the state
  /// signs as another environment than Production): "Not Found" in plain text, as for a path the
  /// server does not serve.
  private static let sandboxNotFound = #"""
    {
                "description": "Not served on the sandbox base (Apple's API has no sandbox URL for it).",
                "content": {
                  "text/plain": {
                    "schema": {
                      "type": "string"
                    }
                  }
                }
              }
    """#
}
