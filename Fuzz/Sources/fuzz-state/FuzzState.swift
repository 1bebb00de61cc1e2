import Foundation
import FuzzSupport
@_spi(Fuzz) import StoreFuzzing

/// Fuzzes the local App Store's state-file loader, `LocalAppStore(openingStateAt:)`, on any
/// bytes, then one of the operations that read and change what the file holds; the harness and
/// its oracle are StoreFuzzing's `StateHarness`.
@main
enum FuzzState {
  static func main() {
    FuzzDriver.run { data, size in
      StateHarness.check(Data(FuzzDriver.buffer(data, size)))
      return 0
    }
  }
}
