import Foundation
import StoreFuzzing
import TestSupport
import Testing

/// Replays what the fuzz target `fuzz-cli` stored in `Fuzz/regressions/cli/` (see
/// `scripts/fuzz`): command lines (arguments separated by NUL bytes) that once crashed, hung or
/// leaked the tool, or broke its contract. Each runs as the fuzzer ran it, in a fresh folder
/// whose state has a subscription, a family member and an elapsed month, and must keep the
/// contract: exit 0, 1 or 2; a reason for a usage error; JSON when `--json` succeeds.
@Suite(.hangGuard) struct FuzzRegressionTests {
  static let inputs = FuzzRegressionInput.stored("cli")

  @Test("a stored command line keeps the tool's contract", arguments: inputs)
  func replay(_ input: FuzzRegressionInput) async throws {
    // The fuzzer never runs an argument with a '/', so no input reaches outside its folder.
    try #require(!input.arguments.contains { $0.contains("/") })
    let temporary = try TemporaryFolder("fuzz-regression-cli")
    defer { temporary.remove() }
    let folder = temporary.url
    try FileManager.default.copyItem(
      at: PackageFolders.bundledStoreKitFile,
      to: folder.appendingPathComponent("sportstime.storekit"))
    let environment = ["SPORTSTIME_STORE_STATE": "state.sqlite", "TMPDIR": folder.path]
    for setUp in [
      ["reset", "--date", "2026-01-01T00:00:00Z"], ["buy", "com.sportstime.pro.monthly"],
      ["family-share", "kid"], ["advance", "1m"],
    ] {
      let done = await InProcessTool.run(setUp, in: folder, environment: environment)
      try #require(done.code == 0, "\(setUp)")
    }

    let result = await InProcessTool.run(input.arguments, in: folder, environment: environment)
    #expect([0, 1, 2].contains(result.code))
    if result.code == 2 { #expect(!result.err.isEmpty) }
    if result.code == 0, FuzzCommandLine.promisesJSON(input.arguments) {
      let output = Data(result.out.utf8)
      #expect(
        (try? JSONSerialization.jsonObject(with: output, options: [.fragmentsAllowed])) != nil)
    }
  }
}
