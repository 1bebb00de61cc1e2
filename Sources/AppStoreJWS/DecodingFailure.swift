/// Words for a `DecodingError`: what was wrong, and at which key path of the payload.
enum DecodingFailure {
  static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { key in
        key.intValue.map { "[\($0)]" } ?? key.stringValue
      }
      return keys.isEmpty ? "the top level" : keys.joined(separator: ".")
    }
    switch error {
    case .keyNotFound(let key, let context):
      let parent = context.codingPath.isEmpty ? "" : " in \(path(context))"
      return "missing \"\(key.stringValue)\"\(parent)"
    case .typeMismatch(let type, let context):
      return "\(path(context)) is not \(type): \(context.debugDescription)"
    case .valueNotFound(let type, let context):
      return "\(path(context)) is null, expected \(type)"
    case .dataCorrupted(let context):
      return "\(path(context)): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }
}
