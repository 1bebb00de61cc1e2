/// How a command ends other than successfully.
package enum CLIError: Error, Sendable, Equatable {
  /// Bad usage: the reason is printed on one line, with a pointer to `--help`; exit 2.
  case usage(String)
  /// The operation was refused or failed: the reason is printed on one line; exit 1.
  case failure(String)
  /// The command already printed what happened; exit with this code and print nothing more.
  case exitCode(Int32)

  /// The process exit code for this error.
  package var exitCode: Int32 {
    switch self {
    case .usage: 2
    case .failure: 1
    case .exitCode(let code): code
    }
  }
}
