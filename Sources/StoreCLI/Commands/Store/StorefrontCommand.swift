import Foundation
import LocalAppStore
import StoreModel

/// `storefront CODE`: the customer's storefront.
enum StorefrontCommand: CLICommand {
  static let name = "storefront"
  static let summary = "Change the storefront while running (SKTestSession.storefront)"
  static let positionals = ["CODE"]
  static let details = """
    Sets SKTestSession.storefront while the store runs: CODE is an ISO 3166-1 alpha-3 code
    (USA, JPN, FRA). Later transactions carry it (storefront, and storefrontId where the
    country has an App Store). Products show the catalog's amounts in the storefront's
    currency, and transactions record it: a .storekit file's prices are placeholders that
    Xcode shows "using the correct currency symbols for the storefront you're testing"; no
    amount is converted.

    \(optionsSection())

    Exits 2 for a code that is not three letters, 1 for three letters that name no country
    (XXX); the storefront stays as it was.

    EXAMPLES:
      sportstime-store storefront JPN
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let code = try arguments.single("a storefront code")
    guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
      throw .usage("'\(code)' is not an ISO 3166-1 alpha-3 storefront code (USA, JPN)")
    }
    try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.setStorefront(code)
    }
    try context.answer(
      arguments, json: ["storefront": code.uppercased()],
      text: "Storefront is \(code.uppercased()).")
  }

  static let traits = CommandTraits.changesState(under: .store)
}
