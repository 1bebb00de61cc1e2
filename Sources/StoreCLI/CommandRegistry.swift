/// Every command of the tool, in the order `--help` lists them.
enum CommandRegistry {
  static let all: [any CLICommand.Type] = [
    HelpCommand.self,
    ProductsCommand.self,
    CatalogCommand.self,
  ]

  /// The command named `name`.
  static func command(named name: String) -> (any CLICommand.Type)? {
    all.first { $0.name == name }
  }
}
