import Foundation
import FuzzSupport
@_spi(Fuzz) import StoreFuzzing

/// Fuzzes the command line: `StoreCLI.run` (its argument parser, `ParsedArguments.parse`, and
/// every command) on any argument list, against a fresh copy of a state that has a
/// subscription, a family member and an elapsed month.
///
/// An input is the arguments separated by NUL bytes. Inputs with an argument that holds a `/`
/// are skipped, so that no command reads or writes outside the scratch folder (the current
/// folder, `$TMPDIR` and the state's folder are all that folder).
///
/// The oracle: no crash, no hang, no leak; the exit code is 0, 1 or 2; a usage error (2)
/// prints its reason; a command that succeeds with `--json` prints JSON. The harness is
/// StoreFuzzing's `CLIHarness`.
@main
enum FuzzCLI {
  static let harness = CLIHarness()

  static func main() {
    FileHandle.standardError.write(Data("fuzz-cli: scratch folder \(harness.folder.path)\n".utf8))
    FuzzDriver.run { data, size in
      FuzzCLI.harness.check(FuzzDriver.buffer(data, size))
      return 0
    }
  }
}
