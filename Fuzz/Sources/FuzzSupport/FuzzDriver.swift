internal import CLibFuzzer

/// Runs libFuzzer with the process's arguments on a test function.
///
/// Each fuzz target has its own `main`, which prepares the target's world (seeds, verifiers, a
/// template state) and then hands over to libFuzzer here; libFuzzer parses its flags
/// (`-runs=`, `-max_total_time=`, corpus folders, or files to replay) from the command line.
public enum FuzzDriver {
  /// The signature libFuzzer calls for each input.
  public typealias TestFunction = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

  /// Hands the process to libFuzzer; returns its exit code.
  public static func run(_ test: TestFunction) -> CInt {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    return LLVMFuzzerRunDriver(&argc, &argv, test)
  }

  /// The input as a buffer (libFuzzer passes a null pointer for the empty input).
  public static func buffer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<
    UInt8
  > {
    guard let data, size > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: data, count: size)
  }
}
