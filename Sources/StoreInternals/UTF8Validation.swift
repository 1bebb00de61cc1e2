/// Whether `bytes` are well-formed UTF-8 (Unicode §3.9, D92: no overlong form, no surrogate, no
/// scalar above U+10FFFF, no truncated sequence).
///
/// The standard library's `String(validating:as:)` says the same, but it is available only from
/// macOS 15, iOS 18 and visionOS 2 (`@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0,
/// visionOS 2.0, *)` in the standard library's interface), and the package deploys to macOS 14,
/// iOS 17 and visionOS 1: the JSON reader and the X.509 name reader both ask here instead.
package func isWellFormedUTF8<Bytes: Sequence>(_ bytes: Bytes) -> Bool
where Bytes.Element == UInt8 {
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
