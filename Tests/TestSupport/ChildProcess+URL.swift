package import Foundation

extension ChildProcess {
  /// Starts `executable` in the folder `directory` (see ``init(_:_:environment:directoryPath:)``).
  package init(
    _ executable: String, _ arguments: [String] = [], environment: [String: String] = [:],
    in directory: URL
  ) throws(Failure) {
    try self.init(executable, arguments, environment: environment, directoryPath: directory.path)
  }

  /// Runs `executable` to its end in the folder `directory` (see
  /// ``run(_:_:environment:directoryPath:)``).
  package static func run(
    _ executable: String, _ arguments: [String] = [], environment: [String: String] = [:],
    in directory: URL
  ) throws(Failure) -> (termination: Termination, output: String) {
    try run(executable, arguments, environment: environment, directoryPath: directory.path)
  }
}
