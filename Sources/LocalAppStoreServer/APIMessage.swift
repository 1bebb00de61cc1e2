import Foundation

/// A request to the App Store Server API, as the router reads it: the HTTP layer's request
/// without the transport (so the router runs in-process in tests, with no socket).
package struct APIRequest: Sendable {
  package var method: String
  /// The path, before any `?`, not percent-decoded (Apple's identifiers are digits, UUIDs and
  /// order IDs).
  package var path: String
  /// The query's pairs, decoded, in order; repeated names kept.
  package var query: [(name: String, value: String)]
  package var authorization: String?
  package var body: [UInt8]

  package init(
    method: String, path: String, query: [(name: String, value: String)] = [],
    authorization: String? = nil, body: [UInt8] = []
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.authorization = authorization
    self.body = body
  }

  /// Every value of `name`, in order.
  func values(_ name: String) -> [String] { query.filter { $0.name == name }.map(\.value) }
  /// The first value of `name`.
  func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
}

/// The API's answer: a status, headers and a body.
package struct APIResponse: Sendable {
  package var status: Int
  package var headers: [(name: String, value: String)]
  package var body: [UInt8]
  /// Why a request was refused, for the request log and the `X-Local-App-Store-Refusal`
  /// header; `nil` for a success.
  package var cause: String?

  package init(
    status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
    cause: String? = nil
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.cause = cause
  }

  /// A JSON answer: `Content-Type` exactly `application/json`, which Apple's Python client needs
  /// to read an error's code (its `api_client.py` compares the header with that string).
  static func json(_ status: Int, _ value: JSONOut, cause: String? = nil) -> APIResponse {
    APIResponse(
      status: status, headers: [("Content-Type", "application/json")], body: value.bytes,
      cause: cause)
  }

  /// A success with no body.
  static func empty(_ status: Int) -> APIResponse { APIResponse(status: status) }

  /// A plain-text answer (401, an unknown path).
  static func text(_ status: Int, _ text: String, cause: String?) -> APIResponse {
    APIResponse(
      status: status, headers: [("Content-Type", "text/plain; charset=utf-8")],
      body: Array(text.utf8), cause: cause)
  }
}

/// JSON as the API writes it: numbers stay integers, booleans stay booleans (Apple's Python
/// client converts with cattrs, whose `bool("false")` is `True`), members in the order given.
package indirect enum JSONOut: Sendable {
  case string(String)
  case int(Int64)
  case bool(Bool)
  case array([JSONOut])
  case object([(String, JSONOut)])

  static func uint(_ value: UInt64) -> JSONOut { .int(Int64(clamping: value)) }
  static func date(_ date: Date) -> JSONOut {
    .int(Int64((date.timeIntervalSince1970 * 1_000).rounded()))
  }

  package var bytes: [UInt8] {
    var output: [UInt8] = []
    write(into: &output)
    return output
  }

  private func write(into output: inout [UInt8]) {
    switch self {
    case .string(let text): Self.writeString(text, into: &output)
    case .int(let number): output.append(contentsOf: String(number).utf8)
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        element.write(into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      for (index, (name, value)) in members.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        Self.writeString(name, into: &output)
        output.append(UInt8(ascii: ":"))
        value.write(into: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  private static func writeString(_ text: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    // Most strings (a JWS, an identifier) need no escape: copied whole.
    var text = text
    let plain = text.withUTF8 { bytes in
      for byte in bytes where byte < 0x20 || byte == 0x22 || byte == 0x5C { return false }
      output.append(contentsOf: bytes)
      return true
    }
    guard !plain else {
      output.append(UInt8(ascii: "\""))
      return
    }
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
      case 0x0A: output.append(contentsOf: #"\n"#.utf8)
      case 0x0D: output.append(contentsOf: #"\r"#.utf8)
      case 0x09: output.append(contentsOf: #"\t"#.utf8)
      case 0..<0x20:
        let hex = String(byte, radix: 16)
        output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
