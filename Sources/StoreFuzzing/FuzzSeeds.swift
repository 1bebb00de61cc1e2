import Foundation

/// Writes the generated seeds of the fuzz targets: `fuzz-seeds jws|state|cli FOLDER`.
///
/// - `jws`: tokens of every kind and environment signed by the fuzz seeds' certificate
///   authority (its keys follow from a fixed seed, so the fuzz target can trust its root), and
///   one Xcode-style token with a single self-signed certificate.
/// - `state`: local App Store state files in several situations: subscribed, renewed, family
///   sharing, Ask to Buy pending, billing retry in grace, refunded, faults armed.
/// - `cli`: command lines, one per file, arguments separated by NUL bytes.
@_spi(Fuzz) public enum FuzzSeeds {
  /// Runs `fuzz-seeds` with its command line (the program's name first) and returns its exit
  /// status: 0 when the seeds are written, 1 when writing fails, 2 for a usage error.
  public static func run(_ arguments: [String]) async -> Int32 {
    guard arguments.count == 3 else {
      FileHandle.standardError.write(Data("usage: fuzz-seeds jws|state|cli FOLDER\n".utf8))
      return 2
    }
    let folder = URL(fileURLWithPath: arguments[2])
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let count: Int
      switch arguments[1] {
      case "jws": count = try JWSSeeds.write(to: folder)
      case "state": count = try await StateSeeds.write(to: folder)
      case "cli": count = try CLISeeds.write(to: folder)
      default:
        FileHandle.standardError.write(Data("fuzz-seeds: unknown kind \(arguments[1])\n".utf8))
        return 2
      }
      print("fuzz-seeds: \(count) \(arguments[1]) seeds in \(folder.path)")
      return 0
    } catch {
      FileHandle.standardError.write(Data("fuzz-seeds: \(error)\n".utf8))
      return 1
    }
  }
}
