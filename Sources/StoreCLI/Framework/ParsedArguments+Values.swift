/// The positional values the emulator commands take: one name, an identifier, on or off.
extension ParsedArguments {
  /// Exactly one positional argument, `what` (with its article: "a product identifier").
  /// - Throws: ``CLIError/usage(_:)`` for none or more than one.
  func single(_ what: String) throws(CLIError) -> String {
    let count = positionals.count
    guard count == 1 else {
      throw .usage(
        count == 0
          ? "expected \(what)"
          : "expected \(what), got \(count) arguments: " + positionals.joined(separator: " "))
    }
    return positionals[0]
  }

  /// A transaction identifier argument.
  func transactionID() throws(CLIError) -> UInt64 {
    try identifier("a transaction identifier")
  }

  /// An Ask to Buy request identifier argument.
  func requestID() throws(CLIError) -> UInt64 {
    try identifier("a request identifier")
  }

  /// `on` or `off` (also `true`/`false`, `yes`/`no`, `1`/`0`).
  func onOrOff() throws(CLIError) -> Bool {
    let text = try single("on or off")
    switch text.lowercased() {
    case "on", "true", "yes", "1": return true
    case "off", "false", "no", "0": return false
    default: throw .usage("expected on or off, got '\(text)'")
    }
  }

  private func identifier(_ what: String) throws(CLIError) -> UInt64 {
    let text = try single(what)
    guard let id = UInt64(text) else {
      throw .usage("'\(text)' is not \(what) (digits)")
    }
    return id
  }
}
