/// A command's arguments, checked against its options.
package struct ParsedArguments: Sendable, Equatable {
  /// The arguments that are not options, in order.
  package var positionals: [String] = []
  private var flags: Set<String> = []
  private var values: [String: [String]] = [:]

  /// Whether `--name` was given.
  package func flag(_ name: String) -> Bool { flags.contains(name) }
  /// The value of `--name VALUE`, if given.
  package func value(_ name: String) -> String? { values[name]?.last }
  /// Every value of a repeated option, in order.
  package func values(_ name: String) -> [String] { values[name] ?? [] }
  /// Whether `--json` was given.
  package var json: Bool { flag("json") }

  /// Parses `arguments` against `specs`.
  ///
  /// Options may come before or after positionals; `--` ends options; `-` alone is a
  /// positional (standard input).
  /// - Throws: ``CLIError/usage(_:)`` for an unknown option, a missing value or a repeated one.
  package static func parse(_ arguments: [String], specs: [OptionSpec]) throws(CLIError)
    -> ParsedArguments
  {
    var parsed = ParsedArguments()
    let byName = Dictionary(specs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard !optionsEnded, argument.hasPrefix("--") else {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = String(argument.dropFirst(2))
      var inlineValue: String?
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let spec = byName[name] else {
        throw .usage("unknown option '--\(name)'")
      }
      switch spec.kind {
      case .flag:
        guard inlineValue == nil else { throw .usage("option '--\(name)' takes no value") }
        parsed.flags.insert(name)
      case .value, .repeated:
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.count {
          value = arguments[index]
          index += 1
        } else {
          throw .usage("option '--\(name)' needs a value")
        }
        if spec.kind == .value, parsed.values[name] != nil {
          throw .usage("option '--\(name)' given more than once")
        }
        parsed.values[name, default: []].append(value)
      }
    }
    return parsed
  }
}
