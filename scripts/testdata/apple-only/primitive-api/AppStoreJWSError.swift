// A minimal copy of AppStoreJWSError as the primitives use it (Sources/AppStoreJWS/
// AppStoreJWSError.swift, whose full version also carries OpenSSL's messages): see
// ECPrimitive.swift beside this file. Nothing here runs.

struct AppStoreJWSError: Error {
  struct Code: Hashable, Sendable {
    let name: String
    static var invalidKey: Self { Self(name: "invalidKey") }
    static var signingFailed: Self { Self(name: "signingFailed") }
  }

  let code: Code
  let reason: String

  init(_ code: Code, _ reason: String, fileID: String = #fileID, line: Int = #line) {
    self.code = code
    self.reason = reason
  }
}
