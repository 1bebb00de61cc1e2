import Foundation
import LocalAppStore
import SportsTimePro
import StoreModel

/// `reset [--storekit FILE] [--date DATE]`: a fresh local App Store in the state file.
enum ResetCommand: CLICommand {
  static let name = "reset"
  static let summary = "Start the local App Store afresh from a .storekit catalog"
  static let details = """
    Creates (or empties) the local App Store's state: the catalog's products and settings,
    a new certificate authority that signs every transaction, the purchaser's account, and
    the emulator's time (now, or DATE). Later commands share this state. The app's data kept
    in the state (saved trips, its settings) starts afresh too. Device timing is on: the
    store lags as a device does ('device-timing off' answers at once).

    \(optionsSection())

    A file that is not a local App Store state is refused and left untouched. DATE must lie
    from 1970-01-01T00:00:00Z to before 9999-12-31T23:59:59Z, the validity of the store's
    certificates.

    EXAMPLES:
      sportstime-store reset
      sportstime-store reset --storekit Products.storekit --date 2026-01-01T00:00:00Z
    """
  static let options: [OptionSpec] = [
    .value("storekit", "FILE", help: "the catalog (default: the bundled SportsTime.storekit)"),
    .value(
      "date", "DATE", help: "the emulator's starting time, ISO 8601 (2026-01-01T00:00:00Z)"),
  ]

  struct Output: Encodable {
    var state: String
    var storekit: String
    var products: [String]
    var date: Date
  }
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    guard arguments.positionals.isEmpty else {
      throw .usage("unexpected argument '\(arguments.positionals[0])'")
    }
    try StoreAccess.rejectAccount(arguments, name)
    let url: URL
    if let file = arguments.value("storekit") {
      url = context.resolve(file)
    } else if let bundled = bundledStoreKitConfigurationURL {
      url = bundled
    } else {
      throw .failure("the bundled SportsTime.storekit is missing; pass --storekit FILE")
    }
    let catalog: Catalog
    do {
      catalog = try Catalog(contentsOf: url)
    } catch {
      throw .failure("\(url.path): \(error)")
    }
    var start = Date()
    if let text = arguments.value("date") {
      guard let date = try? Date(text, strategy: .iso8601) else {
        throw .usage("'\(text)' is not an ISO 8601 date (2026-01-01T00:00:00Z)")
      }
      start = date
    }
    let supported = LocalAppStore.supportedDates
    guard start >= supported.start, start < supported.end else {
      throw .failure(
        "cannot start the local App Store at \(TextFormat.date(start)): its time runs from "
          + "\(TextFormat.date(supported.start)) to before \(TextFormat.date(supported.end)) "
          + "(its certificates' validity); nothing changed")
    }
    let path = context.statePath(arguments)
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    _ = try await StoreAccess.perform { () throws(LocalAppStoreError) in
      try LocalAppStore.create(atPath: path, catalog: catalog, startDate: start)
    }
    let output = Output(
      state: path, storekit: url.path, products: catalog.products.map(\.id), date: start)
    if arguments.json {
      try context.writeJSON(output)
      return
    }
    context.out("Reset the local App Store at \(path)")
    context.out("  catalog: \(url.lastPathComponent) (\(output.products.joined(separator: ", ")))")
    context.out("  time:    \(TextFormat.date(start))")
  }

  static let traits = CommandTraits.changesState(under: .store)
}
