@_spi(Fuzz) import StoreFuzzing
import TestSupport
import Testing

/// Replays what the fuzz target `fuzz-http` stored in `Fuzz/regressions/http/` (see
/// `scripts/fuzz`) with the target's oracle (`HTTPHarness`): the parser gives the same requests
/// and refusal fed whole and in pieces, refuses only with its table's statuses, and parses a
/// request written back the same.
@Suite struct FuzzRegressionTests {
  static let inputs = FuzzRegressionInput.stored("http")

  @Test("a stored input keeps the parser's contract", arguments: inputs)
  func replay(_ input: FuzzRegressionInput) {
    #expect(HTTPHarness.shared.finding(input.bytes) == nil)
  }

}
