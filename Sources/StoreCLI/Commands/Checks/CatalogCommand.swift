import Foundation
import StoreModel

/// `catalog check FILE...`: validates StoreKit configuration files.
enum CatalogCommand: CLICommand {
  static let name = "catalog"
  static let summary = "Check StoreKit configuration files (catalog check FILE...)"
  static let positionals = ["check FILE..."]
  static let details = """
    Decodes each .storekit file (or package folder) as the local App Store would. Prints one
    line per file that does not decode, 'FILE: key.path: reason', and exits 1; when every
    file decodes, prints a summary and exits 0.

    \(optionsSection(column: 9))

    EXAMPLES:
      sportstime-store catalog check SportsTime.storekit
      sportstime-store catalog check *.storekit --json
    """

  static let globalOptions = [
    OptionSpec.json(
      "one JSON object: each file with its format version and product count, or its\n"
        + "error code, key path and reason")
  ]
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    guard let subcommand = arguments.positionals.first else {
      throw .usage("expected a subcommand: check")
    }
    guard subcommand == "check" else { throw .usage("unknown subcommand '\(subcommand)'") }
    let files = Array(arguments.positionals.dropFirst())
    guard !files.isEmpty else { throw .usage("expected at least one FILE to check") }

    let results = files.map { file -> Result<Catalog, CatalogError> in
      do throws(CatalogError) {
        return .success(try Catalog(contentsOf: context.resolve(file)))
      } catch {
        return .failure(error)
      }
    }
    let failures = zip(files, results).filter {
      if case .failure = $0.1 { return true }
      return false
    }
    if arguments.json {
      try context.writeJSON(Report(Array(zip(files, results))))
    } else if failures.isEmpty {
      let count = results.reduce(0) { $0 + ((try? $1.get())?.products.count ?? 0) }
      let fileWord = files.count == 1 ? "file" : "files"
      let productWord = count == 1 ? "product" : "products"
      context.out("\(files.count) \(fileWord) valid, \(count) \(productWord)")
    } else {
      for (file, result) in failures {
        if case .failure(let error) = result { context.out("\(file): \(error)") }
      }
    }
    if !failures.isEmpty { throw .exitCode(1) }
  }

  /// The `--json` output.
  struct Report: Encodable {
    let files: [JSONObject]

    init(_ results: [(String, Result<Catalog, CatalogError>)]) {
      files = results.map { Self.fields($0.0, $0.1) }
    }

    /// One checked file: every key always present, `null` where it does not apply.
    private static func fields(_ file: String, _ result: Result<Catalog, CatalogError>)
      -> JSONObject
    {
      switch result {
      case .success(let catalog):
        JSONObject(
          [
            "file": file, "valid": true, "version": catalog.version.description,
            "products": catalog.products.count, "code": nil, "keyPath": nil, "reason": nil,
          ],
          absent: .null)
      case .failure(let error):
        JSONObject(
          [
            "file": file, "valid": false, "version": nil, "products": nil,
            "code": error.code.rawValue, "keyPath": error.keyPath, "reason": error.reason,
          ],
          absent: .null)
      }
    }
  }

  static let traits = CommandTraits.readsOnly(under: .checks)
}
