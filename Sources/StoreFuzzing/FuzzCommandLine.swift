/// The fuzz target `fuzz-cli`'s rules for a command line, shared with the tests that replay its
/// findings.
package enum FuzzCommandLine {
  /// Whether a successful run of `arguments` must print JSON. It must when a command has
  /// `--json` among its options (before any `--`, and not the value of the option before it),
  /// and no `--help`.
  package static func promisesJSON(_ arguments: [String]) -> Bool {
    guard let first = arguments.first, !first.hasPrefix("-") else { return false }
    let options = Array(arguments.dropFirst().prefix { $0 != "--" })
    guard !options.contains("--help") else { return false }
    return options.indices.contains { index in
      options[index] == "--json"
        && (index == 0 || !options[index - 1].hasPrefix("--") || options[index - 1].contains("="))
    }
  }
}
