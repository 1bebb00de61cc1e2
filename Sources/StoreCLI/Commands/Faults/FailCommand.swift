import Foundation
import LocalAppStore
import StoreModel

/// `fail KIND [--sticky]`: inject a fault.
enum FailCommand: CLICommand {
  static let name = "fail"
  static let summary = "Make the next operation (or every one) fail: load-products, purchase, …"
  static let positionals = ["KIND", "clear"]
  static let details = """
    Arms a fault for the next operation it applies to, or for every one with --sticky
    (SKTestSession.setSimulatedError). 'fail clear' disarms them all.

    KIND:
      load-products        loading products fails (a system error)
      purchase             the purchase fails (a system error)
      sync                 AppStore.sync() (restore) fails (a system error)
      subscription-status  the subscription status fails (a system error)
      network              the next call that reaches the App Store (products, purchase,
                           sync, status) fails with a network error
      user-cancel          the purchase returns userCancelled
      verification         the next signed transaction is signed by another certificate
                           authority, whose root the verifier does not trust
      tamper               the next signed transaction is altered after signing

    The read-only commands (status, history) neither trigger nor disarm a one-shot fault.

    \(optionsSection())

    EXAMPLES:
      sportstime-store fail network
      sportstime-store fail verification --sticky
      sportstime-store fail clear
    """
  static let options: [OptionSpec] = [
    .flag("sticky", help: "keep the fault armed until 'fail clear'")
  ]
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let kind = try arguments.single("a fault kind")
    let store = try StoreAccess.openStore(arguments, context, name)
    if kind == "clear" {
      try await StoreAccess.perform { () throws(LocalAppStoreError) in try await store.clearFaults()
      }
      try context.answer(arguments, json: ["cleared": true], text: "Faults cleared.")
      return
    }
    let fault = Fault(rawValue: kind)
    guard Fault.allCases.contains(fault) else {
      let kinds = Fault.allCases.map(\.rawValue).joined(separator: ", ")
      throw .usage("unknown fault '\(kind)'; expected one of \(kinds), or clear")
    }
    let sticky = arguments.flag("sticky")
    try await StoreAccess.perform { () throws(LocalAppStoreError) in
      try await store.inject(fault, sticky: sticky)
    }
    try context.answer(
      arguments, json: ["fault": kind, "sticky": sticky ? "true" : "false"],
      text: "Armed \(kind)\(sticky ? " (sticky: every time until 'fail clear')" : " (once)").")
  }

  static let traits = CommandTraits.changesState(under: .faults)
}
