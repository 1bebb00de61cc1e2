package import Foundation
package import Testing

/// The package's built `sportstime-store`, for the tests that run it as a child process.
package enum BuiltTool {
  /// The built tool, or `nil` when it was not built.
  package static let url: URL? = ["debug", "release"].lazy.map {
    PackageFolders.root.appendingPathComponent(".build/\($0)/sportstime-store")
  }.first { FileManager.default.isExecutableFile(atPath: $0.path) }

  /// Why the tests that run the tool are skipped when it is not built.
  package static let notBuilt: Comment =
    "sportstime-store is not built: run `swift build` before `swift test` to run these tests"
}
