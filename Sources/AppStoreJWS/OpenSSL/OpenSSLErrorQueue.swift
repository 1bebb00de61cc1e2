internal import COpenSSL

/// The calling thread's OpenSSL error queue, read at the boundary into an error's reason.
enum OpenSSLErrorQueue {
  /// The entries taken from the queue: the short reason of the oldest, for people, and every
  /// entry in full, for debugging.
  struct Entries: Sendable {
    /// OpenSSL's full messages, oldest first (`error:0680007B:asn1 encoding routines::header too long`).
    let messages: [String]
    /// The reason of the oldest entry, the root cause (`"header too long"`); `nil` when empty.
    let reason: String?
  }

  /// Drains the queue into its entries.
  static func take() -> Entries {
    var messages: [String] = []
    var reason: String?
    while true {
      let code = ERR_get_error()
      if code == 0 { break }
      if reason == nil, let text = ERR_reason_error_string(code) {
        reason = String(cString: text)
      }
      var buffer = [CChar](repeating: 0, count: 256)
      ERR_error_string_n(code, &buffer, buffer.count)
      let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      messages.append(String(decoding: bytes, as: UTF8.self))
    }
    return Entries(messages: messages, reason: reason)
  }

  /// Drains the queue and describes its entries, oldest first (`"OpenSSL: …; …"`), or `fallback`.
  static func drain(fallback: String = "no OpenSSL error recorded") -> String {
    let messages = take().messages
    return messages.isEmpty ? fallback : "OpenSSL: " + messages.joined(separator: "; ")
  }

  /// Empties the queue, for a failure whose reason is already known.
  static func clear() {
    ERR_clear_error()
  }
}
