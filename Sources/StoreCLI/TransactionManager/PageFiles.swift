import Foundation
import StoreHTTP

/// The Transaction Manager's page: the files of `Page/`, which SwiftPM embeds in the binary at
/// build time (`.embedInCode` in Package.swift, as `PackageResources`), so that an installed or
/// copied `sportstime-store` serves the page from any folder with nothing read at run time.
enum PageFiles {
  /// A page file: its bytes and its `Content-Type`.
  struct File: Sendable {
    var bytes: [UInt8]
    var type: String
  }

  /// The content type of the page's scripts.
  static let javaScript = "text/javascript; charset=utf-8"

  /// The page's files by path, but for the page itself (``page(token:)``). The scripts are the
  /// ones `index.html` loads, in its order.
  static let files: [String: File] = [
    "/ui/style.css": File(bytes: PackageResources.style_css, type: "text/css; charset=utf-8"),
    "/ui/base.js": File(bytes: PackageResources.base_js, type: javaScript),
    "/ui/commands.js": File(bytes: PackageResources.commands_js, type: javaScript),
    "/ui/views.js": File(bytes: PackageResources.views_js, type: javaScript),
    "/ui/transactions.js": File(bytes: PackageResources.transactions_js, type: javaScript),
    "/ui/app.js": File(bytes: PackageResources.app_js, type: javaScript),
  ]

  /// `index.html` with the page's token in it.
  static func page(token: String) -> File {
    let html = String(decoding: PackageResources.index_html, as: UTF8.self)
    return File(
      bytes: Array(
        html.replacingOccurrences(of: "__TRANSACTION_MANAGER_TOKEN__", with: token).utf8),
      type: "text/html; charset=utf-8")
  }

  /// The Content-Security-Policy of the page's files: its own script and style, requests to
  /// itself, nothing framed, no form posted elsewhere.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  /// The answer that sends `file`, under the page's policy, never cached.
  static func response(_ file: File) -> HTTPResponse {
    HTTPResponse(
      status: 200,
      headers: [
        ("Content-Type", file.type), ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-store"), ("X-Frame-Options", "DENY"),
      ], body: file.bytes)
  }
}
