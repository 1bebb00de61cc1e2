import AppStoreJWS
import Foundation
import LocalAppStore
package import LocalAppStoreServer
package import StoreHTTP
import StoreModel

/// The Transaction Manager: Xcode's StoreKit Transaction Manager as a page `serve` answers at
/// `/`, over the same state and on the same port as the App Store Server API.
///
/// The page (the files of `Page/`, embedded in the binary by SwiftPM and served as
/// ``PageFiles``) calls the JSON API under `/ui/api/`:
/// - reads of the list, a transaction, the notifications and the request log, made here from
///   the store the Server API answers from (reopened when another process writes);
/// - every action as the command-line tool's own command, run in this process with the same
///   words (`POST /ui/api/run {"argv": ["refund", "7"]}`), so that the page shows a person what
///   to type (`sportstime-store refund 7`) and does nothing the tool cannot;
/// - a stream of changes (`/ui/api/events`, server-sent events), from ``StateWatcher``.
///
/// Who may call it is ``PageGuard``'s: the token of the page and the browser's word on the
/// origin. The page's files are sent under a Content-Security-Policy that allows them alone.
package final class TransactionManager: Sendable {
  let statePath: String
  let api: ServerAPI
  package let watcher: StateWatcher
  private let guardian: PageGuard
  private let context: CommandContext

  /// - Parameters:
  ///   - context: The `serve` command's: its environment, folder and notification transport
  ///     are the commands'.
  ///   - token: The page's token (``PageGuard/makeToken(using:)``).
  package init(statePath: String, api: ServerAPI, context: CommandContext, token: String) {
    self.statePath = statePath
    self.api = api
    self.context = context
    self.guardian = PageGuard(token: token)
    self.watcher = StateWatcher { await api.stateStamp() }
  }

  /// The answer to `request`, or `nil` for a path that is not the page's.
  package func answer(_ request: HTTPRequest) async -> HTTPResponse? {
    if request.method == "GET" || request.method == "HEAD" {
      switch request.path {
      case "/", "/ui/", "/ui/index.html":
        return PageFiles.response(PageFiles.page(token: guardian.token))
      default:
        if let file = PageFiles.files[request.path] { return PageFiles.response(file) }
      }
    }
    guard request.path.hasPrefix("/ui/api/") else { return nil }
    if let refusal = guardian.refusal(
      host: request.headers["host"], origin: request.headers["origin"],
      fetchSite: request.headers["sec-fetch-site"],
      tokenField: request.headers["x-transaction-manager-token"],
      tokenQuery: request.queryValue("token"))
    {
      return Self.error(403, refusal)
    }
    let route = String(request.path.dropFirst("/ui/api/".count))
    do throws(ManagerError) {
      switch (request.method, route) {
      case ("GET", "overview"): return try await overview()
      case ("GET", "transactions"): return try await transactions(request)
      case ("GET", _) where route.hasPrefix("transactions/"):
        return try await transaction(String(route.dropFirst("transactions/".count)))
      case ("POST", "run"): return try await run(request.body)
      case ("GET", "notifications"): return try await notifications()
      case ("GET", "requests"): return requests()
      case ("GET", "screens"): return try await screens(account: request.queryValue("account"))
      case ("GET", "events"): return HTTPResponse.eventStream(await watcher.subscribe())
      case ("GET", "state"): return try await exportState()
      case ("POST", "state"): return try await importState(request.body)
      case ("POST", "reset"): return try await reset(request.body)
      default:
        return Self.error(404, "no \(request.method) \(request.path) in the Transaction Manager")
      }
    } catch {
      return Self.error(error.status, error.message)
    }
  }

  // MARK: - Reads

  private func overview() async throws(ManagerError) -> HTTPResponse {
    let status = try await json(of: ["status", "--json"])
    let products = try await json(of: ["products", "--json"])
    var accounts: [[String: Any]] = [["name": status["account"] ?? LocalAppStore.purchaser]]
    for member in status["familyMembers"] as? [Any] ?? [] {
      if let name = member as? String {
        accounts.append(["name": name])
      } else if let object = member as? [String: Any] {
        accounts.append(object)
      }
    }
    let settings = status["settings"] as? [String: Any] ?? [:]
    func onOff(_ key: String) -> String { settings[key] as? Bool == true ? "on" : "off" }
    let timing = settings["deviceTiming"] as? [String: Any]
    let rows: [[String: Any]] = [
      Self.setting("storefront", "Storefront", settings["storefront"] ?? NSNull()),
      Self.setting("locale", "Locale", NSNull()),
      Self.setting("time-rate", "Time rate", settings["timeRate"] ?? NSNull()),
      Self.setting("ask-to-buy", "Ask to Buy", onOff("askToBuyEnabled"), choices: ["on", "off"]),
      Self.setting(
        "billing-issue", "Billing retry (renewals fail)", onOff("billingIssuesEnabled"),
        choices: ["on", "off"]),
      Self.setting(
        "grace-period", "Grace period", onOff("gracePeriodEnabled"), choices: ["on", "off"]),
      Self.setting(
        "interrupted-purchases", "Interrupted purchases", onOff("interruptedPurchasesEnabled"),
        choices: ["on", "off"]),
      Self.setting(
        "device-timing", "Device timing (lags, empty answers)",
        timing?["isEnabled"] as? Bool == false ? "off" : "on", choices: ["on", "off"]),
      Self.setting("simulate-error", "Simulated StoreKit errors", NSNull()),
      Self.setting("fail", "Faults", status["faults"] ?? [String: Any]()),
    ]
    let waiting: [(request: AskToBuyRequest, isInterrupted: Bool)]
    do {
      waiting = try await currentStore().waitingRequests()
    } catch {
      throw ManagerError(500, "the state cannot be read: \(error)")
    }
    let requests = waiting.map { item -> [String: Any] in
      [
        "id": NSNumber(value: item.request.id), "account": item.request.account,
        "productID": item.request.productID,
        "requestDate": item.request.requestDate.formatted(.iso8601),
        "kind": item.isInterrupted ? "interrupted" : "askToBuy",
        "status": item.isInterrupted ? "interrupted" : "pending",
      ]
    }
    let body: [String: Any] = [
      "tool": StoreCLI.toolName, "statePath": statePath,
      "version": await watcher.check(), "now": status["date"] ?? NSNull(),
      "environment": settings["environment"] ?? NSNull(),
      "accounts": accounts, "products": products["products"] ?? [],
      "settings": rows, "askToBuy": requests,
      "subscriptions": status["subscriptions"] ?? [],
      "pendingNotifications": status["pendingNotifications"] ?? 0,
      "purchaseIntentNote":
        "Purchase Intent (Xcode's \"Send Purchase Intent\") is out of scope: the local App "
        + "Store has no App Store product page to start a purchase from.",
    ]
    return try Self.json(body)
  }

  private static func setting(
    _ key: String, _ label: String, _ value: Any, choices: [String]? = nil
  ) -> [String: Any] {
    var row: [String: Any] = ["key": key, "label": label, "value": value]
    if let choices { row["choices"] = choices }
    return row
  }

  private func transactions(_ request: HTTPRequest) async throws(ManagerError) -> HTTPResponse {
    func number(_ name: String) throws(ManagerError) -> UInt64? {
      guard let text = request.queryValue(name), !text.isEmpty else { return nil }
      guard let value = UInt64(text) else {
        throw ManagerError(400, "\(name) must be a transaction identifier, got '\(text)'")
      }
      return value
    }
    func text(_ name: String) -> String? {
      guard let value = request.queryValue(name), !value.isEmpty else { return nil }
      return value
    }
    let limitText = request.queryValue("limit") ?? "50"
    guard let limit = Int(limitText), (1...500).contains(limit) else {
      throw ManagerError(400, "limit must be 1 to 500, got '\(limitText)'")
    }
    let stateFilter = text("state")
    if let stateFilter, !TransactionRow.states.contains(stateFilter) {
      throw ManagerError(
        400,
        "state must be one of \(TransactionRow.states.joined(separator: ", ")), got '\(stateFilter)'"
      )
    }
    var filter = LocalAppStore.TransactionFilter(
      account: text("account"), productID: text("product"), type: text("type"), text: text("q"),
      before: try number("before"), limit: limit)
    let store = try await currentStore()
    var rows: [[String: Any]] = []
    var total = 0
    var next: UInt64?
    // The state is the store's reading at its time, not a column: with a state filter the
    // pages are read in turn until one is full (and every one counted).
    if let stateFilter {
      filter.limit = 500
      var counted = 0
      while true {
        let page = try await Self.page(store, filter)
        for record in page.records {
          let row = TransactionRow(record, page)
          guard row.state == stateFilter else { continue }
          counted += 1
          if rows.count < limit {
            rows.append(row.json)
            next = record.transaction.id
          }
        }
        guard page.records.count == filter.limit, let last = page.records.last else { break }
        filter.before = last.transaction.id
      }
      total = counted
      if rows.count < limit || counted == rows.count { next = nil }
    } else {
      // One more than asked for: whether another page follows, with no second count.
      filter.limit = limit + 1
      var page = try await Self.page(store, filter)
      let more = page.records.count > limit
      page.records = Array(page.records.prefix(limit))
      rows = page.records.map { TransactionRow($0, page).json }
      total = page.total
      next = more ? page.records.last?.transaction.id : nil
    }
    let body: [String: Any] = [
      "total": total, "next": next.map { NSNumber(value: $0) } ?? NSNull(),
      "transactions": rows, "version": await watcher.version,
    ]
    return try Self.json(body)
  }

  private static func page(_ store: LocalAppStore, _ filter: LocalAppStore.TransactionFilter)
    async throws(ManagerError) -> LocalAppStore.TransactionPage
  {
    do {
      return try await store.transactionPage(filter)
    } catch {
      throw ManagerError(500, "the state cannot be read: \(error)")
    }
  }

  private func transaction(_ text: String) async throws(ManagerError) -> HTTPResponse {
    guard let id = UInt64(text) else {
      throw ManagerError(400, "'\(text)' is not a transaction identifier")
    }
    let store = try await currentStore()
    let page = try await Self.page(
      store, LocalAppStore.TransactionFilter(before: id == .max ? id : id + 1, limit: 1))
    guard let record = page.records.first, record.transaction.id == id else {
      throw ManagerError(404, "no transaction \(id)")
    }
    let signed: String?
    let settings: EmulatorSettings
    let statuses: [LocalAppStore.ServerGroupStatus]
    do {
      signed = try await store.serverSignedTransaction(id)
      settings = try await store.serverSettings()
      statuses = try await store.serverStatuses(account: record.account)
    } catch {
      throw ManagerError(500, "the state cannot be read: \(error)")
    }
    guard let signed else { throw ManagerError(404, "no transaction \(id)") }
    let renewal = statuses.lazy.flatMap(\.entries).first {
      $0.originalTransactionID == record.transaction.originalID
    }?.signedRenewalInfo
    var verification = "verified against the store's root"
    var verified = true
    do {
      let root = try Certificate(derEncoded: store.rootCertificateDER)
      let verifier = try SignedDataVerifier(
        rootCertificates: [root], bundleID: settings.bundleID, environment: settings.environment,
        appAppleID: settings.environment == .production ? settings.appAppleID : nil)
      if case .unverified(_, let reason) = try verifier.verifyTransaction(signed) {
        verified = false
        verification = "not verified: \(reason)"
      }
    } catch {
      verified = false
      verification = "not verified: \(error)"
    }
    let body: [String: Any] = [
      "row": TransactionRow(record, page).json,
      "transaction": Self.payload(of: signed) ?? NSNull(),
      "renewalInfo": renewal.flatMap(Self.payload(of:)) ?? NSNull(),
      "jws": signed, "renewalJWS": renewal ?? NSNull(),
      "verified": verified, "verification": verification,
      "command": "\(StoreCLI.toolName) history --jws --account \(record.account)",
    ]
    return try Self.json(body)
  }

  private func notifications() async throws(ManagerError) -> HTTPResponse {
    var listing = try await json(of: ["notifications", "--json"])
    let made = listing["notifications"] as? [[String: Any]] ?? []
    listing["notifications"] = made.reversed().map { notification -> [String: Any] in
      var shown = notification
      if let signed = notification["signedPayload"] as? String {
        shown["payload"] = Self.payload(of: signed) ?? NSNull()
      }
      return shown
    }
    listing["version"] = await watcher.version
    return try Self.json(listing)
  }

  private func requests() -> HTTPResponse {
    let entries = api.log.all.reversed().map { entry -> [String: Any] in
      [
        "date": entry.date.formatted(.iso8601), "method": entry.method, "path": entry.path,
        "status": entry.status, "cause": entry.cause ?? NSNull(),
      ]
    }
    return (try? Self.json(["entries": entries])) ?? Self.error(500, "cannot encode the log")
  }

  /// SportsTime's screens for the state as it is: the app commands run on a copy of it, as a
  /// launch finishes transactions and keeps the app's screens, and the page only looks.
  private func screens(account: String?) async throws(ManagerError) -> HTTPResponse {
    let store = try await currentStore()
    // The app reads and verifies every transaction at launch: minutes for a store of 100,000
    // (six, measured), which a glance at the page must not start.
    let count = try await Self.page(store, LocalAppStore.TransactionFilter(limit: 0)).total
    guard count <= Self.screensLimit else {
      // An answer, not an error: the page shows it in place of the screens.
      let reason =
        "The app's screens are drawn by launching the app, which reads every one of the "
        + "\(count) transactions: past \(Self.screensLimit), run `sportstime-store launch` "
        + "in a terminal."
      return try Self.json(
        ["home": reason, "paywall": reason, "settings": reason, "unavailable": reason])
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sportstime-store-screens-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try await store.snapshotState(to: folder.appendingPathComponent("state.sqlite").path)
    } catch {
      throw ManagerError(500, "cannot copy the state to draw the screens: \(error)")
    }
    let copy = folder.appendingPathComponent("state.sqlite").path
    let accountArguments = account.map { ["--account", $0] } ?? []
    var body: [String: Any] = [:]
    for (key, command) in [("home", "launch"), ("paywall", "paywall"), ("settings", "settings")] {
      let result = await CommandRunner.run(
        [command] + accountArguments, statePath: copy, context: context)
      body[key] = result.status == 0 ? result.output : result.output + result.errors
    }
    return try Self.json(body)
  }

  /// The most transactions the page draws the app's screens for.
  static let screensLimit = 5_000

  // MARK: - Writes

  /// The commands the page runs: the Transaction Manager's actions and settings, nothing that
  /// reads or writes a file of the caller's choosing, serves, or needs a terminal.
  static let commands: Set<String> = [
    "buy", "buy-product", "refund", "decline-refund", "reverse-refund", "approve", "decline",
    "expire", "force-renewal", "resolve-issue", "enable-auto-renew", "disable-auto-renew",
    "cancel-renewal", "price-consent", "set-price", "extend-renewal", "family-share",
    "family-unshare", "delete-transaction", "clear-transactions", "advance", "time-rate",
    "storefront", "locale", "ask-to-buy", "billing-issue", "grace-period",
    "interrupted-purchases", "device-timing", "simulate-error", "fail", "api-fault",
    "notifications", "history", "status", "products", "restore", "redeem-offer-code",
    "win-back-rules", "reset-to-default",
  ]

  private func run(_ body: [UInt8]) async throws(ManagerError) -> HTTPResponse {
    let argv = try Self.argv(from: body)
    let result = await CommandRunner.run(argv, statePath: statePath, context: context)
    let version = await watcher.check()
    let answer: [String: Any] = [
      "command": Self.commandLine(argv), "status": Int(result.status),
      "output": result.output, "errors": result.errors, "version": version,
    ]
    return try Self.json(answer)
  }

  /// The command the page asks for, checked: a JSON object with `argv`, an array of texts
  /// naming a command the page may run, with no option that picks a file.
  static func argv(from body: [UInt8]) throws(ManagerError) -> [String] {
    let object = try? JSONSerialization.jsonObject(with: Data(body))
    guard let object = object as? [String: Any], let argv = object["argv"] as? [Any] else {
      throw ManagerError(400, "the body must be a JSON object with \"argv\": [\"COMMAND\", …]")
    }
    var words: [String] = []
    for (index, item) in argv.enumerated() {
      guard let word = item as? String else {
        throw ManagerError(400, "argv[\(index)] is not a text")
      }
      words.append(word)
    }
    guard let command = words.first else { throw ManagerError(400, "argv is empty") }
    guard commands.contains(command) else {
      throw ManagerError(
        403, "the Transaction Manager does not run '\(command)'; run it in a terminal")
    }
    for word in words.dropFirst() {
      let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
      if ["--state", "--storekit", "--export-root", "--output", "--catalog-file"].contains(name) {
        throw ManagerError(
          403, "\(name) is not taken here: the page works on the server's own state")
      }
    }
    return words
  }

  /// `argv` as a person types it: words with spaces or quotes single-quoted.
  package static func commandLine(_ argv: [String]) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:/=,@+%")
    let words = argv.map { word -> String in
      if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
      return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    return ([StoreCLI.toolName] + words).joined(separator: " ")
  }

  private func exportState() async throws(ManagerError) -> HTTPResponse {
    let store = try await currentStore()
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sportstime-store-export-\(UUID().uuidString).sqlite")
    defer { try? FileManager.default.removeItem(at: file) }
    let bytes: Data
    do {
      try await store.snapshotState(to: file.path)
      bytes = try Data(contentsOf: file)
    } catch {
      throw ManagerError(500, "cannot export the state: \(error)")
    }
    return HTTPResponse(
      status: 200,
      headers: [
        ("Content-Type", "application/vnd.sqlite3"),
        ("Content-Disposition", "attachment; filename=\"state.sqlite\""),
        ("Cache-Control", "no-store"),
      ], body: Array(bytes))
  }

  private func importState(_ body: [UInt8]) async throws(ManagerError) -> HTTPResponse {
    guard !body.isEmpty else { throw ManagerError(400, "the body is empty: send a state file") }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sportstime-store-import-\(UUID().uuidString).sqlite")
    defer { try? FileManager.default.removeItem(at: file) }
    do {
      try Data(body).write(to: file)
    } catch {
      throw ManagerError(500, "cannot keep the upload: \(error)")
    }
    do {
      try LocalAppStore.replaceState(at: statePath, with: file.path)
    } catch {
      throw ManagerError(400, "not imported, the state is as it was: \(error.reason)")
    }
    return try Self.json(["version": await watcher.check()])
  }

  private func reset(_ body: [UInt8]) async throws(ManagerError) -> HTTPResponse {
    var argv = ["reset"]
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sportstime-store-reset-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    if !body.isEmpty {
      let file = folder.appendingPathComponent("Uploaded.storekit")
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(body).write(to: file)
      } catch {
        throw ManagerError(500, "cannot keep the upload: \(error)")
      }
      argv += ["--storekit", file.path]
    }
    let result = await CommandRunner.run(argv, statePath: statePath, context: context)
    let shown = body.isEmpty ? ["reset"] : ["reset", "--storekit", "FILE.storekit"]
    let answer: [String: Any] = [
      "command": Self.commandLine(shown), "status": Int(result.status),
      "output": result.output, "errors": result.errors, "version": await watcher.check(),
    ]
    return try Self.json(answer)
  }

  // MARK: - Helpers

  private func currentStore() async throws(ManagerError) -> LocalAppStore {
    do {
      return try await api.currentStore()
    } catch {
      throw ManagerError(500, "the state cannot be read: \(error)")
    }
  }

  /// The JSON object a read-only command prints with `--json`.
  private func json(of argv: [String]) async throws(ManagerError) -> [String: Any] {
    let result = await CommandRunner.run(argv, statePath: statePath, context: context)
    guard result.status == 0,
      let object = try? JSONSerialization.jsonObject(with: Data(result.output.utf8))
        as? [String: Any]
    else {
      throw ManagerError(
        500,
        "\(Self.commandLine(argv)) failed: \(result.errors.isEmpty ? result.output : result.errors)"
      )
    }
    return object
  }

  /// The payload of a compact JWS as a JSON object (split and decoded by `UnverifiedJWS`, as
  /// `decode` does), nested signed values decoded too, or `nil` when it is not one.
  static func payload(of jws: String) -> [String: Any]? {
    guard let parsed = try? UnverifiedJWS(parsing: jws),
      var object = (try? JSONSerialization.jsonObject(with: parsed.payloadJSON)) as? [String: Any]
    else { return nil }
    if var inner = object["data"] as? [String: Any] {
      for key in ["signedTransactionInfo", "signedRenewalInfo"] {
        if let signed = inner[key] as? String, let decoded = payload(of: signed) {
          inner[key.replacingOccurrences(of: "signed", with: "decoded")] = decoded
        }
      }
      object["data"] = inner
    }
    return object
  }

  static func json(_ object: Any) throws(ManagerError) -> HTTPResponse {
    do {
      let data = try JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
      return HTTPResponse(
        status: 200,
        headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
        body: Array(data))
    } catch {
      throw ManagerError(500, "cannot encode the answer: \(error)")
    }
  }

  static func error(_ status: Int, _ message: String) -> HTTPResponse {
    let data =
      (try? JSONSerialization.data(withJSONObject: ["error": message], options: [.sortedKeys]))
      ?? Data("{}".utf8)
    return HTTPResponse(
      status: status,
      headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
      body: Array(data))
  }
}

/// A refusal or failure of the Transaction Manager's API: its HTTP status and what to say.
struct ManagerError: Error {
  var status: Int
  var message: String

  init(_ status: Int, _ message: String) {
    self.status = status
    self.message = message
  }
}

/// Runs the page's commands as the command-line tool runs them, with what they print kept.
/// They run side by side, as the tool's processes do: each is one SQLite transaction on its own
/// connection.
enum CommandRunner {
  struct Result: Sendable {
    var status: Int32
    var output: String
    var errors: String
  }

  static func run(_ argv: [String], statePath: String, context: CommandContext) async -> Result {
    var captured = CommandContext.capturing(
      environment: context.environment, currentDirectory: context.currentDirectory)
    captured.notificationTransport = context.notificationTransport
    let status = await StoreCLI.run(argv + ["--state", statePath], context: captured)
    return Result(
      status: status, output: captured.capturedOutput, errors: captured.capturedErrors)
  }
}
