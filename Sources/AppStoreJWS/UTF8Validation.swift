/// Whether bytes are well-formed UTF-8, without `String(validating:as:)` (which needs macOS 15
/// and iOS 18; the package supports macOS 14 and iOS 17).
enum UTF8Validation {
  static func isValid(_ bytes: some Sequence<UInt8>) -> Bool {
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }
}
