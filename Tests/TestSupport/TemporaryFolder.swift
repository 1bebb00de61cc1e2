package import Foundation

/// A new empty folder under the temporary directory, for one test; the test removes it
/// (`defer { folder.remove() }`).
package struct TemporaryFolder: Sendable {
  /// The folder.
  package let url: URL

  /// Makes a folder named `prefix-<UUID>`.
  package init(_ prefix: String = "sportstime-test") throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of `name` in the folder.
  package func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Removes the folder and all it holds.
  package func remove() { try? FileManager.default.removeItem(at: url) }
}
