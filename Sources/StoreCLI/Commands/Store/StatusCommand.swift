import Foundation
import LocalAppStore
import StoreModel

/// `status`: what the account has now.
enum StatusCommand: CustomerCommand {
  static let name = "status"
  static let summary = "Show the account's entitlements, subscriptions and pending requests"
  static let details = """
    Shows, at the emulator's time: the products the account is entitled to, each
    subscription's state (subscribed, expired, inBillingRetryPeriod, inGracePeriod, revoked),
    expiration, auto-renew and ownership, pending Ask to Buy requests, switches and faults.
    It only reads the state: nothing is written to the file.

    \(optionsSection())

    EXAMPLES:
      sportstime-store status
      sportstime-store status --account alex --json
      sportstime-store status --export-root root.pem
    """
  static let options: [OptionSpec] = [
    .value(
      "export-root", "FILE",
      help: "also write the root certificate (PEM) that every signed transaction\n"
        + "chains to, for 'sportstime-store verify --root FILE'")
  ]
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    guard arguments.positionals.isEmpty else {
      throw .usage("unexpected argument '\(arguments.positionals[0])'")
    }
    let store = try StoreAccess.open(arguments, context, access: .readOnly)
    await StoreAccess.noteUnknownAccount(store, context)
    let status = try await StoreAccess.perform { () throws(LocalAppStoreError) in
      try await store.status()
    }
    if let file = arguments.value("export-root") {
      do {
        try Data(store.rootCertificatePEM.utf8).write(to: context.resolve(file))
      } catch {
        throw .failure("cannot write \(file): \(error.localizedDescription)")
      }
    }
    if arguments.json {
      try context.writeJSON(status)
      return
    }
    for line in lines(of: status) { context.out(line) }
  }

  static func lines(of status: AccountStatus) -> [String] {
    var lines = [
      "Account:  \(status.account)",
      "Time:     \(TextFormat.date(status.date))",
      "Entitled: \(status.entitledProductIDs.isEmpty ? "nothing" : status.entitledProductIDs.joined(separator: ", "))",
    ]
    if status.subscriptions.isEmpty {
      lines.append("Subscriptions: none")
    }
    for subscription in status.subscriptions {
      let group = subscription.groupName.map { "\($0) (\(subscription.groupID))" }
      var text =
        "Subscription \(group ?? subscription.groupID): \(subscription.state) \(subscription.productID)"
      text += ", expires \(TextFormat.date(subscription.expirationDate))"
      text += subscription.willAutoRenew ? ", renews" : ", does not renew"
      if let next = subscription.autoRenewProductID, next != subscription.productID {
        text += " to \(next)"
      }
      text += subscription.ownership == "FAMILY_SHARED" ? ", family shared" : ", purchased"
      if let grace = subscription.gracePeriodExpirationDate {
        text += ", grace until \(TextFormat.date(grace))"
      }
      if let reason = subscription.expirationReason { text += " (\(reason))" }
      if let consent = subscription.priceIncreaseStatus, let price = subscription.renewalPrice {
        text += ", price increase to \(price) \(consent == 1 ? "agreed" : "awaiting consent")"
      }
      lines.append(text)
    }
    let pending = status.pendingRequests.map { "#\($0.id) \($0.productID)" }
    lines.append(
      "Ask to Buy pending: \(pending.isEmpty ? "none" : pending.joined(separator: ", "))")
    let settings = status.settings
    let switches = EmulatorSwitch.all.map { "\($0.name) \(onOff(settings[$0]))" }
    lines.append(
      "Switches: \(switches.joined(separator: ", ")), device-timing \(settings.deviceTiming), "
        + "time rate \(settings.timeRate)")
    let faults = status.faults.keys.sorted().map {
      status.faults[$0] == true ? "\($0) (sticky)" : $0
    }
    lines.append("Faults: \(faults.isEmpty ? "none" : faults.joined(separator: ", "))")
    lines.append(
      "Family: \(status.familyMembers.isEmpty ? "no one" : status.familyMembers.joined(separator: ", "))"
    )
    lines.append(
      "Server notifications: \(status.pendingNotifications) pending, "
        + "environment \(status.settings.environment), "
        + "URL \(status.notificationURL ?? "none")")
    return lines
  }

  private static func onOff(_ value: Bool) -> String { value ? "on" : "off" }

  static let traits = CommandTraits.readsOnly(under: .store)
}
