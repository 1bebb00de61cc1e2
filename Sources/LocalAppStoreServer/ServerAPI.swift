import AppStoreJWS
package import Foundation
package import LocalAppStore
import StoreInternals
package import StoreModel

/// The App Store Server API over the local App Store: the router, authentication, the two
/// environments' bases, the request log, faults and rate limits. It knows nothing of sockets:
/// ``LocalAppStoreServer`` puts it behind the HTTP layer, and tests call ``handle(_:)``.
///
/// The API lives under three bases: `/inApps/…` answers as the environment the state signs as;
/// `/sandbox/inApps/…` and `/production/inApps/…` answer as that environment, and on the one the
/// state does not sign as every identifier is unknown (`4040010`) and every list is empty, as
/// for an app with no data there — so Apple's "call production, on 4040010 retry sandbox" can
/// be tested. Look Up Order ID has no sandbox URL (Apple's page), so it is served on the
/// production base, and on `/inApps/` when the state signs as Production.
package final class ServerAPI: Sendable {
  /// Where the API's state comes from.
  package enum Source: Sendable {
    /// The state file at a path: reopened whenever another process has written to it.
    case state(path: String)
    /// A store already open (tests in-process): used as it is.
    case store(LocalAppStore)
  }

  /// Posts notifications that are due after a request changed the state (the command-line tool
  /// passes its HTTP transport); `nil` leaves them for the next `notifications deliver`.
  package typealias NotificationPoster = @Sendable (LocalAppStore) async -> Void

  let handle: StoreHandle
  let poster: NotificationPoster?
  let clock: any WallClock
  package let log = RequestLog()
  let limiter = Locked(RateLimiter())
  /// The answers already given to single extensions, by original transaction and
  /// `requestIdentifier` (Apple documents no
  /// answer for a repeated one; the first result is given again, as for mass extensions).
  let extensions = Locked([String: APIResponse]())
  /// The mass extensions made, by `requestIdentifier`.
  let massExtensions = Locked([String: MassExtension]())
  /// The answers to GET requests over a state file that has not changed since.
  let answers = Locked(AnswerCache())
  /// How many writing requests were answered: their commits move no `data_version` of the
  /// API's own connection, so ``stateStamp()`` counts them.
  private let writes = Locked(0)

  /// - Parameter clock: The wall clock tokens are judged on (never the store's).
  package init(
    source: Source, poster: NotificationPoster? = nil, clock: any WallClock = SystemClock()
  ) {
    handle = StoreHandle(source)
    self.poster = poster
    self.clock = clock
  }

  /// Answers `request`, and logs it.
  package func handle(_ request: APIRequest) async -> APIResponse {
    var response = await answer(request)
    if let cause = response.cause, response.status >= 400 {
      response.headers.append(("X-Local-App-Store-Refusal", Self.headerSafe(cause)))
    }
    log.append(
      RequestLog.Entry(
        date: clock.now, method: request.method, path: request.path, status: response.status,
        cause: response.status >= 400 ? response.cause : nil))
    return response
  }

  /// A text that changes whenever the state does: another connection's commit or a new file
  /// (the state is opened afresh, see ``StoreHandle``) or a write through the API. What `serve`'s
  /// Transaction Manager watches.
  package func stateStamp() async -> String {
    let opening: String
    do {
      let current = try await handle.current()
      if let stamp = current.stamp {
        opening = stamp
      } else {
        opening = String(try await current.store.dataVersion())
      }
    } catch {
      opening = "unreadable: \(error)"
    }
    return opening + "/" + String(writes.withLock { $0 })
  }

  /// The store the API answers from now (reopened if another process changed the state
  /// file): what `serve`'s Transaction Manager reads.
  package func currentStore() async throws -> LocalAppStore {
    try await handle.current().store
  }

  private func answer(_ request: APIRequest) async -> APIResponse {
    guard let (base, route) = Self.split(request.path) else {
      return .text(404, "Not Found\n", cause: "no such path: \(request.path)")
    }
    let state: StoreHandle.Current
    do {
      state = try await handle.current()
    } catch {
      return APIError.generalInternal.saying("An unknown error occurred.").response.withCause(
        "the state cannot be read: \(error)")
    }
    if let refusal = state.verifier.verify(authorization: request.authorization, now: clock.now) {
      return .text(
        401, "Unauthenticated\n\nRequest ID: \(Self.requestID()).0.0\n",
        cause: refusal.description)
    }
    guard let endpoint = Endpoint.match(method: request.method, route: route) else {
      return .text(404, "Not Found\n", cause: "no endpoint \(request.method) \(request.path)")
    }
    let environment = base.environment ?? state.settings.environment
    if endpoint.kind == .lookUpOrderID, environment != .production {
      return .text(404, "Not Found\n", cause: "Look Up Order ID has no sandbox URL")
    }
    if let limited = rateLimited(
      endpoint.kind, environment: environment,
      on: state.faults[LocalAppStoreServer.rateLimitsFault] != nil)
    {
      return limited
    }
    if let fault = await faulted(endpoint.kind, state.store, faults: state.faults) { return fault }
    let context = Context(
      request: request, parameters: endpoint.parameters, store: state.store,
      environment: environment, isForeign: environment != state.settings.environment,
      settings: state.settings, api: self)
    guard request.method != "GET" else {
      guard let stamp = state.stamp else { return await Self.run(endpoint, context) }
      let key = AnswerCache.key(request)
      let asked = answers.withLock { $0.lookup(key, stamp: stamp) }
      if case .hit(let response) = asked { return response }
      let response = await Self.run(endpoint, context)
      if case .miss(let generation) = asked {
        answers.withLock { $0.store(response, key, stamp: stamp, generation: generation) }
      }
      return response
    }
    // A write of this process's own: SQLite's data_version does not move for it, so the
    // answers kept are dropped before it starts and again once it (and its notifications) ended.
    answers.withLock { $0.beginWrite() }
    let response = await Self.run(endpoint, context)
    if let poster { await poster(state.store) }
    answers.withLock { $0.endWrite() }
    writes.withLock { $0 += 1 }
    return response
  }

  private static func run(_ endpoint: Endpoint, _ context: Context) async -> APIResponse {
    do throws(APIError) {
      return try await endpoint.kind.run(context)
    } catch {
      return error.response
    }
  }

  // MARK: - Bases

  /// A base the API is served under.
  package struct Base {
    /// `nil` for `/inApps/`, which answers as the state's environment.
    var environment: AppStoreEnvironment?
  }

  /// The base and the route after `/inApps/` (`v1/transactions/1`), or `nil` for a path outside
  /// the API.
  package static func split(_ path: String) -> (Base, [Substring])? {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    guard segments.first == "", segments.count >= 3 else { return nil }
    if segments[1] == "inApps" { return (Base(environment: nil), Array(segments[2...])) }
    guard segments[2] == "inApps", segments.count >= 4 else { return nil }
    switch segments[1] {
    case "sandbox": return (Base(environment: .sandbox), Array(segments[3...]))
    case "production": return (Base(environment: .production), Array(segments[3...]))
    default: return nil
    }
  }

  // MARK: - Faults and limits

  /// 429 when rate limits are on and the endpoint's per-second budget is spent.
  private func rateLimited(_ kind: Endpoint.Kind, environment: AppStoreEnvironment, on: Bool)
    -> APIResponse?
  {
    let now = clock.now
    guard
      let retryAfter = limiter.withLock({
        $0.admit(kind, sandbox: environment != .production, at: now, forced: on)
      })
    else { return nil }
    var response = APIError.rateLimitExceeded.response
    response.headers.append(
      ("Retry-After", String(Int64(retryAfter.timeIntervalSince1970 * 1_000))))
    return response
  }

  /// `5000001` when the endpoint was made to fail (`api-fault`).
  private func faulted(_ kind: Endpoint.Kind, _ store: LocalAppStore, faults: [String: Bool])
    async -> APIResponse?
  {
    guard faults[kind.rawValue] != nil,
      let failed = try? await store.consumeServerFault(kind.rawValue), failed
    else { return nil }
    return APIError.generalInternalRetryable.response.withCause(
      "5000001: the fault armed for \(kind.rawValue)")
  }

  /// Turns rate limits on or off (`api-rate-limits`).
  package func setRateLimits(_ enabled: Bool) {
    limiter.withLock { $0.isEnabled = enabled }
  }

  // MARK: - Credentials

  /// A new key registered in the state, with what a client needs
  /// (``LocalAppStoreServer/makeCredentials()``).
  func makeCredentials() async throws -> LocalAppStoreServer.Credentials {
    let store = try await handle.current().store
    let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    let keyID = String((0..<10).map { _ in alphabet[Int.random(in: 0..<alphabet.count)] })
    let issuerID = UUID().uuidString.lowercased()
    let key = try SubscriptionOfferKey.generate(keyID: keyID)
    try await store.registerAPIKey(
      .init(
        keyID: keyID, issuerID: issuerID,
        publicKey: key.privateKey.publicKeyDER.base64EncodedString(), isGenerated: false))
    await handle.invalidate()
    let settings = try await store.serverSettings()
    return LocalAppStoreServer.Credentials(
      keyID: keyID, issuerID: issuerID, bundleID: settings.bundleID,
      appAppleID: settings.appAppleID, privateKeyPEM: try key.privateKey.pemRepresentation(),
      rootCertificatePEM: store.rootCertificatePEM)
  }

  // MARK: - Helpers

  private static func requestID() -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    return String((0..<26).map { _ in alphabet[Int.random(in: 0..<alphabet.count)] })
  }

  private static func headerSafe(_ text: String) -> String {
    String(text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? Character($0) : "?" })
  }
}

