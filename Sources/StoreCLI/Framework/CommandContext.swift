package import Foundation
package import LocalAppStore
import StoreInternals

/// What a command reads from and writes to: injected, so that tests run commands in-process.
package struct CommandContext: Sendable {
  /// The process's environment variables (`SPORTSTIME_STORE_STATE`); a test passes its own.
  package var environment: [String: String]
  /// The folder relative paths start from.
  package var currentDirectory: URL
  /// What posts server notifications (the tool's is `HTTPPostTransport` on Linux); `nil`, as in tests, posts
  /// nothing: the notifications stay in the state.
  package var notificationTransport: (any NotificationTransport)?
  private let output: OutputSink
  private let errorOutput: OutputSink
  private let standardInput: @Sendable () -> Data

  /// Creates a context.
  init(
    environment: [String: String],
    currentDirectory: URL,
    output: OutputSink,
    errorOutput: OutputSink,
    standardInput: @escaping @Sendable () -> Data
  ) {
    self.environment = environment
    self.currentDirectory = currentDirectory
    self.output = output
    self.errorOutput = errorOutput
    self.standardInput = standardInput
  }

  /// The process's context: its environment, folder, standard output, error and input.
  package static func process() -> CommandContext {
    CommandContext(
      environment: ProcessInfo.processInfo.environment,
      currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
      output: OutputSink(handle: .standardOutput),
      errorOutput: OutputSink(handle: .standardError),
      standardInput: { FileHandle.standardInput.readDataToEndOfFile() })
  }

  /// A context that keeps what commands print, for tests.
  /// - Parameters:
  ///   - environment: The environment; empty by default, so the machine's does not leak in.
  ///   - currentDirectory: The folder relative paths start from.
  ///   - standardInput: What the command reads from `-`.
  package static func capturing(
    environment: [String: String] = [:],
    currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    standardInput: Data = Data()
  ) -> CommandContext {
    CommandContext(
      environment: environment, currentDirectory: currentDirectory,
      output: OutputSink(handle: nil), errorOutput: OutputSink(handle: nil),
      standardInput: { standardInput })
  }

  /// What was printed on standard output (capturing contexts only).
  package var capturedOutput: String { output.captured }
  /// What was printed on standard error (capturing contexts only).
  package var capturedErrors: String { errorOutput.captured }

  /// Prints a line on standard output.
  func out(_ line: String) { output.write(line + "\n") }
  /// Prints a line on standard error.
  func err(_ line: String) { errorOutput.write(line + "\n") }
  /// Reads all of standard input.
  func readStandardInput() -> Data { standardInput() }

  /// Prints `value` as stable JSON: sorted keys, indented, ISO 8601 dates.
  func writeJSON(_ value: some Encodable) throws(CLIError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    do {
      let data = try encoder.encode(value)
      out(String(decoding: data, as: UTF8.self))
    } catch {
      throw .failure("could not encode the output as JSON: \(error)")
    }
  }

  /// The state file: `--state`, else `$SPORTSTIME_STORE_STATE`, else
  /// `.sportstime-store/state.sqlite` in the current folder.
  package func statePath(_ arguments: ParsedArguments) -> String {
    let path =
      arguments.value("state") ?? environment["SPORTSTIME_STORE_STATE"]
      ?? ".sportstime-store/state.sqlite"
    return resolve(path).path
  }

  /// `path` made absolute against ``currentDirectory``.
  func resolve(_ path: String) -> URL {
    if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
    return currentDirectory.appendingPathComponent(path)
  }
}

/// Where a command's text goes: a file handle, or memory for tests.
final class OutputSink: Sendable {
  private let buffer = Locked("")
  private let handle: FileHandle?

  init(handle: FileHandle?) { self.handle = handle }

  func write(_ text: String) {
    if let handle {
      handle.write(Data(text.utf8))
    } else {
      buffer.withLock { $0 += text }
    }
  }

  var captured: String { buffer.withLock { $0 } }
}

extension CommandContext {
  /// Prints a command's answer: `json` under `--json`, else the line `text`.
  func answer(
    _ arguments: ParsedArguments, json: some Encodable, text: @autoclosure () -> String
  ) throws(CLIError) {
    if arguments.json {
      try writeJSON(json)
    } else {
      out(text())
    }
  }
}
