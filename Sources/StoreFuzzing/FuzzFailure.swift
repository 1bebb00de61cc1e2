/// Reports a finding and stops the process, so that libFuzzer saves the input as a crash.
///
/// A finding is anything the oracle of a target forbids: a false acceptance, an exit code out
/// of contract, a result that differs between two identical calls.
func fuzzFinding(_ message: String) -> Never {
  fatalError("FUZZ FINDING: \(message)")
}
