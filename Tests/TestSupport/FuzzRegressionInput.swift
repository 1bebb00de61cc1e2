package import Foundation

/// An input a fuzz target stored in `Fuzz/regressions/TARGET/` (see `scripts/fuzz`), for the
/// tests that replay them without libFuzzer.
package struct FuzzRegressionInput: Sendable, CustomStringConvertible {
  /// The file's name (`crash-…`, `timeout-…`, `slow-unit-…`).
  package let name: String
  /// The file's bytes.
  package let bytes: [UInt8]

  package var description: String { name }

  /// The parts of the bytes between NUL bytes: a `fuzz-cli` input's arguments.
  package var arguments: [String] {
    bytes.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// The folder of `target`'s stored inputs.
  package static func folder(_ target: String) -> URL {
    PackageFolders.root.appendingPathComponent("Fuzz/regressions/\(target)")
  }

  /// The inputs stored for `target` (`jws`, `storekit`, `state`, `cli`), sorted by name;
  /// hidden files (`.gitkeep`) left out.
  package static func stored(_ target: String) -> [FuzzRegressionInput] {
    let folder = folder(target)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
      guard
        let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
      else { return nil }
      return FuzzRegressionInput(name: name, bytes: Array(data))
    }
  }
}
