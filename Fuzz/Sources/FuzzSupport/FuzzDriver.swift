internal import CLibFuzzer
internal import Dispatch
internal import Foundation

/// Runs libFuzzer with the process's arguments on a test function.
///
/// Each fuzz target has its own `main`, which prepares the target's world (seeds, verifiers, a
/// template state) and then hands over to libFuzzer here; libFuzzer parses its flags
/// (`-runs=`, `-max_total_time=`, corpus folders, or files to replay) from the command line.
public enum FuzzDriver {
  /// The signature libFuzzer calls for each input.
  public typealias TestFunction = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

  /// Hands the process to libFuzzer and exits with its exit code.
  ///
  /// libFuzzer runs on a thread of its own, and the main thread serves the main queue: the
  /// commands of the app layer run on the main actor, and a test function that waited for
  /// them on the main thread (as `blocking` does) would wait forever — every `launch` or
  /// `demo` was a "timeout" of the harness, not of the command.
  public static func run(_ test: TestFunction) -> Never {
    let driver = Thread {
      var argc = CommandLine.argc
      var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
      exit(LLVMFuzzerRunDriver(&argc, &argv, test))
    }
    // The decoders recurse as deep as their nesting limits allow; give them room.
    driver.stackSize = 64 << 20
    driver.start()
    dispatchMain()
  }

  /// The input as a buffer (libFuzzer passes a null pointer for the empty input).
  public static func buffer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<
    UInt8
  > {
    guard let data, size > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: data, count: size)
  }
}
