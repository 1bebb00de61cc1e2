/// The parts of the path items that stand in more than one of them: the identifier parameters,
/// the request body, and the responses. Each is written once, at the indentation it has in the
/// document (text that Swift code puts together, rather than a literal, holds that indentation
/// itself), and the path items put it in by interpolation.
extension OpenAPIDocument {
  /// The `transactionId` path parameter of the endpoints that take any identifier of the
  /// customer's, as an element of an operation's `parameters`.
  static let customerTransactionIDParameter = identifierParameter(
    "transactionId",
    "Any transaction identifier, original transaction identifier or app transaction identifier of the customer."
  )

  /// The `transactionId` path parameter of the endpoints that take one transaction's identifier.
  static let transactionIDParameter = identifierParameter(
    "transactionId", "A transaction's identifier.")

  /// The `originalTransactionId` path parameter of the endpoints that take an original
  /// transaction identifier.
  static let originalTransactionIDParameter = identifierParameter(
    "originalTransactionId", "An original transaction identifier.")

  /// A required path parameter `name` holding a transaction identifier (1 to 19 digits).
  private static func identifierParameter(_ name: String, _ description: String) -> String {
    #"""
              {
                "name": "\#(name)",
                "in": "path",
                "required": true,
                "description": "\#(description)",
                "schema": {
                  "type": "string",
                  "pattern": "^[0-9]{1,19}$"
                }
              }
    """#
  }

  /// An operation's `requestBody` member: a required JSON body of the schema `schema`.
  static func requestBody(_ schema: String) -> String {
    #"""
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/\#(schema)"
                  }
                }
              }
            }
    """#
  }

  /// The members of an operation's `responses`, in the order of their statuses: `answers`, each
  /// status with its response object (``json(_:schema:)``, ``errorCodes(_:)``, ``noBody(_:)``),
  /// and what every endpoint of Apple's API answers besides: 401 (the bearer token refused) and
  /// 429 (rate limits on), by reference to `components.responses`, and 500 (the state cannot be
  /// read, or a fault armed).
  static func responses(_ answers: [Int: String]) -> String {
    let unauthenticated = #"""
      {
                  "$ref": "#/components/responses/Unauthenticated"
                }
      """#
    let rateLimited = #"""
      {
                  "$ref": "#/components/responses/RateLimited"
                }
      """#
    let failed = errorCodes(
      "5000000: the state cannot be read; 5000001: a fault armed with api-fault.")
    return answers.merging([401: unauthenticated, 429: rateLimited, 500: failed]) { own, _ in own }
      .sorted { $0.key < $1.key }
      .map { status, response in #"          "\#(status)": \#(response)"# }
      .joined(separator: ",\n")
  }

  /// A response object whose body is JSON of the schema `schema`.
  static func json(_ description: String = "Success.", schema: String) -> String {
    #"""
    {
                "description": "\#(description)",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/\#(schema)"
                    }
                  }
                }
              }
    """#
  }

  /// A response object whose body is Apple's error JSON; `codes` lists the error codes it may
  /// carry.
  static func errorCodes(_ codes: String) -> String {
    json(codes, schema: "ErrorResponse")
  }

  /// A response object without a body.
  static func noBody(_ description: String) -> String {
    #"""
    {
                "description": "\#(description)"
              }
    """#
  }
}
