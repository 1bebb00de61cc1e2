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
    \#(customerTransactionIDParameter),
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
    \#(responses([
      200: json(schema: "RefundHistoryResponse"),
      400: errorCodes("4000005, 4000006"),
      404: errorCodes("4040010"),
    ]))
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
    \#(transactionIDParameter)
            ],
    \#(requestBody("ConsumptionRequest")),
            "responses": {
    \#(responses([
      202: noBody("Accepted, no body."),
      400: errorCodes("4000000, 4000006, 4000035, 4000036, 4000041, 4000185"),
      404: errorCodes("4040010"),
    ]))
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
    \#(transactionIDParameter)
            ],
    \#(requestBody("ConsumptionRequestV1")),
            "responses": {
    \#(responses([
      202: noBody("Accepted, no body."),
      400: errorCodes("4000000, 4000006, 4000035, 4000036, 4000041, 4000185"),
      404: errorCodes("4040010"),
    ]))
            },
            "deprecated": true
          }
        }
    """#
}
