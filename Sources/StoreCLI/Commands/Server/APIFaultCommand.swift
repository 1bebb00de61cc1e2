import LocalAppStore
import LocalAppStoreServer

/// `api-fault ENDPOINT [--sticky] | --clear [ENDPOINT] | rate-limits on|off`: failures of the
/// App Store Server API, for a server's retry paths.
enum APIFaultCommand: CLICommand {
  static let name = "api-fault"
  static let summary = "Make an App Store Server API endpoint answer 5000001, or rate-limit it"
  static let positionals = ["ENDPOINT", "[ENDPOINT]", "rate-limits on|off", ""]
  static let details = """
    Makes `serve`'s ENDPOINT answer HTTP 500 with errorCode 5000001
    (GeneralInternalRetryableError: "An error occurred. Try again later.") to its next request,
    or to every one with --sticky, so that a server's retry path runs. --clear disarms one
    endpoint, or all. `rate-limits on` enforces Apple's per-endpoint limits per second (a
    tenth of them in the Sandbox; Apple's "Identifying rate limits"): past one, 429 with
    errorCode 4290000 and Retry-After, a UNIX time in milliseconds. Without arguments, lists
    what is armed. A running `serve` sees the change at its next request.

    ENDPOINTS:
      \(LocalAppStoreServer.endpointNames.joined(separator: "\n      "))

    \(optionsSection())

    EXAMPLES:
      sportstime-store api-fault transaction-info
      sportstime-store api-fault subscription-statuses --sticky
      sportstime-store api-fault rate-limits on
      sportstime-store api-fault --clear
    """
  static let options: [OptionSpec] = [
    .flag("sticky", help: "fail every request, not only the next"),
    .flag("clear", help: "disarm ENDPOINT, or every endpoint").required(on: "[ENDPOINT]"),
  ]

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    try StoreAccess.rejectAccount(arguments, name)
    let words = arguments.positionals
    let store = try StoreAccess.open(arguments, context)
    if words.first == "rate-limits" {
      guard words.count == 2, ["on", "off"].contains(words[1]) else {
        throw .usage("rate-limits takes on or off")
      }
      try await StoreAccess.perform { () throws(LocalAppStoreError) in
        try await store.setServerFault(
          LocalAppStoreServer.rateLimitsFault, sticky: words[1] == "on" ? true : nil)
      }
    } else if arguments.flag("clear") {
      guard words.count <= 1 else { throw .usage("unexpected argument '\(words[1])'") }
      let armed = try await StoreAccess.perform { () throws(LocalAppStoreError) in
        try await store.serverFaults()
      }
      for endpoint in armed.keys where words.isEmpty || words[0] == endpoint {
        try await StoreAccess.perform { () throws(LocalAppStoreError) in
          try await store.setServerFault(endpoint, sticky: nil)
        }
      }
    } else if let endpoint = words.first {
      guard words.count == 1 else { throw .usage("unexpected argument '\(words[1])'") }
      guard LocalAppStoreServer.endpointNames.contains(endpoint) else {
        throw .usage(
          "no endpoint '\(endpoint)'; one of: "
            + LocalAppStoreServer.endpointNames.joined(separator: ", "))
      }
      try await StoreAccess.perform { () throws(LocalAppStoreError) in
        try await store.setServerFault(endpoint, sticky: arguments.flag("sticky"))
      }
    } else if arguments.flag("sticky") {
      throw .usage("--sticky needs an ENDPOINT")
    }
    let armed = try await StoreAccess.perform { () throws(LocalAppStoreError) in
      try await store.serverFaults()
    }
    if arguments.json {
      try context.writeJSON(armed)
      return
    }
    if armed.isEmpty { context.out("No App Store Server API fault is armed.") }
    for (endpoint, sticky) in armed.sorted(by: { $0.key < $1.key }) {
      if endpoint == LocalAppStoreServer.rateLimitsFault {
        context.out("rate limits: on")
      } else {
        context.out("\(endpoint): 5000001 \(sticky ? "to every request" : "to the next request")")
      }
    }
  }

  static let traits = CommandTraits.changesState(under: .server)
  static func postsNotifications(after arguments: ParsedArguments) -> Bool { false }
}
