import Dispatch
import Foundation
import LocalAppStore
import LocalAppStoreServer
import StoreModel

/// `serve`: Apple's App Store Server API on loopback, over the state the other commands use.
enum ServeCommand: CLICommand {
  static let name = "serve"
  static let summary = "Serve Apple's App Store Server API on loopback over this state"
  static let details = """
    Serves Apple's App Store Server API (transaction info, history, subscription statuses,
    refund history, notification history and test notifications, extensions, app account
    tokens, consumption, order look-up, app transactions, finish) over the local App Store in
    the state file, so that a subscription server's tests call it in place of Apple's. Its
    first line is `listening on http://HOST:PORT`; with --port 0 (the default) the system picks a
    free port.

    Bases: /inApps/... answers as the environment the state signs as; /sandbox/inApps/... and
    /production/inApps/... as theirs (on the other environment's base every identifier is
    unknown, 4040010, and lists are empty, so Apple's "production first, then sandbox" can be
    tested). Point Apple's Python client at it with client._base_url =
    "http://127.0.0.1:PORT/sandbox" (see the README for Node and Java).

    Tokens: ES256 with a key `api-key` shows or adds; each refusal is Apple's plain-text 401,
    and its cause is printed here (standard error) and in the X-Local-App-Store-Refusal
    response header. Every other command may change the state meanwhile: the next request sees
    it (the catalog and the signing root of a `reset` included). The state signs as Xcode by
    default, which Apple's client refuses: `notifications environment Sandbox` switches it.

    The Transaction Manager, Xcode's window for people, is the page at http://HOST:PORT/ (the
    second line says where): the transactions of every account, an inspector, every action of
    these commands as a button that shows the command it runs, the settings, the notifications
    and this server's request log, SportsTime's screens, live as other commands change the
    state. Only the page it serves may call it (a token in the page, and the browser's Origin).

    SIGINT or SIGTERM stops it: the requests in flight finish, then it exits 0.

    \(optionsSection())

    EXAMPLES:
      sportstime-store api-key
      sportstime-store notifications environment Sandbox
      sportstime-store serve --port 8080
    """
  /// `--state` only: `serve` prints its address and log as text, never JSON.
  static let globalOptions: [OptionSpec] = [.state]
  static let options: [OptionSpec] = [
    .value("port", "N", help: "the port (default 0: a free one)"),
    .value("host", "H", help: "the address to bind (default 127.0.0.1; ::1 for IPv6)"),
    .repeated(
      "allow-host", "H", help: "a Host header to accept besides the loopback names and --host"),
  ]

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    try StoreAccess.rejectAccount(arguments, name)
    guard arguments.positionals.isEmpty else {
      throw .usage("unexpected argument '\(arguments.positionals[0])'")
    }
    let portText = arguments.value("port") ?? "0"
    guard let port = Int(portText), (0...65_535).contains(port) else {
      throw .usage("'\(portText)' is not a port (0 to 65535)")
    }
    let host = arguments.value("host") ?? "127.0.0.1"
    let path = context.statePath(arguments)
    // Opened once here, so that a missing or foreign state is an error now, not a 500 later.
    let store = try StoreAccess.open(arguments, context)
    let environment = try await StoreAccess.perform { () throws(LocalAppStoreError) in
      try await store.serverSettings().environment
    }
    var poster: ServerAPI.NotificationPoster?
    if let transport = context.notificationTransport {
      poster = { store in _ = try? await store.deliverDueNotifications(using: transport) }
    }
    var configuration = LocalAppStoreServer.Configuration(
      host: host, port: port, allowedHosts: arguments.values("allow-host"))
    // The Transaction Manager's import takes a whole state file.
    configuration.bodyLimit = 256 * 1024 * 1024
    let api = ServerAPI(source: .state(path: path), poster: poster)
    var generator = SystemRandomNumberGenerator()
    let manager = TransactionManager(
      statePath: path, api: api, context: context,
      token: PageGuard.makeToken(using: &generator))
    let server = LocalAppStoreServer(
      api: api, configuration: configuration, pages: { await manager.answer($0) })
    server.api.log.observe { entry in
      guard entry.status >= 400 else { return }
      context.err("\(entry.method) \(entry.path) \(entry.status): \(entry.cause ?? "")")
    }
    let stop = Self.catchStopSignals()
    let bound: Int
    do {
      bound = try server.start()
    } catch {
      throw .failure("cannot serve on \(host):\(port): \(error)")
    }
    let shown = host.contains(":") ? "[\(host)]" : host
    context.out("listening on http://\(shown):\(bound)")
    context.out("Transaction Manager: http://\(shown):\(bound)/")
    if environment == .xcode {
      context.out(
        "note: the state signs as Xcode, which Apple's App Store Server API clients refuse; "
          + "`sportstime-store notifications environment Sandbox` switches it")
    }
    if !["127.0.0.1", "::1", "localhost"].contains(host), !host.hasPrefix("127.") {
      context.err(
        "warning: serving on \(host), not a loopback address: anyone who reaches it may use the "
          + "API with a valid token")
    }
    // The page's live updates: the watcher checks the state until the server stops.
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await manager.watcher.run(every: .milliseconds(250)) }
      await stop.wait()
      group.cancelAll()
    }
    await server.shutdown()
  }

  /// Catches SIGINT and SIGTERM from now on (before the first line is printed, so that a
  /// script that signals as soon as it reads it never kills the process, nor goes unheard);
  /// `wait()` suspends until one comes.
  ///
  /// A signal source's `resume()` only asks Dispatch to register it, which its manager thread
  /// does later; meanwhile the signal is ignored (`SIG_IGN`, as Dispatch requires), so a
  /// SIGTERM sent at once was lost and `serve` ran on (seen once, under AddressSanitizer's
  /// slower tests). Each source's registration handler is waited for before returning.
  private static func catchStopSignals() -> SignalOnce {
    let once = SignalOnce()
    let registered = DispatchGroup()
    // A queue of their own (serial queues get a thread of their own when they need one): the
    // wait below holds one of the few threads the global queues share.
    let queue = DispatchQueue(label: "sportstime-store.serve.signals")
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { once.fire() }
      registered.enter()
      source.setRegistrationHandler { registered.leave() }
      source.resume()
      once.keep(source)
    }
    registered.wait()
    return once
  }

  static let traits = CommandTraits.changesState(under: .server)
  static func postsNotifications(after arguments: ParsedArguments) -> Bool { false }
}

/// A signal that stops the server: fired once by whichever signal comes first (before or
/// after `wait()`), keeping the sources alive.
private final class SignalOnce: @unchecked Sendable {
  // Guarded by `lock`: the sources' handlers run on a global queue.
  private let lock = NSLock()
  private var fired = false
  private var continuation: CheckedContinuation<Void, Never>?
  private var sources: [any DispatchSourceSignal] = []

  func keep(_ source: any DispatchSourceSignal) {
    lock.lock()
    sources.append(source)
    lock.unlock()
  }

  func fire() {
    lock.lock()
    fired = true
    let pending = continuation
    continuation = nil
    lock.unlock()
    pending?.resume()
  }

  /// Returns once a signal came.
  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      lock.lock()
      if fired {
        lock.unlock()
        continuation.resume()
      } else {
        self.continuation = continuation
        lock.unlock()
      }
    }
  }
}
