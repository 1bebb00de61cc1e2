import Foundation
@_spi(Fuzz) import StoreFuzzing

/// Writes the generated seeds of the fuzz targets: `fuzz-seeds jws|state|cli FOLDER` (see
/// StoreFuzzing's `FuzzSeeds`).
@main
enum FuzzSeedsMain {
  static func main() async {
    exit(await FuzzSeeds.run(CommandLine.arguments))
  }
}
