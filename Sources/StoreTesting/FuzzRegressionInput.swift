public import Foundation

/// An input a fuzz target stored in `Fuzz/regressions/TARGET/` (see `scripts/fuzz`), for the
/// tests that replay them without libFuzzer.
public struct FuzzRegressionInput: Sendable, CustomStringConvertible {
  /// The file's name (`crash-…`, `timeout-…`, `slow-unit-…`).
  public let name: String
  /// The file's bytes.
  public let bytes: [UInt8]

  public var description: String { name }

  /// The parts of the bytes between NUL bytes: a `fuzz-cli` input's arguments.
  public var arguments: [String] {
    bytes.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// The package's root folder, from this file's path (`<root>/Sources/StoreTesting/<file>`).
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The inputs stored for `target` (`jws`, `storekit`, `state`, `cli`), sorted by name;
  /// hidden files (`.gitkeep`) left out.
  public static func stored(_ target: String) -> [FuzzRegressionInput] {
    let folder = packageRoot.appendingPathComponent("Fuzz/regressions/\(target)")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
      guard
        let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
      else { return nil }
      return FuzzRegressionInput(name: name, bytes: Array(data))
    }
  }
}

extension FuzzRegressionInput {
  /// `fuzz-cli`'s rule for a command line: whether a successful run must print JSON. It must
  /// when a command has `--json` among its options (before any `--`, and not the value of the
  /// option before it), and no `--help`.
  public static func promisesJSON(_ arguments: [String]) -> Bool {
    guard let first = arguments.first, !first.hasPrefix("-") else { return false }
    let options = Array(arguments.dropFirst().prefix { $0 != "--" })
    guard !options.contains("--help") else { return false }
    return options.indices.contains { index in
      options[index] == "--json"
        && (index == 0 || !options[index - 1].hasPrefix("--") || options[index - 1].contains("="))
    }
  }
}
