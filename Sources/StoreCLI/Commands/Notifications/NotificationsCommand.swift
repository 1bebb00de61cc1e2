import Foundation
import LocalAppStore
import StoreModel

/// `notifications [list|test|url|deliver|environment]`: App Store Server Notifications V2 from
/// the local App Store.
enum NotificationsCommand: CLICommand {
  static let name = "notifications"
  static let summary = "List, test, send and target App Store Server Notifications V2"
  static let positionals = ["", "test", "url URL", "url", "deliver", environmentLine]
  /// The synopsis line of `environment`, which shows `--app-apple-id`.
  private static let environmentLine = "environment Xcode|Sandbox|Production"
  static let details = """
    Every change the local App Store makes (a purchase, a renewal, auto-renew off or on, an
    upgrade, a billing failure, a grace period that ends, a recovery, a refund and its decline
    or reversal, a renewal extension, Family Sharing on or off, an expiry, a price increase)
    makes the signed App Store Server Notification V2 Apple sends for it, kept in the state
    with the change. Without a subcommand, lists them with their send attempts.

      test          make a TEST notification (App Store Connect's "Request a Test
                    Notification")
      url URL       post notifications to URL from now on (as App Store Connect keeps one);
                    --clear stops posting. Notifications made without a URL wait for one.
      deliver       post what is due now: new notifications, and Production's retries. Each
                    is claimed for a minute of store time before it is posted, so that another
                    sender skips it; a sender killed mid-post leaves its claim to expire
      environment   the environment of everything the store signs from now on: Xcode (the
                    default; Apple's libraries skip signature checks there), Sandbox, or
                    Production (with --app-apple-id, which its notifications carry)

    After any command that changes the state, its new notifications are posted at once
    ({"signedPayload": "..."}, at most \(Int(LocalAppStore.notificationTimeout)) s each; the command never fails
    because the receiver is down). HTTP 200-206 delivers one. Otherwise, for one made in
    Production, the next attempts come 1, 12, 24, 48 and 72 hours after the previous one, in
    the store's time (advance to reach them); for one made in Sandbox or Xcode there is one
    attempt (Apple: "Responding to App Store Server Notifications"), whatever the store signs
    as when it is sent.

    \(optionsSection())

    EXAMPLES:
      sportstime-store notifications environment Sandbox
      sportstime-store status --export-root root.pem
      sportstime-store notifications url http://127.0.0.1:8080/notifications
      sportstime-store buy com.sportstime.pro.monthly
      sportstime-store notifications --json
    """
  static let options: [OptionSpec] = [
    .value("since", "DATE", help: "only notifications made at or after DATE (ISO 8601)"),
    .flag("clear", help: "with url: stop posting notifications").required(on: "url"),
    .value("app-apple-id", "ID", help: "with environment Production: the app's Apple ID")
      .optional(on: environmentLine),
  ]

