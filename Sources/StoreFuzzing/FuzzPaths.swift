import Foundation

/// Where the fuzz targets find their seeds and keep their scratch files.
enum FuzzPaths {
  /// The files of the folder named by the environment variable `name` (e.g. `FUZZ_SEEDS`),
  /// sorted by name; empty when the variable is unset or the folder unreadable.
  static func seedFiles(environment name: String) -> [URL] {
    guard let path = ProcessInfo.processInfo.environment[name], !path.isEmpty else { return [] }
    let folder = URL(fileURLWithPath: path)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().map { folder.appendingPathComponent($0) }
      .filter { !$0.hasDirectoryPath && !$0.lastPathComponent.hasPrefix(".") }
  }

  /// A new private folder for scratch files: in `/dev/shm` when it exists (a file system in
  /// memory: no disk writes per input), else in the temporary folder.
  static func scratchFolder(_ name: String) -> URL {
    let base =
      FileManager.default.fileExists(atPath: "/dev/shm")
      ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
    let folder = base.appendingPathComponent(
      "sportstime-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.removeItem(at: folder)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
