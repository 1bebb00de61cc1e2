public import Foundation
public import LocalAppStore
package import StoreHTTP

/// Apple's App Store Server API on loopback, over the local App Store: what a subscription
/// server's tests call in place of `api.storekit.apple.com`, with transactions, renewal info and
/// notifications signed as the store signs them.
///
/// ```swift
/// let server = try LocalAppStoreServer(statePath: statePath)
/// let port = try server.start()            // port 0: a free one
/// // point the client at http://127.0.0.1:\(port) (Python: client._base_url = …)
/// await server.shutdown()
/// ```
///
/// It serves the API under `/inApps/…` (as the environment the state signs as),
/// `/sandbox/inApps/…` and `/production/inApps/…`, and accepts the tokens of the keys
/// `sportstime-store api-key` shows or adds. See the "Testing a server" article.
public final class LocalAppStoreServer: Sendable {
  /// Where it listens.
  public struct Configuration: Sendable {
    /// The address to bind: a loopback one unless you mean otherwise.
    public var host: String
    /// The port; 0 takes a free one (``start()`` returns it).
    public var port: Int
    /// Host names the `Host` header may carry besides the loopback names and ``host``.
    public var allowedHosts: [String]
    /// The largest request body taken (413 past it): 1 MiB, the API's bodies are small;
    /// `serve` takes more for the Transaction Manager's import of a state file.
    package var bodyLimit = 1024 * 1024

    public init(host: String = "127.0.0.1", port: Int = 0, allowedHosts: [String] = []) {
      self.host = host
      self.port = port
      self.allowedHosts = allowedHosts
    }
  }

  /// Why the server could not start.
  public struct StartError: Error, CustomStringConvertible {
    public let description: String
  }

  package let api: ServerAPI
  private let http: HTTPServer
  public let configuration: Configuration

  /// A server over the state file at `statePath` (the command-line tool's), reopened whenever
  /// another process changes it.
  public convenience init(statePath: String, configuration: Configuration = Configuration()) {
    self.init(api: ServerAPI(source: .state(path: statePath)), configuration: configuration)
  }

  /// A server over the state at `statePath` that posts the notifications its writes make
  /// (the command-line tool's `serve`).
  package convenience init(
    statePath: String, configuration: Configuration, poster: ServerAPI.NotificationPoster?,
    pages: Pages? = nil
  ) {
    self.init(
      api: ServerAPI(source: .state(path: statePath), poster: poster),
      configuration: configuration, pages: pages)
  }

  /// A server over a store already open (a test's).
  public convenience init(store: LocalAppStore, configuration: Configuration = Configuration()) {
    self.init(api: ServerAPI(source: .store(store)), configuration: configuration)
  }

  /// A page served beside the API (the Transaction Manager): asked first for every request
  /// whose path is `/` or under `/ui/`, it answers or returns `nil` (then 404).
  package typealias Pages = @Sendable (HTTPRequest) async -> HTTPResponse?

  package init(api: ServerAPI, configuration: Configuration, pages: Pages? = nil) {
    self.api = api
    self.configuration = configuration
    var http = HTTPServer.Configuration()
    http.host = configuration.host
    http.port = UInt16(clamping: configuration.port)
    http.allowedHosts = configuration.allowedHosts
    http.limits.body = configuration.bodyLimit
    self.http = HTTPServer(configuration: http) { request in
      if let pages, request.path == "/" || request.path.hasPrefix("/ui/") {
        return await pages(request) ?? HTTPResponse.text("Not Found\n", status: 404)
      }
      return await Self.answer(request, api: api)
    }
  }

  /// Binds and starts serving; returns the port.
  @discardableResult
  public func start() throws -> Int {
    do {
      return try http.start()
    } catch {
      throw StartError(description: "\(error)")
    }
  }

  /// The base URL of the API (`http://127.0.0.1:PORT`), once started.
  public var url: URL {
    let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
    return URL(string: "http://\(host):\(http.port)") ?? URL(fileURLWithPath: "/")
  }

  /// Stops accepting, lets the requests in flight finish, then closes every connection.
  public func shutdown() async { await http.shutdown() }

  /// What a server's App Store Server API client needs to call this server: as App Store
  /// Connect's In-App Purchase key gives it, and the root its `SignedDataVerifier` trusts.
  public struct Credentials: Sendable {
    /// The key ID (the token's `kid`).
    public var keyID: String
    /// The issuer ID (the token's `iss`).
    public var issuerID: String
    /// The app's bundle ID (the token's `bid`).
    public var bundleID: String
    /// The app's Apple ID (Production's `appAppleId`).
    public var appAppleID: UInt64?
    /// The private key, PKCS#8 PEM: the `.p8` file's text.
    public var privateKeyPEM: String
    /// The store's root certificate, PEM.
    public var rootCertificatePEM: String
  }

  /// Makes a key the server accepts, registers its public half in the state, and returns it
  /// with the rest a client needs. Each call makes a new key; all of them stay valid.
  public func makeCredentials() async throws -> Credentials {
    try await api.makeCredentials()
  }

  /// The endpoints' names, as `api-fault` takes them.
  package static let endpointNames = Endpoint.Kind.allCases.map(\.rawValue)
  /// The fault name that turns rate limits on.
  package static let rateLimitsFault = "rate-limits"

  private static func answer(_ request: HTTPRequest, api: ServerAPI) async -> HTTPResponse {
    if request.method == "GET", request.path == "/openapi.json" {
      return HTTPResponse(
        status: 200, headers: [("Content-Type", "application/json")],
        body: OpenAPIDocument.bytes)
    }
    let response = await api.handle(
      APIRequest(
        method: request.method, path: request.path, query: request.query,
        authorization: request.headers["authorization"], body: request.body))
    return HTTPResponse(status: response.status, headers: response.headers, body: response.body)
  }
}