extension APIResponse {
  func withCause(_ cause: String) -> APIResponse {
    var copy = self
    copy.cause = cause
    return copy
  }
}

/// The last requests the API answered, newest last, at most ``capacity``: method, path, status
/// and, for a refusal, its cause (a 401's real reason among them). Tokens are never kept: the
/// path and the cause hold none.
package final class RequestLog: Sendable {
  package struct Entry: Sendable, Hashable {
    package var date: Date
    package var method: String
    package var path: String
    package var status: Int
    package var cause: String?

    /// An entry of `method` `path` at `date`, answered `status` for `cause`.
    package init(date: Date, method: String, path: String, status: Int, cause: String?) {
      self.date = date
      self.method = method
      self.path = path
      self.status = status
      self.cause = cause
    }
  }

  package static let capacity = 1_000
  private let entries = Locked([Entry]())
  /// Called for each entry (the server's standard error). The closure is held in a struct:
  /// a function that is itself a `Locked` value is reabstracted on each `inout` access, each
  /// read wrapped it in two more thunks, and after n requests a call went n thunks deep (serve
  /// spent half its time there, slower with each request).
  private let observer = Locked(Observer())

  /// An empty log.
  package init() {}

  private struct Observer {
    var body: (@Sendable (Entry) -> Void)?
  }

  package var all: [Entry] { entries.withLock { $0 } }

  package func observe(_ body: @escaping @Sendable (Entry) -> Void) {
    observer.withLock { $0.body = body }
  }

  package func append(_ entry: Entry) {
    entries.withLock {
      $0.append(entry)
      if $0.count > Self.capacity { $0.removeFirst($0.count - Self.capacity) }
    }
    observer.withLock { $0.body }?(entry)
  }
}

