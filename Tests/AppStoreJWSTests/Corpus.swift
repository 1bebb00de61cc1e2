import Foundation
import TestSupport
import Testing

/// The shared corpus (`../shared/corpus/jws` beside the package), if present.
enum Corpus {
  /// `shared/corpus/jws` in the package's parent folder, or in its parent's parent (a git
  /// worktree kept in a folder of worktrees beside the main checkout).
  static let jws = PackageFolders.sharedCorpus("jws")

  /// Whether the corpus is there; the tests that read it are skipped, and say why, without it.
  static var isPresent: Bool { jws != nil }

  /// Why the corpus tests are skipped when the corpus is absent.
  static let absent: Comment =
    "../shared/corpus/jws is absent: the tests of real and library tokens need it"

  static func text(_ relativePath: String) throws -> String {
    let url = try #require(jws).appendingPathComponent(relativePath)
    return try String(contentsOf: url, encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  static func data(_ relativePath: String) throws -> Data {
    try Data(contentsOf: try #require(jws).appendingPathComponent(relativePath))
  }
}

/// Fixed instants of the tests.
enum Instant {
  /// 2025-11-01T02:09:35Z, the time Apple's tests check the test chain at.
  static let appleTestTime = Date(timeIntervalSince1970: 1_761_962_975)
  /// 2026-06-01T00:00:00Z: "now" for tests that need a clock.
  static let now = Date(timeIntervalSince1970: 1_780_272_000)

  /// Parses `2022-03-04T09:43:28Z`.
  static func iso(_ text: String) -> Date? {
    try? Date(text, strategy: .iso8601)
  }
}
