package import Foundation
import StoreCLI

/// The tool's commands run in this process (``StoreCLI/run(_:context:)`` on a capturing
/// context), for the tests that compare a command's whole output.
package enum InProcessTool {
  /// What one run did: its exit code, standard output and standard error.
  package typealias Result = (code: Int32, out: String, err: String)

  /// Runs `arguments` and returns the exit code, standard output and standard error.
  /// - Parameters:
  ///   - folder: The folder relative paths start from (the test process's by default).
  ///   - environment: The environment; empty by default, so the machine's does not leak in.
  ///   - input: What the command reads from `-`.
  package static func run(
    _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:],
    input: String = ""
  ) async -> Result {
    let context = CommandContext.capturing(
      environment: environment,
      currentDirectory: folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
      standardInput: Data(input.utf8))
    let code = await StoreCLI.run(arguments, context: context)
    return (code, context.capturedOutput, context.capturedErrors)
  }
}