  struct Listing: Encodable {
    var url: String?
    var environment: String
    var pending: Int
    var notifications: [StoredServerNotification]
  }
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    try StoreAccess.rejectAccount(arguments, name)
    let words = arguments.positionals
    let store = try StoreAccess.open(arguments, context)
    switch words.first {
    case nil, "list"?:
      guard words.count <= 1 else { throw .usage("unexpected argument '\(words[1])'") }
      try await list(store, arguments, context)
    case "test"?:
      guard words.count == 1 else { throw .usage("unexpected argument '\(words[1])'") }
      let made = try await StoreAccess.perform { () throws(LocalAppStoreError) in
        try await store.requestTestNotification()
      }
      if arguments.json {
        try context.writeJSON(made)
      } else {
        context.out("Made TEST notification \(made.notificationUUID).")
      }
    case "url"?:
      try await setURL(store, arguments, context)
    case "deliver"?:
      guard words.count == 1 else { throw .usage("unexpected argument '\(words[1])'") }
      guard let transport = context.notificationTransport else {
        throw .failure("this build of the tool has no HTTP client to deliver notifications")
      }
      let reports = try await StoreAccess.perform { () throws(LocalAppStoreError) in
        try await store.deliverDueNotifications(using: transport)
      }
      if arguments.json {
        try context.writeJSON(reports)
      } else {
        if reports.isEmpty { context.out("Nothing due.") }
        for report in reports { context.out(describe(report)) }
      }
    case "environment"?:
      try await setEnvironment(store, arguments, context)
    case let word?:
      throw .usage("unknown subcommand '\(word)'")
    }
  }

  private static func list(
    _ store: LocalAppStore, _ arguments: ParsedArguments, _ context: CommandContext
  ) async throws(CLIError) {
    var since: Date?
    if let text = arguments.value("since") {
      guard let date = try? Date(text, strategy: .iso8601) else {
        throw .usage("'\(text)' is not an ISO 8601 date (2026-01-01T00:00:00Z)")
      }
      since = date
    }
    let listing = try await StoreAccess.perform { () throws(LocalAppStoreError) in
      Listing(
        url: try await store.notificationURL()?.absoluteString,
        environment: try await store.settings().environment.rawValue,
        pending: try await store.pendingNotificationCount(),
        notifications: try await store.serverNotifications(since: since))
    }
    if arguments.json {
      try context.writeJSON(listing)
      return
    }
    context.out("Server URL:  \(listing.url ?? "none (notifications wait for one)")")
    context.out("Environment: \(listing.environment)")
    context.out("Pending:     \(listing.pending)")
    for notification in listing.notifications {
      var text = "#\(notification.sequence) \(notification.notificationType)"
      if let subtype = notification.subtype { text += "/\(subtype)" }
      text += " \(notification.account) \(TextFormat.date(notification.createdDate))"
      text += " \(notification.notificationUUID)"
      if let delivered = notification.deliveredDate {
        text += " delivered \(TextFormat.date(delivered))"
      } else if let next = notification.nextAttemptDate {
        text += " due \(TextFormat.date(next))"
      } else {
        text += " not delivered"
      }
      if !notification.attempts.isEmpty {
        let attempts = notification.attempts.map { attempt in
          attempt.httpStatus.map { "\($0)" } ?? attempt.result
        }
        text += " (attempts: \(attempts.joined(separator: ", ")))"
      }
      context.out(text)
    }
  }

  private static func setURL(
    _ store: LocalAppStore, _ arguments: ParsedArguments, _ context: CommandContext
  ) async throws(CLIError) {
    let words = arguments.positionals
    let clear = arguments.flag("clear")
    guard clear ? words.count == 1 : words.count == 2 else {
      throw .usage(clear ? "url --clear takes no URL" : "expected url URL, or url --clear")
    }
    var url: URL?
    if !clear {
      guard let parsed = URL(string: words[1]) else {
        throw .usage("'\(words[1])' is not a URL")
      }
      #if os(Linux)
        // This build posts with its own HTTP/1.1 client (HTTPPostTransport), which speaks no
        // TLS: an https:// URL would fail at every post, so it is refused here, unchanged.
        if parsed.scheme?.lowercased() == "https" {
          throw .failure(
            "this build of the tool posts only to http:// URLs (a server under test on this "
              + "machine); '\(words[1])' is https")
        }
      #endif
      url = parsed
    }
    try await StoreAccess.perform { () throws(LocalAppStoreError) in
      try await store.setNotificationURL(url)
    }
    if arguments.json {
      try context.writeJSON(["url": url?.absoluteString])
    } else {
      context.out(url.map { "Notifications go to \($0.absoluteString)." } ?? "No server URL.")
    }
  }

  private static func setEnvironment(
    _ store: LocalAppStore, _ arguments: ParsedArguments, _ context: CommandContext
  ) async throws(CLIError) {
    let words = arguments.positionals
    guard words.count == 2 else { throw .usage("expected environment Xcode|Sandbox|Production") }
    let known: [AppStoreEnvironment] = [.xcode, .sandbox, .production]
    guard
      let environment = known.first(where: { $0.rawValue.lowercased() == words[1].lowercased() })
    else {
      throw .usage("unknown environment '\(words[1])'; expected Xcode, Sandbox or Production")
    }
    var appAppleID: UInt64?
    if let text = arguments.value("app-apple-id") {
      guard let id = UInt64(text) else { throw .usage("'\(text)' is not an app Apple ID (digits)") }
      appAppleID = id
    }
    try await StoreAccess.perform { () throws(LocalAppStoreError) in
      try await store.setSigningEnvironment(environment, appAppleID: appAppleID)
    }
    if arguments.json {
      try context.writeJSON(["environment": environment.rawValue])
    } else {
      context.out("The local App Store signs as \(environment.rawValue).")
    }
  }

  static func describe(_ report: NotificationDeliveryReport) -> String {
    var text = "\(report.notificationType)"
    if let subtype = report.subtype { text += "/\(subtype)" }
    text += " \(report.notificationUUID): \(report.result)"
    if let status = report.httpStatus { text += " (HTTP \(status))" }
    if !report.delivered {
      text += report.nextAttemptDate.map { ", next attempt \(TextFormat.date($0))" } ?? ", no retry"
    }
    return text
  }

  // MARK: - After every command

  /// `notifications` lists, `environment` sets where they are signed for, and `deliver`
  /// delivers: only `test` and `url` are followed by a delivery.
  static func postsNotifications(after arguments: ParsedArguments) -> Bool {
    ["test", "url"].contains(arguments.positionals.first ?? "")
  }

  /// Posts what is due after a command that changed the state of `--state`: its new
  /// notifications, right after its change committed. A receiver that is down, a missing
  /// state, or a state another process holds never fails the command; what was not delivered
  /// is noted on standard error.
  static func deliverDue(_ arguments: ParsedArguments, _ context: CommandContext) async {
    guard let transport = context.notificationTransport else { return }
    let path = context.statePath(arguments)
    guard FileManager.default.fileExists(atPath: path),
      let store = try? LocalAppStore(openingStateAt: path, time: .stored)
    else { return }
    guard let reports = try? await store.deliverDueNotifications(using: transport) else { return }
    for report in reports where !report.delivered {
      context.err("note: notification not delivered: \(describe(report))")
    }
  }

  static let traits = CommandTraits.changesState(under: .notifications)
}
