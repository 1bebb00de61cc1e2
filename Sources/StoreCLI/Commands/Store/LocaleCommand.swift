import Foundation
import LocalAppStore
import StoreModel

/// `locale ID|--catalog`: the locale the products' names and descriptions are shown in.
enum LocaleCommand: CLICommand {
  static let name = "locale"
  static let summary = "Show products in another localization while running (SKTestSession.locale)"
  static let positionals = ["ID", ""]
  static let details = """
    Sets SKTestSession.locale while the store runs: ID is a locale identifier (ja_JP, fr,
    de-DE). Later product requests show each product's name and description from the
    .storekit file's localization for it (the same language when there is no exact match,
    else en_US, else the first). Prices are not touched: their currency is the storefront's.
    --catalog goes back to the file's own localization.

    \(optionsSection())

    Exits 2 for an identifier that is not a locale's form (letters, then parts separated by
    _ or -); the locale stays as it was.

    EXAMPLES:
      sportstime-store locale ja_JP
      sportstime-store locale --catalog
    """
  static let options: [OptionSpec] = [
    .flag("catalog", help: "the .storekit file's own localization again").required(on: "")
  ]

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let identifier: String?
    if arguments.flag("catalog") {
      guard arguments.positionals.isEmpty else {
        throw .usage("give a locale identifier or --catalog, not both")
      }
      identifier = nil
    } else {
      identifier = try arguments.single("a locale identifier")
    }
    if let identifier, !Controls.isLocaleIdentifier(identifier) {
      throw .usage("'\(identifier)' is not a locale identifier (en_US, ja_JP, fr)")
    }
    try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.setLocale(identifier)
    }
    try context.answer(
      arguments, json: JSONObject(["locale": identifier], absent: .null),
      text: identifier.map { "Products are shown in the \($0) localization." }
        ?? "Products are shown in the .storekit file's own localization.")
  }

  static let traits = CommandTraits.changesState(under: .store)
}
