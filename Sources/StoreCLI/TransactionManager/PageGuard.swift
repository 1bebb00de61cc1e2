/// Who may call the Transaction Manager's API: the page `serve` handed out, from its own origin.
///
/// A developer's browser visits other sites while `serve` runs; any of them may send a request
/// to `http://127.0.0.1:PORT` (a form's POST, an `<img>`, `fetch` in `no-cors` mode), and a page
/// on a name that resolves to 127.0.0.1 may even read the answers (DNS rebinding). Three checks
/// stop both, each enough alone for one of them:
/// - the `Host` rule of the HTTP server (421 for a name that is not loopback's or `--host`),
///   before this guard runs: a rebound name never gets here;
/// - a token the page received in its HTML (`<meta name="transaction-manager-token">`), which
///   another origin cannot read, sent back in the `X-Transaction-Manager-Token` field (or, for
///   `EventSource` and the download link, which send no field, in `?token=`);
/// - the browser's own word on where a request comes from: an `Origin` other than the page's
///   own, or a `Sec-Fetch-Site` other than `same-origin` (or `none`, typed or bookmarked), is
///   refused. Browsers send both on every state-changing request (the Fetch standard), and
///   neither can be set by a page's script.
///
/// A refused request gets 403 and changes nothing. Only the page itself (`/`, `/ui/…` files)
/// is served without the token.
package struct PageGuard: Sendable {
  /// The token the page carries: 32 random bytes, hex, made once per `serve`.
  let token: String

  /// Why `request` is refused, or `nil` when it may go on.
  /// - Parameters:
  ///   - host: the request's `Host` field (already checked by the server's `Host` rule).
  func refusal(
    host: String?, origin: String?, fetchSite: String?, tokenField: String?,
    tokenQuery: String?
  ) -> String? {
    if let fetchSite, fetchSite != "same-origin", fetchSite != "none" {
      return "Sec-Fetch-Site is \(fetchSite): only the Transaction Manager's own page may call it"
    }
    if let origin {
      guard let host, origin == "http://\(host)" else {
        return "Origin \(origin) is not this server's (http://\(host ?? "?"))"
      }
    }
    // A request with neither field came from a program, not a browser: it must still show the
    // token, which only the page (and whoever reads `serve`'s page) has.
    let sent = tokenField ?? tokenQuery
    guard let sent else {
      return
        "no X-Transaction-Manager-Token: the page's requests carry the token it was served with"
    }
    guard Self.equalInConstantTime(sent, token) else {
      return "X-Transaction-Manager-Token does not match this server's"
    }
    return nil
  }

  /// Compares two texts in time that depends on their lengths only.
  package static func equalInConstantTime(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for index in x.indices { difference |= x[index] ^ y[index] }
    return difference == 0
  }

  /// A new token from `generator`: 32 bytes as 64 hex digits.
  package static func makeToken(using generator: inout some RandomNumberGenerator) -> String {
    var text = ""
    for _ in 0..<4 {
      let word = generator.next()
      text += String(repeating: "0", count: word.leadingZeroBitCount / 4)
      if word != 0 { text += String(word, radix: 16) }
    }
    return text
  }
}
