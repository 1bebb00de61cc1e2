package import Foundation

/// Where the tests find the package's own files and the shared corpus beside it.
package enum PackageFolders {
  /// The package's root folder, from this file's path (`<root>/Tests/TestSupport/<file>`).
  package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The app's own `SportsTime.storekit`, in the source tree.
  package static let bundledStoreKitFile = root.appendingPathComponent(
    "Sources/SportsTimePro/Resources/SportsTime.storekit")

  /// `shared/corpus/<subfolder>` in the package's parent folder, or in its parent's parent (a
  /// git worktree kept in a folder of worktrees beside the main checkout); `nil` when absent.
  package static func sharedCorpus(_ subfolder: String) -> URL? {
    shared("corpus/\(subfolder)")
  }

  /// `shared/<path>`, found as ``sharedCorpus(_:)`` is; `nil` when absent. A data location
  /// outside the repo, read-only: the corpus, and `PLAN.md` for the one test that compares the
  /// checklist's words with the plan's source document.
  package static func shared(_ path: String) -> URL? {
    var folder = root.deletingLastPathComponent()
    for _ in 0..<2 {
      let candidate = folder.appendingPathComponent("shared/\(path)")
      if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }
}
