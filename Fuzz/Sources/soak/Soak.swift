import Foundation
@_spi(Fuzz) import StoreFuzzing

/// The soak of the local App Store, `soak setup|worker|check`, driven by `scripts/soak` (see
/// StoreFuzzing's `Soak`).
@main
enum SoakMain {
  static func main() async {
    exit(await Soak.run(Array(CommandLine.arguments.dropFirst())))
  }
}
