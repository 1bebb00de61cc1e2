/// The OpenAPI 3.1 document of what the server serves (`GET /openapi.json`).
enum OpenAPIDocument {
  static let bytes: [UInt8] = Array(text.utf8)

  static let text =
    #"{"openapi": "3.1.0", "info": {"title": "App Store Server API (local)", "version": "1"}, "paths": {}}"#
}
