public import Foundation
import SportsTimePro
import StoreCLI
import StoreTesting

/// The scratch folder, the template state and the oracle of `fuzz-cli`.
@_spi(Fuzz) public final class CLIHarness: Sendable {
  /// At most this many arguments, each at most `maximumArgumentLength` bytes, are run.
  static let maximumArguments = 24
  static let maximumArgumentLength = 512
  /// The state file commands use by default, relative to the scratch folder.
  static let stateName = "state.sqlite"
  /// Commands that are not run: `demo` and `checklist` play fixed scenarios (97 lines, 16
  /// checks) whose steps take nothing from their arguments, at 0.1 s and 1 s an input under
  /// ASan — as much as a thousand other inputs. Their steps are commands fuzzed here one by
  /// one, and their own tests run them whole.
  static let skippedCommands: Set<String> = ["demo", "checklist"]
  /// Files the scratch folder keeps between inputs.
  static let kept: Set<String> = ["sportstime.storekit"]

  /// The scratch folder: the current folder, `$TMPDIR` and the state's folder.
  public let folder: URL
  /// The template state's bytes (an array, not `Data`: LeakSanitizer cannot see a `Data`'s
  /// storage through the enum tag bits of its representation, and reports it leaked).
  let template: [UInt8]

  /// Enters a new scratch folder and makes the template state there.
  public init() {
    folder = FuzzPaths.scratchFolder("fuzz-cli")
    setenv("TMPDIR", folder.path, 1)
    guard FileManager.default.changeCurrentDirectoryPath(folder.path) else {
      fuzzFinding("cannot enter the scratch folder \(folder.path)")
    }
    if let bundled = bundledStoreKitConfigurationURL {
      try? FileManager.default.copyItem(
        at: bundled, to: folder.appendingPathComponent("sportstime.storekit"))
    }
    let setUp: [[String]] = [
      ["reset", "--date", "2026-01-01T00:00:00Z"], ["buy", "com.sportstime.pro.monthly"],
      ["family-share", "kid"], ["advance", "1m"],
    ]
    let context = Self.context(folder)
    for arguments in setUp {
      let code = blocking { await StoreCLI.run(arguments, context: context) }
      guard code == 0 else {
        fuzzFinding(
          "the template's `\(arguments.joined(separator: " "))` exited \(code): "
            + context.capturedErrors)
      }
    }
    let path = folder.appendingPathComponent(Self.stateName).path
    guard let data = FileManager.default.contents(atPath: path) else {
      fuzzFinding("the template state was not written at \(path)")
    }
    template = Array(data)
  }

  static func context(_ folder: URL) -> CommandContext {
    .capturing(
      environment: ["SPORTSTIME_STORE_STATE": stateName, "TMPDIR": folder.path],
      currentDirectory: folder)
  }

  /// The arguments of an input: its NUL-separated parts, or `nil` when it is skipped (too
  /// many or too long parts, a `/`, or a command of ``skippedCommands``).
  static func arguments(_ input: UnsafeBufferPointer<UInt8>) -> [String]? {
    let parts = input.split(separator: 0, omittingEmptySubsequences: false)
    guard parts.count <= maximumArguments else { return nil }
    var arguments: [String] = []
    for part in parts {
      guard part.count <= maximumArgumentLength, !part.contains(UInt8(ascii: "/")) else {
        return nil
      }
      arguments.append(String(decoding: part, as: UTF8.self))
    }
    if let command = arguments.first, skippedCommands.contains(command) { return nil }
    return arguments
  }

  public func check(_ input: UnsafeBufferPointer<UInt8>) {
    guard let arguments = Self.arguments(input) else { return }
    reset()
    let context = Self.context(folder)
    let code = blocking { await StoreCLI.run(arguments, context: context) }
    let shown = arguments.map { "'\($0)'" }.joined(separator: " ")
    switch code {
    case 0:
      if FuzzCommandLine.promisesJSON(arguments) {
        let output = Data(context.capturedOutput.utf8)
        guard (try? JSONSerialization.jsonObject(with: output, options: [.fragmentsAllowed])) != nil
        else {
          fuzzFinding(
            "\(shown) succeeded with --json but printed no JSON:\n\(context.capturedOutput)")
        }
      }
    case 1:
      break
    case 2:
      guard !context.capturedErrors.isEmpty else {
        fuzzFinding("\(shown) exited 2 without a reason on standard error")
      }
    default:
      fuzzFinding("\(shown) exited \(code); the contract is 0, 1 or 2")
    }
  }

  /// A fresh copy of the template state, and nothing else but the kept files.
  private func reset() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where !Self.kept.contains(name) {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
    let path = folder.appendingPathComponent(Self.stateName).path
    guard FileManager.default.createFile(atPath: path, contents: Data(template)) else {
      fuzzFinding("cannot write the scratch state at \(path)")
    }
  }
}
