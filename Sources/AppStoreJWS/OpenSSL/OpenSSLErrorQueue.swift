internal import COpenSSL

/// The calling thread's OpenSSL error queue, read at the boundary into an error's reason.
enum OpenSSLErrorQueue {
  /// Drains the queue and describes its entries, oldest first (`"OpenSSL: …; …"`), or `fallback`.
  static func drain(fallback: String = "no OpenSSL error recorded") -> String {
    var messages: [String] = []
    while true {
      let code = ERR_get_error()
      if code == 0 { break }
      var buffer = [CChar](repeating: 0, count: 256)
      ERR_error_string_n(code, &buffer, buffer.count)
      let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      messages.append(String(decoding: bytes, as: UTF8.self))
    }
    return messages.isEmpty ? fallback : "OpenSSL: " + messages.joined(separator: "; ")
  }

  /// Empties the queue, for a failure whose reason is already known.
  static func clear() {
    ERR_clear_error()
  }
}
