#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// No Foundation here: the C calls below differ between Glibc and Darwin, and
// scripts/check-darwin type-checks this file's Darwin shape alone (ChildProcess+URL.swift adds
// the forms that take a folder's URL).

/// A child process started with `posix_spawn` and reaped with `waitpid`, for the tests that run
/// the built tool.
///
/// The tests do not go through `Foundation.Process`: on Linux its `run()` and
/// `waitUntilExit()` each make a weak reference whose side table LeakSanitizer reports as a
/// leak at exit, depending on timing (issue 11). This type allocates nothing that outlives it:
/// the argument and environment strings are freed once the child is spawned, and the pipe is
/// closed when its output has been read.
package struct ChildProcess: Sendable {
  /// How a child ended.
  package enum Termination: Equatable, Sendable, CustomStringConvertible {
    /// It called `exit` with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)

    package var description: String {
      switch self {
      case .exited(let status): "exit \(status)"
      case .signalled(let signal): "signal \(signal)"
      }
    }
  }

  /// A failure to start a child or to read from it: the call that failed and `errno`'s text.
  package struct Failure: Error, CustomStringConvertible {
    package let description: String

    init(_ call: String, _ code: Int32) {
      description = "\(call): \(String(cString: strerror(code))) (errno \(code))"
    }
  }

  /// The child's process identifier.
  package let pid: Int32
  /// The reading end of the pipe on the child's standard output.
  private let output: Int32

  /// Starts `executable` with `arguments` and exactly `environment` (nothing is inherited).
  ///
  /// Standard input and standard error are `/dev/null`; standard output is a pipe that
  /// ``readLine()`` and ``readToEnd()`` read. When `directoryPath` is given the child runs in
  /// that folder, through `/bin/sh` (`posix_spawn` has no portable way to change folder).
  package init(
    _ executable: String, _ arguments: [String] = [], environment: [String: String] = [:],
    directoryPath: String? = nil
  ) throws(Failure) {
    var argv = [executable] + arguments
    if let directoryPath {
      argv = ["/bin/sh", "-c", "cd -- \"$0\" && exec \"$@\"", directoryPath] + argv
    }
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw Failure("pipe", errno) }
    // Glibc's posix_spawn_file_actions_t is a struct (an empty one is initialised in place);
    // Darwin's is `typedef void *posix_spawn_file_actions_t` (Libc's spawn.h), imported as an
    // optional pointer that posix_spawn_file_actions_init allocates.
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    posix_spawn_file_actions_addclose(&actions, fds[1])

    let cArguments = argv.map { strdup($0) } + [nil]
    let cEnvironment =
      environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in cArguments + cEnvironment { free(pointer) }
    }
    var child: pid_t = 0
    let status = posix_spawn(&child, argv[0], &actions, nil, cArguments, cEnvironment)
    close(fds[1])
    guard status == 0 else {
      close(fds[0])
      throw Failure("posix_spawn \(argv[0])", status)
    }
    pid = child
    output = fds[0]
  }

  /// Runs `executable` to its end and returns how it ended and what it printed.
  package static func run(
    _ executable: String, _ arguments: [String] = [], environment: [String: String] = [:],
    directoryPath: String? = nil
  ) throws(Failure) -> (termination: Termination, output: String) {
    let child = try ChildProcess(
      executable, arguments, environment: environment, directoryPath: directoryPath)
    let output = try child.readToEnd()
    return (try child.wait(), output)
  }

  /// Reads standard output up to its end (the child and every process that inherited the pipe
  /// closed it) and closes the pipe.
  package func readToEnd() throws(Failure) -> String {
    defer { close(output) }
    var bytes: [UInt8] = []
    while let chunk = try readChunk() { bytes += chunk }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Reads standard output until `count` lines that start with `prefix` have arrived, or the
  /// output ends; returns all that was read. The pipe stays open for ``readToEnd()``.
  package func readLines(_ count: Int, startingWith prefix: String) throws(Failure) -> String {
    var bytes: [UInt8] = []
    func matches() -> Int {
      String(decoding: bytes, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false
      )
      .dropLast().filter { $0.hasPrefix(prefix) }.count
    }
    while matches() < count, let chunk = try readChunk() { bytes += chunk }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Sends `signal` to the child.
  package func send(_ signal: Int32) {
    kill(pid, signal)
  }

  /// Waits for the child to end and reaps it.
  package func wait() throws(Failure) -> Termination {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
      guard errno == EINTR else { throw Failure("waitpid \(pid)", errno) }
    }
    // WIFEXITED / WEXITSTATUS / WTERMSIG are C macros that Swift does not import.
    let signal = status & 0x7f
    return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
  }

  private func readChunk() throws(Failure) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if count > 0 { return Array(buffer[..<count]) }
      if count == 0 { return nil }
      guard errno == EINTR else { throw Failure("read", errno) }
    }
  }
}