/// Apple's per-app rate limits ("Identifying rate limits"), off until turned on: requests per
/// second per endpoint, a tenth of them in the Sandbox.
struct RateLimiter: Sendable {
  var isEnabled = false
  private var windows: [String: (second: Int64, count: Int)] = [:]

  /// `nil` to admit the request, else when to retry.
  mutating func admit(_ kind: Endpoint.Kind, sandbox: Bool, at now: Date, forced: Bool) -> Date? {
    guard isEnabled || forced else { return nil }
    let limit = max(1, sandbox ? kind.requestsPerSecond / 10 : kind.requestsPerSecond)
    let second = Int64(now.timeIntervalSince1970.rounded(.down))
    let key = "\(kind.rawValue)/\(sandbox)"
    var window = windows[key] ?? (second, 0)
    if window.second != second { window = (second, 0) }
    window.count += 1
    windows[key] = window
    return window.count > limit ? Date(timeIntervalSince1970: Double(second + 1)) : nil
  }
}

/// The answers to GET requests, kept while the state file is the same file at the same SQLite
/// `data_version` (another process's commit moves it, and a reset replaces the file) and no
/// write of this process's own began since: a GET's answer is a function of the state, whose
/// time moves only by a write, so it is the same bytes until then. The signed values inside
/// were signed once (``LocalAppStore/serverSignedTransaction(_:)``); a repeated request reads
/// nothing. Only over a state file: an open store (``ServerAPI/Source/store(_:)``) is written
/// through its own connection by the test that holds it, which no version shows.
struct AnswerCache: Sendable {
  /// What a lookup found.
  enum Lookup {
    case hit(APIResponse)
    /// Not kept: the generation to store the answer under.
    case miss(generation: Int)
    /// A write is running: the answer is not kept.
    case writing
  }

