import Foundation
import LocalAppStore
import StoreModel

/// `simulate-error API ERROR|clear`: an API fails with the StoreKit error chosen.
enum SimulateErrorCommand: CLICommand {
  static let name = "simulate-error"
  static let summary = "Make an API fail with a StoreKit error (SKTestSession.setSimulatedError)"
  static let positionals = ["API ERROR|clear"]
  static let details = """
    Makes every call of API fail with ERROR until 'simulate-error API clear', as
    SKTestSession.setSimulatedError(_:forAPI:) does, or only the next call with --once.
    ERROR is any case of StoreKit's StoreKitError or Product.PurchaseError, thrown as StoreKit
    throws a simulated error (a purchase's userCancelled too; the customer dismissing the
    sheet, the userCancelled result, is 'fail user-cancel'). 'fail' arms the failures
    StoreKit has no word for (a network failure of any call, real verification failures) and
    shorthands for an API's system error; both kinds are one mechanism, taken in this order:
    the API's simulated error, then the faults.

    API:
    \(apis)

    ERROR:
    \(errors)

    \(optionsSection())

    EXAMPLES:
      sportstime-store simulate-error purchase invalidOfferSignature
      sportstime-store simulate-error load-products notAvailableInStorefront
      sportstime-store simulate-error app-store-sync networkError --once
      sportstime-store simulate-error purchase clear
    """
  static let options: [OptionSpec] = [
    .flag("once", help: "fail the next call only, then clear itself")
  ]
  private static var apis: String {
    Controls.simulatableAPIs.map { "  \($0.name)" }.joined(separator: "\n")
  }
  private static var errors: String {
    stride(from: 0, to: StoreBackendError.caseNames.count, by: 3).map { start in
      "  "
        + StoreBackendError.caseNames[start..<min(start + 3, StoreBackendError.caseNames.count)]
        .joined(separator: ", ")
    }.joined(separator: "\n")
  }
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    guard arguments.positionals.count == 2 else {
      throw .usage("expected an API and an error name (or clear)")
    }
    let (apiName, errorName) = (arguments.positionals[0], arguments.positionals[1])
    guard let api = Controls.simulatableAPIs.first(where: { $0.name == apiName })?.api else {
      throw .usage(
        "unknown API '\(apiName)'; expected "
          + Controls.simulatableAPIs.map(\.name).joined(separator: ", "))
    }
    let error: StoreBackendError?
    if errorName == "clear" {
      error = nil
    } else {
      guard let chosen = StoreBackendError(caseName: errorName, reason: "simulated \(errorName)")
      else { throw .usage("unknown error '\(errorName)'; see the ERROR list of --help") }
      error = chosen
    }
    try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.setSimulatedError(error, forAPI: api, sticky: !arguments.flag("once"))
    }
    let once = arguments.flag("once")
    if arguments.json {
      try context.writeJSON([
        "api": apiName, "error": error?.caseName ?? "none", "sticky": once ? "false" : "true",
      ])
    } else if let error {
      context.out("\(apiName) fails with \(error.caseName)\(once ? " (once)" : "").")
    } else {
      context.out("\(apiName) no longer fails.")
    }
  }

  static let traits = CommandTraits.changesState(under: .faults)
}