  /// At most this many answers are kept; then they are all dropped.
  static let capacity = 4_096
  private var stamp = ""
  private var entries: [String: APIResponse] = [:]
  /// Moves at the start and the end of each write of this process.
  private var generation = 0
  private var writes = 0

  /// The method, the path and the query in the order given.
  static func key(_ request: APIRequest) -> String {
    var key = request.method + " " + request.path
    for (name, value) in request.query { key += "\u{0}" + name + "=" + value }
    return key
  }

  mutating func lookup(_ key: String, stamp: String) -> Lookup {
    guard writes == 0 else { return .writing }
    if stamp != self.stamp {
      self.stamp = stamp
      entries.removeAll()
    }
    return entries[key].map(Lookup.hit) ?? .miss(generation: generation)
  }

  mutating func store(_ response: APIResponse, _ key: String, stamp: String, generation: Int) {
    guard writes == 0, generation == self.generation, stamp == self.stamp else { return }
    if entries.count >= Self.capacity { entries.removeAll() }
    entries[key] = response
  }

  mutating func beginWrite() {
    writes += 1
    generation += 1
    entries.removeAll()
  }

  mutating func endWrite() {
    writes -= 1
    generation += 1
    entries.removeAll()
  }
}

/// The state the API answers from, opened once and opened afresh when another process wrote
/// to it (its SQLite `data_version` moved) or replaced the file (`reset`): what a store loads
/// at opening — the catalog, the signing root, the API keys — is then read again, so nothing
/// the server answers is stale.
actor StoreHandle {
  struct Current: Sendable {
    var store: LocalAppStore
    var verifier: APITokenVerifier
    var settings: EmulatorSettings
    /// The endpoints armed to fail (``LocalAppStore/serverFaults()``).
    var faults: [String: Bool]
    /// Which opening of the state file this is (a new one whenever another process wrote to it
    /// or replaced it); `nil` for an open store (``AnswerCache``).
    var stamp: String?
  }

  private let source: ServerAPI.Source
  private var current: Current?
  private var version: Int64 = -1
  private var identity: String?
  /// How many times the state file was opened.
  private var loads = 0

  init(_ source: ServerAPI.Source) { self.source = source }

  func current() async throws -> Current {
    switch source {
    case .store(let store):
      let version = try await store.dataVersion()
      if let current, version == self.version { return current }
      let loaded = try await Self.load(store)
      self.version = version
      current = loaded
      return loaded
    case .state(let path):
      let identity = fileIdentity(path)
      if let current, identity == self.identity,
        try await current.store.dataVersion() == version
      {
        return current
      }
      let store = try LocalAppStore(openingStateAt: path, time: .stored)
      var loaded = try await Self.load(store)
      version = try await store.dataVersion()
      // A new connection counts its data_version afresh: the stamp is the load's number.
      loads += 1
      loaded.stamp = String(loads)
      self.identity = identity
      current = loaded
      return loaded
    }
  }

  /// Forgets the open store, so that the next request opens the state afresh.
  func invalidate() { current = nil }

  private static func load(_ store: LocalAppStore) async throws -> Current {
    let settings = try await store.serverSettings()
    var keys: [APITokenVerifier.Key] = []
    for record in try await store.apiKeys() {
      guard let der = Data(base64Encoded: record.publicKey),
        let key = try? OfferVerificationKey(keyID: record.keyID, publicKeyDER: der)
      else { continue }
      keys.append(APITokenVerifier.Key(issuerID: record.issuerID, key: key))
    }
    return Current(
      store: store, verifier: APITokenVerifier(keys: keys, bundleID: settings.bundleID),
      settings: settings, faults: try await store.serverFaults())
  }
}
